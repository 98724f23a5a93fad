"""Talking to a real server over its loopback test transport; the games made are Pebbles, the
tests' toy game (the platform's tests name no real game)."""

from __future__ import annotations

import asyncio
from typing import Any

from grail_tui.net.client import ServerLink
from grail_tui.net.protocol import Create, Join, Joined, State, TableRules

from ..pebbles import KIND


async def link(server: Any, name: str) -> ServerLink:
    return await ServerLink.bench_tcp(*server.tcp, name)


async def next_of(conn: ServerLink, kind: type, timeout: float = 15.0) -> Any:
    while True:
        message = await asyncio.wait_for(conn.receive(), timeout)
        if isinstance(message, kind):
            return message


async def create(conn: ServerLink, bots: tuple[str | None, ...], *, options: dict | None = None,
                 game: str = KIND.name, **rules: Any) -> str:
    rules.setdefault("min_round", 0)
    await conn.send(Create(1, game, bots, options=options or {}, rules=TableRules(**rules)))
    joined = await next_of(conn, Joined)
    assert joined.seat == 0
    return str(joined.code)


async def seated(server: Any, names: tuple[str, ...], **rules: Any) -> tuple[list[ServerLink], str]:
    conns = [await link(server, n) for n in names]
    code = await create(conns[0], (None,) * len(names), **rules)
    for k, c in enumerate(conns[1:], start=1):
        await c.send(Join(k, code))
        joined = await next_of(c, Joined)
        assert joined.seat == k
    return conns, code


async def states(conn: ServerLink, code: str, until: Any, timeout: float = 30.0) -> list[State]:
    """Every state of ``code`` this connection receives until ``until(state)`` holds."""
    got: list[State] = []
    while True:
        message = await asyncio.wait_for(conn.receive(), timeout)
        if isinstance(message, State) and message.code == code:
            got.append(message)
            if until(message):
                return got
