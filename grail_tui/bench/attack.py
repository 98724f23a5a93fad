"""Floods against a running server, beside the normal load (`grail-tui bench server --attack`).

Runs in a process of its own, so its work does not slow the legitimate
clients' own measurements, and prints what it did as JSON when it stops.
Each kind of flood is a loop that starts again whenever the server cuts it
off: malformed lines of every sort, blank lines, oversized lines,
connections that never say hello, clients that never read, more
connections than an account may have, games full of searching bots, chat,
lobby polling, stale and malformed actions, and more games than an account
may create. Every name here is a claimed name on the loopback benchmark
transport, as if each flood were another account.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import socket
import sys
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

Stats = dict[str, Counter[str]]
JUNK = [
    b"{not json", b"[" * 5000 + b"]" * 5000, b'{"type":"ping","ref":' + b"9" * 5000 + b"}",
    b'{"type":"ping","ref":NaN}', b'{"type":"ping","ref":1e999}', b"\xff\xfe\xfd", b"\xc0\xaf",
    b'{"type":"say","code":"\\ud800","text":"x"}', b'{"type":"create","ref":1,"game":"hunt","bots":[]}',
    b'{"type":"create","ref":1,"game":"hunt","bots":[null],"players":100000000}',
    b'{"type":"act","code":"ABCD","seq":-1,"action":{"kind":[[[[[]]]]]}}', b'{"type":"list","ref":"x"}',
    b'{"type":"teleport"}', b"null", b'{"type":"join","ref":1,"code":"\\u001b[2J"}',
]


class Line:
    """One attacking connection: writes whatever it is told, and counts what comes back."""

    def __init__(self, port: int, stats: Counter[str]) -> None:
        self.port, self.stats = port, stats
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.codes: list[str] = []

    async def open(self, name: str | None, *, rcvbuf: int = 0) -> None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if rcvbuf:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", self.port))
        self.reader, self.writer = await asyncio.open_connection(sock=sock, limit=1 << 24)
        self.stats["connections"] += 1
        if name is not None:
            self.write({"type": "hello", "version": 2, "name": name})

    def write(self, message: dict[str, Any] | bytes) -> None:
        assert self.writer is not None
        data = message if isinstance(message, bytes) else json.dumps(message).encode()
        self.writer.write(data + b"\n")
        self.stats["sent"] += 1

    async def drain(self) -> None:
        assert self.writer is not None
        await asyncio.wait_for(self.writer.drain(), 5)

    async def listen(self) -> None:
        """Read and count replies until the server closes the connection."""
        assert self.reader is not None
        with contextlib.suppress(ConnectionError, OSError, asyncio.IncompleteReadError, ValueError):
            while line := await self.reader.readline():
                kind = json.loads(line).get("type", "?")
                self.stats[kind] += 1
                if kind == "joined":
                    self.codes.append(json.loads(line)["code"])

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


async def again(stop: float, stats: Counter[str], body: Callable[[], Awaitable[None]]) -> None:
    """Run ``body`` until ``stop``, starting it again each time the server cuts it off."""
    while time.monotonic() < stop:
        try:
            await body()
        except (ConnectionError, OSError, TimeoutError, asyncio.IncompleteReadError):
            stats["cut_off"] += 1
        await asyncio.sleep(0.05)


async def junk(port: int, stop: float, stats: Counter[str], k: int) -> None:
    async def body() -> None:
        line = Line(port, stats)
        await line.open(f"junk{k}")
        listening = asyncio.create_task(line.listen())
        while not listening.done() and time.monotonic() < stop:
            line.write(random.choice(JUNK))
            await line.drain()
            await asyncio.sleep(1 / 15)
        line.close()
        await listening
    await again(stop, stats, body)


async def burst(port: int, stop: float, stats: Counter[str], name: str, payload: bytes) -> None:
    """Connect, send ``payload`` at once (a flood of blank lines, or a line too long), be cut off."""
    async def body() -> None:
        line = Line(port, stats)
        await line.open(name)
        assert line.writer is not None
        line.writer.write(payload)
        await line.listen()
        line.close()
        await asyncio.sleep(0.2)
    await again(stop, stats, body)


async def silent(port: int, stop: float, stats: Counter[str], count: int) -> None:
    """Connections that never say hello: each is closed after the hello timeout, and reopened."""
    async def one() -> None:
        async def body() -> None:
            line = Line(port, stats)
            await line.open(None)
            await line.listen()
            line.close()
        await again(stop, stats, body)
    await asyncio.gather(*(one() for _ in range(count)))


async def slow_reader(port: int, stop: float, stats: Counter[str], k: int) -> None:
    """Asks for as much as it can (every finished game's whole history) and never reads."""
    async def body() -> None:
        line = Line(port, stats)
        await line.open(f"sloth{k}", rcvbuf=4096)
        for page in range(3):
            line.write({"type": "list", "ref": page, "which": "finished", "page": page})
            line.write({"type": "list", "ref": 10 + page, "which": "live", "page": page})
        await asyncio.sleep(1.0)
        assert line.reader is not None
        codes: set[str] = set()
        with contextlib.suppress(TimeoutError, ValueError):
            while raw := await asyncio.wait_for(line.reader.readline(), 0.5):
                codes.update(g["code"] for g in json.loads(raw).get("games", []))
        ref = 100
        while time.monotonic() < stop:
            for code in list(codes)[:40] or ["ABCD"]:
                ref += 1
                line.write({"type": "watch", "ref": ref, "code": code})
            await line.drain()  # raises once the server has cut this client off
            await asyncio.sleep(1.0)
        line.close()
    await again(stop, stats, body)


async def hog(port: int, stop: float, stats: Counter[str], count: int) -> None:
    """More connections than one account may have, held open; the extra ones are refused."""
    lines = []
    for _ in range(count):
        line = Line(port, stats)
        with contextlib.suppress(OSError):
            await line.open("hog")
            lines.append(asyncio.create_task(line.listen()))
        await asyncio.sleep(0.02)
    while time.monotonic() < stop:
        await asyncio.sleep(1.0)


async def host(port: int, stop: float, stats: Counter[str], name: str, bots: list[str | None],
               chat: float = 0.0, stale: float = 0.0, creates: float = 0.0) -> None:
    """An account that hosts games (its own seat played at once with the first legal-looking
    action it is offered by the server's refusals), and optionally floods chat, stale actions
    and more games than it may have."""
    from grail_tui.games import registry
    from grail_tui.games.api import BotLevel

    kind = registry.get("hunt")
    bot = kind.make_bot(BotLevel.RANDOM, 7)

    async def body() -> None:
        line = Line(port, stats)
        await line.open(name)
        assert line.reader is not None
        line.write({"type": "create", "ref": 1, "game": "hunt", "bots": bots,
                    "options": {"turn_limit": 100}, "rules": {"min_round": 0}})
        nxt = time.monotonic()
        while time.monotonic() < stop:
            with contextlib.suppress(TimeoutError):
                raw = await asyncio.wait_for(line.reader.readline(), 0.2)
                if not raw:
                    raise ConnectionError("closed")
                message = json.loads(raw)
                stats[message["type"]] += 1
                if message["type"] == "state" and message["asked"] and message["result"] is None:
                    view = kind.decode_view(message["view"], message["seat"])
                    legal = list(kind.legal_from_view(view, message["seat"]))
                    line.write({"type": "act", "code": message["code"], "seq": message["seq"],
                                "action": kind.action_to_dict(bot.decide(view, legal))})
                elif message["type"] == "state" and message["result"] is not None:
                    line.write({"type": "leave", "code": message["code"]})
                    line.write({"type": "create", "ref": 1, "game": "hunt", "bots": bots,
                                "options": {"turn_limit": 100}, "rules": {"min_round": 0}})
                elif message["type"] == "joined":
                    line.codes.append(message["code"])
            if time.monotonic() >= nxt and line.codes:
                code = line.codes[-1]
                if chat:
                    line.write({"type": "say", "code": code, "text": "spam " * 90})
                if stale:
                    line.write({"type": "act", "code": code, "seq": 0, "action": {"kind": "pass", "player": 0}})
                if creates:
                    line.write({"type": "create", "ref": 2, "game": "hunt", "bots": [None, None]})
                nxt = time.monotonic() + 1 / max(chat, stale, creates, 1.0)
        line.close()
    await again(stop, stats, body)


async def lobby(port: int, stop: float, stats: Counter[str], k: int) -> None:
    async def body() -> None:
        line = Line(port, stats)
        await line.open(f"poller{k}")
        listening = asyncio.create_task(line.listen())
        ref = 0
        while not listening.done() and time.monotonic() < stop:
            ref += 1
            line.write({"type": "list", "ref": ref, "which": ("live", "open", "finished", "mine")[ref % 4],
                        "page": ref % 3})
            await line.drain()
            await asyncio.sleep(1 / 15)
        line.close()
    await again(stop, stats, body)


async def attack(port: int, seconds: float) -> dict[str, dict[str, int]]:
    stop = time.monotonic() + seconds
    stats: Stats = {}

    def counter(kind: str) -> Counter[str]:
        return stats.setdefault(kind, Counter())

    floods = [
        *(junk(port, stop, counter("malformed"), k) for k in range(4)),
        *(burst(port, stop, counter("blank_lines"), f"blank{k}", b"\n" * 500) for k in range(2)),
        *(burst(port, stop, counter("oversized"), f"big{k}", b"x" * 20_000 + b"\n") for k in range(2)),
        silent(port, stop, counter("no_hello"), 40),
        *(slow_reader(port, stop, counter("slow_reader"), k) for k in range(4)),
        hog(port, stop, counter("connections"), 24),
        *(host(port, stop, counter("strong_bots"), f"searcher{k}", [None, "strong", "strong", "strong"])
          for k in range(10)),
        host(port, stop, counter("chat"), "chatter", [None, "random"], chat=5.0),
        host(port, stop, counter("stale_actions"), "stale", [None, "random"], stale=10.0),
        host(port, stop, counter("creates"), "creator", [None, "random"], creates=2.0),
        *(lobby(port, stop, counter("lobby"), k) for k in range(2)),
    ]
    tasks = [asyncio.create_task(f) for f in floods]
    await asyncio.sleep(seconds)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return {kind: dict(counts) for kind, counts in stats.items()}


def main(argv: list[str] | None = None) -> None:
    """``python -m grail_tui.bench.attack PORT SECONDS``: prints the floods' counts as JSON."""
    args = argv if argv is not None else sys.argv[1:]
    print(json.dumps(asyncio.run(attack(int(args[0]), float(args[1])))), flush=True)


if __name__ == "__main__":
    main()
