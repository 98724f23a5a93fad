"""Headless games between bots, seats rotating, with win rates and decision times."""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from grail_tui.games.hunt.bots import LEVELS, make_bot
from grail_tui.games.hunt.engine import DEFAULT_TURN_LIMIT, Game, Setup, Variant


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% confidence interval for a win rate (Wilson score interval)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = p + z * z / (2 * n)
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denom = 1 + z * z / n
    return (max(0.0, (centre - margin) / denom), min(1.0, (centre + margin) / denom))


def play_one(entries: Sequence[str], index: int, seed: int, budget: float, turn_limit: int,
             variant: str) -> dict[str, Any]:
    """Game ``index``: entries sit rotated by ``index`` so nobody keeps the first seat."""
    n = len(entries)
    order = [(index + s) % n for s in range(n)]  # seat -> entry
    setup = Setup(players=n, seed=seed + index, turn_limit=turn_limit, variant=Variant(variant))
    game = Game(setup)
    bots = [make_bot(entries[e], seed * 7919 + index * 31 + s, budget=budget) for s, e in enumerate(order)]
    times: list[list[float]] = [[] for _ in range(n)]
    while game.outcome is None:
        seat = game.to_act()[0]
        legal = list(game.legal_actions(seat))
        started = time.perf_counter()
        action = bots[seat].decide(game.view(seat), legal)
        times[order[seat]].append(time.perf_counter() - started)
        game.apply(action)
    winner = game.outcome.winner
    return {
        "winner_entry": order[winner] if winner is not None else None,
        "turns": game.turn,
        "times": times,
    }


def run(bots: Sequence[str], games: int, seed: int = 0, players: int | None = None,
        budget: float = 1.0, turn_limit: int = DEFAULT_TURN_LIMIT, variant: str = "standard",
        jobs: int = 1, progress: Callable[[int], None] | None = None,
        checkpoint: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Play ``games`` games; ``checkpoint`` gets the summary so far after each one."""
    entries = list(bots)
    for level in entries:
        if level not in LEVELS:
            raise ValueError(f"unknown bot {level!r}; choose from {', '.join(LEVELS)}")
    n = players or len(entries)
    if n < len(entries):
        raise ValueError(f"{len(entries)} bots do not fit in {n} seats")
    while len(entries) < n:
        entries.append(entries[-1])
    started = time.perf_counter()
    results: list[dict[str, Any]] = []
    args = [(entries, k, seed, budget, turn_limit, variant) for k in range(games)]

    def done(result: dict[str, Any]) -> None:
        results.append(result)
        if progress:
            progress(len(results))
        if checkpoint:
            checkpoint(summarize(results, entries, seed, budget, variant,
                                 time.perf_counter() - started, planned=games))

    if checkpoint:  # at once, so a file that cannot be written is known before any game
        checkpoint(summarize(results, entries, seed, budget, variant, 0.0, planned=games))
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for result in pool.map(play_one, *zip(*args, strict=True)):
                done(result)
    else:
        for a in args:
            done(play_one(*a))
    return summarize(results, entries, seed, budget, variant, time.perf_counter() - started)


def summarize(results: Sequence[dict[str, Any]], entries: Sequence[str], seed: int, budget: float,
              variant: str, elapsed: float, planned: int | None = None) -> dict[str, Any]:
    """The JSON summary of the games played so far (``planned``: how many will be)."""
    games = len(results)
    n = len(entries)
    per_entry = []
    for e, level in enumerate(entries):
        wins = sum(1 for r in results if r["winner_entry"] == e)
        times = [t for r in results for t in r["times"][e]]
        per_entry.append(_stats(level, wins, games, times) | {"entry": e})
    per_level = {}
    for level in dict.fromkeys(entries):
        idx = [e for e, lv in enumerate(entries) if lv == level]
        wins = sum(1 for r in results if r["winner_entry"] in idx)
        times = [t for r in results for e in idx for t in r["times"][e]]
        # a level with several seats wins more often by numbers alone: say its fair share
        per_level[level] = _stats(level, wins, games, times) | {"seats": len(idx),
                                                               "fair_share": round(len(idx) / n, 3)}
    summary: dict[str, Any] = {
        "games": games,
        "players": n,
        "bots": list(entries),
        "seed": seed,
        "budget_seconds": budget,
        "variant": variant,
        "per_entry": per_entry,
        "per_level": per_level,
        "no_winner": sum(1 for r in results if r["winner_entry"] is None),
        "mean_turns": round(statistics.mean(r["turns"] for r in results), 2) if results else 0,
        "seconds": round(elapsed, 1),
    }
    if planned is not None:
        summary["planned"] = planned
    return summary


def _stats(level: str, wins: int, games: int, times: list[float]) -> dict[str, Any]:
    lo, hi = wilson(wins, games)
    ordered = sorted(times)
    return {
        "bot": level,
        "wins": wins,
        "win_rate": round(wins / games, 4) if games else 0.0,
        "ci95": [round(lo, 4), round(hi, 4)],
        "decisions": len(times),
        "median_ms": round(statistics.median(ordered) * 1000, 3) if ordered else None,
        "p95_ms": round(ordered[max(0, math.ceil(len(ordered) * 0.95) - 1)] * 1000, 3) if ordered else None,
    }
