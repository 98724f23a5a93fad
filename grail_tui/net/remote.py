"""The app's side of a server: one session per connection, one client per game.

A RemoteClient offers the game screen what a LocalClient offers, so the same
screen plays at this terminal or on a server. Legal actions and refusals are
worked out by the game's engine from the seat's own view; the server checks
again and has the last word.

In a turn-based game the server keeps the seat's standing answers and plays
them (net/standing.py), whether or not this terminal is connected: the client
sends them as the game's named settings and only shows them.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grail_tui.games import registry
from grail_tui.games.api import Action, GameKind, Result
from grail_tui.table.client import SeatMirror, Standing
from grail_tui.table.updates import ChatLine, SeatUpdate

from .client import ServerLink
from .protocol import (
    Act,
    Bye,
    Error,
    FollowLobby,
    Games,
    Joined,
    Leave,
    Open,
    Ping,
    ProtocolError,
    RatingsReply,
    RecordReply,
    Refused,
    Say,
    ServerMessage,
    Stand,
    State,
    Watch,
)
from .sockets import default_socket

PING_EVERY = 60.0
REPLY_TIMEOUT = 15.0


@dataclass(frozen=True)
class Target:
    """Where a server is: a Unix socket, or a socket an SSH session was handed."""

    path: Path | None = None
    fd: int | None = None
    named: bool = False  # chosen on purpose: if it does not answer, that is an error
    door: str | None = None  # an SSH session's server, as its player reached it (host:port)

    @classmethod
    def unix(cls, path: Path, *, named: bool = False) -> Target:
        return cls(path=path, named=named)

    @classmethod
    def from_fd(cls, fd: int, door: str | None = None) -> Target:
        return cls(fd=fd, named=True, door=door)

    @classmethod
    def find_default(cls) -> Target | None:
        path = default_socket()
        return None if path is None else cls(path=path)

    @property
    def where(self) -> str:
        if self.path is not None:
            return str(self.path)
        return self.door or "this SSH session"

    async def open(self) -> ServerLink:
        if self.fd is not None:
            return await ServerLink.from_fd(self.fd)
        assert self.path is not None
        return await ServerLink.unix(self.path)

    def unreached(self, exc: BaseException) -> str:
        """What a person is told when a server merely found here does not answer, and the app
        plays on this machine instead: closed to their account, or not there."""
        if isinstance(exc, PermissionError):
            return (f"The grail-tui server at {self.where} is closed to your account (permission denied): "
                    "ask whoever runs it. Playing on this machine.")
        return f"No grail-tui server at {self.where}; playing on this machine."

    @property
    def reopens(self) -> bool:
        return self.fd is None


class Session:
    """One connection to the server; reconnects by itself and reopens its games."""

    def __init__(self, link: ServerLink, target: Target) -> None:
        self.link = link
        self.target = target
        self.user = link.user
        self.guest = link.guest
        self.clients: dict[str, RemoteClient] = {}
        self.listeners: list[Callable[[Any], None]] = []  # the lobby
        self.following = False  # told of the lobby's changes (LobbyNews), again after reconnecting
        self.connected = True
        self.closed = False
        self._refs = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[Any]] = {}
        self._tasks: list[asyncio.Task[None]] = []

    def start(self) -> None:
        if not self._tasks:
            loop = asyncio.get_running_loop()
            self._tasks = [loop.create_task(self._read_loop()), loop.create_task(self._ping_loop())]

    def follow_lobby(self, on: bool) -> None:
        if on != self.following:
            self.following = on
            self.send(FollowLobby(on))

    def ref(self) -> int:
        return next(self._refs)

    def send(self, message: Any) -> None:
        if not self.connected:
            return
        try:
            self.link.send_nowait(message)
        except (ConnectionError, RuntimeError, ProtocolError):
            self.connected = False

    async def request(self, message: Any) -> Any:
        """Send a request that carries a ``ref`` and wait for the reply naming it."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting[message.ref] = future
        self.send(message)
        try:
            return await asyncio.wait_for(future, REPLY_TIMEOUT)
        finally:
            self._waiting.pop(message.ref, None)

    async def close(self) -> None:
        self.closed = True
        for task in self._tasks:
            task.cancel()
        await self.link.close()

    def _tell(self, message: Any) -> None:
        for listener in list(self.listeners):
            listener(message)

    async def _ping_loop(self) -> None:
        while not self.closed:
            await asyncio.sleep(PING_EVERY)
            self.send(Ping(self.ref()))

    async def _read_loop(self) -> None:
        while not self.closed:
            try:
                message = await self.link.receive()
            except (ConnectionError, OSError, ProtocolError, asyncio.IncompleteReadError):
                if not self.target.reopens:
                    self.connected = False
                    self._tell(Bye("the connection to the server was lost"))
                    for client in self.clients.values():
                        client.lost()
                    return
                await self._reconnect()
                continue
            self._route(message)

    def _route(self, message: ServerMessage) -> None:
        if isinstance(message, Joined):
            client_for(self, message)  # before its first state arrives, right behind this message
        ref = getattr(message, "ref", None)
        if isinstance(message, (Games, Joined, Error, RecordReply, RatingsReply)) and ref in self._waiting:
            future = self._waiting.pop(ref)
            if not future.done():
                future.set_result(message)
            return
        code = getattr(message, "code", None)
        client = self.clients.get(code) if isinstance(message, (State, Refused)) and code else None
        if client is not None:
            client.on_message(message)
        else:
            self._tell(message)

    async def _reconnect(self) -> None:
        self.connected = False
        for client in self.clients.values():
            client.lost()
        self._tell(None)
        delay = 0.5
        while not self.closed:
            await asyncio.sleep(delay)
            try:
                self.link = await self.target.open()
            except (TimeoutError, OSError, ConnectionError, ProtocolError):
                delay = min(5.0, delay * 2)
                continue
            self.connected = True
            if self.following:
                self.send(FollowLobby(True))
            for code, client in self.clients.items():
                self.send((Open if client.seat is not None else Watch)(self.ref(), code))
            self._tell(None)
            return


class RemoteClient(SeatMirror):
    """A game on the server, as one seat (or a spectator) at this terminal sees it."""

    def __init__(self, session: Session, code: str, kind: GameKind, seat: int | None, *,
                 turn_based: bool = False) -> None:
        super().__init__(kind)
        self.session = session
        self._code = code
        self.seat = seat
        self.turn_based = turn_based  # the server keeps this seat's standing answers
        self._notice: str | None = None
        self.refusal: str | None = None
        session.clients[code] = self

    # -- standing answers the server keeps (turn-based games) ----------------------------------

    def _kept(self, standing: Standing | None) -> bool:
        return self.turn_based and (standing is None or self.kind.standing_settings(standing) is not None)

    def kept_at_server(self, settings: dict[str, int]) -> None:
        """The standing answers the server keeps for this seat, as it said on opening the game."""
        if self.seat is None or not self.turn_based:
            return
        standing = None
        if settings:
            try:
                standing = self.kind.standing_from_settings(settings)
            except ValueError:
                standing = None  # a newer server's vocabulary: shown as none, played all the same
        self._cancel_due(self.seat)
        if standing is None:
            self._standing.pop(self.seat, None)
        else:
            self._standing[self.seat] = standing
        if self.on_change is not None:
            self.on_change()

    def stand(self, seat: int, standing: Standing | None) -> None:
        if not self._kept(standing):
            super().stand(seat, standing)
            return
        settings = self.kind.standing_settings(standing) if standing is not None else None
        self.session.send(Stand(self.code, settings or {}))
        self._cancel_due(seat)
        if standing is None:
            self._standing.pop(seat, None)
        else:
            self._standing[seat] = standing
        if self.on_change is not None:
            self.on_change()

    def _consider(self, seat: int) -> None:
        standing, update = self._standing.get(seat), self.updates.get(seat)
        if not self._kept(standing) or standing is None or update is None:
            super()._consider(seat)
            return
        if update.over or standing.done(update.view):  # the server forgets them too
            del self._standing[seat]

    def standing_due(self, seat: int) -> bool:
        standing, update = self._standing.get(seat), self.updates.get(seat)
        if not self._kept(standing) or standing is None or update is None:
            return super().standing_due(seat)
        if not update.asked or update.pending is not None or update.over:
            return False
        action = standing.answer(update.view)  # what the server will answer, at a person's pace
        return action is not None and self.why_illegal(seat, action) is None

    @property
    def remote(self) -> bool:
        return True

    @property
    def may_chat(self) -> bool:
        return not self.session.guest  # the server refuses a guest's words; the key is not offered

    @property
    def seats(self) -> tuple[int, ...]:
        return (self.seat,) if self.seat is not None else ()

    @property
    def code(self) -> str:
        return self._code

    @property
    def notice(self) -> str | None:
        return self._notice

    @property
    def failure(self) -> str | None:
        return None

    @property
    def record_path(self) -> Path | None:
        return None

    def on_message(self, message: Any) -> None:
        if isinstance(message, Refused):
            self.refusal = message.error
            self._notice = None
            if self.on_change is not None:
                self.on_change()
            return
        try:
            update = self._update(message)
        except (ValueError, TypeError, KeyError) as exc:
            self.refusal = f"The server sent something this version cannot read ({exc})."
            if self.on_change is not None:
                self.on_change()
            return
        self._notice = None
        public = self.kind.public_of(update.view)
        spectator = SeatUpdate(update.seq, None, public, names=update.names, present=update.present,
                               deadline=update.deadline, result=update.result, record=update.record)
        self.updates[None] = spectator
        self.receive(update)

    def _update(self, m: State) -> SeatUpdate:
        kind = self.kind
        result = None
        if isinstance(m.result, dict):
            result = Result(tuple(m.result.get("winners", ())), tuple(m.result.get("ranks", ())),
                            str(m.result.get("text", "")))
        return SeatUpdate(
            seq=m.seq, seat=m.seat, view=kind.named(kind.decode_view(m.view, m.seat), m.names),
            events=tuple(kind.decode_event(e) for e in m.events),
            chat=tuple(ChatLine(c.who, c.text, c.at) for c in m.chat),
            pending=kind.action_from_dict(m.pending) if m.pending is not None else None,
            asked=m.asked, names=m.names, present=m.present, deadline=m.deadline, result=result,
            record=m.record if isinstance(m.record, dict) else None, reset=m.reset)

    def lost(self) -> None:
        self._notice = ("Connection lost; reconnecting…" if self.session.target.reopens
                       else "Connection to the server lost.")
        if self.on_change is not None:
            self.on_change()

    def submit(self, seat: int, action: Action) -> str | None:
        update = self.updates.get(seat)
        reason = self.why_illegal(seat, action)
        if reason is not None or update is None:
            return reason or "You are watching this game."
        self.session.send(Act(self.code, update.seq, self.kind.action_to_dict(action)))
        return None

    def chat(self, text: str) -> None:
        self.session.send(Say(self.code, text))

    def start(self) -> None:
        self.session.start()

    def close(self) -> None:
        self.stop_standing()
        self.session.send(Leave(self.code))
        if self.session.clients.get(self.code) is self:
            del self.session.clients[self.code]


def client_for(session: Session, joined: Joined) -> RemoteClient:
    existing = session.clients.get(joined.code)
    if existing is not None and existing.seat == joined.seat:
        client = existing
        client.turn_based = joined.turn_based
    else:
        client = RemoteClient(session, joined.code, registry.get(joined.game), joined.seat,
                              turn_based=joined.turn_based)
    client.kept_at_server(joined.standing)
    return client
