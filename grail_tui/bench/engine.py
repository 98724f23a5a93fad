"""Engine throughput: uniformly random legal games, enumeration plus apply at every step."""

from __future__ import annotations

import platform
import random
import time
from typing import Any

from grail_tui.games.hunt.bots.random_bot import play_random_game
from grail_tui.games.hunt.engine import Setup


def run(seconds: float = 3.0, seed: int = 0, player_counts: tuple[int, ...] = (3, 6)) -> dict[str, Any]:
    results: dict[str, Any] = {}
    total_actions = 0
    total_games = 0
    total_time = 0.0
    contests = 0
    for players in player_counts:
        rng = random.Random(seed)
        games = actions = 0
        started = time.perf_counter()
        elapsed = 0.0
        while elapsed < seconds:
            game, count = play_random_game(Setup(players=players, seed=seed + games), rng)
            contests += sum(1 for e in game.history if type(e).__name__ == "ObjectionsRevealed")
            games += 1
            actions += count
            elapsed = time.perf_counter() - started
        results[f"{players}p"] = {
            "games": games,
            "actions": actions,
            "seconds": round(elapsed, 3),
            "actions_per_second": round(actions / elapsed),
            "games_per_second": round(games / elapsed, 2),
        }
        total_actions += actions
        total_games += games
        total_time += elapsed
    return {
        "benchmark": "engine",
        "python": platform.python_version(),
        "by_players": results,
        "objection_rounds": contests,
        "actions_per_second": round(total_actions / total_time),
        "games_per_second": round(total_games / total_time, 2),
        "target_actions_per_second": 20000,
    }
