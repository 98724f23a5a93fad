"""The one table screen every game's screen stands on.

What a game screen does whatever the game is written here once: the table client's wiring
(its news posted as ``TableChanged``, a burst collapsing into one), reading the latest update
once per change, the hot-seat hand-off, the end, a failed computer player (told in the log, in
every game), the platform's part of the status line (the game's code, who is at the keyboard,
watching, away, open seats, a connection's notice, new chat), chat and help, one paint per
change, and the key table: which keys work now, and why one that does nothing does nothing (the chat
key's entry and the reasons every game gives, watching or answered already, are here too).

A game's screen subclasses ``TableScreen`` and supplies its own part (docs/writing-a-game.md
says what): its layout and panes, its prompt, its keys (``KEYS``: each
action's predicate and "why not now" text), the words of its status line and of a hand-off,
its end screen, its CSS (beside it, each rule naming its screen) and glyphs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, cast

from textual import events
from textual.actions import parse
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Static

from grail_tui.games.api import GameKind, LessonStep
from grail_tui.table.client import TableClient

from . import textual_patches
from .lesson import LEAVE_KEYS, LessonRunner
from .status import status_line
from .wrappedlog import WrappedLog


class Shell(Protocol):
    """What a table screen asks of the app around it (app.py): its prompts and its help."""

    def hand_over(self, name: str, reason: str, then: Callable[[], None]) -> None:
        """Hot-seat: the privacy screen for ``name``; ``then`` once they have the keyboard."""
        ...

    def ask_to_say(self, then: Callable[[str], None]) -> None:
        """The chat prompt; ``then`` with what was typed (cleaned, not empty)."""
        ...

    def ask_yes_no(self, question: str, hint: str, then: Callable[[bool], None]) -> None:
        """A yes-or-no question; ``then`` with the answer (anything but yes is no)."""
        ...

    def show_help(self, kind: GameKind | None = None, at_table: bool = False) -> None: ...

    def explain(self, step: LessonStep, last: bool) -> None:
        """A lesson's explanation of the step it has reached (app/lesson.py), to be dismissed;
        ``last``: the game is over, the end screen behind it."""
        ...

    def leave_game(self) -> None:
        """Back to the start (a local game is kept in its save)."""
        ...


class TableChanged(Message):
    """The table has news; a burst of these collapses into one."""

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, TableChanged)


WATCHING = "You are watching this game."
ANSWERED = "Your answer is given; all answers are shown together."
CHAT_HERE = "Chat is for games on a server; here everyone sees this screen."
# Seconds the screen waits, after a key sends an action to the server, for the table's answer
# before it shows what the key did without it (a server that answers slowly, or never).
ANSWER_WAIT = 2.0


@dataclass(frozen=True)
class Key:
    """One action's entry in a screen's key table: does its key work now, and if not, why.

    ``works`` answers as Textual's ``check_action``: True (works), None (shown, dimmed), False
    (hidden). ``why_not`` says in the player's words why the key does nothing now (None: say
    nothing)."""

    works: Callable[[Any], bool | None]
    why_not: Callable[[Any], str | None] = lambda _screen: None


def waiting_why(screen: TableScreen) -> str | None:
    """Why a game's key does nothing while its seat is not asked, as every game says it: the
    game is over (nothing), the person is watching, or their secret answer is given already.
    None: none of these (the game says why in its own words)."""
    if screen.public is None or screen.ended:
        return None
    if not screen.client.seats:
        return WATCHING
    return ANSWERED if screen.answered() else None


# The platform's own keys: a game's KEYS answers for these only where it says otherwise.
PLATFORM_KEYS: dict[str, Key] = {
    "chat": Key(lambda s: s.client.may_chat and s.idle(),
                lambda s: None if s.public is None or s.ended else CHAT_HERE),
}


class TableScreen(Screen[None]):
    """A game at the table, as every game shows it; the game's screen fills in its part."""

    # repaint=False: a change repaints the widgets that show it (one paint), never the whole
    # screen, which over a slow link would resend every cell.
    viewer: reactive[int | None] = reactive(None, init=False, repaint=False)
    error: reactive[str] = reactive("", init=False, repaint=False)

    # Every game's screen ends its BINDINGS with these (*TableScreen.AT_EVERY_TABLE): its key line
    # lists its own keys first.
    AT_EVERY_TABLE = (
        Binding("colon", "chat", "Chat", key_display=":", tooltip="Say something to the table", id="chat"),
        Binding("question_mark", "help", "Help", key_display="?", id="help"),
        Binding("q", "leave_lesson", "Leave", tooltip="Leave the lesson (it is kept)", id="leave-lesson"),
        Binding("y", "away_answers", "Away", show=False, id="away-answers",
                tooltip="Let the server answer for you while you are away (turn-based games)"),
    )
    KEYS: ClassVar[Mapping[str, Key]] = {}  # the game's key table
    LOG_KEY = "g"  # the key that shows the log, named by the chat marker

    def __init__(self, client: TableClient, glyphs: Any) -> None:
        super().__init__()
        self.client = client
        self.g = glyphs
        self.hotseat = len(client.seats) > 1
        self.set_reactive(TableScreen.viewer, client.seats[0] if len(client.seats) == 1 else None)
        self.public: Any = None  # the public view shown now
        self.mine: Any = None  # the view of the seat at the keyboard, if any
        self.paints = 0  # counted by tests: one paint per change
        self.ended = False
        self.privacy_open = False  # the hand-off screen is up
        self._at_keyboard: int | None = None  # the seat whose person had the keyboard last
        self._asked: object = None  # the question last rung for
        self._failure_told: str | None = None
        self._paint_due = False
        self._said: dict[str, object] = {}  # what each text line shows now
        self._unread = 0  # chat lines said while the log was hidden, not yet seen
        self._why = ""  # the error line says why a key did nothing (forgotten when the game moves)
        self._enabled: tuple[str, ...] = ()
        self.lesson: LessonRunner | None = None  # a guided first game (app/lesson.py), set by the app
        self.log_book: object = None  # the log book the log pane shows
        self._away_told = False  # the offer of answers for the time away was made at this table

    # -- what the game supplies (its part of the screen) --------------------------------------

    def set_up(self) -> None:
        """Once mounted, before the first update is read: the game's widgets' first state."""

    def idle(self) -> bool:
        """Is nothing being composed (a chat prompt would drop it)? The chat key asks."""
        return True

    def status(self, view: Any) -> tuple[str, str]:
        """The game's part of the status line: where the game stands, and whose move it is."""
        raise NotImplementedError

    def position(self) -> object:
        """Where the game stands, as a value that changes with each new question (the bell rings
        once per question; a "why not" is forgotten when it changes)."""
        raise NotImplementedError

    def is_asked(self) -> bool:
        """Does the game wait for the seat at the keyboard now (its view at hand, its answer
        not given yet)?"""
        viewer = self.viewer
        update = self.client.latest(viewer) if viewer is not None else None
        return (update is not None and update.asked and update.pending is None and self.mine is not None
                and not update.over)

    def answered(self) -> bool:
        """Has the seat at the keyboard given its secret answer in the round open now?"""
        viewer = self.viewer
        update = self.client.latest(viewer) if viewer is not None else None
        return update is not None and update.pending is not None and not update.over

    def synced(self) -> None:
        """The latest update has been read: what the game drops or keeps of what was composed."""

    def cancel(self) -> None:
        """Drop whatever is being composed (the keyboard changes hands)."""

    def sent(self) -> None:
        """An action was taken: what was composed goes, and the keyboard goes where the game keeps it."""
        self.cancel()

    def game_over(self) -> None:
        """The game has ended: what the game's screen stops offering."""

    def hand_off_reason(self) -> str:
        """What the hand-off screen tells the next person at the keyboard."""
        return "It is your turn."

    def keyboard_taken(self) -> None:
        """A person has the keyboard after a hand-off: where the game puts it."""

    def end_screen(self) -> Screen[Any]:
        raise NotImplementedError

    def paint(self) -> None:
        """Hand each of the game's widgets what it shows (the status line is painted already)."""

    def log_shown(self) -> bool:
        """Is the log on the screen (new chat is then seen, not counted)?"""
        raise NotImplementedError

    # -- the client's wiring ------------------------------------------------------------------

    def on_mount(self) -> None:
        self.client.on_change = self._table_changed
        self.set_up()
        self.client.start()
        self._sync()

    def on_unmount(self) -> None:
        if self.client.on_change == self._table_changed:
            self.client.on_change = None

    def _table_changed(self) -> None:
        self.post_message(TableChanged())

    def on_table_changed(self, _message: TableChanged) -> None:
        self._sync()

    # -- reading the latest update --------------------------------------------------------------

    def _sync(self) -> None:
        """Read the latest update for the seat at the keyboard (or a spectator's)."""
        textual_patches.release(self)
        client = self.client
        refusal = client.refusal
        if refusal:
            client.refusal = None
            self.error = refusal
        if client.failure and client.failure != self._failure_told:
            self._failure_told = client.failure  # once, not at every update that follows
            client.log(self.viewer).note(f"A computer player failed ({client.failure}); the game goes on.")
        spectator = client.latest(None)
        if spectator is None:
            return
        self.public = spectator.view
        if spectator.over:
            self.mine = None
            self.game_over()
            self._dirty()
            if not self.ended:
                self.ended = True
                self.app.push_screen(self.end_screen())
                if self.lesson is not None:
                    self.lesson.synced(self, over=True)
            return
        self._update_viewer()
        mine = client.latest(self.viewer) if self.viewer is not None else None
        self.mine = mine.view if mine is not None else None
        if self.mine is not None:
            self.public = self.mine.public
        self.synced()
        key = (self.position(), self.viewer)
        standing = self.viewer is not None and client.standing_due(self.viewer)
        if self.is_asked() and key != self._asked and not standing:
            self.app.bell()  # the prompt says what is asked; a toast would outlive it
        if key != self._asked:
            self.forget_why()
        self._asked = key
        self._offer_away()  # at every update: the seat's own may come after the spectator's
        self.tell_new_chat(self.viewer if self.viewer is not None else next(iter(client.seats), None))
        self._dirty()
        if self.lesson is not None:
            self.lesson.synced(self, over=False)

    def submit(self, action: Any) -> None:
        """Send the seat's action once; a refusal stays on screen with what was composed."""
        assert self.viewer is not None
        off_plan = self.lesson.refuse(self, action) if self.lesson is not None else None
        if off_plan:
            self.error = off_plan  # the lesson's words; nothing reaches the table
            return
        if self.client.remote:  # what the key did is painted with the table's answer to it
            textual_patches.hold(self, ANSWER_WAIT)
        refused = self.client.submit(self.viewer, action)
        if refused is not None:
            textual_patches.release(self)
            self.error = refused
            return
        self.sent()

    # -- hot-seat: handing the keyboard over ----------------------------------------------

    def _update_viewer(self) -> None:
        if not self.hotseat:
            return
        client = self.client
        asked = [s for s in client.seats if (u := client.latest(s)) is not None and u.asked
                 and not client.standing_due(s)]  # an answer given for them needs nobody there
        if self.viewer is not None and self.viewer in asked:
            return
        self.cancel()
        self.viewer = None
        if asked and not self.privacy_open and self.public is not None:

            def ready(target: int) -> None:
                update = self.client.latest(target)
                self.viewer = target if update is not None and update.asked else None
                self.keyboard_taken()
                self._sync()

            keeps = self.hand_keyboard(asked, self.public.name(asked[0]), self.hand_off_reason(), ready)
            if keeps is not None:
                self.viewer = keeps  # the person at the keyboard goes on: the sync reads their view
                self.keyboard_taken()

    def hand_keyboard(self, asked: Sequence[int], name: str, reason: str,
                      ready: Callable[[int], None]) -> int | None:
        """Hot-seat: the keyboard goes to one of the ``asked`` seats. The person who had it last
        keeps it, with no hand-off screen (returned: the seat to show now); anyone else gets the
        privacy screen first (None is returned; ``ready`` is called once they have the keyboard).
        ``name``: how the game names the first asked seat."""
        if self._at_keyboard is not None and self._at_keyboard in asked:
            return self._at_keyboard
        target = asked[0]
        self.privacy_open = True

        def handed() -> None:
            self.privacy_open = False
            self._at_keyboard = target
            ready(target)

        self.shell.hand_over(name, reason, handed)
        return None

    # -- one paint per change ------------------------------------------------------------------

    def _dirty(self) -> None:
        """Something the screen shows changed: paint once, however many changes come together."""
        if not self._paint_due:
            self._paint_due = True
            self.call_later(self._paint)

    def watch_viewer(self) -> None:
        self._dirty()

    def watch_error(self) -> None:
        self._dirty()

    def say(self, selector: str, text: object) -> None:
        """Update a line of text only when it says something new."""
        if self._said.get(selector) != text:
            self._said[selector] = text
            self.query_one(selector, Static).update(text)  # type: ignore[arg-type]

    def _paint(self) -> None:
        self._paint_due = False
        view = self.public
        if view is None:
            self.say("#status", "Waiting for the table…")
            return
        self.paints += 1
        client = self.client
        latest = client.latest(None)
        present = latest.present if latest is not None else ()
        names = latest.names if latest is not None else ()
        free = tuple(p for p, name in enumerate(names) if name.endswith("(open)"))  # nobody took it yet
        away = tuple(p for p, here in enumerate(present) if not here and p not in free) if client.remote else ()
        where, what = self.status(view)
        self.say("#status", status_line(
            where, what, names=view.name, viewer=self.viewer, hotseat=self.hotseat, remote=client.remote,
            notice=client.notice, code=client.code, away=away, open_seats=len(free)) + self.chat_marker())
        self.paint()

    def write_log(self, log: WrappedLog) -> None:
        """The log pane shows the log of the seat at the keyboard: from its start when that is
        another seat's (hot-seat), or a fresh one (after a reconnect)."""
        book = self.client.log(self.viewer)
        if book is not self.log_book:
            log.reset()
            self.log_book = book
        log.add(book.lines)

    # -- the keys: which work now, and why one does nothing ---------------------------------

    def key(self, action: str) -> Key | None:
        """The key table's entry for ``action``: the game's, else the platform's (chat)."""
        return self.KEYS.get(action) or PLATFORM_KEYS.get(action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "leave_lesson":
            return self.lesson is not None
        if action == "away_answers":
            return self._away_told and self.away_offer() is not None
        if self.lesson is not None and self.lesson.closed(action):
            return None  # shown dimmed; its key says why
        key = self.key(action)
        return key.works(self) if key is not None else True

    def why_not(self, action: str) -> str | None:
        """Why ``action``'s key does nothing now, in the player's words; None says nothing."""
        shut = self.lesson.closed(action) if self.lesson is not None else None
        if shut:
            return shut
        key = self.key(action)
        return key.why_not(self) if key is not None else None

    @staticmethod
    def parse_action(action: str) -> tuple[str, tuple[object, ...]]:
        _, name, params = parse(action)
        return name, params

    def keys_now(self) -> list[tuple[Binding, bool]]:
        """The screen's shown keys that work now (True) or are shown dimmed (False)."""
        shown: list[tuple[Binding, bool]] = []
        for b in self.BINDINGS:
            if isinstance(b, Binding) and (b.show or self.hint_key(b)):
                works = self.check_action(*self.parse_action(b.action))
                if works is not False:
                    shown.append((b, works is True))
        return shown

    def hint_key(self, binding: Binding) -> bool:
        """A key not shown by itself that the key line names now (the game says which)."""
        return False

    def keys_follow(self) -> None:
        """The footer and the command palette follow the key table (after a paint)."""
        self.keys_changed(tuple(b.action for b in self.BINDINGS if isinstance(b, Binding)
                                and self.check_action(*self.parse_action(b.action)) is not False))

    def keys_changed(self, enabled: tuple[str, ...]) -> None:
        """The footer and the command palette list what works now: told only on a change, as
        Textual's footer rebuilds its widgets on every refresh_bindings()."""
        if enabled != self._enabled:
            self._enabled = enabled
            self.refresh_bindings()

    def on_key(self, event: events.Key) -> None:
        """A key of this screen's that would do nothing now says why on the error line (where a
        refusal shows), instead of nothing at all. A key something else takes is left alone."""
        self.forget_why()
        active = self.active_bindings.get(event.key)
        if active is not None and active.enabled:
            return
        if self.lesson is not None and event.key in LEAVE_KEYS:  # Esc with nothing to back out of
            event.stop()
            self.action_leave_lesson()
            return
        for binding in self.BINDINGS:
            if isinstance(binding, Binding) and event.key in binding.key.split(","):
                why = self.why_not(parse(binding.action)[1])
                if why:
                    self.error = self._why = why
                    return

    def forget_why(self) -> None:
        """The reason a key did nothing goes once another key is pressed or the game moves on."""
        if self._why and self.error == self._why:
            self.error = ""
        self._why = ""

    # -- chat and help ---------------------------------------------------------------------

    @property
    def shell(self) -> Shell:
        return cast(Shell, self.app)

    def action_chat(self) -> None:
        self.shell.ask_to_say(self.client.chat)

    def action_help(self) -> None:
        self.shell.show_help(self.client.kind, at_table=True)

    def action_leave_lesson(self) -> None:
        if self.lesson is not None:
            self.lesson.leave(self)

    # -- leaving: the game goes on without you -------------------------------------------------

    def away_offer(self) -> tuple[int, Any, str] | None:
        """The game's answers for the time away, when they may be offered: the seat's of a
        turn-based game with none set, before its end. (seat, answers, what they answer)"""
        client = self.client
        seat = client.seats[0] if len(client.seats) == 1 else None
        offered = client.kind.away_answers() if client.turn_based and seat is not None else None
        latest = client.latest(seat) if seat is not None else None
        if offered is None or seat is None or client.standing(seat) is not None \
                or (latest is not None and latest.over):
            return None
        return seat, *offered

    def _changed_by(self) -> str:
        """Where the person changes standing answers later: the game's key for them, if it has one."""
        key = next((b.key.split(",")[0] for b in self.BINDINGS
                    if isinstance(b, Binding) and b.action == "standing"), None)
        return f" ({key} at the table)" if key else ""

    def _offer_away(self) -> None:
        """Once per table, at the first question the game's answers for the time away would
        answer (the hunt: its first objection round), the error line offers them with their key:
        standing answers carry a turn-based game through most rounds without waking anyone."""
        if self._away_told or not self.is_asked() or self.lesson is not None:
            return
        offer = self.away_offer()
        if offer is None or offer[1].answer(self.mine) is None:
            return
        self._away_told = True
        self.error = self._why = (f"Away for a while? y: the server will {offer[2]} for you while you are away, "
                                  f"until you change it{self._changed_by()}.")

    def action_away_answers(self) -> None:
        offer = self.away_offer()
        if offer is None:
            return
        seat, answers, words = offer
        self.client.stand(seat, answers)
        self.error = f"The server will {words} for you, until you change it{self._changed_by()}."

    def leave_table(self) -> None:
        """Back to the lobby; the seat stays yours. Leaving a turn-based game with nothing set to
        answer for you, you are first offered the game's answers for the time away, with what they
        answer: the server plays them, and the secret rounds they answer wake nobody."""
        offer = self.away_offer()
        if offer is None:
            self._leave()
            return
        seat, answers, words = offer

        def chosen(yes: bool) -> None:
            if yes:
                self.client.stand(seat, answers)
            self._leave()

        self.shell.ask_yes_no(f"Answer for you while you are away? The server will {words} for you, "
                              f"until you change it{self._changed_by()}.",
                              "y: answer for me · n or Esc: leave without", chosen)

    def _leave(self) -> None:
        self.client.close()
        self.app.pop_screen()

    def tell_new_chat(self, seat: int | None) -> None:
        """At 80x24 the log is one pane of several: lines said while it is hidden are counted
        for the status line's marker (``chat_marker``). A notice would cover the side pane (the
        player's own sheet) for seconds; the player's own lines are not counted."""
        heard = self.client.new_chat()
        if not heard or self.log_shown():
            return
        latest = self.client.latest(seat)
        names = latest.names if latest is not None else ()
        me = names[seat] if seat is not None and seat < len(names) else None
        self._unread += sum(1 for line in heard if line.who != me)

    def chat_marker(self) -> str:
        """What the status line adds while chat waits unread: how many lines, and the key that
        shows the log (the log in front clears it)."""
        if self._unread and self.log_shown():
            self._unread = 0
        if not self._unread:
            return ""
        lines = "line" if self._unread == 1 else "lines"
        return f" · {self._unread} new chat {lines}: {self.LOG_KEY} shows the log"
