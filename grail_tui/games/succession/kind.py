"""Grail Succession as the platform sees it: what the table, the server and the app ask."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..api import (
    Bot,
    BotLevel,
    GameState,
    LogBook,
    RecordData,
    RecordError,
    ReplayError,
    Result,
    SetupOption,
    SetupRequest,
    Wait,
)
from . import engine
from .engine import (
    HOUSE_MINUS,
    HOUSE_PLUS,
    MAX_VALUE,
    PLAYERS,
    Game,
    GameRecord,
    IllegalActionError,
    PlayerView,
    PublicView,
    Setup,
)


def _game(state: GameState) -> Game:
    assert isinstance(state, Game)
    return state


def _text(values: Sequence[int]) -> str:
    return ",".join(str(v) for v in values)


def parse_values(text: str | int, count: int, what: str) -> tuple[int, ...]:
    """"1,1,2,2,2,3,3" -> the card values; ValueError with a sentence for the host."""
    parts = str(text).replace(",", " ").split()
    rule = (f"Give the {count} {what} card values as whole numbers from 1 to {MAX_VALUE}, "
            f"separated by commas, for example {_text(HOUSE_PLUS if what == 'plus' else HOUSE_MINUS)}")
    if len(parts) != count or not all(p.isascii() and p.isdigit() and 1 <= int(p) <= MAX_VALUE
                                      for p in parts):
        raise ValueError(f"{rule} (not {str(text)!r}).")
    return tuple(int(p) for p in parts)


class SuccessionKind:
    name = "succession"
    title = "Grail Succession"
    blurb = "A card game of a royal succession: play to the row, take the last five. 2 players."
    min_players = max_players = default_players = PLAYERS
    illegal = IllegalActionError
    bot_levels = (BotLevel.RANDOM, BotLevel.HEURISTIC, BotLevel.STRONG)

    # -- setting up -------------------------------------------------------------

    def options(self) -> Sequence[SetupOption]:
        return (
            SetupOption("plus", "Plus cards", _text(HOUSE_PLUS), kind="text",
                        hint="the values of the 7 plus cards; house reading, as the printed "
                             "game does not publish them"),
            SetupOption("minus", "Minus cards", _text(HOUSE_MINUS), kind="text",
                        hint="the values of the 9 minus cards, without the sign; house reading"),
        )

    def make_setup(self, request: SetupRequest) -> Setup:
        if request.players != PLAYERS:
            raise ValueError(f"Grail Succession is played by {PLAYERS} players, not {request.players}.")
        plus = parse_values(request.options.get("plus", _text(HOUSE_PLUS)), 7, "plus")
        minus = parse_values(request.options.get("minus", _text(HOUSE_MINUS)), 9, "minus")
        return Setup(seed=request.seed, first_player=request.first_player, names=tuple(request.names),
                     plus=plus, minus=minus)

    def setup_to_dict(self, setup: Setup) -> dict[str, Any]:
        return engine.setup_to_dict(setup)

    def setup_from_dict(self, data: Any) -> Setup:
        return engine.setup_from_dict(data)

    def players_of(self, setup: Setup) -> int:
        return PLAYERS

    def new_state(self, setup: Setup) -> Game:
        return Game(setup)

    def from_view(self, view: Any) -> Game:
        return Game.from_view(view)

    # -- the codec ------------------------------------------------------------------

    def action_to_dict(self, action: Any) -> dict[str, Any]:
        return engine.action_to_dict(action)

    def action_from_dict(self, data: Any) -> Any:
        return engine.action_from_dict(data)

    def encode(self, value: Any) -> Any:
        return engine.jsonable(value)

    def decode_view(self, data: Any, seat: int | None) -> PlayerView | PublicView:
        view = engine.decode(PlayerView if seat is not None else PublicView, data)
        if isinstance(view, PlayerView) and view.player != seat:
            raise ValueError("the view is of another seat")
        return view  # type: ignore[no-any-return]

    def decode_event(self, data: Any) -> Any:
        event = engine.decode_any(data)
        if isinstance(event, (PlayerView, PublicView)) or not hasattr(event, "audience"):
            raise ValueError("not an event")
        return event

    def visible_to(self, event: Any, seat: int | None) -> bool:
        return engine.visible_to(event, seat)

    # -- what the table asks --------------------------------------------------------------

    def hidden_round(self, state: GameState) -> bool:
        return False  # one player acts at a time, in the open

    def wait(self, state: GameState) -> Wait:
        return Wait.TURN  # every wait is a player's turn

    def default_action(self, state: GameState, seat: int, *, pass_turn: bool) -> Any | None:
        # Only a forced move is the rules' own answer (a take with an empty hand);
        # a pass is allowed only when nothing else is, so otherwise a stand-in decides.
        legal = _game(state).legal_actions(seat)
        return legal[0] if len(legal) == 1 else None

    def result(self, state: GameState, names: Sequence[str] | None = None) -> Result | None:
        game = _game(state)
        outcome = game.outcome
        if outcome is None:
            return None
        name = (lambda p: names[p]) if names else game.setup.name
        text = outcome.describe(name)
        if outcome.winner is None:
            return Result((), (0, 0), text)
        return Result((outcome.winner,), tuple(0 if p == outcome.winner else 1 for p in range(PLAYERS)), text)

    def progress(self, public: Any) -> str:
        if public.outcome is not None:
            return "over"
        return f"round {public.round}, turn {public.turn + 1}"

    def turns(self, state: GameState) -> int:
        return _game(state).turns_played

    def names_in(self, public: Any) -> tuple[str, ...]:
        return tuple(public.name(p) for p in range(PLAYERS))

    def public_of(self, view: Any) -> PublicView:
        return view.public if isinstance(view, PlayerView) else view

    def named(self, view: Any, names: Sequence[str]) -> Any:
        names = tuple(names)
        if isinstance(view, PlayerView):
            if view.public.names == names:
                return view
            return replace(view, public=replace(view.public, names=names))
        return view if view.names == names else replace(view, names=names)

    # -- bots ----------------------------------------------------------------------------

    def make_bot(self, level: BotLevel, seed: int, budget: float | None = None) -> Bot:
        from .bots import make_bot

        return make_bot(level.value, seed, budget)

    # -- records -------------------------------------------------------------------------

    def record(self, state: GameState, chat: Sequence[Mapping[str, Any]] = (),
               names: Sequence[str] | None = None) -> dict[str, Any]:
        game = _game(state)
        setup = game.setup if names is None else replace(game.setup, names=tuple(names))
        return GameRecord(setup, list(game.actions), [dict(c) for c in chat]).to_dict()

    def read_record(self, data: Any) -> RecordData:
        try:
            record = GameRecord.from_dict(data)
        except engine.RecordError as exc:
            raise RecordError(str(exc)) from None
        return RecordData(record.setup, tuple(record.actions), tuple(record.chat))

    def replay(self, setup: Setup, actions: Sequence[Any], upto: int | None = None) -> Game:
        try:
            return GameRecord(setup, list(actions)).replay(upto)
        except engine.ReplayError as exc:
            raise ReplayError(exc.index, exc.action, exc.reason) from None

    # -- words and screens ------------------------------------------------------------------

    def log_book(self, names: Sequence[str], seat: int | None = None) -> LogBook:
        from .words import LogBook as SuccessionLog

        return SuccessionLog(names)

    def ui(self) -> Any:
        from .ui import UI

        return UI


KIND = SuccessionKind()
