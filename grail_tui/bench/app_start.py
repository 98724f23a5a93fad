"""How fast, and how heavy, the app starts for SSH sessions: cold or from the zygote.

N apps start at once on their own ptys, as the front door starts them, and
the time to each one's first output and the memory of each (PSS: shared pages
counted once across the sessions that share them) are reported. It measures
the start-up part of `bench ssh` without a game server or an SSH client:

    python -m grail_tui.bench.app_start --sessions 50 [--cold]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from typing import Any

from grail_tui.games import registry
from grail_tui.net.ssh.child import Child, TermSize
from grail_tui.net.ssh.zygote import Zygote

RUN = ("grail_tui",)
PRELOAD = ("grail_tui.cli", "grail_tui.app.app", "grail_tui.net.remote",
           f"{registry.get(registry.DEFAULT).package}.kind")
QUIET = 0.5  # seconds without output: the first screen is drawn


def _memory_kib(pid: int) -> dict[str, int]:
    found: dict[str, int] = {}
    with open(f"/proc/{pid}/smaps_rollup") as rollup:
        for line in rollup:
            field, _, rest = line.partition(":")
            if field in ("Rss", "Pss"):
                found[field] = int(rest.split()[0])
    return found


async def _start(launcher: Zygote | None, env: dict[str, str]) -> tuple[Child, float, float]:
    began = time.perf_counter()
    child = await Child.start([sys.executable, "-m", "grail_tui", "--local"], env, TermSize(120, 40),
                              launcher=launcher)
    first: float | None = None
    while True:
        try:
            data = await asyncio.wait_for(child.read(), QUIET)
        except TimeoutError:
            if first is not None:
                return child, first, time.perf_counter() - began - QUIET
            continue
        if not data:
            raise RuntimeError("the app ended before drawing")
        if first is None:
            first = time.perf_counter() - began


async def measure(sessions: int, warm: bool) -> dict[str, Any]:
    base = {"PATH": os.environ.get("PATH", ""), "TERM": "xterm-256color", "LANG": "C.UTF-8"}
    with tempfile.TemporaryDirectory() as home:
        base["HOME"] = home
        zygote = await Zygote.start(RUN, PRELOAD, base) if warm else None
        started = await asyncio.gather(*(
            _start(zygote, {**base, "GRAIL_TUI_DATA": os.path.join(home, str(n))}) for n in range(sessions)))
        memory = [_memory_kib(child.pid) for child, _, _ in started]
        for child, _, _ in started:
            await child.stop(1.0)
        if zygote is not None:
            await zygote.close()
    firsts = sorted(first for _, first, _ in started)
    drawn = sorted(done for _, _, done in started)
    return {
        "sessions": sessions, "warm": warm,
        "first_output_s": {"p50": round(statistics.median(firsts), 3), "max": round(firsts[-1], 3)},
        "first_screen_s": {"p50": round(statistics.median(drawn), 3), "max": round(drawn[-1], 3)},
        "pss_mb_per_session": round(sum(m["Pss"] for m in memory) / sessions / 1024, 1),
        "rss_mb_per_session": round(sum(m["Rss"] for m in memory) / sessions / 1024, 1),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m grail_tui.bench.app_start", description=__doc__)
    parser.add_argument("--sessions", type=int, default=10)
    parser.add_argument("--cold", action="store_true", help="a fresh interpreter per session")
    args = parser.parse_args(argv)
    print(json.dumps(asyncio.run(measure(args.sessions, warm=not args.cold))))


if __name__ == "__main__":
    main()
