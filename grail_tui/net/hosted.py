"""What the server keeps per connection and per game, and who is connecting."""

from __future__ import annotations

import asyncio
import contextlib
import pwd
import socket
import struct
import time
from dataclasses import dataclass, field
from typing import Any

from grail_tui.games.hunt.bots import Bot
from grail_tui.games.hunt.engine import Game

from .protocol import MAX_FROM_SERVER, ProtocolError, encode


@dataclass
class Settings:
    answer_timeout: float = 120.0  # silent players pass (the mover concedes) after this
    min_round: float = 2.0  # with 2+ humans, no round resolves faster than this
    takeover_after: float | None = None  # a bot plays a dropped seat after this
    bot_delay: float = 0.5

    @classmethod
    def from_message(cls, m: dict[str, Any], default_bot_delay: float) -> Settings:
        def number(key: str, default: float | None, low: float, high: float) -> float | None:
            value = m.get(key, default)
            if value is None:
                return None
            if not isinstance(value, (int, float)) or isinstance(value, bool) or not low <= value <= high:
                raise ProtocolError(f"{key!r} must be a number from {low} to {high}")
            return float(value)

        return cls(
            answer_timeout=number("answer_timeout", 120.0, 1, 86400) or 120.0,
            min_round=number("min_round", 2.0, 0, 60) or 0.0,
            takeover_after=number("takeover_after", None, 0, 86400),
            bot_delay=number("bot_delay", default_bot_delay, 0, 10) or 0.0,
        )

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


class Connection:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, kind: str,
                 rate: float, burst: float) -> None:
        self.reader = reader
        self.writer = writer
        self.kind = kind
        self.user: str | None = None
        self.games: dict[str, int | None] = {}  # code -> seat (None: watching)
        self.sent: dict[str, int] = {}  # code -> events of the history already sent
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.stamp = time.monotonic()
        self.errors = 0
        self.closed = False

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def send(self, message: dict[str, Any]) -> None:
        self.send_raw(encode(message, MAX_FROM_SERVER))

    def send_raw(self, line: bytes) -> None:
        if self.closed:
            return
        try:
            self.writer.write(line)
        except (ConnectionError, RuntimeError):
            self.closed = True

    async def close(self) -> None:
        if not self.closed:
            self.closed = True
        with contextlib.suppress(Exception):
            self.writer.close()
            await asyncio.wait_for(self.writer.wait_closed(), 2)


@dataclass
class Seat:
    name: str | None = None  # the user seated here; None while free
    bot: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "bot": self.bot}


@dataclass
class Hosted:
    code: str
    game: Game
    seats: list[Seat]
    settings: Settings
    chat: list[dict[str, Any]] = field(default_factory=list)
    conns: set[Connection] = field(default_factory=set)
    bots: dict[int, Bot] = field(default_factory=dict)
    round_started: float = field(default_factory=time.monotonic)
    hold_until: float = 0.0
    dropped: dict[int, float] = field(default_factory=dict)  # seat -> when its player left
    busy: bool = False  # a bot is deciding
    shared: dict[str, Any] = field(default_factory=dict)  # the public view, encoded, per version

    @property
    def humans(self) -> list[int]:
        return [s for s, seat in enumerate(self.seats) if seat.bot is None]

    @property
    def status(self) -> str:
        if self.game.is_over:
            return "over"
        return "open" if any(self.seats[s].name is None for s in self.humans) else "playing"

    def seat_of(self, user: str) -> int | None:
        return next((s for s, seat in enumerate(self.seats) if seat.name == user and seat.bot is None),
                    None)

    def summary(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "players": self.game.players,
            "variant": self.game.setup.variant.value,
            "status": self.status,
            "turn": self.game.turn,
            "seats": [{"name": s.name, "bot": s.bot, "free": s.bot is None and s.name is None}
                      for s in self.seats],
        }


def peer_user(writer: asyncio.StreamWriter) -> str | None:
    sock = writer.get_extra_info("socket")
    if sock is None or not hasattr(socket, "SO_PEERCRED"):
        return None
    raw = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    _pid, uid, _gid = struct.unpack("3i", raw)
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"uid{uid}"
