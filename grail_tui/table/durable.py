"""The server's writes reach the disk off the event loop, and nobody hears of one before it has.

Each accepted action is committed to SQLite's write-ahead log at once
(synchronous=NORMAL: written, not yet waited for), so a killed server process
loses nothing. A thread then makes the log durable with fsync, as often as
there are new writes, so many actions share one sync and the event loop that
serves people never waits for the disk (with synchronous=FULL every commit
waited for its own fsync, on the loop: measured in docs/deploy.md). Whoever
must not tell anybody of a write before it is on disk (the server's outgoing
messages) takes a ``mark`` when the message is made and awaits ``reached``
before sending it. The same thread checkpoints the log into the database,
which SQLite would otherwise do on the loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
import threading
import time
from pathlib import Path
from typing import Protocol

CHECKPOINT_EVERY = 2.0  # seconds between checkpoints, while there are writes


class Written(Protocol):
    path: Path
    written: int  # writes committed so far (counted on the event loop)


class DiskSync:
    sync_file = staticmethod(os.fsync)  # (a test holds it, to see that nothing goes out before)

    def __init__(self, database: Written) -> None:
        self.database = database
        self.loop = asyncio.get_running_loop()
        self.synced = database.written  # writes known to be on disk
        self._waiting: list[tuple[int, asyncio.Future[None]]] = []
        self._wake = threading.Event()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="grail-tui disk sync", daemon=True)
        self._thread.start()

    def mark(self) -> int:
        """What must be on disk before a message made now may go: every write so far."""
        written = self.database.written
        if written > self.synced:
            self._wake.set()
        return written

    async def reached(self, mark: int) -> None:
        """Return once every write up to ``mark`` is on disk."""
        if mark <= self.synced:
            return
        future = self.loop.create_future()
        self._waiting.append((mark, future))
        self._wake.set()
        await future

    def close(self) -> None:
        self._closed = True
        self._wake.set()
        self._thread.join(5)

    # -- the thread -------------------------------------------------------------------------

    def _run(self) -> None:
        path = self.database.path
        log: int | None = None
        checkpointer = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        checkpointed = time.monotonic()
        try:
            while not self._closed:
                self._wake.wait(CHECKPOINT_EVERY)
                self._wake.clear()
                target = self.database.written  # every commit counted here is in the log already
                if target > self.synced:
                    if log is None:
                        log = os.open(f"{path}-wal", os.O_RDONLY)
                    self.sync_file(log)
                    with contextlib.suppress(RuntimeError):  # the loop has closed
                        self.loop.call_soon_threadsafe(self._reached, target)
                if time.monotonic() - checkpointed >= CHECKPOINT_EVERY:
                    with contextlib.suppress(sqlite3.Error):
                        checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)")
                    checkpointed = time.monotonic()
        finally:
            if log is not None:
                os.close(log)
            checkpointer.close()

    def _reached(self, target: int) -> None:
        self.synced = max(self.synced, target)
        still = []
        for mark, future in self._waiting:
            if mark <= self.synced:
                if not future.done():
                    future.set_result(None)
            else:
                still.append((mark, future))
        self._waiting = still
