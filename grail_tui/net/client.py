"""A connection to the server, and a headless seat player for tests and benchmarks."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from grail_tui.games.hunt.bots import Bot
from grail_tui.games.hunt.bots.world import build
from grail_tui.games.hunt.engine import Action, PlayerView, action_to_dict, decode

from .protocol import MAX_FROM_SERVER, VERSION, ProtocolError, encode
from .protocol import decode as decode_line


class Connection:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.user: str | None = None
        self.token: str | None = None

    @classmethod
    async def open(cls, unix: Path | None = None, tcp: tuple[str, int] | None = None,
                   name: str | None = None, token: str | None = None) -> Connection:
        if unix is not None:
            reader, writer = await asyncio.open_unix_connection(str(unix), limit=MAX_FROM_SERVER)
        else:
            assert tcp is not None
            reader, writer = await asyncio.open_connection(tcp[0], tcp[1], limit=MAX_FROM_SERVER)
        conn = cls(reader, writer)
        hello: dict[str, Any] = {"type": "hello", "version": VERSION}
        if token:
            hello["token"] = token
        elif name:
            hello["name"] = name
        await conn.send(hello)
        welcome = await conn.receive()
        if welcome.get("type") != "welcome":
            raise ProtocolError(str(welcome.get("error", welcome)))
        conn.user = welcome["user"]
        conn.token = welcome.get("token", token)
        return conn

    async def send(self, message: dict[str, Any]) -> None:
        self.writer.write(encode(message))
        await self.writer.drain()

    async def receive(self) -> dict[str, Any]:
        line = await self.reader.readline()
        if not line:
            raise ConnectionError("the server closed the connection")
        return decode_line(line)

    async def close(self) -> None:
        self.writer.close()
        try:
            await self.writer.wait_closed()
        except (ConnectionError, OSError):
            pass


def legal_from_view(view: PlayerView) -> Sequence[Action]:
    """The seat's legal actions, worked out by the engine from its own view."""
    return build(view).legal_actions(view.player)


def reply_to(message: dict[str, Any], bot: Bot) -> dict[str, Any] | None:
    """The ``act`` message with ``bot``'s answer to a state message that awaits
    this seat's move (None if the seat has nothing legal to do)."""
    view = decode(PlayerView, message["view"])
    legal = list(legal_from_view(view))
    if not legal:
        return None
    action = bot.decide(view, legal)
    return {"type": "act", "code": message["code"], "action": action_to_dict(action)}


async def play_seat(conn: Connection, code: str, bot: Bot, *, log: list[dict[str, Any]] | None = None,
                    latencies: list[float] | None = None, think: float = 0.0) -> dict[str, Any]:
    """Answer every state of game ``code`` with ``bot`` until the game is over."""
    sent_at: float | None = None
    last_key: Any = None
    while True:
        message = await conn.receive()
        if log is not None:
            log.append(message)
        if message.get("type") == "bye":
            raise ConnectionError(message.get("error", "closed"))
        if message.get("type") != "state" or message.get("code") != code:
            continue
        if sent_at is not None and latencies is not None:
            latencies.append(time.perf_counter() - sent_at)
            sent_at = None
        if message["status"] == "over":
            return message
        if not message.get("your_move"):
            continue
        key = message["version"]  # the number of actions so far: one answer per position
        if key == last_key:
            continue
        last_key = key
        act = reply_to(message, bot)
        if act is None:
            continue
        if think:
            await asyncio.sleep(think)
        sent_at = time.perf_counter()
        await conn.send(act)
