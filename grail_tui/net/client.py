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


class ServerLink:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.user = "?"
        self.guest = False
        self.paces: tuple[str, ...] = ()  # the server's turn-based presets (Welcome)

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
