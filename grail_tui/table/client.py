"""What a game screen talks to: a table at this terminal, or one behind a server.

Both kinds of client hold the latest update of each seat played here (and
of a spectator's seat), build each seat's log from the events its updates
bring, and work out legal actions and refusals from that seat's own view
through the game's kind (``kind.legal_from_view``): a screen never sees more
than its seat may. ``on_change`` is called after every update; the app turns
it into one replaceable message, so a burst of updates is painted once.

A seat may have standing answers (the game says what they answer, from the
seat's own view). The client gives such an answer exactly as a person's key
would (``submit``, the same message on the wire) and at a person's pace, a
fixed time after the question arrived, so neither the table, nor the server,
nor anybody watching can tell it from a key press.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

from grail_tui.games.api import Action, GameKind, LogBook

from .table import Subscription, Table
from .timekeeping import SYSTEM_CLOCK, Alarm, Clock
from .updates import ChatLine, SeatUpdate, TableError

HEARD_KEPT = 20  # chat lines kept for a screen that has not looked yet (a busy table's are in the log)
STANDING_PACE = 1.0  # seconds from a question to its standing answer: about a person's quickest


class Standing(Protocol):
    """A seat's standing answers, as its game words them (e.g. "pass on everything this turn")."""

    def answer(self, view: Any) -> Action | None: ...  # None: ask the person
    def done(self, view: Any) -> bool: ...  # no longer in force (the turn is over)


class TableClient(Protocol):
    kind: GameKind
    on_change: Callable[[], None] | None
    refusal: str | None  # the server refused the last action (a remote client), to show once
    turn_based: bool  # a server's turn-based game: the server keeps and plays standing answers

    @property
    def remote(self) -> bool: ...
    @property
    def may_chat(self) -> bool: ...  # a server game's table, and not a guest: a guest only watches
    @property
    def seats(self) -> tuple[int, ...]: ...  # the seats played at this terminal (empty: watching)
    @property
    def code(self) -> str | None: ...  # the game's code on a server
    @property
    def notice(self) -> str | None: ...  # e.g. the connection is being restored
    @property
    def failure(self) -> str | None: ...  # a computer player failed (local)
    @property
    def record_path(self) -> Path | None: ...

    def latest(self, seat: int | None) -> SeatUpdate | None: ...
    def log(self, seat: int | None) -> LogBook: ...
    def new_chat(self) -> list[ChatLine]:
        """What was said since the last call (not what a fresh start of the log repeats)."""
        ...
    def legal_actions(self, seat: int) -> Sequence[Action]: ...
    def why_illegal(self, seat: int, action: Action) -> str | None: ...
    def submit(self, seat: int, action: Action) -> str | None:
        """Send ``seat``'s action; the refusal in that seat's words if it is refused at once."""
        ...
    def chat(self, text: str) -> None: ...
    def start(self) -> None: ...
    def close(self) -> None: ...
    def stand(self, seat: int, standing: Standing | None) -> None: ...
    def standing(self, seat: int) -> Standing | None: ...
    def standing_due(self, seat: int) -> bool:
        """Will a standing answer answer ``seat``'s question now open?"""
        ...


def presence_notes(before: SeatUpdate, after: SeatUpdate) -> list[str]:
    """Who left the table or came back between two updates (never the reader's own seat)."""
    if len(before.present) != len(after.present):
        return []
    notes = []
    for seat, (was, now) in enumerate(zip(before.present, after.present, strict=True)):
        if was != now and seat != after.seat and seat < len(after.names):
            name = after.names[seat]
            notes.append(f"{name} is at the table." if now else f"{name} has left the table.")
    return notes


class SeatMirror:
    """The latest update and the log of every seat this client follows; shared by both clients."""

    turn_based = False  # a server's turn-based game (net/remote.py says so when it is one)

    def __init__(self, kind: GameKind) -> None:
        self.kind = kind
        self.updates: dict[int | None, SeatUpdate] = {}
        self.books: dict[int | None, LogBook] = {}
        self._names: dict[int | None, list[str]] = {}  # the names each book reads, kept current
        self._said: dict[int | None, list[tuple[str, Any]]] = {}  # what each book was fed, in order
        self.on_change: Callable[[], None] | None = None
        self.refusal: str | None = None
        self._standing: dict[int, Standing] = {}
        self._due: dict[int, tuple[int, Alarm]] = {}  # seat -> (seq, timer)
        self.clock: Clock = SYSTEM_CLOCK  # keeps a standing answer's pace
        self._heard: list[ChatLine] = []  # said since the screen last asked (new_chat)

    def receive(self, update: SeatUpdate) -> None:
        seat = update.seat
        book = self.books.get(seat)
        before = self.updates.get(seat)
        names = self._names.setdefault(seat, [])
        renamed = bool(names) and names != list(update.names)
        names[:] = update.names  # a book reads names from this list: a seat taken later is named
        said = self._said.setdefault(seat, [])
        if book is None or update.reset:
            said.clear()
            book = self.books[seat] = self.kind.log_book(names, seat)
        elif renamed:  # someone took a seat: every line, earlier ones too, names them as they are now
            book = self.books[seat] = self.kind.log_book(names, seat)
            for what, item in said:
                book.feed(item) if what == "events" else book.note(item)
        new: list[tuple[str, Any]] = [("events", update.events)]
        new += [("note", f"[chat] {line.who}: {line.text}") for line in update.chat]
        if before is not None and not update.reset:
            new += [("note", note) for note in presence_notes(before, update)]
        for what, item in new:
            book.feed(item) if what == "events" else book.note(item)
        said.extend(new)
        if update.chat and not update.reset and seat == (self.seats[0] if self.seats else None):
            self._heard = [*self._heard, *update.chat][-HEARD_KEPT:]  # one seat's copy of each line
        self.updates[seat] = update
        if seat is not None and seat in self._standing:
            self._consider(seat)
        if self.on_change is not None:
            self.on_change()

    def latest(self, seat: int | None) -> SeatUpdate | None:
        return self.updates.get(seat)

    @property
    def seats(self) -> tuple[int, ...]:
        raise NotImplementedError

    def new_chat(self) -> list[ChatLine]:
        heard, self._heard = self._heard, []
        return heard

    # -- standing answers ----------------------------------------------------------------

    def stand(self, seat: int, standing: Standing | None) -> None:
        """Set (None: clear) ``seat``'s standing answers; they may answer the open question."""
        self._cancel_due(seat)
        if standing is None:
            self._standing.pop(seat, None)
        else:
            self._standing[seat] = standing
            self._consider(seat)
        if self.on_change is not None:
            self.on_change()  # the screen shows them, and in hot-seat frees the keyboard

    def standing(self, seat: int) -> Standing | None:
        return self._standing.get(seat)

    def standing_due(self, seat: int) -> bool:
        due = self._due.get(seat)
        update = self.updates.get(seat)
        return due is not None and update is not None and due[0] == update.seq

    def _consider(self, seat: int) -> None:
        standing, update = self._standing.get(seat), self.updates.get(seat)
        if standing is None or update is None:
            return
        if update.over or standing.done(update.view):
            del self._standing[seat]
            self._cancel_due(seat)
            return
        if self.standing_due(seat) or not update.asked or update.pending is not None:
            return
        action = standing.answer(update.view)
        if action is None or self.why_illegal(seat, action) is not None:
            return
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return  # no clock to keep a person's pace: the person answers
        self._cancel_due(seat)
        timer = self.clock.call_at(self.clock.now() + STANDING_PACE,
                                   functools.partial(self._answer_standing, seat, update.seq, action))
        self._due[seat] = (update.seq, timer)

    def _answer_standing(self, seat: int, seq: int, action: Action) -> None:
        self._due.pop(seat, None)
        update = self.updates.get(seat)
        if update is None or update.seq != seq or not update.asked or update.pending is not None:
            return  # the person answered first, or the game moved on
        refused = self.submit(seat, action)
        if refused is not None:
            self.refusal = refused
            if self.on_change is not None:
                self.on_change()

    def stop_standing(self) -> None:
        """Nothing more is answered for anybody (the client is closing)."""
        for seat in list(self._due):
            self._cancel_due(seat)
        self._standing.clear()

    def _cancel_due(self, seat: int) -> None:
        due = self._due.pop(seat, None)
        if due is not None:
            due[1].cancel()

    def submit(self, seat: int, action: Action) -> str | None:
        raise NotImplementedError

    def log(self, seat: int | None) -> LogBook:
        if seat not in self.books:
            self.books[seat] = self.kind.log_book((), seat)
        return self.books[seat]

    def legal_actions(self, seat: int) -> Sequence[Action]:
        update = self.updates.get(seat)
        if update is None or not update.asked:
            return []
        return self.kind.legal_from_view(update.view, seat)

    def why_illegal(self, seat: int, action: Action) -> str | None:
        update = self.updates.get(seat)
        if update is None:
            return "You are watching this game."
        if update.pending is not None:
            return "You have already answered; all answers are shown together."
        return self.kind.why_illegal_from_view(update.view, action)


class LocalClient(SeatMirror):
    """A table at this terminal: solo against bots, or hot-seat."""

    def __init__(self, table: Table, seats: Sequence[int]) -> None:
        super().__init__(table.kind)
        self.table = table
        self.clock = table.clock
        self._seats = tuple(seats)
        self._subs: list[Subscription] = []

    @property
    def remote(self) -> bool:
        return False

    @property
    def may_chat(self) -> bool:
        return False  # everyone at this terminal is in one room: there is nobody to write to

    @property
    def seats(self) -> tuple[int, ...]:
        return self._seats

    @property
    def code(self) -> str | None:
        return None

    @property
    def notice(self) -> str | None:
        return None

    @property
    def failure(self) -> str | None:
        error = self.table.error
        return None if error is None else f"{type(error).__name__}: {error}"

    @property
    def record_path(self) -> Path | None:
        return getattr(self.table.store, "record_path", None)

    def start(self) -> None:
        if not self._subs:
            self._subs.append(self.table.join(None, self.receive, person=not self.seats))
            for seat in self.seats:
                self._subs.append(self.table.join(seat, self.receive))
        self.table.start()

    def submit(self, seat: int, action: Action) -> str | None:
        update = self.updates.get(seat)
        try:
            self.table.submit(seat, action, update.seq if update else -1)
        except TableError as exc:
            return str(exc)
        return None

    def chat(self, text: str) -> None:
        self.table.say("?", text)  # no chat at one terminal; the screen offers none

    def close(self) -> None:
        self.stop_standing()
        for sub in self._subs:
            self.table.leave(sub)
        self._subs.clear()
        self.table.close()
