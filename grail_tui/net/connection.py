"""One client connection on the server: who it is, what it may still send, what waits to go out.

Everything a stranger can make the server hold is capped: the line length,
the message rate (blank lines count), the bytes queued for a client that does
not read (a slow reader is dropped, never buffered without end), the time to
say hello and the time a connection may stay silent, the games one connection
may hold open, and what one account may say per game and minute.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from grail_tui.table.durable import DiskSync

from .protocol import MAX_MESSAGE, Bye, ProtocolError, encode

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

LimitsT = TypeVar("LimitsT", bound="DataclassInstance")


@dataclass(frozen=True)
class Limits:
    hello_timeout: float = 10.0  # to say hello
    idle_timeout: float = 600.0  # to say anything at all (the app pings every minute)
    rate: float = 20.0  # messages per second, sustained
    burst: float = 100.0
    bad_messages: int = 50  # before the connection is closed
    # waiting to be read by a client, before it is dropped: the largest message (a long game's
    # last state, with its record) is a few hundred kilobytes
    queue_bytes: int = 2 * 1024 * 1024
    connections_per_user: int = 16
    connections: int = 2000  # sized for LimitNOFILE=8192 in contrib/grail-tui.service
    games_per_user: int = 10  # unfinished games a person may have created
    turn_games_per_user: int = 20  # unfinished turn-based games a person may sit in at once
    games_per_connection: int = 16  # games one connection may have open (playing or watching)
    chat_per_minute: int = 20  # lines an account may say per game and minute
    page: int = 20  # games per lobby answer

    @classmethod
    def parse(cls, settings: list[str], base: Limits | None = None) -> Limits:
        """``NAME=VALUE`` pairs (``grail-tui serve --limit``) over ``base``; ValueError names a bad one."""
        return parse_limits(base or cls(), settings)


def parse_limits(limits: LimitsT, settings: list[str]) -> LimitsT:
    """``NAME=VALUE`` pairs over a dataclass of numeric limits (this module's, or the SSH door's
    for ``serve --ssh-limit``); ValueError names a bad one."""
    types = {f.name: f.type for f in dataclasses.fields(limits)}
    changes: dict[str, Any] = {}
    for setting in settings:
        name, _, value = setting.partition("=")
        name = name.strip().replace("-", "_")
        if name not in types:
            raise ValueError(f"there is no limit {name!r}; there are {', '.join(types)}")
        try:
            number = float(value) if types[name] in (float, "float") else int(value)
        except ValueError:
            raise ValueError(f"{name} takes a number, not {value!r}") from None
        if number <= 0:
            raise ValueError(f"{name} must be above 0")
        changes[name] = number
    return dataclasses.replace(limits, **changes)


class Budget:
    """What each account may still ask of the server's work (showing a game from its start,
    making a game), whatever connections it uses: reconnecting does not fill it up again."""

    def __init__(self, rate: float, burst: float, now: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst = rate, burst
        self.now = now  # the server's clock (a test's fake one)
        self._left: dict[str, tuple[float, float]] = {}  # account -> (tokens, when counted)

    def allow(self, user: str, cost: float) -> bool:
        now = self.now()
        if len(self._left) > 4096:  # forget accounts whose budget is full again
            self._left = {u: (t, at) for u, (t, at) in self._left.items()
                          if t + (now - at) * self.rate < self.burst}
        tokens, at = self._left.get(user, (self.burst, now))
        tokens = min(self.burst, tokens + (now - at) * self.rate)
        if tokens < cost:
            self._left[user] = (tokens, now)
            return False
        self._left[user] = (tokens - cost, now)
        return True


class ChatMeter:
    """What each account has said per game in the last minute, whatever connections it used."""

    def __init__(self, per_minute: int, now: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = per_minute
        self.now = now  # the server's clock (a test's fake one)
        self._said: dict[tuple[str, str], deque[float]] = {}

    def allow(self, user: str, code: str) -> bool:
        now = self.now()
        if len(self._said) > 4096:  # forget accounts and games that have been quiet a minute
            self._said = {k: t for k, t in self._said.items() if now - t[-1] <= 60}
        times = self._said.setdefault((user, code), deque())
        while times and now - times[0] > 60:
            times.popleft()
        if len(times) >= self.per_minute:
            return False
        times.append(now)
        return True


CLOSE_FLUSH_SECONDS = 10.0  # at most this long, on closing, for what is queued to be written
# After the last word, what the client still sends is read and thrown away for at most this long
# (and this many bytes) before the socket is cut: a socket closed with unread data in it is reset,
# and the reset can overtake the goodbye on its way, so the client never learns why it was closed.
LINGER_SECONDS = 2.0
LINGER_BYTES = 1024 * 1024


@dataclass(eq=False)
class Connection:
    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    transport: str  # "unix", "ssh", "tcp" (the loopback benchmark transport)
    limits: Limits
    user: str | None = None
    guest: bool = False
    games: dict[str, tuple[Any, Any]] = field(default_factory=dict)  # code -> (table, subscription)
    seats: dict[str, int | None] = field(default_factory=dict)  # code -> seat (None: watching)
    tokens: float = 0.0
    stamp: float = field(default_factory=time.monotonic)
    errors: int = 0
    closed: bool = False
    queued: int = 0
    durable: DiskSync | None = None  # nothing goes out before what it tells of is on disk
    _out: asyncio.Queue[tuple[bytes, int] | None] = field(default_factory=asyncio.Queue)
    _pump: asyncio.Task[None] | None = None
    _reading: bool = False  # a read is under way (the connection's own loop owns the reader)

    def __post_init__(self) -> None:
        self.tokens = self.limits.burst
        self._pump = asyncio.get_running_loop().create_task(self._write_out())

    # -- reading ----------------------------------------------------------------------------

    async def read_line(self, timeout: float) -> bytes | None:
        """The next line (with its newline), or None if the client is gone, silent
        too long, or sent a line over the limit (it is told why)."""
        self._reading = True
        try:
            # a timeout scope, not wait_for: wait_for wraps each read in a task of its own, and
            # 800 of those, each alive until its client's next line, made every collection long
            async with asyncio.timeout(timeout):
                line = await self.reader.readuntil(b"\n")
        except TimeoutError:
            self.bye("nothing heard from you for too long: closing")
            return None
        except (asyncio.LimitOverrunError, ValueError):
            self.bye(f"message longer than {MAX_MESSAGE} bytes: closing")
            return None
        except (asyncio.IncompleteReadError, ConnectionError):
            return None
        finally:
            self._reading = False
        # A line already in the buffer is read without a pause: let the other connections have a
        # turn first, so that one client sending many lines at once never goes ahead of everyone.
        await asyncio.sleep(0)
        return line

    def allow(self, cost: float = 1.0) -> bool:
        """A token for one more line (blank lines count too): False if there is none left."""
        now = time.monotonic()
        self.tokens = min(self.limits.burst, self.tokens + (now - self.stamp) * self.limits.rate)
        self.stamp = now
        if self.tokens < cost:
            return False
        self.tokens -= cost
        return True

    # -- writing ------------------------------------------------------------------------------

    def send(self, message: Any) -> None:
        try:
            data = encode(message)
        except ProtocolError:
            return
        self.send_raw(data)

    def send_raw(self, data: bytes) -> None:
        if self.closed:
            return
        if self.queued + len(data) > self.limits.queue_bytes:
            self._drop()
            return
        self.queued += len(data)
        self._out.put_nowait((data, self.durable.mark() if self.durable is not None else 0))

    def bye(self, reason: str) -> None:
        if not self.closed:
            self.send(Bye(reason))
            self.closed = True
            self._out.put_nowait(None)

    def _drop(self) -> None:
        """A client that does not read is dropped at once, never buffered without end: what
        waits for it is freed and the socket is cut, which also ends the read loop."""
        self.closed = True
        while not self._out.empty():
            self._out.get_nowait()
        self.queued = 0
        self._out.put_nowait(None)
        with contextlib.suppress(Exception):
            self.writer.transport.abort()

    async def _write_out(self) -> None:
        """Write what is queued, in order; the end of the queue ends the writing side (the
        socket itself is closed by ``close``, once the client has had time to read the end)."""
        try:
            while True:
                item = await self._out.get()
                if item is None:
                    break
                data, mark = item
                if self.durable is not None:
                    await self.durable.reached(mark)
                self.queued -= len(data)
                self.writer.write(data)
                await self.writer.drain()
            if self.writer.can_write_eof() and not self.writer.transport.is_closing():
                self.writer.write_eof()
        except (ConnectionError, RuntimeError, OSError):
            self.closed = True
            with contextlib.suppress(Exception):
                self.writer.close()
        finally:
            self.closed = True

    async def _linger(self) -> None:
        """Read and throw away what the client still sends, until it closes its side, for at most
        LINGER_SECONDS and LINGER_BYTES: closing a socket with unread data in it resets it, and
        a reset can overtake the goodbye before the client has read it."""
        if self._reading or self.writer.transport.is_closing():
            return  # the connection's loop is still reading (a server shutting down), or it is cut
        left = LINGER_BYTES
        with contextlib.suppress(Exception):
            async with asyncio.timeout(LINGER_SECONDS):
                while left > 0 and (chunk := await self.reader.read(min(left, 65536))):
                    left -= len(chunk)

    async def close(self) -> None:
        if not self.closed:
            self.closed = True
            self._out.put_nowait(None)
        if self._pump is not None:
            # what is queued (a bye last) waits for the disk before it is said: a slow disk must
            # not cut a goodbye short, nor hold a closing connection for ever
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(self._pump), CLOSE_FLUSH_SECONDS)
            self._pump.cancel()
            if self._pump.done() and not self._pump.cancelled():
                await self._linger()
        with contextlib.suppress(Exception):
            self.writer.close()
            await asyncio.wait_for(self.writer.wait_closed(), 2)
