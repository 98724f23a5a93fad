"""One connection's reading, alone: its timeouts and its turn-taking with the others."""

from __future__ import annotations

import asyncio
import socket

from grail_tui.net.connection import Connection, Limits

from ..waiting import until


async def connection_with(data: bytes) -> tuple[Connection, socket.socket]:
    ours, theirs = socket.socketpair()
    theirs.sendall(data)
    reader, writer = await asyncio.open_unix_connection(sock=ours)
    return Connection(reader, writer, "unix", Limits()), theirs


async def test_lines_already_read_still_take_turns_with_other_connections():
    """A client that sends many lines at once is served a line at a time, each followed by a turn
    for everyone else: it never goes ahead of them all."""
    conn, far = await connection_with(b"one\ntwo\nthree\n")
    await until(lambda: conn.reader._buffer.count(b"\n") == 3, 5, "all three lines in the buffer")
    order: list[str] = []

    async def flooder() -> None:
        for _ in range(3):
            order.append((await conn.read_line(5)).decode().strip())

    async def other() -> None:
        for _ in range(3):
            order.append("other")
            await asyncio.sleep(0)

    await asyncio.gather(flooder(), other())
    mine = [order.index(line) for line in ("one", "two", "three")]
    assert all("other" in order[a:b] for a, b in zip(mine, mine[1:], strict=False)), order
    await conn.close()
    far.close()


async def test_a_silent_client_is_told_why_and_closed():
    conn, far = await connection_with(b"")
    assert await conn.read_line(0.1) is None
    assert conn.closed
    far.settimeout(5)  # what was sent is read as soon as it is there
    assert b"nothing heard from you" in await asyncio.to_thread(far.recv, 4096)
    await conn.close()
    far.close()


async def test_a_line_that_comes_in_time_is_read_whole():
    conn, far = await connection_with(b"hel")
    reading = asyncio.ensure_future(conn.read_line(2))
    await until(lambda: bytes(conn.reader._buffer) == b"hel", 5, "the first part read")
    far.sendall(b"lo\n")
    assert await reading == b"hello\n"
    assert not conn.closed
    await conn.close()
    far.close()
