"""What a bench measures of itself and of the machine, beside what it measures of the server.

A bench's clients share one process and the machine with the server they time: when that process
or the machine is busy, a round trip grows by time the server never took. These say how much.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import resource
import time
from pathlib import Path
from typing import Any

from .soak import percentile_ms


class LoopLag:
    """How late this process's own event loop wakes: the share of a round trip that is the bench's.

    Every client runs in this one process, so when it is busy a round trip grows by its wait here,
    which no real player (on a machine of their own) would have. Reported beside the round trips.
    """

    TICK = 0.01

    def __init__(self) -> None:
        self.late: list[float] = []
        self.task: asyncio.Task[None] | None = None

    async def _watch(self) -> None:
        while True:
            before = time.perf_counter()
            await asyncio.sleep(self.TICK)
            self.late.append(time.perf_counter() - before - self.TICK)

    def start(self) -> None:
        self.task = asyncio.create_task(self._watch())

    def stop(self) -> dict[str, float | None]:
        if self.task is not None:
            self.task.cancel()
        return {"p50": percentile_ms(self.late, 0.5), "p99": percentile_ms(self.late, 0.99),
                "max": percentile_ms(self.late, 1.0)}


class MachineLoad:
    """The whole machine's processor time over a run, from /proc/stat: on a shared machine a slow
    run is often another tenant's doing, and the report should say so."""

    def __init__(self) -> None:
        self.start = self._now()
        self.own = resource.getrusage(resource.RUSAGE_SELF)
        self.wall = time.monotonic()

    @staticmethod
    def _now() -> tuple[int, int, int]:
        try:
            fields = [int(f) for f in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
        except (OSError, ValueError, IndexError):
            return (0, 0, 0)
        idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
        steal = fields[7] if len(fields) > 7 else 0
        return (sum(fields[:8]), idle, steal)

    def report(self, server_cpu: float) -> dict[str, float | int | None]:
        total, idle, steal = (b - a for a, b in zip(self.start, self._now(), strict=True))
        own = resource.getrusage(resource.RUSAGE_SELF)
        wall = time.monotonic() - self.wall
        cores = os.cpu_count() or 1
        return {"cores": cores,
                "busy_percent": round(100 * (total - idle - steal) / total, 1) if total else None,
                "steal_percent": round(100 * steal / total, 1) if total else None,
                "server_percent_of_a_core": round(100 * server_cpu / wall, 1) if wall else None,
                "bench_clients_percent_of_a_core": round(
                    100 * (own.ru_utime + own.ru_stime - self.own.ru_utime - self.own.ru_stime) / wall, 1)}


@contextlib.contextmanager
def collector_quiet() -> Any:
    """No cyclic collection in the bench's clients while they measure.

    Eight hundred clients keep tens of thousands of objects alive at any moment, so each of this
    process's collections paused every client at once for 20-70 ms: a round trip the server never
    took. The clients make almost no cyclic garbage; whatever they make waits for the end.
    """
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.unfreeze()
