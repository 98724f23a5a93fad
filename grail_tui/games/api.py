"""What the platform asks of a game.

The table, the stores, the server, the lobby, the app shell and the headless
commands drive every game through the two interfaces below, the way
OpenSpiel's ``Game``/``State`` or boardgame.io's game object let one runner
drive many games:

- :class:`GameKind` is one object per game, generic in the game's own Setup,
  State, Action and View (so mypy checks a game against the platform without
  ``Any`` at the seam); a game registers it under the ``grail_tui.games``
  entry-point group (registry.py). It answers setup, codec, records, bots, log
  wording, what the table asks (what a timed-out wait means, who won) and, for
  the app only, the screens. Most answers have defaults in
  ``games/kit/kind.py:BaseKind``.
- Capability flags say which optional questions a game answers:
  ``secret_rounds`` (``hidden_round``), ``rebuilds_from_view`` (``from_view``),
  ``samples`` (``sample``: the unseen dealt at random, for searching bots) and
  ``tells_stories`` (``story``). A client's legal actions and refusals come
  from ``legal_from_view``/``why_illegal_from_view``, which a game may answer
  cheaply without rebuilding a whole game.
- :class:`GameState` is the engine's game object: who must act, legal
  actions, apply (raising the engine's precise error), each seat's view and
  the public view.
- :class:`TellsStories` is optional: a game whose kind can tell the story of
  a record (how it really went, every sheet known; the ``tells_stories`` flag)
  and whose ``ui()`` has a ``story_screen`` (:class:`StoryScreens`). The app
  offers a story only for a game with both (:func:`tells_stories`).

Actions, events, views and setups are the engine's own types; the platform
never looks inside them, except that every action names the seat that takes it
in a ``player`` attribute. It hands them back to the kind to encode, decode,
word or render. Nothing in ``table/``, ``net/`` or ``app/`` names an
initiate, a card or a contest.
"""

from __future__ import annotations

import random
import typing
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .kit.errors import IllegalActionError, RecordError, ReplayError
from .kit.lesson import LESSON, Lesson, LessonStep, LessonTable
from .kit.terms import Bot, BotLevel, LogBook, OptionType, RecordData, Result, SetupOption, SetupRequest, Wait

__all__ = ["LESSON", "Action", "AnyKind", "Bot", "BotLevel", "Drawing", "Event", "GameKind", "GameState", "GameUI",
           "IllegalActionError", "Lesson", "LessonStep", "LessonTable",
           "LogBook", "OptionType", "RecordData", "RecordError", "ReplayError", "Result", "Setup",
           "SetupOption", "SetupRequest", "StoryScreens", "TellsStories", "View", "Wait", "tells_stories"]

# What the platform holds of a game it does not know: opaque values it hands back to the kind.
Action = Any  # an engine's action (a frozen dataclass naming its seat in ``player``)
Event = Any  # an engine's event; ``kind.visible_to`` says who may see it during play
View = Any  # a seat's view or the public view (frozen dataclasses)
Setup = Any  # an engine's setup: everything fixed before the first action

if TYPE_CHECKING:
    from typing_extensions import TypeVar
else:
    def TypeVar(name: str, *, bound: Any = None, default: Any = None) -> Any:  # noqa: N802
        """Python 3.11's TypeVar, which has no defaults: they matter to the type checker alone."""
        return typing.TypeVar(name, bound=bound)

# A game's own types. The platform holds every game as ``GameKind`` (each one Any: it never
# looks inside them); a game's kind is checked as ``GameKind[Setup, Game, Action, View]``.
SetupT = TypeVar("SetupT", default=Any)
ActionT = TypeVar("ActionT", default=Any)
ViewT = TypeVar("ViewT", default=Any)


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

    def apply(self, action: Action, *, checked: bool = False) -> list[Event]:
        """Carry out a legal action; raise the kind's ``illegal`` error, changing nothing, if not.
        ``checked``: ``why_illegal`` has just found it legal in this position, so it is not
        checked again (the table checks each action once)."""
        ...

    def view(self, player: int, public: View | None = None) -> View:
        """What ``player`` may know; ``public``: this position's public view if made already
        (the same for every seat, so a table serving many seats makes it once)."""
        ...

    def public_view(self) -> View: ...


StateT = TypeVar("StateT", bound=GameState, default=Any)


@runtime_checkable
class GameKind(Protocol[SetupT, StateT, ActionT, ViewT]):
    """Everything the platform asks of one game, in the game's own types."""

    # what the game says of itself (a class attribute will do for each)
    @property
    def name(self) -> str: ...  # "hunt": in records, on the wire, in the registry
    @property
    def title(self) -> str: ...  # "The Hunt for the Grail"
    @property
    def blurb(self) -> str: ...  # one line for the start screen
    @property
    def min_players(self) -> int: ...
    @property
    def max_players(self) -> int: ...
    @property
    def default_players(self) -> int: ...
    @property
    def illegal(self) -> type[IllegalActionError]: ...  # what ``GameState.apply`` raises
    @property
    def bot_levels(self) -> tuple[BotLevel, ...]: ...  # the computer players this game offers
    # modules (under the game's package) a server imports before it opens its doors, and
    # those a warm SSH session imports besides (the screens)
    @property
    def package(self) -> str: ...
    @property
    def server_rooms(self) -> tuple[str, ...]: ...
    @property
    def app_rooms(self) -> tuple[str, ...]: ...

    # -- capabilities: which optional questions the game answers -------------------------------
    @property
    def secret_rounds(self) -> bool: ...  # may ``hidden_round`` be true? (else the table never asks)
    @property
    def rebuilds_from_view(self) -> bool: ...  # does ``from_view`` make a playable game of a seat's view?
    @property
    def samples(self) -> bool: ...  # does ``sample`` deal what a view hides at random (for searching bots)?
    @property
    def tells_stories(self) -> bool: ...  # does the kind tell the story of a record (:class:`TellsStories`)?
    @property
    def on_screen(self) -> bool: ...  # does its ``ui`` play it at a terminal (else headless only, for now)?

    # -- setting up -------------------------------------------------------------

    def options(self) -> Sequence[SetupOption]: ...

    def make_setup(self, request: SetupRequest) -> SetupT:
        """The engine's setup; ValueError with a sentence for the host if it cannot be."""
        ...

    def setup_to_dict(self, setup: SetupT) -> dict[str, Any]: ...

    def setup_from_dict(self, data: Any) -> SetupT:
        """Validated; ValueError says what is wrong."""
        ...

    def players_of(self, setup: SetupT) -> int: ...

    def new_state(self, setup: SetupT) -> StateT: ...

    def from_view(self, view: ViewT) -> StateT:
        """(``rebuilds_from_view``) A playable game in the position of one seat's view, the
        other seats' secrets left empty."""
        ...

    def legal_from_view(self, view: ViewT, seat: int) -> Sequence[ActionT]:
        """What ``seat`` may do in the position its own view shows: a client's prompts and a
        bot's choices."""
        ...

    def why_illegal_from_view(self, view: ViewT, action: ActionT) -> str | None:
        """None if ``action`` is legal in the position ``view`` shows, else why not, in the
        words of the player who tried it: a client's refusal before it asks the table."""
        ...

    def sample(self, view: ViewT, rng: random.Random) -> StateT:
        """(``samples``) A game consistent with ``view``, what it hides dealt by ``rng``."""
        ...

    # -- the codec ----------------------------------------------------------------

    def action_to_dict(self, action: ActionT) -> dict[str, Any]: ...

    def action_from_dict(self, data: Any) -> ActionT:
        """Raise the kind's ``illegal`` error (a malformed action) if ``data`` is not one."""
        ...

    def encode(self, value: object) -> Any:
        """A view or an event as JSON data."""
        ...

    def decode_view(self, data: Any, seat: int | None) -> ViewT:
        """A seat's view (``seat`` given) or the public view; ValueError if malformed."""
        ...

    def decode_event(self, data: Any) -> object: ...

    def visible_to(self, event: object, seat: int | None) -> bool:
        """May ``seat`` (None: a spectator) see ``event`` during play?"""
        ...

    # -- what the table asks ------------------------------------------------------------

    def hidden_round(self, state: StateT) -> bool:
        """(``secret_rounds``) Do the seats in ``to_act()`` answer at once and in secret, the
        answers shown together?

        The table then collects every answer before any is applied, so nobody can
        learn who has answered, or when.
        """
        ...

    def wait(self, state: StateT) -> Wait:
        """Is the game waiting for a turn or for answers (they have their own time limits)?"""
        ...

    def default_action(self, state: StateT, seat: int, *, pass_turn: bool) -> ActionT | None:
        """What a wait that timed out means for ``seat``; None: a stand-in bot decides.

        ``pass_turn``: the host chose that a silent player's turn passes (rather than
        a bot playing it)."""
        ...

    def result(self, state: StateT, names: Sequence[str] | None = None) -> Result | None:
        """How the game ended, or None; ``names``: the seats' names now (people take seats
        on a server after the setup), for the sentence."""
        ...

    def progress(self, public: ViewT) -> str:
        """Where a game stands, in a few words for the lobby: "turn 7"."""
        ...

    def names_in(self, public: ViewT) -> tuple[str, ...]: ...

    def public_of(self, view: ViewT) -> ViewT:
        """The public view inside a seat's view (a public view is its own)."""
        ...

    def named(self, view: ViewT, names: Sequence[str]) -> ViewT:
        """``view`` with these seat names: on a server, people take seats after the setup."""
        ...

    def turns(self, state: StateT) -> int:
        """How many turns the game has run, as its players count them (for summaries)."""
        ...

    # -- standing answers a server keeps ------------------------------------------------

    def standing_settings(self, standing: Any) -> dict[str, int] | None:
        """A seat's standing answers (table/client.py's ``Standing``) as named settings a server
        keeps and plays while the person is away; None: these are played at the terminal only."""
        ...

    def standing_from_settings(self, settings: Mapping[str, int]) -> Any:
        """The standing answers named settings say (a closed vocabulary of the game's; never
        code or free text); ValueError says, in a player's words, what is allowed."""
        ...

    def away_answers(self) -> tuple[Any, str] | None:
        """The standing answers offered to a person leaving a turn-based game ("answer for me
        while I'm away"), lasting until changed, with what they answer in a player's words
        ("pass on every proposal"); None: the game has none to offer."""
        ...

    # -- bots -----------------------------------------------------------------------

    def make_bot(self, level: BotLevel, seed: int, budget: float | None = None) -> Bot:
        """A computer player of one of ``bot_levels``; ValueError for another. The level
        ``kit.lesson.LESSON`` gives the scripted player of the game's lesson."""
        ...

    def default_budget(self) -> float:
        """A searching bot's seconds per decision when the caller gives none (``make_bot``'s
        ``budget=None``): what tournaments report they played with."""
        ...

    def lesson(self) -> Lesson | None:
        """The game's guided first game ("Learn to play"), if it has one (kit/lesson.py)."""
        ...

    # -- records ----------------------------------------------------------------------

    def record(self, state: StateT, chat: Sequence[Mapping[str, Any]] = (),
               names: Sequence[str] | None = None) -> dict[str, Any]:
        """The versioned record (JSON data) of a game: its setup and every action;
        ``names``: the seats' names if people took seats after the setup."""
        ...

    def read_record(self, data: Any) -> RecordData:
        """RecordError if ``data`` is not a readable record of this game."""
        ...

    def replay(self, setup: SetupT, actions: Sequence[ActionT], upto: int | None = None) -> StateT:
        """ReplayError at the first action that breaks the rules."""
        ...

    # -- words and screens ----------------------------------------------------------------

    def log_book(self, names: Sequence[str], seat: int | None = None) -> LogBook:
        """A log in words for ``seat`` (None: a spectator), who reads their own seat as "you";
        ``names`` changes in place as people take seats (on a server), so the book reads it when
        it words an event rather than copying it."""
        ...

    def ui(self) -> GameUI:
        """The game's screens for the app (imports Textual; only the app calls it)."""
        ...


class Drawing(Protocol):
    """The shell's choice of characters (``--ascii``: plain ASCII), which it hands to a game's
    screens; each game builds its own glyphs from it (its board, its pieces), the shell drawing
    only its own. A game's glyph set may answer it too, so a screen can hand its set on."""

    @property
    def ascii_only(self) -> bool: ...


class GameUI(Protocol):
    """What a game's screens supply to the app (``kind.ui()``). Its game screen stands on the one
    table screen (app/table_screen.py), which says what a game fills in there: its panes and
    layout, its prompt, its key table (each action: does its key work now, why not), the words
    of its status line and of a hand-off, its end screen; its CSS beside it, each rule naming its
    screen; its glyphs, built from the shell's ``Drawing``. The screens are typed ``Any`` here:
    the seam imports no Textual."""

    def game_screen(self, client: Any, glyphs: Drawing) -> Any:
        """The screen of a game at the table, over a table client (table/client.py)."""
        ...

    def replay_screen(self, record: Any, glyphs: Drawing, viewer: int | None = None,
                      note: str | None = None) -> Any:
        """Stepping through a record; ``note``: what is wrong with it where it stops."""
        ...

    def help_text(self) -> str:
        """The game's keys and rules, as Markdown: the keys first, the rules from the first
        top-level heading (``# ``) after them (help at the table puts the keys that work anywhere
        between the two)."""
        ...

    def plain(self) -> Any:
        """The game's words and numbered choices for plain mode (app/plain/)."""
        ...


# -- optional: what `grail-tui bench tui --game NAME` presses ---------------------------------


@runtime_checkable
class BenchKeys(Protocol):
    """The keys of a game's screen that the TUI benchmark times (an optional part of a
    :class:`GameUI`): the benchmark names no game, so the game says which keys walk its cursor,
    which switch its panes, and when its table shows a window it wants measured apart."""

    def bench_keys(self) -> Mapping[str, Any]:
        """``cursor``: keys that each move the cursor (and repaint); ``ready``: a test of the game screen, true once it has something for
        ``cursor`` to walk; ``panes``: keys that each
        switch the pane shown; ``window``: a name and a test of a public view, as
        ``(name, test)``, for the table changes measured apart (an attack window, say)."""
        ...


AnyKind = GameKind[Any, Any, Any, Any]  # a game the platform holds without knowing which (= GameKind)


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

    def story_screen(self, record: RecordData, glyphs: Drawing, viewer: int | None = None) -> Any:
        """A screen telling the story of ``record`` (``viewer``: whose sheet an unfinished
        game may show)."""
        ...


def tells_stories(kind: AnyKind) -> bool:
    """Does the app offer the story of this game's records?"""
    declared = getattr(kind, "tells_stories", False) is True  # the flag; a stand-in kind may lack it
    return declared and isinstance(kind, TellsStories) and isinstance(kind.ui(), StoryScreens)
