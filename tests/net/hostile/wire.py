"""A client that keeps every byte it receives: the hostile tests' eyes on the wire."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from grail_tui.games import registry
from grail_tui.net.protocol import (
    VERSION,
    Create,
    Hello,
    Joined,
    Leave,
    Say,
    ServerMessage,
    State,
    TableRules,
    Watch,
    decode_server,
    encode,
)

HUNT = registry.get("hunt")


class Wire:
    """One connection over the loopback transport. ``raw`` holds every line received, in order;
    decoded messages wait in ``inbox``; ``latest`` is the last state of each game."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, name: str) -> None:
        self.reader, self.writer, self.name = reader, writer, name
        self.user = ""
        self.raw: list[bytes] = []
        self.inbox: asyncio.Queue[ServerMessage | None] = asyncio.Queue()
        self.latest: dict[str, State] = {}
        self.closed = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(cls, server: Any, name: str, *, hello: bool = True) -> Wire:
        reader, writer = await asyncio.open_connection(*server.tcp, limit=32 * 1024 * 1024)
        wire = cls(reader, writer, name)
        if hello:
            wire.send(Hello(VERSION, name))
            welcome = await wire.next("welcome")
            wire.user = welcome.user
        return wire

    async def _read(self) -> None:
        try:
            while line := await self.reader.readline():
                self.raw.append(line)
                message = decode_server(line)
                if isinstance(message, State):
                    self.latest[message.code] = message
                self.inbox.put_nowait(message)
        except (ConnectionError, OSError):
            pass
        finally:
            self.closed.set()
            self.inbox.put_nowait(None)

    def send(self, message: Any) -> None:
        self.writer.write(encode(message))

    def send_raw(self, line: bytes) -> None:
        self.writer.write(line)

    async def next(self, kind: str, timeout: float = 15.0, *, code: str | None = None) -> Any:
        """The next message of type ``kind`` (skipping others); ConnectionError if the line closes."""
        async with asyncio.timeout(timeout):
            while True:
                message = await self.inbox.get()
                if message is None:
                    raise ConnectionError(f"{self.name}: the server closed the connection")
                if type(message).__name__.lower() == kind and (code is None or getattr(message, "code", None) == code):
                    return message

    async def state(self, code: str, until: Any = lambda s: True, timeout: float = 30.0) -> State:
        state: State = await self.next("state", timeout, code=code)
        while not until(state):
            state = await self.next("state", timeout, code=code)
        return state

    async def seen(self, code: str, until: Any, timeout: float = 30.0) -> State:
        """The latest state of ``code`` once it satisfies ``until`` (the inbox is left alone)."""
        async with asyncio.timeout(timeout):
            while code not in self.latest or not until(self.latest[code]):
                await asyncio.sleep(0.003)
        return self.latest[code]

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.writer.wait_closed(), 2)
        self._task.cancel()

    def messages(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.raw]


async def create(wire: Wire, bots: tuple[str | None, ...], *, options: dict[str, Any] | None = None,
                 names: tuple[str, ...] = (), reserved: tuple[str | None, ...] = (), leave: bool = False,
                 **rules: Any) -> str:
    """A new game hosted by ``wire``; with ``leave`` the host closes it again at once (it stays
    on the server, paused, and still counts as the host's)."""
    rules.setdefault("min_round", 0)
    wire.send(Create(1, "hunt", bots, names=names, reserved=reserved,
                     options=options or {"turn_limit": 60}, rules=TableRules(**rules)))
    async with asyncio.timeout(15):
        while True:
            message = await wire.inbox.get()
            if isinstance(message, Joined):
                if leave:
                    wire.send(Leave(message.code))
                return message.code
            if message is None or type(message).__name__ in ("Error", "Bye"):
                raise AssertionError(f"the game was not created: {message}")


async def finished_game(server: Any, name: str, turns: int = 150) -> str:
    """A game played to its end: the host plays its seat by a random bot's choices, briskly
    (a table moves only while one of its players is there), and a spectator chats; its code."""
    from grail_tui.games.hunt.bots import RandomBot
    from grail_tui.net.botclient import reply_to

    host = await Wire.open(server, name)
    code = await create(host, (None, "random"), options={"turn_limit": turns})
    spectator = await Wire.open(server, f"{name}-fan")
    spectator.send(Watch(1, code))
    for k in range(20):  # the chat is part of what a spectator of the finished game is shown
        spectator.send(Say(code, f"{k:02d} " + "chat " * 99))
    bot = RandomBot(7)
    async with asyncio.timeout(60):
        while True:
            state = await host.state(code, timeout=60)
            if state.result is not None:
                break
            act = reply_to(HUNT, state, bot)
            if act is not None:
                await asyncio.sleep(0.04)  # within the message rate a connection may keep up
                host.send(act)
    await host.close()
    await spectator.close()
    return code


def legal(state: State) -> list[Any]:
    assert state.seat is not None
    view = HUNT.decode_view(state.view, state.seat)
    return list(HUNT.from_view(view).legal_actions(state.seat))
