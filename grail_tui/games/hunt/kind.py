"""The Hunt for the Grail as the platform sees it: what is the hunt's own (its setup options, its
secret rounds, what a timed-out wait means, where a game stands); the rest is the kit's
defaults (games/kit/kind.py)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from types import ModuleType
from typing import Any, ClassVar

from ..api import GameKind
from ..kit.errors import RecordError, ReplayError
from ..kit.kind import BaseKind
from ..kit.terms import Result, SetupOption, SetupRequest, Wait
from . import engine
from .engine import (
    DEFAULT_TURN_LIMIT,
    Action,
    Assign,
    Concede,
    Game,
    Pass,
    Phase,
    PlayerView,
    PublicView,
    Setup,
    Variant,
)
from .standing import StandingAnswers

View = PlayerView | PublicView


class HuntKind(BaseKind[Setup, Game, Action, View]):
    name = "hunt"
    title = "The Hunt for the Grail"
    blurb = "Secret influence on eight initiates; bidding wars decide every move. 2-8 players."
    min_players, max_players, default_players = engine.MIN_PLAYERS, engine.MAX_PLAYERS, 3
    engine: ClassVar[ModuleType] = engine  # the rules the defaults read (kit/kind.py)
    package = __package__
    app_rooms = ("kind", "ui", "screens.game", "screens.end")  # a warm SSH session's screens
    secret_rounds = True  # the opening and every objection round
    samples = True
    tells_stories = True

    def __init__(self) -> None:
        super().__init__()
        self._public_encoded: tuple[PublicView, Any] | None = None  # the last public view encoded

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
        return Setup(players=request.players, variant=Variant(str(variant)), seed=request.seed,
                     turn_limit=limit, first_player=request.first_player, names=tuple(request.names))

    def sample(self, view: View, rng: random.Random) -> Game:
        """The view's position with every rival's sheet (and, in The Original, who holds which
        HQ) guessed by ``rng`` to agree with all that is public."""
        from .bots.world import build, guess_hq_owner, sample_sheets

        assert isinstance(view, PlayerView)
        owners = guess_hq_owner(view, rng) if view.hq is not None else None
        return build(view, sample_sheets(view, rng), owners)

    # -- the codec ------------------------------------------------------------------

    def encode(self, value: object) -> Any:
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

    # -- what the table asks --------------------------------------------------------------

    def hidden_round(self, state: Game) -> bool:
        return state.phase in (Phase.OPENING, Phase.OBJECTIONS)

    def wait(self, state: Game) -> Wait:
        return Wait.ANSWER if state.phase in (Phase.OBJECTIONS, Phase.REPLY) else Wait.TURN

    # -- standing answers a server keeps (standing.py) -------------------------------------

    def standing_settings(self, standing: Any) -> dict[str, int] | None:
        return standing.settings() if isinstance(standing, StandingAnswers) else None

    def standing_from_settings(self, settings: Mapping[str, int]) -> StandingAnswers:
        return StandingAnswers.from_settings(settings)

    def away_answers(self) -> tuple[StandingAnswers, str]:
        answers = StandingAnswers(None, pass_rest=True)  # until changed: every turn's proposals
        return answers, answers.describe()

    def default_action(self, state: Game, seat: int, *, pass_turn: bool) -> Action | None:
        phase = state.phase
        if phase is Phase.OPENING:
            return Assign(seat, ())  # the opening times out: assign nothing
        if phase is Phase.OBJECTIONS:
            return Pass(seat)
        if phase is Phase.REPLY:
            return Concede(seat)
        if phase is Phase.TURN and pass_turn and state.may_assign():
            return Assign(seat, ())  # the turn passes: an assignment of nothing
        return None

    def progress(self, public: View) -> str:
        public = self.public_of(public)
        assert isinstance(public, PublicView)
        if public.phase is Phase.OPENING:
            return "opening"
        if public.phase is Phase.OVER:
            return f"{public.turn} turns"  # how long a finished game lasted, for the record library
        return f"turn {public.turn}"

    def result(self, state: Game, names: Sequence[str] | None = None) -> Result | None:
        """The winner first; when a delivery decided it, the others by their influence on
        the bearer (all public by then), so the losers do not all tie; otherwise they share
        second (or, with no winner, everyone shares first)."""
        plain = super().result(state, names)
        out = state.outcome
        if plain is None or out is None or out.winner is None or len(out.influence) != state.players:
            return plain
        ranks = tuple(0 if p == out.winner else
                      1 + sum(1 for q in range(state.players)
                              if q not in (p, out.winner) and out.influence[q] > out.influence[p])
                      for p in range(state.players))
        return replace(plain, ranks=ranks)

    def turns(self, state: Game) -> int:
        return state.turn

    # -- the story ------------------------------------------------------------------------

    def story(self, data: Any, viewer: int | None = None) -> Any:
        """The story of a record (story.py): every sheet once the game is over; of an unfinished
        game, only ``viewer``'s. RecordError if the record cannot be read or breaks the rules."""
        from .story import tell

        record = self.read_record(data)
        try:
            return tell(record.setup, record.actions, viewer)
        except ReplayError as exc:
            raise RecordError(f"action {exc.index} breaks the rules: {exc.reason}") from None


KIND: GameKind[Setup, Game, Action, View] = HuntKind()  # mypy checks the hunt against the seam
