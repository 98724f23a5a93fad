"""App latency and weight on the wire: process start to the first painted game screen,
key-to-repaint, and the bytes written to the terminal per key at 80x24.

Bytes are counted as the terminal would receive them: every screen update the
app would send is rendered with a 24-bit colour console (escape sequences
included), the same way Textual writes it to a real terminal. Over a slow link
(SSH from far away) these bytes are what a player waits for.
"""

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


class Wire:
    """Counts the bytes the app writes to the terminal (it runs headless in the benchmark)."""

    def __init__(self, app: Any) -> None:
        from rich.console import Console
        from textual._compositor import CompositorUpdate

        self.bytes = 0
        self._console = Console(color_system="truecolor", force_terminal=True, width=80, height=24,
                                legacy_windows=False, file=open(os.devnull, "w"))  # noqa: SIM115
        original = app._display

        def display(screen: Any, renderable: Any) -> None:
            if isinstance(renderable, CompositorUpdate):
                self.bytes += len(renderable.render_segments(self._console).encode())
            original(screen, renderable)

        app._display = display

    def close(self) -> None:
        self._console.file.close()


async def _quiet(app: Any, pilot: Any) -> None:
    """Until the table waits for a person and the screen has painted what it shows."""
    client = app.client
    for _ in range(3):
        await client.table.settle()
        await pilot.pause()
        await pilot.pause(0.05)


def _at_table(screen: Any) -> bool:
    """Is the default game's screen up? The benchmark reaches it through the app alone, as a
    player does: the game is the registry's default (``app.settings.game``), never imported."""
    return callable(getattr(screen, "request", None))


def _request(screen: Any) -> str:
    """What the game asks of the person at the keyboard, by the name of its request (the
    default game's OPENING, TURN, OBJECTION, REPLY: the keys below answer them)."""
    return str(getattr(screen.request(), "name", ""))


async def _wire_per_key(samples: int) -> dict[str, Any]:
    """Bytes written for a cursor move in the opening composer, a composed action (the
    Enter that sends it, with the repaint of its result), and one bot's turn."""
    from grail_tui.app.app import GrailApp
    from grail_tui.table.client import LocalClient

    app = GrailApp(seed=9, bot_delay=0.2, player_name="Bench")  # a key's repaint, then the bots
    app.settings.options["turn_limit"] = 10_000
    moves: list[int] = []
    move_times: list[float] = []
    actions: list[int] = []
    bot_turns: list[int] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        wire = Wire(app)
        await _quiet(app, pilot)
        screen = app.screen
        assert _at_table(screen)
        await pilot.press("a")  # the opening composer
        await _quiet(app, pilot)
        for k in range(samples):
            before = wire.bytes
            move_times.append(await _timed_key(app, screen, "right" if k % 2 == 0 else "left"))
            await pilot.pause()
            moves.append(wire.bytes - before)
        await pilot.press("escape")
        await _quiet(app, pilot)
        client = app.client
        assert isinstance(client, LocalClient)
        table = client.table
        while len(actions) < samples or len(bot_turns) < samples // 4:
            screen = app.screen
            if not _at_table(screen) or table.over:
                break
            request = _request(screen)
            if request in ("OPENING", "TURN"):
                await pilot.press("a")
                await _quiet(app, pilot)
                key = "enter"
            elif request == "OBJECTION":
                key = "n"
            elif request == "REPLY":
                key = "c"
            else:
                await _quiet(app, pilot)
                continue
            before = wire.bytes
            turn = table.kind.turns(table.state)
            await pilot.press(key)
            await pilot.pause()
            await pilot.pause(0.05)
            actions.append(wire.bytes - before)
            if request == "TURN":
                # the bots' turns that follow, until the table asks this player again
                before = wire.bytes
                await _quiet(app, pilot)
                turns = max(1, table.kind.turns(table.state) - turn - 1)
                bot_turns.extend([(wire.bytes - before) // turns] * turns)
            else:
                await _quiet(app, pilot)
        wire.close()
    return {"cursor_move": moves, "cursor_move_seconds": move_times, "composed_action": actions,
            "bot_turn": bot_turns}


def _summary(values: list[int]) -> dict[str, Any]:
    return {"samples": len(values), "median": statistics.median(values) if values else None,
            "max": max(values) if values else None}


async def _round_trips(samples: int) -> list[float]:
    from grail_tui.app.app import GrailApp
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
            if not _at_table(screen) or client.table.over:
                break
            request = _request(screen)
            if request in ("OPENING", "TURN"):
                await pilot.press("a")
                key = "enter"
            elif request == "OBJECTION":
                key = "n"
            elif request == "REPLY":
                key = "c"
            else:
                continue
            times.append(await _timed_key(app, screen, key))
            await pilot.pause()
    return times


def run(runs: int = 5, samples: int = 60) -> dict[str, Any]:
    starts = first_screen(runs)
    trips = asyncio.run(_round_trips(samples))
    wire = asyncio.run(_wire_per_key(samples))
    moves = wire["cursor_move_seconds"]
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
        "cursor_move_ms": {
            "samples": len(moves),
            "median": round(statistics.median(moves) * 1000, 2) if moves else None,
            "p95": round(sorted(moves)[int(len(moves) * 0.95) - 1] * 1000, 2) if moves else None,
        },
        "bytes_per_key_80x24": {
            "cursor_move": _summary(wire["cursor_move"]),
            "composed_action": _summary(wire["composed_action"]),
            "bot_turn": _summary(wire["bot_turn"]),
        },
        "targets": {"first_screen_seconds": 1.0, "action_round_trip_ms_median": 50,
                    "cursor_move_bytes_median": 1536, "cursor_move_ms_median": 20},
    }
