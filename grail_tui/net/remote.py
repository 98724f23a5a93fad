"""The app's side of a server game: one session per connection, one table per game.

RemoteTable offers the screens what LocalTable offers, so the same game
screen plays a local or a server game. Legal actions and refusals are worked
out by the engine from the seat's own view (bots/world.build); the server
checks again and has the last word.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from grail_tui.games.hunt.bots.world import build
from grail_tui.games.hunt.engine import (
    Action,
    DecodeError,
    Event,
    Game,
    GameRecord,
    Phase,
    PlayerView,
    PublicView,
    RecordError,
    action_to_dict,
    decode,
    decode_any,
)
from grail_tui.games.hunt.words import LogBook, namer

from .client import Connection
from .protocol import ProtocolError, encode

Listener = Callable[[list[Event]], None]
Opener = Callable[[], Awaitable[Connection]]


class Session:
    """One connection to the server; reconnects on its own and reopens its games."""

    def __init__(self, conn: Connection, reopen: Opener) -> None:
        self.conn = conn
        self.reopen = reopen
        self.user = conn.user or "?"
        self.tables: dict[str, RemoteTable] = {}
        self.lobby: list[Callable[[dict[str, Any]], None]] = []
        self.connected = True
        self.closed = False
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._read_loop())

    def send(self, message: dict[str, Any]) -> None:
        if not self.connected:
            return
        try:
            self.conn.writer.write(encode(message))
        except (ConnectionError, RuntimeError, ProtocolError):
            self.connected = False

    async def close(self) -> None:
        self.closed = True
        if self._task is not None:
            self._task.cancel()
        await self.conn.close()

    def _tell_lobby(self, message: dict[str, Any]) -> None:
        for listener in list(self.lobby):
            listener(message)

    async def _read_loop(self) -> None:
        while not self.closed:
            try:
                message = await self.conn.receive()
            except (ConnectionError, OSError, ProtocolError, asyncio.IncompleteReadError):
                await self._reconnect()
                continue
            code = message.get("code")
            table = self.tables.get(code) if isinstance(code, str) else None
            if table is not None:
                table.on_message(message)
            else:
                self._tell_lobby(message)

    async def _reconnect(self) -> None:
        self.connected = False
        self._tell_lobby({"type": "connection", "connected": False})
        for table in self.tables.values():
            table.on_message({"type": "connection", "connected": False})
        delay = 0.5
        while not self.closed:
            await asyncio.sleep(delay)
            try:
                self.conn = await self.reopen()
            except (OSError, ConnectionError, ProtocolError):
                delay = min(5.0, delay * 2)
                continue
            self.connected = True
            for code, table in self.tables.items():
                self.send({"type": "open" if table.seat is not None else "watch", "code": code})
            self._tell_lobby({"type": "connection", "connected": True})
            return


class RemoteTable:
    remote = True

    def __init__(self, session: Session, code: str, joined: dict[str, Any]) -> None:
        self.session = session
        self.code = code
        self.seat: int | None = joined.get("seat")
        self.seat_info: list[dict[str, Any]] = joined.get("seats", [])
        self.listeners: list[Listener] = []
        self.error: BaseException | None = None
        self.last_error: str | None = None
        self.notice: str | None = None
        self.record_path: Path | None = None
        self.status = "open"
        self._view: PlayerView | PublicView | None = None
        self._record: GameRecord | None = None
        self._world: tuple[int, Game] | None = None
        self.version = -1
        self.waiting_reply = False
        self.book = LogBook([])
        self._reset(joined)
        session.tables[code] = self

    # -- messages from the server ---------------------------------------------------

    def _reset(self, joined: dict[str, Any]) -> None:
        self.seat_info = joined.get("seats", self.seat_info)
        self.book = LogBook(self._seat_names())
        for entry in joined.get("chat", []):
            self.book.note(f"[chat] {entry.get('user')}: {entry.get('text')}")

    def on_message(self, m: dict[str, Any]) -> None:
        kind = m.get("type")
        try:
            if kind == "joined":
                self._reset(m)
            elif kind == "state":
                self._state(m)
            elif kind == "chat":
                self.book.note(f"[chat] {m.get('user')}: {m.get('text')}")
            elif kind == "error":
                self.last_error = str(m.get("error"))
                self.waiting_reply = False
            elif kind == "connection":
                self.notice = None if m.get("connected") else "Connection lost; reconnecting…"
        except (DecodeError, ValueError, KeyError, TypeError, RecordError) as exc:
            self.last_error = f"The server sent something this version cannot read ({exc})."
        for listener in list(self.listeners):
            listener([])

    def _state(self, m: dict[str, Any]) -> None:
        seat = m.get("seat")
        self.seat_info = m.get("seats", self.seat_info)
        names = self._seat_names()
        # Seats fill after the game is set up: the server's seat names are the ones to show.
        if seat is not None:
            view = decode(PlayerView, m["view"])
            self._view = replace(view, public=replace(view.public, names=names))
        else:
            self._view = replace(decode(PublicView, m["view"]), names=names)
        self.book.name = namer(names)
        self.book.feed([decode_any(e) for e in m.get("events", [])])
        self.status = m.get("status", self.status)
        self.version = m.get("version", self.version)
        self.waiting_reply = False
        self.notice = None
        if "record" in m:
            self._record = GameRecord.from_dict(m["record"])

    # -- what a screen asks ---------------------------------------------------------

    def _seat_names(self) -> tuple[str, ...]:
        return tuple(s.get("name") or f"Seat {k + 1} (open)" for k, s in enumerate(self.seat_info))

    @property
    def names(self) -> tuple[str, ...]:
        return self._seat_names()

    @property
    def human_seats(self) -> tuple[int, ...]:
        return (self.seat,) if self.seat is not None else ()

    @property
    def is_over(self) -> bool:
        return self.status == "over"

    @property
    def ready(self) -> bool:
        return self._view is not None

    def public_view(self) -> PublicView:
        view = self._view
        if view is None:
            raise RuntimeError("no state from the server yet")
        return view.public if isinstance(view, PlayerView) else view

    def view(self, seat: int) -> PlayerView:
        if not isinstance(self._view, PlayerView) or seat != self.seat:
            raise KeyError("only your own seat's view is known here")
        return self._view

    @property
    def phase(self) -> Phase:
        return self.public_view().phase

    def to_act(self) -> tuple[int, ...]:
        return self.public_view().to_act

    def humans_to_act(self) -> tuple[int, ...]:
        if self.seat is None or self.waiting_reply:
            return ()
        return (self.seat,) if self.seat in self.to_act() else ()

    def _game(self) -> Game:
        if self._world is None or self._world[0] != self.version:
            assert isinstance(self._view, PlayerView)
            self._world = (self.version, build(self._view))
        return self._world[1]

    def legal_actions(self, seat: int) -> Sequence[Action]:
        if seat != self.seat or not isinstance(self._view, PlayerView):
            return []
        return self._game().legal_actions(seat)

    def why_illegal(self, action: Action) -> str | None:
        if not isinstance(self._view, PlayerView):
            return "You are watching this game."
        return self._game().why_illegal(action)

    def submit(self, action: Action) -> list[Event]:
        self.last_error = None
        self.waiting_reply = True
        self.session.send({"type": "act", "code": self.code, "action": action_to_dict(action)})
        return []

    def chat(self, text: str) -> None:
        self.session.send({"type": "chat", "code": self.code, "text": text})

    def log_lines(self, seat: int | None) -> list[str]:
        return self.book.lines

    def last_result(self, seat: int | None) -> str | None:
        return self.book.last

    def final_record(self) -> GameRecord:
        if self._record is None:
            raise RecordError("the server has not sent the record")
        return self._record

    def start(self) -> None:
        self.session.start()

    def close(self) -> None:
        self.session.send({"type": "leave", "code": self.code})
        with contextlib.suppress(KeyError):
            del self.session.tables[self.code]
