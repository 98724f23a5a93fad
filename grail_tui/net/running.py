"""Starting the server: its database, how many files it may open, its listeners."""

from __future__ import annotations

import asyncio
import dataclasses
import errno
import gc
import logging
import os
import resource
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from grail_tui.games import registry
from grail_tui.table.sqlite import GameDatabase, open_database

from .connection import Limits
from .server import Server

if TYPE_CHECKING:
    from .ssh.limits import Limits as DoorLimits

log = logging.getLogger(__name__)


def default_database() -> Path:
    from platformdirs import user_state_dir

    return Path(os.environ.get("GRAIL_TUI_SERVER_DB") or Path(user_state_dir("grail-tui")) / "server.db")


RESERVED_FILES = 64  # the database, the listeners, the workers' pipes: never given to connections
OUT_OF_FILES = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)


def fit_to_files(limits: Limits, door: DoorLimits | None = None) -> tuple[Limits, DoorLimits | None]:
    """The connection caps, lowered if the process may not open that many files.

    Each connection is one file; the SSH front door (``door``) may hold
    ``door.files`` at its fullest; the database, the listeners and the workers'
    pipes need a few dozen more, kept for them alone, so running out of files is
    a refusal at a cap, never an error. Short of files, the door gets at most
    half of them. The soft limit is raised to the hard one first (the systemd
    unit sets both, see contrib/grail-tui.service)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    door_files = door.files if door is not None else 0
    wanted = limits.connections + RESERVED_FILES + door_files
    if soft != resource.RLIM_INFINITY and soft < wanted:
        target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return limits, door
    usable = max(2, soft - RESERVED_FILES)
    if door is not None:
        door = door.within(min(door.files, usable // 2))
        usable -= door.files
    connections = max(1, min(limits.connections, usable))
    told = f" and {door.connections} at the SSH door" if door is not None else ""
    log.warning("only %d files may be open: at most %d connections%s", soft, connections, told)
    return dataclasses.replace(limits, connections=connections), door


def quiet_when_out_of_files(loop: asyncio.AbstractEventLoop) -> None:
    """Running out of files while accepting is a refusal, said in one line a minute, not a
    traceback per attempt: the listener pauses a second and takes the waiting ones then."""
    said = -60.0

    def handler(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        nonlocal said
        exc = context.get("exception")
        if isinstance(exc, OSError) and exc.errno in OUT_OF_FILES and "accept" in str(context.get("message")):
            if loop.time() - said >= 60:
                said = loop.time()
                log.warning("out of files (%s): new connections wait until some close", exc.strerror)
            return
        loop.default_exception_handler(context)

    loop.set_exception_handler(handler)


# Python's cyclic garbage collector stops the whole server while it runs, and every round trip in
# flight waits. What the server holds from its start (modules, classes, the games' code) is set aside
# for good, so a collection walks only the games and connections. Young collections stay at the
# default size: raised to 10,000 objects, each one paused the server for about 30 ms under
# `bench server --attack` at 200 games, and those pauses were the legitimate clients' p99. A full
# collection walks every live game (about 80 ms at 200 games), so it comes after 100 middle ones,
# not 10: about every 100 s under that load, not every 10 s. That is safe only because the server
# makes no cyclic garbage: a game that ends is freed at once (table/clock.py `close`, and its test),
# where it had waited for a full collection; the soak (`bench server --soak`) watches memory.
COLLECTOR_THRESHOLDS = (700, 10, 100)


def settle_collector() -> None:
    gc.collect()
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


async def serve(unix_path: Path | None, db: Path, ready: asyncio.Event | None = None, *,
                system: bool = False, bench_tcp: tuple[str, int] | None = None,
                ssh: tuple[str, int] | None = None, allow: Path | None = None,
                info: dict[str, Any] | None = None, limits: Limits | None = None,
                ssh_limits: DoorLimits | None = None, **options: Any) -> None:
    # The disk-sync thread needs the interpreter only for a moment between syncs; handing it over
    # sooner than the default 5 ms keeps what waits on a sync from waiting on a busy event loop.
    sys.setswitchinterval(0.0005)
    registry.preload()  # not in the middle of the first game someone creates
    database = GameDatabase(open_database(db))
    quiet_when_out_of_files(asyncio.get_running_loop())
    door_limits = None
    if ssh is not None:  # (asyncssh is imported only for a server with a door)
        from .ssh.limits import Limits as DoorLimits

        door_limits = ssh_limits if ssh_limits is not None else DoorLimits()
    server_limits, door_limits = fit_to_files(limits or Limits(), door_limits)
    server = Server(database, limits=server_limits, **options)
    door = None
    info = info if info is not None else {}
    made: os.stat_result | None = None
    try:
        if unix_path is not None:
            await server.listen_unix(unix_path, system=system)
            made = unix_path.stat()
        if bench_tcp is not None:
            info["tcp"] = [bench_tcp[0], await server.listen_bench_tcp(*bench_tcp)]
        if ssh is not None:
            from .front import open_ssh

            door = await open_ssh(server, ssh[0], ssh[1], db.parent, allow=allow, limits=door_limits)
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
        if unix_path is not None and made is not None:
            forget_socket(unix_path, made)


def forget_socket(path: Path, made: os.stat_result) -> None:
    """Take the server's socket away as it stops (asyncio leaves it): a client then finds no
    server rather than a dead socket. Only the socket this server made, not one put there since."""
    try:
        now = path.lstat()
        if (now.st_dev, now.st_ino) == (made.st_dev, made.st_ino):
            path.unlink()
    except OSError:
        pass
