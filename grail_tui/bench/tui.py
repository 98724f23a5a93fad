"""App latency: process start to the first painted game screen, and key-to-repaint."""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def first_screen(runs: int = 5) -> list[float]:
    """Seconds from spawning `grail-tui` to its first painted game screen (headless)."""
    times = []
    with tempfile.TemporaryDirectory() as folder:
        marker = Path(folder) / "painted"
        env = {**os.environ, "GRAIL_TUI_DATA": folder, "GRAIL_TUI_BENCH_PAINTED": str(marker)}
        for _ in range(runs):
            marker.unlink(missing_ok=True)
            started = time.time()
            subprocess.run([sys.executable, "-m", "grail_tui", "--seed", "1"], env=env,
                           stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=60, check=False)
            if marker.exists():
                times.append(float(marker.read_text()) - started)
    return times


async def _timed_key(app: Any, screen: Any, key: str) -> float:
    """Seconds from a key reaching the app to the repaint that shows its result.

    The key goes in as the terminal driver would deliver it; the clock stops at
    the first screen refresh after the game screen painted the new state.
    """
    from textual import events

    done = asyncio.Event()
    loop = asyncio.get_running_loop()
    stop = 0.0
    original = screen._paint

    def paint(*args: Any) -> None:
        original(*args)
        screen._paint = original

        def refreshed() -> None:
            nonlocal stop
            stop = time.perf_counter()
            done.set()

        screen.call_after_refresh(refreshed)

    screen._paint = paint
    event = events.Key(key, key if len(key) == 1 else None)
    event.set_sender(app)
    started = time.perf_counter()
    app._driver.send_message(event)
    await asyncio.wait_for(done.wait(), timeout=10)
    del loop
    return stop - started


async def _round_trips(samples: int) -> list[float]:
    from grail_tui.app.app import GrailApp
    from grail_tui.games.hunt.screens.game import GameScreen
    from grail_tui.games.hunt.situation import Request
    from grail_tui.table.client import LocalClient

    app = GrailApp(seed=9, bot_delay=0, player_name="Bench")
    app.settings.options["turn_limit"] = 10_000
    times: list[float] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        while len(times) < samples:
            client = app.client
            assert isinstance(client, LocalClient)
            await client.table.settle()
            await pilot.pause()
            screen = app.screen
            if not isinstance(screen, GameScreen) or client.table.over:
                break
            request = screen.request()
            if request in (Request.OPENING, Request.TURN):
                await pilot.press("a")
                key = "enter"
            elif request is Request.OBJECTION:
                key = "n"
            elif request is Request.REPLY:
                key = "c"
            else:
                continue
            times.append(await _timed_key(app, screen, key))
            await pilot.pause()
    return times


def run(runs: int = 5, samples: int = 60) -> dict[str, Any]:
    starts = first_screen(runs)
    trips = asyncio.run(_round_trips(samples))
    return {
        "benchmark": "tui",
        "first_screen_seconds": {
            "runs": len(starts),
            "median": round(statistics.median(starts), 3) if starts else None,
            "max": round(max(starts), 3) if starts else None,
        },
        "action_round_trip_ms": {
            "samples": len(trips),
            "median": round(statistics.median(trips) * 1000, 2) if trips else None,
            "p95": round(sorted(trips)[int(len(trips) * 0.95) - 1] * 1000, 2) if trips else None,
        },
        "targets": {"first_screen_seconds": 1.0, "action_round_trip_ms_median": 50},
    }
