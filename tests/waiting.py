"""Waiting in tests: for a condition, with a deadline, never for a fixed time.

The table's own time is faked (grail_tui/table/timekeeping.py, FakeClock). What runs on real time
(another process, a socket, a thread) is waited for here: the condition is looked at every few
milliseconds, so a test goes on as soon as it holds and fails with a message when it never does.
The short step below is the only pause the suite's waits make.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

STEP = 0.005  # seconds between looks: short next to anything a test waits for


async def until(holds: Callable[[], object], timeout: float = 10.0, what: str = "it",
                step: float = STEP) -> None:
    """Return as soon as ``holds()`` is true; AssertionError after ``timeout`` seconds. A costly
    look (a full garbage collection, a file parsed) takes a longer ``step``."""
    deadline = time.monotonic() + timeout
    while not holds():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen within {timeout} s")
        await asyncio.sleep(step)


def wait_until(holds: Callable[[], object], timeout: float = 10.0, what: str = "it",
               step: float = STEP) -> None:
    """``until`` for a test without an event loop (a process, a file)."""
    deadline = time.monotonic() + timeout
    while not holds():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen within {timeout} s")
        time.sleep(step)
