"""What the platform asks of a game.

The table, the stores, the server, the lobby, the app shell and the headless
commands drive every game through the two interfaces below, the way
OpenSpiel's ``Game``/``State`` or boardgame.io's game object let one runner
drive many games:

- :class:`GameKind` is one object per game (``games/<name>/kind.py`` exports
  it as ``KIND``): setup, codec, records, bots, log wording, the questions the
  table asks (who answers in secret, what a timed-out wait means, who won)
  and, for the app only, the screens.
- :class:`GameState` is the engine's game object: who must act, legal
  actions, apply (raising the engine's precise error), each seat's view and
  the public view.
- :class:`TellsStories` is optional: a game whose kind can tell the story of
  a record (how it really went, every sheet known) and whose ``ui()`` has a
  ``story_screen`` (:class:`StoryScreens`). The app offers a story only for
  a game with both (:func:`tells_stories`); a game without them is played,
  replayed and listed all the same.

Actions, events, views and setups are the engine's own types; the platform
never looks inside them, except that every action names the seat that takes it
in a ``player`` attribute. It hands them back to the kind to encode, decode,
word or render. Nothing in ``table/``, ``net/`` or ``app/`` names an
initiate, a card or a contest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol, runtime_checkable

Action = Any  # an engine's action (a frozen dataclass)
Event = Any  # an engine's event; ``kind.visible_to`` says who may see it during play
View = Any  # a seat's view or the public view (frozen dataclasses)
Setup = Any  # an engine's setup: everything fixed before the first action


class BotLevel(Enum):
    """The computer players every game offers, from easy to hard."""

    RANDOM = "random"
    HEURISTIC = "heuristic"
    STRONG = "strong"

    @property
    def label(self) -> str:
        return {"random": "easy", "heuristic": "fair", "strong": "hard"}[self.value]

    @classmethod
    def parse(cls, text: str) -> BotLevel:
        try:
            return cls(text.strip().lower())
        except ValueError:
            choices = ", ".join(level.value for level in cls)
            raise ValueError(f"unknown bot level {text!r} (choose from {choices})") from None


class Wait(Enum):
    """What kind of wait a game is in, for its time limit."""

    TURN = "turn"  # a seat chooses what to do (the opening counts as a turn)
    ANSWER = "answer"  # seats answer what was put to them


class RecordError(ValueError):
    """A record that cannot be read: not JSON, not a record of this game, or damaged."""


class ReplayError(ValueError):
    """An action in a record breaks the rules; the actions before it replay."""

    def __init__(self, index: int, action: Action | None, reason: str) -> None:
        super().__init__(f"action {index}: {reason}")
        self.index = index
        self.action = action
        self.reason = reason


@dataclass(frozen=True)
class Result:
    """How a finished game ended, in terms every part of the platform understands."""

    winners: tuple[int, ...]  # empty: nobody won (a draw, a turn limit)
    ranks: tuple[int, ...]  # per seat, 0 the best; seats that tie share a rank (for ratings)
    text: str  # one sentence for people


@dataclass(frozen=True)
class SetupOption:
    """A choice the host makes before a game (shown on the start screen and the lobby form)."""

    key: str
    label: str
    default: str | int
    choices: tuple[tuple[str, str], ...] = ()  # (value, label); empty for a number or text
    low: int = 0  # for a number
    high: int = 0
    hint: str = ""
    players: Mapping[str, int] = field(default_factory=dict)  # a choice that needs this many players
    kind: str = ""  # "text": a line the host types (the game's make_setup checks it); else a
    # choice (``choices`` given) or a whole number from ``low`` to ``high``

    @property
    def is_text(self) -> bool:
        return self.kind == "text"


@dataclass(frozen=True)
class SetupRequest:
    """What the platform knows of a game to be set up; the kind turns it into its Setup."""

    players: int
    seed: int
    names: tuple[str, ...] = ()
    first_player: int | None = None
    options: Mapping[str, str | int] = field(default_factory=dict)


@dataclass(frozen=True)
class RecordData:
    """A record read back: the setup, every action in order, and the table's chat."""

    setup: Setup
    actions: tuple[Action, ...]
    chat: tuple[Mapping[str, Any], ...] = ()


@runtime_checkable
class GameState(Protocol):
    """One game in progress, by the rules of its engine."""

    @property
    def players(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def actions(self) -> Sequence[Action]: ...  # applied so far, in order

    @property
    def history(self) -> Sequence[Event]: ...  # every event so far, private ones included

    def to_act(self) -> tuple[int, ...]:
        """The seats the game waits for now (several at once where everyone answers)."""
        ...

    def legal_actions(self, player: int) -> Sequence[Action]: ...

    def why_illegal(self, action: object) -> str | None:
        """None if legal now, else the reason in the words of the player who tried it."""
        ...

    def apply(self, action: Action) -> list[Event]:
        """Carry out a legal action; raise the kind's ``illegal`` error, changing nothing, if not."""
        ...

    def view(self, player: int, public: View | None = None) -> View:
        """What ``player`` may know; ``public``: this position's public view if made already
        (the same for every seat, so a table serving many seats makes it once)."""
        ...

    def public_view(self) -> View: ...


class Bot(Protocol):
    """Decides for one seat, from that seat's view alone."""

    level: str
    budget: float  # seconds a decision may take (0: about at once)

    def decide(self, view: View, legal: Sequence[Action]) -> Action: ...


class LogBook(Protocol):
    """One seat's log, in words, built as events arrive."""

    lines: list[str]

    def feed(self, events: Sequence[Event]) -> None: ...

    def note(self, line: str) -> None: ...


@runtime_checkable
class GameKind(Protocol):
    """Everything the platform asks of one game."""

    name: str  # "hunt": in records, on the wire, in the registry
    title: str  # "The Hunt for the Grail"
    blurb: str  # one line for the start screen
    min_players: int
    max_players: int
    default_players: int
    illegal: type[Exception]  # what ``GameState.apply`` raises
    bot_levels: tuple[BotLevel, ...]

    # -- setting up -------------------------------------------------------------

    def options(self) -> Sequence[SetupOption]: ...

    def make_setup(self, request: SetupRequest) -> Setup:
        """The engine's setup; ValueError with a sentence for the host if it cannot be."""
        ...

    def setup_to_dict(self, setup: Setup) -> dict[str, Any]: ...

    def setup_from_dict(self, data: Any) -> Setup:
        """Validated; ValueError says what is wrong."""
        ...

    def players_of(self, setup: Setup) -> int: ...

    def new_state(self, setup: Setup) -> GameState: ...

    def from_view(self, view: View) -> GameState:
        """A playable game in the position of one seat's view, the other seats' secrets
        left empty: what a bot or a remote client works legal actions out from."""
        ...

    # -- the codec ----------------------------------------------------------------

    def action_to_dict(self, action: Action) -> dict[str, Any]: ...

    def action_from_dict(self, data: Any) -> Action:
        """Raise the kind's ``illegal`` error (a malformed action) if ``data`` is not one."""
        ...

    def encode(self, value: View | Event) -> Any:
        """A view or an event as JSON data."""
        ...

    def decode_view(self, data: Any, seat: int | None) -> View:
        """A seat's view (``seat`` given) or the public view; ValueError if malformed."""
        ...

    def decode_event(self, data: Any) -> Event: ...

    def visible_to(self, event: Event, seat: int | None) -> bool:
        """May ``seat`` (None: a spectator) see ``event`` during play?"""
        ...

    # -- what the table asks ------------------------------------------------------------

    def hidden_round(self, state: GameState) -> bool:
        """Do the seats in ``to_act()`` answer at once and in secret, the answers shown together?

        The table then collects every answer before any is applied, so nobody can
        learn who has answered, or when.
        """
        ...

    def wait(self, state: GameState) -> Wait:
        """Is the game waiting for a turn or for answers (they have their own time limits)?"""
        ...

    def default_action(self, state: GameState, seat: int, *, pass_turn: bool) -> Action | None:
        """What a wait that timed out means for ``seat``; None: a stand-in bot decides.

        ``pass_turn``: the host chose that a silent player's turn passes (rather than
        a bot playing it)."""
        ...

    def result(self, state: GameState, names: Sequence[str] | None = None) -> Result | None:
        """How the game ended, or None; ``names``: the seats' names now (people take seats
        on a server after the setup), for the sentence."""
        ...

    def progress(self, public: View) -> str:
        """Where a game stands, in a few words for the lobby: "turn 7"."""
        ...

    def names_in(self, public: View) -> tuple[str, ...]: ...

    def public_of(self, view: View) -> View:
        """The public view inside a seat's view (a public view is its own)."""
        ...

    def named(self, view: View, names: Sequence[str]) -> View:
        """``view`` with these seat names: on a server, people take seats after the setup."""
        ...

    def turns(self, state: GameState) -> int:
        """How many turns the game has run, as its players count them (for summaries)."""
        ...

    # -- bots -----------------------------------------------------------------------

    def make_bot(self, level: BotLevel, seed: int, budget: float | None = None) -> Bot: ...

    # -- records ----------------------------------------------------------------------

    def record(self, state: GameState, chat: Sequence[Mapping[str, Any]] = (),
               names: Sequence[str] | None = None) -> dict[str, Any]:
        """The versioned record (JSON data) of a game: its setup and every action;
        ``names``: the seats' names if people took seats after the setup."""
        ...

    def read_record(self, data: Any) -> RecordData:
        """RecordError if ``data`` is not a readable record of this game."""
        ...

    def replay(self, setup: Setup, actions: Sequence[Action], upto: int | None = None) -> GameState:
        """ReplayError at the first action that breaks the rules."""
        ...

    # -- words and screens ----------------------------------------------------------------

    def log_book(self, names: Sequence[str], seat: int | None = None) -> LogBook:
        """A log in words for ``seat`` (None: a spectator), who reads their own seat as "you";
        ``names`` changes in place as people take seats (on a server), so the book reads it when
        it words an event rather than copying it."""
        ...

    def ui(self) -> Any:
        """The game's screens for the app (imports Textual; only the app calls it): an object
        with ``game_screen(client, glyphs)``, ``replay_screen(record_data, glyphs)`` and
        ``help_text()`` (the game's keys and rules, as Markdown)."""
        ...


# -- optional: the story of a game ----------------------------------------------------------


@runtime_checkable
class TellsStories(Protocol):
    """A game that can tell how a record really went (an optional part of a :class:`GameKind`)."""

    def story(self, data: Any, viewer: int | None = None) -> Any:
        """The story of a record (JSON data): every sheet once the game is over; of an
        unfinished game, only ``viewer``'s own. RecordError if it cannot be read or replayed.
        The story has ``to_dict()`` (JSON data) and ``lines()`` (plain text)."""
        ...


@runtime_checkable
class StoryScreens(Protocol):
    """The screens of a game that tells stories (its ``kind.ui()``)."""

    def story_screen(self, record: RecordData, glyphs: Any, viewer: int | None = None) -> Any:
        """A screen telling the story of ``record`` (``viewer``: whose sheet an unfinished
        game may show)."""
        ...


def tells_stories(kind: GameKind) -> bool:
    """Does the app offer the story of this game's records?"""
    return isinstance(kind, TellsStories) and isinstance(kind.ui(), StoryScreens)
