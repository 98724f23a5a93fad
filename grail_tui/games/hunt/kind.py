"""The Hunt for the Grail as the platform sees it: what the table, the server and the app ask."""

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
    DEFAULT_TURN_LIMIT,
    Assign,
    Concede,
    Game,
    GameRecord,
    IllegalActionError,
    Pass,
    Phase,
    PlayerView,
    PublicView,
    Setup,
    Variant,
)


def _game(state: GameState) -> Game:
    assert isinstance(state, Game)
    return state


class HuntKind:
    name = "hunt"
    title = "The Hunt for the Grail"
    blurb = "Secret influence on eight initiates; bidding wars decide every move. 2-8 players."
    min_players, max_players, default_players = engine.MIN_PLAYERS, engine.MAX_PLAYERS, 3
    illegal = IllegalActionError
    bot_levels = (BotLevel.RANDOM, BotLevel.HEURISTIC, BotLevel.STRONG)
    _public_encoded: tuple[PublicView, Any] | None = None  # the last public view encoded (see encode)

    # -- setting up -------------------------------------------------------------

    def options(self) -> Sequence[SetupOption]:
        return (
            SetupOption("variant", "Variant", Variant.STANDARD.value,
                        choices=((Variant.STANDARD.value, "standard"), (Variant.ORIGINAL.value, "The Original")),
                        hint="The Original: 4 players, each holds a secret HQ",
                        players={Variant.ORIGINAL.value: 4}),
            SetupOption("turn_limit", "Turn limit", DEFAULT_TURN_LIMIT, low=1, high=100_000,
                        hint="then the game ends with no winner"),
        )

    def make_setup(self, request: SetupRequest) -> Setup:
        variant = request.options.get("variant", Variant.STANDARD.value)
        if variant not in [v.value for v in Variant]:
            raise ValueError(f"There is no variant {variant!r}.")
        limit = request.options.get("turn_limit", DEFAULT_TURN_LIMIT)
        if not isinstance(limit, int) or isinstance(limit, bool):
            raise ValueError("The turn limit must be a whole number of at least 1.")
        return Setup(players=request.players, variant=Variant(variant), seed=request.seed,
                     turn_limit=limit, first_player=request.first_player, names=tuple(request.names))

    def setup_to_dict(self, setup: Setup) -> dict[str, Any]:
        return engine.setup_to_dict(setup)

    def setup_from_dict(self, data: Any) -> Setup:
        return engine.setup_from_dict(data)

    def players_of(self, setup: Setup) -> int:
        return setup.players

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
        """JSON data of ``value``; not to be changed by the caller. Every seat's view of one
        position holds the same public view: a server encodes it once for all of them."""
        if isinstance(value, PlayerView):
            public = value.public
            kept = self._public_encoded
            if kept is None or kept[0] is not public:
                kept = self._public_encoded = (public, engine.jsonable(public))
            data: dict[str, Any] = engine.jsonable(replace(value, public=None))  # type: ignore[arg-type]
            data["public"] = kept[1]
            return data
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
        return _game(state).phase in (Phase.OPENING, Phase.OBJECTIONS)

    def wait(self, state: GameState) -> Wait:
        return Wait.ANSWER if _game(state).phase in (Phase.OBJECTIONS, Phase.REPLY) else Wait.TURN

    def default_action(self, state: GameState, seat: int, *, pass_turn: bool) -> Any | None:
        game = _game(state)
        phase = game.phase
        if phase is Phase.OPENING:
            return Assign(seat, ())  # the opening times out: assign nothing
        if phase is Phase.OBJECTIONS:
            return Pass(seat)
        if phase is Phase.REPLY:
            return Concede(seat)
        if phase is Phase.TURN and pass_turn and game.may_assign():
            return Assign(seat, ())  # the turn passes: an assignment of nothing
        return None

    def result(self, state: GameState, names: Sequence[str] | None = None) -> Result | None:
        game = _game(state)
        outcome = game.outcome
        if outcome is None:
            return None
        name = (lambda p: names[p]) if names else game.setup.name
        n = game.players
        if outcome.winner is None:
            return Result((), (0,) * n, outcome.describe(name))
        ranks = tuple(0 if p == outcome.winner else 1 for p in range(n))
        return Result((outcome.winner,), ranks, outcome.describe(name))

    def progress(self, public: Any) -> str:
        if public.phase is Phase.OPENING:
            return "opening"
        if public.phase is Phase.OVER:
            return f"{public.turn} turns"  # how long a finished game lasted, for the record library
        return f"turn {public.turn}"

    def turns(self, state: GameState) -> int:
        return _game(state).turn

    def names_in(self, public: Any) -> tuple[str, ...]:
        return tuple(public.name(p) for p in range(public.players))

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

    def story(self, data: Any, viewer: int | None = None) -> Any:
        """The story of a record (story.py): every sheet once the game is over; of an unfinished
        game, only ``viewer``'s. RecordError if the record cannot be read or breaks the rules."""
        from .story import tell

        record = self.read_record(data)
        try:
            return tell(record.setup, record.actions, viewer)
        except engine.ReplayError as exc:
            raise RecordError(f"action {exc.index} breaks the rules: {exc.reason}") from None

    # -- words and screens ------------------------------------------------------------------

    def log_book(self, names: Sequence[str], seat: int | None = None) -> LogBook:
        from .words import LogBook as HuntLog

        return HuntLog(names, seat)

    def ui(self) -> Any:
        from .ui import UI

        return UI


KIND = HuntKind()
