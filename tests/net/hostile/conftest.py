"""Real server processes for the hostile tests, their stderr kept in a file and checked; and a
server in the test's own process whose games run on a fake clock, for what takes time."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from pytest import approx

from grail_tui.table.sqlite import GameDatabase, open_database
from grail_tui.table.timekeeping import FakeClock

from ..conftest import Served, serve

__all__ = ["OnFakeTime", "Served", "serve"]
LIMIT = 5.0  # the shortest time limit a host may set


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    """A server with the default limits (bots without delay); no traceback by the end."""
    running = serve(tmp_path / "server")
    yield running
    running.stop()
    running.assert_no_traceback()


@dataclass
class OnFakeTime:
    """A server in this process whose games run on a fake clock (its connections on real time)."""

    tcp: tuple[str, int]
    db: Path
    server: Any
    clock: FakeClock

    def table(self, code: str) -> Any:
        return self.server.games[code].table

    async def times_out(self, moved: Any, limit: float = LIMIT, after: float = 0.0) -> None:
        """Nothing moves a moment before the wait's time limit; at the limit (and ``after`` it,
        for a stand-in bot's decision padded to the floor), it does."""
        await self.clock.advance(limit - 0.01)
        assert not moved(), "a wait ended before its time limit"
        assert await self.clock.run_until(moved, 1) == approx(0.01 + after)


@pytest.fixture
async def on_fake_time(tmp_path: Path) -> AsyncIterator[OnFakeTime]:
    from grail_tui.net.server import Server
    from grail_tui.table.thinking import Thinker

    clock = FakeClock()
    database = GameDatabase(open_database(tmp_path / "server.db"))
    server = Server(database, bot_delay=0.0, thinker=Thinker(), clock=clock)
    try:
        port = await server.listen_bench_tcp("127.0.0.1", 0)
        yield OnFakeTime(("127.0.0.1", port), tmp_path / "server.db", server, clock)
    finally:
        await server.close()
        database.close()
