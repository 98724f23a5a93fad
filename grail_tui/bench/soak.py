"""The soak's figure: does a server that runs for long hold steady?

Memory is sampled all along; every round trip is kept with the time it was
measured. The report sets the first minute beside the last: the server's
memory (the most it was resident in that minute) and the round trips' p50
and p99, and says whether the last minute is within 10% of the first.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

MINUTE = 60.0
STEADY = 0.10  # the last minute within 10% of the first


class Sampler:
    def __init__(self, started: float, measure: Callable[[], int], cpu: Callable[[], float]) -> None:
        self.started = started
        self.measure = measure  # the server's resident memory now, in KiB
        self.cpu = cpu  # the processor time the server has used so far, in seconds
        self.samples: list[tuple[float, int, float]] = []

    def sample(self) -> None:
        kb = self.measure()
        if kb:
            self.samples.append((time.monotonic() - self.started, kb, self.cpu()))


def percentile_ms(values: Sequence[float], p: float) -> float | None:
    """The ``p`` quantile of ``values`` (seconds), in milliseconds; None if there are none."""
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * p))] * 1000, 2)


def _minute(sampler: Sampler, timed: Sequence[tuple[float, float]], started: float, start: float) -> dict[str, Any]:
    end = start + MINUTE
    inside = [(kb, cpu) for at, kb, cpu in sampler.samples if start <= at < end]
    took = [seconds for when, seconds in timed if start <= when - started < end]
    used = inside[-1][1] - inside[0][1] if len(inside) > 1 else 0.0
    return {"from_second": round(start), "rss_mb": round(max(kb for kb, _ in inside) / 1024, 1) if inside else None,
            "round_trips": len(took), "p50_ms": percentile_ms(took, 0.5), "p99_ms": percentile_ms(took, 0.99),
            # the server's own cost per round trip: if it holds while p99 grows, the machine is busier
            "server_cpu_ms_per_round_trip": round(used * 1000 / len(took), 2) if took else None}


def soak_report(sampler: Sampler, timed: Sequence[tuple[float, float]], started: float,
                games_finished: int) -> dict[str, Any]:
    length = sampler.samples[-1][0] if sampler.samples else 0.0
    cpu = "server_cpu_ms_per_round_trip"
    minutes = [_minute(sampler, timed, started, k * MINUTE) for k in range(int(length // MINUTE))]
    first, last = (minutes[0], minutes[-1]) if minutes else ({}, {})

    def change(key: str) -> float | None:
        before, after = first.get(key), last.get(key)
        if not before or not after:
            return None
        return round(float(after) / float(before) - 1, 3)

    rss, p99 = change("rss_mb"), change("p99_ms")
    return {
        "minutes": len(minutes),
        "games_finished": games_finished,
        "first_minute": first,
        "last_minute": last,
        "rss_change": rss,
        "p99_change": p99,
        "steady_within_10_percent": rss is not None and p99 is not None and rss <= STEADY and p99 <= STEADY,
        "server_cpu_change": change(cpu),
        "per_minute": [{"minute": k + 1, "rss_mb": m["rss_mb"], "p99_ms": m["p99_ms"], cpu: m[cpu]}
                       for k, m in enumerate(minutes)],
    }
