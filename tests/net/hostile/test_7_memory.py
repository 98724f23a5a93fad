"""§7: what a game or a connection holds in the server's memory goes when its use does.

A server that runs for months must not keep every game it ever played: a
finished game leaves memory once its last update is out (it stays on disk,
and is shown from there to whoever watches it), and a closed connection
leaves nothing behind. The server runs in this process, on real sockets, so
the test can count what is alive; `grail-tui bench server --soak` measures the
same over twenty minutes and more.
"""

from __future__ import annotations

import asyncio
import gc
from dataclasses import dataclass

from grail_tui.net.connection import Connection
from grail_tui.net.protocol import Say, Watch
from grail_tui.net.server import Server
from grail_tui.table.sqlite import GameDatabase, open_database
from grail_tui.table.table import Table
from grail_tui.table.thinking import Thinker

from .wire import Wire, create, finished_game


@dataclass
class Here:
    tcp: tuple[str, int]


def alive(kind: type) -> list[object]:
    gc.collect()
    return [o for o in gc.get_objects() if isinstance(o, kind)]


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0.02)


async def test_finished_games_and_closed_connections_leave_the_servers_memory(tmp_path):
    database = GameDatabase(open_database(tmp_path / "server.db"))
    server = Server(database, bot_delay=0.0, thinker=Thinker())
    here = Here(("127.0.0.1", await server.listen_bench_tcp("127.0.0.1", 0)))
    try:
        before = len(alive(Table))
        codes = [await finished_game(here, f"p{k}", turns=20) for k in range(3)]
        host = await Wire.open(here, "host")
        live = await create(host, (None, "random"), turn_timeout=600)
        host.send(Say(live, "still here"))
        await host.seen(live, lambda s: bool(s.chat))
        await settle()
        assert set(server.games) == {live}  # the finished games left, the live one stays
        assert len(alive(Table)) == before + 1
        fan = await Wire.open(here, "fan")
        for code in codes:
            fan.send(Watch(1, code))
            shown = await fan.state(code)
            assert shown.result is not None and shown.record is not None
        await settle()
        assert len(alive(Table)) == before + 1  # watching a finished game keeps no table
        assert set(server.finished_views._shown) == set(codes)  # only its last state, encoded
        await fan.close()
        await host.close()
        await settle()
        assert not server.conns and not alive(Connection)
        assert len(alive(Table)) == before + 1  # the unfinished game waits (paused) for its host
    finally:
        await server.close()
        database.close()
