"""One connection's reading, alone: its timeouts and its turn-taking with the others."""

from __future__ import annotations

import asyncio
import socket

from grail_tui.net import connection
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
    far.close()  # first: closing under a client still there reads what it sends, LINGER_SECONDS at most
    await conn.close()


async def test_a_silent_client_is_told_why_and_closed():
    conn, far = await connection_with(b"")
    assert await conn.read_line(0.1) is None
    assert conn.closed
    far.settimeout(5)  # what was sent is read as soon as it is there
    assert b"nothing heard from you" in await asyncio.to_thread(far.recv, 4096)
    far.close()  # first: closing under a client still there reads what it sends, LINGER_SECONDS at most
    await conn.close()


async def test_a_line_that_comes_in_time_is_read_whole():
    conn, far = await connection_with(b"hel")
    reading = asyncio.ensure_future(conn.read_line(2))
    await until(lambda: bytes(conn.reader._buffer) == b"hel", 5, "the first part read")
    far.sendall(b"lo\n")
    assert await reading == b"hello\n"
    assert not conn.closed
    far.close()  # first: closing under a client still there reads what it sends, LINGER_SECONDS at most
    await conn.close()


async def test_a_goodbye_reaches_a_client_that_is_still_sending():
    """A client closed for what it sent (a flood, too many bad messages) is told why even while it
    goes on sending: what it sends after the goodbye is read and thrown away until it closes its
    side, never left unread to reset the socket before the goodbye has been read."""
    accepted: asyncio.Queue[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = asyncio.Queue()
    server = await asyncio.start_server(lambda r, w: accepted.put_nowait((r, w)), "127.0.0.1", 0)
    far = socket.create_connection(server.sockets[0].getsockname()[:2])
    far.settimeout(10)
    reader, writer = await accepted.get()
    conn = Connection(reader, writer, "tcp", Limits())
    far.sendall(b"{nope}\n" * 5000)  # unread by the server when it gives up on the client
    conn.bye("too many bad messages: closing")
    closing = asyncio.ensure_future(conn.close())

    def client() -> bytes:
        for _ in range(20):  # still sending after the goodbye was written
            far.sendall(b"{nope}\n" * 200)
        far.shutdown(socket.SHUT_WR)
        got = b""
        while chunk := far.recv(65536):
            got += chunk
        return got

    assert b"too many bad messages" in await asyncio.to_thread(client)
    await closing
    assert writer.transport.is_closing()
    far.close()
    server.close()


async def test_the_reading_after_a_goodbye_is_bounded_in_time(monkeypatch):
    """A client that neither closes its side nor sends is cut once LINGER_SECONDS have passed."""
    monkeypatch.setattr(connection, "LINGER_SECONDS", 0.2)
    conn, far = await connection_with(b"")
    conn.bye("too many messages: closing")
    await asyncio.wait_for(conn.close(), 10)
    assert conn.writer.transport.is_closing()
    far.settimeout(5)
    assert b"too many messages" in await asyncio.to_thread(far.recv, 4096)
    far.close()


async def test_the_reading_after_a_goodbye_is_bounded_in_bytes(monkeypatch):
    """A client that never stops sending is cut once LINGER_BYTES have been thrown away,
    however long it would go on."""
    monkeypatch.setattr(connection, "LINGER_SECONDS", 3600.0)
    monkeypatch.setattr(connection, "LINGER_BYTES", 256 * 1024)
    conn, far = await connection_with(b"")
    far.setblocking(False)
    sent = 0

    async def flood() -> None:
        nonlocal sent
        while not conn.writer.transport.is_closing():
            try:
                sent += far.send(b"x" * 4096)
            except BlockingIOError:
                pass
            except OSError:
                return
            await asyncio.sleep(0)

    flooding = asyncio.ensure_future(flood())
    conn.bye("too many messages: closing")
    await asyncio.wait_for(conn.close(), 10)
    await asyncio.wait_for(flooding, 10)
    assert 256 * 1024 <= sent
    far.close()
