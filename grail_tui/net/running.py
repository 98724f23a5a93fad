"""Starting the server: its database, how many files it may open, its listeners."""

from __future__ import annotations

import asyncio
import dataclasses
import gc
import logging
import os
import resource
import sys
from pathlib import Path
from typing import Any

from grail_tui.games import registry
from grail_tui.table.sqlite import GameDatabase, open_database

from .connection import Limits
from .server import Server

log = logging.getLogger(__name__)


def default_database() -> Path:
    from platformdirs import user_state_dir

    return Path(os.environ.get("GRAIL_TUI_SERVER_DB") or Path(user_state_dir("grail-tui")) / "server.db")


def fit_to_files(limits: Limits) -> Limits:
    """The connection cap, lowered if the process may not open that many files.

    Each connection is one file; the database, the listeners and the workers' pipes
    need a few dozen more. The soft limit is raised to the hard one first (the
    systemd unit sets both, see contrib/grail-tui.service)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = limits.connections + 64
    if soft != resource.RLIM_INFINITY and soft < wanted:
        target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    if soft != resource.RLIM_INFINITY and soft < wanted:
        log.warning("only %d files may be open: at most %d connections", soft, max(1, soft - 64))
        return dataclasses.replace(limits, connections=max(1, soft - 64))
    return limits


# Python's cyclic garbage collector stops the whole server while it runs. With the default
# thresholds, 200 games under the `bench server --attack` flood paused it five times in 30 s for
# about 100 ms each (a full collection) and 60 times for a few ms more: every round trip in flight
# waited, and those pauses were the legitimate clients' p99. Young objects are collected less often
# (every 10,000 allocations, not 700), and what the server holds from its start (modules, classes,
# the games' code) is set aside for good, so a full collection walks only the games themselves.
# Measured (p99 after the opening, two runs each): 151 and 156 ms before, 116 and 77 ms after.
COLLECTOR_THRESHOLDS = (10_000, 10, 10)


def settle_collector() -> None:
    gc.collect()
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


async def serve(unix_path: Path | None, db: Path, ready: asyncio.Event | None = None, *,
                system: bool = False, bench_tcp: tuple[str, int] | None = None,
                ssh: tuple[str, int] | None = None, allow: Path | None = None,
                info: dict[str, Any] | None = None, limits: Limits | None = None,
                **options: Any) -> None:
    # The disk-sync thread needs the interpreter only for a moment between syncs; handing it over
    # sooner than the default 5 ms keeps what waits on a sync from waiting on a busy event loop.
    sys.setswitchinterval(0.0005)
    registry.preload()  # not in the middle of the first game someone creates
    database = GameDatabase(open_database(db))
    server = Server(database, limits=fit_to_files(limits or Limits()), **options)
    door = None
    info = info if info is not None else {}
    try:
        if unix_path is not None:
            await server.listen_unix(unix_path, system=system)
        if bench_tcp is not None:
            info["tcp"] = [bench_tcp[0], await server.listen_bench_tcp(*bench_tcp)]
        if ssh is not None:
            from .front import open_ssh

            door = await open_ssh(server, ssh[0], ssh[1], db.parent, allow=allow)
            info["ssh"] = [ssh[0], door.port]
            info["host_key"] = door.fingerprint
        settle_collector()
        if ready is not None:
            ready.set()
        await asyncio.Event().wait()
    finally:
        if door is not None:
            await door.close()
        await server.close()
        database.close()
