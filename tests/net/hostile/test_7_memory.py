"""§7: what a game or a connection holds in the server's memory goes when its use does.

A server that runs for months must not keep every game it ever played: a
finished game leaves memory once its last update is out (it stays on disk,
and is shown from there to whoever watches it), and a closed connection
leaves nothing behind. The server runs in this process, on real sockets, so
the test can count what is alive; `grail-tui bench server --soak` measures the
same over twenty minutes and more.
"""

from __future__ import annotations

import gc
import os
import signal
from dataclasses import dataclass
from pathlib import Path

import pytest

from grail_tui.net.connection import Connection
from grail_tui.net.protocol import Say, Watch
from grail_tui.net.server import Server
from grail_tui.table.sqlite import GameDatabase, open_database
from grail_tui.table.table import Table
from grail_tui.table.thinking import Thinker

from ...waiting import until
from .conftest import serve
from .wire import Wire, create, finished_game


@dataclass
class Here:
    tcp: tuple[str, int]


def alive(kind: type) -> list[object]:
    gc.collect()
    return [o for o in gc.get_objects() if isinstance(o, kind)]


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
        # the finished games leave, the live one stays
        await until(lambda: set(server.games) == {live} and len(alive(Table)) == before + 1, 10,
                    "the finished games' tables freed", step=0.05)
        fan = await Wire.open(here, "fan")
        for code in codes:
            fan.send(Watch(1, code))
            shown = await fan.state(code)
            assert shown.result is not None and shown.record is not None
        assert len(alive(Table)) == before + 1  # watching a finished game (each one answered) keeps no table
        assert set(server.finished_views._shown) == set(codes)  # only its last state, encoded
        await fan.close()
        await host.close()
        await until(lambda: not server.conns and not alive(Connection), 10, "the connections freed", step=0.05)
        assert len(alive(Table)) == before + 1  # the unfinished game waits (paused) for its host
    finally:
        await server.close()
        database.close()


def descendants(root: int) -> set[int]:
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
    found, frontier = set(), {root}
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def running(pids: set[int]) -> set[int]:
    alive = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            alive.add(pid)
    return alive


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["kill-9", "terminate"])
async def test_a_server_that_goes_leaves_no_bot_worker_behind(tmp_path, how):
    """Searching bots think in worker processes; however the server ends, they end with it."""
    server = serve(tmp_path / "server")
    host = await Wire.open(server, "host")
    await create(host, (None, "strong", "strong"))
    # the forkserver, its resource tracker, a worker
    await until(lambda: len(descendants(server.proc.pid)) >= 3, 10, "the bots' worker processes", step=0.05)
    helpers = descendants(server.proc.pid)
    os.kill(server.proc.pid, how)
    server.proc.wait(10)
    await host.close()
    try:
        await until(lambda: not running(helpers), 10, step=0.05)
    except AssertionError:
        raise AssertionError(f"left behind: {running(helpers)}") from None


async def test_spectators_who_have_seen_the_same_are_told_with_one_update():
    """However many watch, one publication is one update (encoded once by the server) for all
    spectators who had seen the same; a spectator who came later gets its own."""
    from grail_tui.games import registry
    from grail_tui.games.api import SetupRequest
    from grail_tui.table.seats import SeatConfig
    from grail_tui.table.store import MemoryStore

    hunt = registry.get("hunt")
    setup = hunt.make_setup(SetupRequest(players=2, seed=3))
    table = Table(hunt, setup, [SeatConfig("a"), SeatConfig("b")], MemoryStore())
    heard: list[list[object]] = [[] for _ in range(4)]
    for got in heard[:3]:
        table.join(None, got.append)
    table.join(0, heard[3].append)
    opening = [a for a in table.state.legal_actions(0)][0]
    table.submit(0, opening, table.seq)
    table.submit(1, next(iter(table.state.legal_actions(1))), table.seq)
    assert heard[0][-1] is heard[1][-1] is heard[2][-1]  # one update for the three spectators
    assert heard[3][-1] is not heard[0][-1] and heard[0][-1].seq == table.seq
    table.close()
