"""The client's end of a connection to a server: typed messages, each checked on arrival.

Before it says anything on a Unix socket, the client asks the kernel who is
at the other end and refuses anybody but the expected account.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from pathlib import Path
from typing import Any

from .protocol import (
    MAX_FROM_SERVER,
    VERSION,
    Hello,
    ProtocolError,
    ServerMessage,
    Welcome,
    decode_server,
    encode,
)
from .sockets import verify_server

# A server's choices for games' options: game -> option key -> ((value, label), ...).
Offered = dict[str, dict[str, tuple[tuple[str, str], ...]]]
OFFERED_CAP = (16, 32, 256, 80)  # games, options a game, choices an option, characters a word


def offered(raw: Any) -> Offered:
    """The choices a server's welcome offers, as far as they are well formed (the rest is
    dropped: the server checks every choice a host makes anyway)."""
    games, options, choices, chars = OFFERED_CAP
    out: Offered = {}
    if not isinstance(raw, dict):
        return out
    for game, table in list(raw.items())[:games]:
        if not isinstance(game, str) or not isinstance(table, dict):
            continue
        for key, items in list(table.items())[:options]:
            if isinstance(key, str) and isinstance(items, list):
                pairs = tuple((v, w) for v, w in (tuple(i) for i in items[:choices] if isinstance(i, list) and len(i) == 2)
                              if isinstance(v, str) and isinstance(w, str) and len(v) <= chars and len(w) <= chars)
                if pairs:
                    out.setdefault(game, {})[key] = pairs
    return out


class ServerLink:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.user = "?"
        self.guest = False
        self.paces: tuple[str, ...] = ()  # the server's turn-based presets (Welcome)
        self.choices: Offered = {}  # the server's choices for games' options (Welcome)

    @classmethod
    async def unix(cls, path: Path, *, verify: bool = True) -> ServerLink:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.setblocking(False)
            await asyncio.get_running_loop().sock_connect(sock, str(path))
            if verify:
                verify_server(sock, path)
        except BaseException:
            sock.close()
            raise
        reader, writer = await asyncio.open_unix_connection(sock=sock, limit=MAX_FROM_SERVER)
        return await cls(reader, writer)._greet(None)

    @classmethod
    async def from_fd(cls, fd: int) -> ServerLink:
        """The socket an SSH session was handed: the server knows who is at this end already."""
        sock = socket.socket(fileno=fd)
        sock.setblocking(False)
        reader, writer = await asyncio.open_unix_connection(sock=sock, limit=MAX_FROM_SERVER)
        return await cls(reader, writer)._greet(None)

    @classmethod
    async def bench_tcp(cls, host: str, port: int, name: str) -> ServerLink:
        """The loopback benchmark transport: a claimed name, nothing secret."""
        reader, writer = await asyncio.open_connection(host, port, limit=MAX_FROM_SERVER)
        return await cls(reader, writer)._greet(name)

    async def _greet(self, name: str | None) -> ServerLink:
        await self.send(Hello(VERSION, name))
        welcome = await asyncio.wait_for(self.receive(), 10)
        if not isinstance(welcome, Welcome):
            await self.close()
            raise ProtocolError(str(getattr(welcome, "reason", None) or getattr(welcome, "error", welcome)))
        self.user, self.guest, self.paces = welcome.user, welcome.guest, welcome.paces
        self.choices = offered(welcome.choices)
        return self

    async def send(self, message: Any) -> None:
        self.writer.write(encode(message))
        await self.writer.drain()

    def send_nowait(self, message: Any) -> None:
        self.writer.write(encode(message))

    async def receive(self) -> ServerMessage:
        line = await self.reader.readline()
        if not line:
            raise ConnectionError("the server closed the connection")
        return decode_server(line)

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(ConnectionError, OSError, asyncio.TimeoutError):
            await asyncio.wait_for(self.writer.wait_closed(), 2)
