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


async def _timed_key(app: Any, screen: Any, key: str, timeout: float = 10) -> float:
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
    await asyncio.wait_for(done.wait(), timeout=timeout)
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


async def _key_or_none(app: Any, screen: Any, key: str) -> float | None:
    """A timed key, or None when it repainted nothing within the wait (a key the screen
    ignored where it stood: counted apart, never a stall of the benchmark)."""
    try:
        return await _timed_key(app, screen, key, timeout=2)
    except TimeoutError:
        screen.__dict__.pop("_paint", None)  # the hook, if the paint never came
        return None


async def _game_keys(game: str, players: int, samples: int, seed: int, level: str | None = None) -> dict[str, Any]:
    """A game's own keys at 80x24 (its ``ui().bench_keys()``: the benchmark names no game): the
    cursor walking its table, the panes switching, then the table's changes as bots play, the
    person's seat answered by a bot of the game through the screen (``submit``, as Enter does).
    ``level``: the bots' level (None: the game's strongest, as people meet them)."""
    from grail_tui.app.app import GrailApp
    from grail_tui.app.screens.start import NewGame
    from grail_tui.games import registry
    from grail_tui.games.api import BenchKeys
    from grail_tui.table.client import LocalClient
    from grail_tui.table.seats import SeatConfig

    kind = registry.get(game)
    script = kind.ui()
    if not isinstance(script, BenchKeys):
        raise ValueError(f"{kind.title} names no keys for the benchmark (its ui has no bench_keys)")
    keys = script.bench_keys()
    named = {b.value: b for b in kind.bot_levels}
    if level is not None and level not in named:
        raise ValueError(f"{kind.title} has no bot level {level!r} (it has {', '.join(named)})")
    bots = named[level] if level is not None else kind.bot_levels[-1]
    app = GrailApp(seed=seed, bot_delay=0.05, player_name="Bench")
    app.settings = NewGame(game=game, seed=seed, seats=[SeatConfig("Bench")] + [
        SeatConfig(f"Bot {k}", bots) for k in range(1, players)])
    app.settings.options["turn_limit"] = 10_000
    timed: dict[str, list[float]] = {"cursor": [], "panes": []}
    sent: dict[str, list[int]] = {"cursor": [], "panes": []}
    ignored = {"cursor": 0, "panes": 0}
    changes: list[tuple[bool, int]] = []  # (in the window, bytes) per repaint of a table change
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game()
        await pilot.pause()
        wire = Wire(app)
        await _quiet(app, pilot)
        screen: Any = app.screen  # the game's screen: its paint, its view, its legal actions
        client = app.client
        assert isinstance(client, LocalClient) and hasattr(screen, "paint")
        table = client.table
        bot = kind.make_bot(bots, seed)

        async def answer() -> bool:
            """The person's seat answered once by the bot, through the screen; False if not asked."""
            await _quiet(app, pilot)
            legal = screen.legal()
            if not legal or screen.viewer is None:
                return False
            screen.submit(bot.decide(screen.mine, legal))
            await pilot.pause()
            return True

        # on into the game until the screen has something to walk, and the table waits for the person
        for _ in range(samples * 20):
            if table.over or app.screen is not screen or keys["ready"](screen):
                break
            await answer()
        await _quiet(app, pilot)
        for part in ("cursor", "panes"):
            for k in range(samples):
                await _quiet(app, pilot)
                before = wire.bytes
                took = await _key_or_none(app, screen, keys[part][k % len(keys[part])])
                await pilot.pause()
                if took is None:
                    ignored[part] += 1
                    continue
                timed[part].append(took)
                sent[part].append(wire.bytes - before)
        # the table plays: each repaint's bytes, those while the game's window is open apart
        name, in_window = keys["window"]
        original = screen._paint
        last = [wire.bytes, False]

        def paint(*args: Any) -> None:
            changes.append((bool(last[1]), wire.bytes - int(last[0])))
            view = screen.public
            last[0], last[1] = wire.bytes, view is not None and in_window(view)
            original(*args)

        screen._paint = paint
        answered = 0
        while len(changes) < samples * 4 and answered < samples * 20 and not table.over and app.screen is screen:
            answered += 1
            if not await answer():
                await pilot.pause(0.05)
        screen._paint = original
        wire.close()
    window = [b for inside, b in changes[1:] if inside]
    outside = [b for inside, b in changes[1:] if not inside]
    return {"cursor": (timed["cursor"], sent["cursor"], ignored["cursor"]),
            "panes": (timed["panes"], sent["panes"], ignored["panes"]),
            "window_name": name, "window": window, "table_change": outside}


def _ms(values: list[float]) -> dict[str, Any]:
    return {"samples": len(values),
            "median": round(statistics.median(values) * 1000, 2) if values else None,
            "p95": round(sorted(values)[max(0, int(len(values) * 0.95) - 1)] * 1000, 2) if values else None}


def run_game(game: str, players: int, samples: int = 60, seed: int = 9, level: str | None = None) -> dict[str, Any]:
    """`bench tui --game NAME --players N`: key-to-repaint and bytes per key of that game's
    screen at 80x24, and bytes per table change (in its window and out of it)."""
    load = [round(x, 2) for x in os.getloadavg()]
    found = asyncio.run(_game_keys(game, players, samples, seed, level))
    report: dict[str, Any] = {
        "benchmark": "tui", "game": game, "players": players, "seed": seed, "samples": samples,
        "terminal": [80, 24], "cpus": os.cpu_count(), "load_before": load,
        "command": f"grail-tui bench tui --game {game} --players {players} --samples {samples}"
                   + (f" --bot {level}" if level else ""),
        "what": ("key_to_repaint_ms: from a key reaching the app to the screen refresh after the "
                 "repaint it caused; bytes: what the app writes to a 24-bit colour terminal for it. "
                 "cursor: the game's cursor keys walking the table and hands; panes: its pane keys; "
                 "table_change: each repaint as bots (and a bot answering for the person) play; "
                 f"{found['window_name']}_window: those while that window is open. 'ignored': keys "
                 "that repainted nothing where they stood (not timed)."),
    }
    for part in ("cursor", "panes"):
        times, sizes, ignored = found[part]
        report[part] = {"key_to_repaint_ms": _ms(times), "bytes_per_key": _summary(sizes), "ignored": ignored}
    report["table_change_bytes"] = _summary(found["table_change"])
    report[f"{found['window_name']}_window_bytes"] = _summary(found["window"])
    report["targets"] = {"key_to_repaint_ms_median": 20, "cursor_bytes_median": 1536}
    report["load_after"] = [round(x, 2) for x in os.getloadavg()]
    return report


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
