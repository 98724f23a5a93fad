"""What a game screen talks to: a table at this terminal, or one behind a server.

Both kinds of client hold the latest update of each seat played here (and
of a spectator's seat), build each seat's log from the events its updates
bring, and work out legal actions and refusals from that seat's own view
through the game's engine (``kind.from_view``): a screen never sees more
than its seat may. ``on_change`` is called after every update; the app turns
it into one replaceable message, so a burst of updates is painted once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

from grail_tui.games.api import Action, GameKind, GameState, LogBook

from .table import Subscription, Table
from .updates import SeatUpdate, TableError


class TableClient(Protocol):
    kind: GameKind
    on_change: Callable[[], None] | None
    refusal: str | None  # the server refused the last action (a remote client), to show once

    @property
    def remote(self) -> bool: ...
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
    def legal_actions(self, seat: int) -> Sequence[Action]: ...
    def why_illegal(self, seat: int, action: Action) -> str | None: ...
    def submit(self, seat: int, action: Action) -> str | None:
        """Send ``seat``'s action; the refusal in that seat's words if it is refused at once."""
        ...
    def chat(self, text: str) -> None: ...
    def start(self) -> None: ...
    def close(self) -> None: ...


class SeatMirror:
    """The latest update and the log of every seat this client follows; shared by both clients."""

    def __init__(self, kind: GameKind) -> None:
        self.kind = kind
        self.updates: dict[int | None, SeatUpdate] = {}
        self.books: dict[int | None, LogBook] = {}
        self._worlds: dict[int, tuple[Any, GameState]] = {}
        self.on_change: Callable[[], None] | None = None

    def receive(self, update: SeatUpdate) -> None:
        seat = update.seat
        book = self.books.get(seat)
        if book is None or update.reset:
            book = self.books[seat] = self.kind.log_book(update.names, seat)
        book.feed(update.events)
        for line in update.chat:
            book.note(f"[chat] {line.who}: {line.text}")
        self.updates[seat] = update
        if self.on_change is not None:
            self.on_change()

    def latest(self, seat: int | None) -> SeatUpdate | None:
        return self.updates.get(seat)

    def log(self, seat: int | None) -> LogBook:
        if seat not in self.books:
            self.books[seat] = self.kind.log_book((), seat)
        return self.books[seat]

    def world(self, seat: int) -> GameState | None:
        """A game rebuilt from the seat's own view (once per update)."""
        update = self.updates.get(seat)
        if update is None:
            return None
        cached = self._worlds.get(seat)
        if cached is None or cached[0] is not update:
            cached = self._worlds[seat] = (update, self.kind.from_view(update.view))
        return cached[1]

    def legal_actions(self, seat: int) -> Sequence[Action]:
        update = self.updates.get(seat)
        world = self.world(seat)
        if update is None or world is None or not update.asked:
            return []
        return world.legal_actions(seat)

    def why_illegal(self, seat: int, action: Action) -> str | None:
        update = self.updates.get(seat)
        world = self.world(seat)
        if update is None or world is None:
            return "You are watching this game."
        if update.pending is not None:
            return "You have already answered; all answers are shown together."
        return world.why_illegal(action)


class LocalClient(SeatMirror):
    """A table at this terminal: solo against bots, or hot-seat."""

    def __init__(self, table: Table, seats: Sequence[int]) -> None:
        super().__init__(table.kind)
        self.table = table
        self._seats = tuple(seats)
        self._subs: list[Subscription] = []
        self.refusal: str | None = None

    @property
    def remote(self) -> bool:
        return False

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
        for sub in self._subs:
            self.table.leave(sub)
        self._subs.clear()
        self.table.close()
