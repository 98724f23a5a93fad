"""Engine throughput of every game: uniformly random legal games, enumeration plus apply at
every step, on one core.

Each game is measured at its usual table and, where it allows more seats, at a
table twice that size. The report keeps, at its top level, the first game's
throughput where it always was, so older runs still compare; every game's
figures, with a count of each kind of event seen, are under ``games``.
"""

from __future__ import annotations

import platform
import random
import time
from collections import Counter
from typing import Any

from grail_tui.games import registry
from grail_tui.games.api import GameKind, SetupRequest
from grail_tui.headless import random_game

# The project's goals for each engine (actions per second on one core); not rules of any game.
TARGETS = {"hunt": 20_000, "succession": 100_000, "strings": 20_000}


def table_sizes(kind: GameKind) -> tuple[int, ...]:
    return tuple(dict.fromkeys((kind.default_players, min(kind.max_players, 2 * kind.default_players))))


def measure(kind: GameKind, seconds: float, seed: int) -> dict[str, Any]:
    results: dict[str, Any] = {}
    total_actions = total_games = 0
    total_time = 0.0
    events: Counter[str] = Counter()
    for players in table_sizes(kind):
        rng = random.Random(seed)
        games = actions = 0
        started = time.perf_counter()
        cpu_started = time.process_time()  # on a shared machine the CPU time is the steadier figure
        elapsed = 0.0
        while elapsed < seconds:
            setup = kind.make_setup(SetupRequest(players=players, seed=seed + games))
            state, count = random_game(kind, setup, rng)
            events.update(type(e).__name__ for e in state.history)
            games += 1
            actions += count
            elapsed = time.perf_counter() - started
        cpu = time.process_time() - cpu_started
        results[f"{players}p"] = {
            "games": games,
            "actions": actions,
            "seconds": round(elapsed, 3),
            "actions_per_second": round(actions / elapsed),
            "games_per_second": round(games / elapsed, 2),
            "cpu_seconds": round(cpu, 3),
            "cpu_us_per_action": round(cpu / max(actions, 1) * 1e6, 1),
        }
        total_actions += actions
        total_games += games
        total_time += elapsed
    out: dict[str, Any] = {
        "by_players": results,
        "events": dict(sorted(events.items())),
        "actions_per_second": round(total_actions / total_time),
        "games_per_second": round(total_games / total_time, 2),
    }
    if kind.name in TARGETS:
        out["target_actions_per_second"] = TARGETS[kind.name]
        out["meets_target"] = out["actions_per_second"] >= TARGETS[kind.name]
    return out


def run(seconds: float = 3.0, seed: int = 0, game: str | None = None) -> dict[str, Any]:
    """``seconds``: per game and table size; ``game``: only that game (default: every game)."""
    games = {kind.name: measure(kind, seconds, seed) for kind in registry.kinds() if game in (None, kind.name)}
    first = games[game or registry.DEFAULT]
    return {
        "benchmark": "engine",
        "python": platform.python_version(),
        # the first game's figures where they always were
        "by_players": first["by_players"],
        "actions_per_second": first["actions_per_second"],
        "games_per_second": first["games_per_second"],
        "target_actions_per_second": first.get("target_actions_per_second"),
        "games": games,
    }
