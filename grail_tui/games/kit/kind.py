"""``BaseKind``: the answers most games give the platform, so a game's ``kind.py`` holds only
what is its own (its name and limits, its setup options, who answers in secret, what a
timed-out wait means, where a game stands).

The defaults read the game's engine, which a kind names (``engine = engine``): its ``Game``
(made from a setup; ``Game.from_view`` rebuilds one from a seat's view), ``GameRecord`` (a
:class:`~.record.GameRecord`), ``CODEC`` (a :class:`~.codec.Codec`), ``PlayerView`` and
``PublicView``, ``visible_to`` (who may see an event) and ``IllegalActionError``; and
``package``, where its ``bots``, ``words`` and ``ui`` modules are. Every default may be
overridden; the capability flags say which optional questions a game answers.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
import types
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar, Generic, TypeVar

from .codec import Codec
from .errors import IllegalActionError, RecordError, ReplayError
from .lesson import LESSON, Lesson
from .record import GameRecord
from .terms import Bot, BotLevel, LogBook, RecordData, Result, SetupOption, Wait

SetupT = TypeVar("SetupT")
StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
ViewT = TypeVar("ViewT")

STANDARD_LEVELS = BotLevel.STANDARD
REBUILT_KEPT = 8  # games rebuilt from views, kept for the questions that follow


_LESSONS: dict[str, Lesson | None] = {}  # a game's lesson module's LESSON, by module name


class BaseKind(Generic[SetupT, StateT, ActionT, ViewT]):
    """Defaults for :class:`grail_tui.games.api.GameKind`; a game subclasses it."""

    # -- what the game says of itself -------------------------------------------------------
    name: ClassVar[str]
    title: ClassVar[str]
    blurb: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    illegal: ClassVar[type[IllegalActionError]]
    # the computer players the game offers, easiest first: the standard three, or its own
    # (``BotLevel("greedy", "greedy", rank=1)``); its bots module makes each by its name
    bot_levels: ClassVar[tuple[BotLevel, ...]] = STANDARD_LEVELS
    package: ClassVar[str]  # the game's package: its bots, words and ui modules are under it
    # what a server imports before it opens its doors (importing a game's bots the first time
    # one is made would hold up every connection): modules under ``package``
    server_rooms: ClassVar[tuple[str, ...]] = ("kind", "bots", "words")
    # what a warm SSH session imports once for every session: the kind and the game's screens
    app_rooms: ClassVar[tuple[str, ...]] = ("kind", "ui")

    # -- capabilities: the optional questions this game answers ------------------------------
    secret_rounds: ClassVar[bool] = False  # ``hidden_round`` may be true
    rebuilds_from_view: ClassVar[bool] = True  # ``from_view`` makes a playable game of a view
    samples: ClassVar[bool] = False  # ``sample`` deals the unseen at random, for searching bots
    tells_stories: ClassVar[bool] = False  # ``story`` tells how a record really went
    on_screen: ClassVar[bool] = True  # its ``ui`` plays it at a terminal (False: headless only, for now)

    # -- the engine the defaults read (taken from ``engine`` when a kind names it) ----------------
    engine: ClassVar[types.ModuleType]
    state_type: ClassVar[Any]  # the game class: state_type(setup), state_type.from_view(view)
    record_type: ClassVar[type[GameRecord[Any, Any, Any]]]
    codec: ClassVar[Codec]
    player_view: ClassVar[type]
    public_view: ClassVar[type]
    visible: ClassVar[staticmethod[[Any, int | None], bool]]  # may a seat (None: a spectator) see an event?

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        engine = cls.__dict__.get("engine")
        if engine is None:
            return
        for attribute, name in (("state_type", "Game"), ("record_type", "GameRecord"), ("codec", "CODEC"),
                                ("player_view", "PlayerView"), ("public_view", "PublicView"),
                                ("illegal", "IllegalActionError")):
            if attribute not in cls.__dict__:
                setattr(cls, attribute, getattr(engine, name))
        if "visible" not in cls.__dict__:
            cls.visible = staticmethod(engine.visible_to)

    def __init__(self) -> None:
        # the views rebuilt lately (a hot-seat client asks of one seat's, then another's), with
        # their games; the view is kept so that its id is not reused while it is here
        self._rebuilt: OrderedDict[int, tuple[object, StateT]] = OrderedDict()

    # -- setting up -----------------------------------------------------------------------------

    def options(self) -> Sequence[SetupOption]:
        return ()

    def setup_to_dict(self, setup: SetupT) -> dict[str, Any]:
        return self.record_type.RULES.setup_to_dict(setup)

    def setup_from_dict(self, data: Any) -> SetupT:
        setup: SetupT = self.record_type.RULES.setup_from_dict(data)
        return setup

    def players_of(self, setup: SetupT) -> int:
        players: int = getattr(setup, "players")  # noqa: B009 - every setup names its players
        return players

    def new_state(self, setup: SetupT) -> StateT:
        state: StateT = self.state_type(setup)
        return state

    def from_view(self, view: ViewT) -> StateT:
        state: StateT = self.state_type.from_view(view)
        return state

    def _world(self, view: ViewT) -> StateT:
        """The game of ``view`` rebuilt, once per view (a client asks many times of one)."""
        if not self.rebuilds_from_view:
            raise TypeError(f"{self.title} does not rebuild games from views: its kind answers "
                            "legal_from_view and why_illegal_from_view itself")
        kept = self._rebuilt.get(id(view))
        if kept is not None:
            self._rebuilt.move_to_end(id(view))
            return kept[1]
        world = self.from_view(view)
        self._rebuilt[id(view)] = (view, world)
        if len(self._rebuilt) > REBUILT_KEPT:
            self._rebuilt.popitem(last=False)
        return world

    def legal_from_view(self, view: ViewT, seat: int) -> Sequence[ActionT]:
        """What ``seat`` may do in the position its view shows (a client's prompt, a bot)."""
        legal: Sequence[ActionT] = getattr(self._world(view), "legal_actions")(seat)  # noqa: B009
        return legal

    def why_illegal_from_view(self, view: ViewT, action: ActionT) -> str | None:
        """None if ``action`` is legal in the position ``view`` shows, else why not, in the
        words of the player who tried it."""
        reason: str | None = getattr(self._world(view), "why_illegal")(action)  # noqa: B009
        return reason

    # -- the codec ----------------------------------------------------------------------------------

    def action_to_dict(self, action: ActionT) -> dict[str, Any]:
        return self.record_type.RULES.action_to_dict(action)

    def action_from_dict(self, data: Any) -> ActionT:
        action: ActionT = self.record_type.RULES.action_from_dict(data)
        return action

    def encode(self, value: object) -> Any:
        return self.codec.jsonable(value)

    def decode_view(self, data: Any, seat: int | None) -> ViewT:
        view: ViewT = self.codec.decode(self.player_view if seat is not None else self.public_view, data)
        if isinstance(view, self.player_view) and getattr(view, "player") != seat:  # noqa: B009
            raise ValueError("the view is of another seat")
        return view

    def decode_event(self, data: Any) -> object:
        event = self.codec.decode_any(data)
        if isinstance(event, (self.player_view, self.public_view)) or not hasattr(event, "audience"):
            raise ValueError("not an event")
        return event

    def visible_to(self, event: object, seat: int | None) -> bool:
        return type(self).visible(event, seat)

    # -- what the table asks ------------------------------------------------------------------------

    def hidden_round(self, state: StateT) -> bool:
        return False  # one seat acts at a time, in the open

    def wait(self, state: StateT) -> Wait:
        return Wait.TURN

    def default_action(self, state: StateT, seat: int, *, pass_turn: bool) -> ActionT | None:
        """A forced move is the rules' own answer to a timed-out wait; otherwise a stand-in
        bot decides."""
        legal: Sequence[ActionT] = getattr(state, "legal_actions")(seat)  # noqa: B009
        return legal[0] if len(legal) == 1 else None

    def standing_settings(self, standing: Any) -> dict[str, int] | None:
        return None  # a game without standing answers a server could keep

    def standing_from_settings(self, settings: Mapping[str, int]) -> Any:
        raise ValueError(f"{self.title} has no standing answers a server keeps.")

    def away_answers(self) -> tuple[Any, str] | None:
        return None

    def result(self, state: StateT, names: Sequence[str] | None = None) -> Result | None:
        """From the engine's ``outcome`` (a ``winner`` or None, and ``describe(name)``): the
        winner ranks first, the others share second; without a winner all share first."""
        outcome = getattr(state, "outcome")  # noqa: B009
        if outcome is None:
            return None
        setup = getattr(state, "setup")  # noqa: B009
        name: Callable[[int], str] = (lambda p: names[p]) if names else setup.name
        players = self.players_of(setup)
        text: str = outcome.describe(name)
        if outcome.winner is None:
            return Result((), (0,) * players, text)
        return Result((outcome.winner,), tuple(0 if p == outcome.winner else 1 for p in range(players)), text)

    def names_in(self, public: ViewT) -> tuple[str, ...]:
        return tuple(getattr(public, "name")(p) for p in range(getattr(public, "players")))  # noqa: B009

    def public_of(self, view: ViewT) -> ViewT:
        public: ViewT = getattr(view, "public") if isinstance(view, self.player_view) else view  # noqa: B009
        return public

    def named(self, view: ViewT, names: Sequence[str]) -> ViewT:
        given = tuple(names)
        if isinstance(view, self.player_view):
            public = getattr(view, "public")  # noqa: B009
            if public.names == given:
                return view
            return replace(view, public=replace(public, names=given))  # type: ignore[type-var]
        if getattr(view, "names") == given:  # noqa: B009
            return view
        return replace(view, names=given)  # type: ignore[type-var]

    # -- bots ------------------------------------------------------------------------------------------

    def make_bot(self, level: BotLevel, seed: int, budget: float | None = None) -> Bot:
        """A bot of ``level``, or of the nearest level the game offers below it (else above): the
        table asks for a fair stand-in of every game, and a game may offer only an easy one. The
        lesson's level gives the lesson's scripted player (kit/lesson.py)."""
        lesson = self.lesson() if level == LESSON else None
        if lesson is not None:
            return lesson.bot(seed)
        bot: Bot = importlib.import_module(f"{self.package}.bots").make_bot(self.nearest(level).value, seed, budget)
        return bot

    def default_budget(self) -> float:
        """A searching bot's seconds per decision when nobody says: the game's bots package's
        ``STRONG_BUDGET``, else the kit's."""
        from . import bots

        module = importlib.import_module(f"{self.package}.bots")
        return float(getattr(module, "STRONG_BUDGET", bots.DEFAULT_BUDGET))

    def lesson(self) -> Lesson | None:
        """The game's guided first game: ``LESSON`` of its ``lesson`` module, if it has one
        (looked for once: the start screen asks as it draws)."""
        name = f"{self.package}.lesson"
        if name not in _LESSONS:
            found = importlib.util.find_spec(name) is not None
            _LESSONS[name] = importlib.import_module(name).LESSON if found else None
        return _LESSONS[name]

    def nearest(self, level: BotLevel) -> BotLevel:
        """The game's own level named as ``level``, else the nearest it offers (BotLevel.nearest)."""
        return level.nearest(self.bot_levels)

    def sample(self, view: ViewT, rng: random.Random) -> StateT:
        """A game consistent with ``view``, what it hides dealt at random (``samples``)."""
        raise NotImplementedError(f"{self.title} does not sample the unseen")

    # -- records ---------------------------------------------------------------------------------------

    def record(self, state: StateT, chat: Sequence[Mapping[str, Any]] = (),
               names: Sequence[str] | None = None) -> dict[str, Any]:
        setup = getattr(state, "setup")  # noqa: B009
        if names is not None:
            setup = replace(setup, names=tuple(names))
        actions = list(getattr(state, "actions"))  # noqa: B009
        return self.record_type(setup, actions, [dict(c) for c in chat]).to_dict()

    def read_record(self, data: Any) -> RecordData:
        record = self.record_type.from_dict(data)
        return RecordData(record.setup, tuple(record.actions), tuple(record.chat))

    def replay(self, setup: SetupT, actions: Sequence[ActionT], upto: int | None = None) -> StateT:
        state: StateT = self.record_type(setup, list(actions)).replay(upto)
        return state

    # -- words and screens -----------------------------------------------------------------------------

    def log_book(self, names: Sequence[str], seat: int | None = None) -> LogBook:
        book: LogBook = importlib.import_module(f"{self.package}.words").LogBook(names, seat)
        return book

    def ui(self) -> Any:
        return importlib.import_module(f"{self.package}.ui").UI


__all__ = ["BaseKind", "RecordError", "ReplayError", "STANDARD_LEVELS"]
