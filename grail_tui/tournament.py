"""Headless games between bots of any game, seats rotating, with win rates and decision times.

:func:`play_game` plays one game between given bot levels and returns what each
seat got; :func:`run` plays many with the seats rotating and sums them up.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grail_tui.games import registry
from grail_tui.games.api import BotLevel, GameKind, SetupRequest
from grail_tui.headless import keep_record, settings


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% confidence interval for a win rate (Wilson score interval)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = p + z * z / (2 * n)
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denom = 1 + z * z / n
    return (max(0.0, (centre - margin) / denom), min(1.0, (centre + margin) / denom))


@dataclass(frozen=True)
class GameResult:
    """One finished game between bots, seat by seat."""

    winners: tuple[int, ...]  # seats; empty: nobody won (a draw, a turn limit)
    ranks: tuple[int, ...]  # per seat, 0 the best; seats that tie share a rank
    turns: int
    actions: int
    times: tuple[tuple[float, ...], ...]  # per seat: seconds each decision took
    text: str  # how it ended, in one sentence


def _kind(game: GameKind | str) -> GameKind:
    return registry.get(game) if isinstance(game, str) else game


def check_options(kind: GameKind, options: Mapping[str, str | int]) -> None:
    known = [option.key for option in kind.options()]
    for key in options:
        if key not in known:
            settings_ = f"its settings are {', '.join(known)}" if known else "it has no settings"
            raise ValueError(f"{kind.title} has no setting {key!r}; {settings_}")


def play_game(game: GameKind | str, levels: Sequence[BotLevel | str], seed: int, *,
              bot_seeds: Sequence[int] | None = None, budget: float | None = None,
              options: Mapping[str, str | int] | None = None, first_player: int | None = None,
              names: Sequence[str] = (), records: Path | None = None) -> GameResult:
    """One headless game, seat ``s`` played by a bot of ``levels[s]``; ValueError if the
    game cannot be set up so. ``budget``: a searching bot's seconds per decision
    (the game's default if None); decisions are not padded to it here. ``records``: a folder
    to keep the game's record in (OSError if it cannot be written)."""
    kind = _kind(game)
    parsed = [level if isinstance(level, BotLevel) else BotLevel.parse(level, kind.bot_levels) for level in levels]
    for level in parsed:
        if level not in kind.bot_levels:
            raise ValueError(f"{kind.title} has no {level.value} bot")
    setup = kind.make_setup(SetupRequest(players=len(parsed), seed=seed, names=tuple(names),
                                         first_player=first_player, options=dict(options or {})))
    state = kind.new_state(setup)
    seeds = list(bot_seeds) if bot_seeds is not None else [seed * 7919 + s for s in range(len(parsed))]
    bots = [kind.make_bot(level, seeds[s], budget) for s, level in enumerate(parsed)]
    times: list[list[float]] = [[] for _ in parsed]
    while not state.is_over:
        seat = state.to_act()[0]
        legal = list(state.legal_actions(seat))
        started = time.perf_counter()
        action = bots[seat].decide(state.view(seat), legal)
        times[seat].append(time.perf_counter() - started)
        state.apply(action)
    result = kind.result(state)
    assert result is not None
    if records is not None:
        keep_record(kind, state, records, seed)
    return GameResult(result.winners, result.ranks, kind.turns(state), len(state.actions),
                      tuple(tuple(t) for t in times), result.text)


def play_one(game: str, entries: Sequence[str], index: int, seed: int, budget: float,
             options: Mapping[str, str | int], records: Path | None = None) -> dict[str, Any]:
    """Game ``index``: entries sit rotated by ``index`` so nobody keeps the first seat."""
    n = len(entries)
    order = [(index + s) % n for s in range(n)]  # seat -> entry
    played = play_game(game, [entries[e] for e in order], seed + index, budget=budget, options=options,
                       bot_seeds=[seed * 7919 + index * 31 + s for s in range(n)], records=records)
    times: list[list[float]] = [[] for _ in range(n)]
    ranks = [0] * n
    for seat, entry in enumerate(order):
        times[entry] = list(played.times[seat])
        ranks[entry] = played.ranks[seat]
    return {
        "winner_entries": sorted(order[seat] for seat in played.winners),
        "ranks": ranks,
        "turns": played.turns,
        "times": times,
    }


def run(bots: Sequence[str], games: int, seed: int = 0, players: int | None = None,
        budget: float | None = None, turn_limit: int | None = None, variant: str | None = None,
        jobs: int = 1, progress: Callable[[int], None] | None = None,
        checkpoint: Callable[[dict[str, Any]], None] | None = None, *, game: str = registry.DEFAULT,
        options: Mapping[str, str | int] | None = None, records: Path | None = None) -> dict[str, Any]:
    """Play ``games`` games; ``checkpoint`` gets the summary so far after each one; ``records``:
    a folder to keep each game's record in, named by its seed.

    ``turn_limit`` and ``variant`` are settings of the games that have them (the
    same as ``options``); ValueError for a setting the game does not have."""
    kind = registry.get(game)
    if budget is None:
        budget = kind.default_budget()
    chosen = dict(options or {})
    if turn_limit is not None:
        chosen["turn_limit"] = turn_limit
    if variant is not None:
        chosen["variant"] = variant
    check_options(kind, chosen)
    entries = list(bots)
    levels = [level.value for level in kind.bot_levels]
    for level in entries:
        if level not in levels:
            raise ValueError(f"unknown bot {level!r}; choose from {', '.join(levels)}")
    n = players or len(entries)
    if n < len(entries):
        raise ValueError(f"{len(entries)} bots do not fit in {n} seats")
    while len(entries) < n:
        entries.append(entries[-1])
    setup = kind.make_setup(SetupRequest(players=n, seed=seed, options=chosen))  # ValueError: say so now
    shown = {"game": kind.name, **settings(kind, setup)}
    started = time.perf_counter()
    results: list[dict[str, Any]] = []
    args = [(kind.name, entries, k, seed, budget, chosen, records) for k in range(games)]

    def done(result: dict[str, Any]) -> None:
        results.append(result)
        if progress:
            progress(len(results))
        if checkpoint:
            checkpoint(summarize(results, entries, seed, budget, shown,
                                 time.perf_counter() - started, planned=games))

    if checkpoint:  # at once, so a file that cannot be written is known before any game
        checkpoint(summarize(results, entries, seed, budget, shown, 0.0, planned=games))
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for result in pool.map(play_one, *zip(*args, strict=True)):
                done(result)
    else:
        for a in args:
            done(play_one(*a))
    return summarize(results, entries, seed, budget, shown, time.perf_counter() - started)


def summarize(results: Sequence[dict[str, Any]], entries: Sequence[str], seed: int, budget: float,
              shown: Mapping[str, Any], elapsed: float, planned: int | None = None) -> dict[str, Any]:
    """The JSON summary of the games played so far (``planned``: how many will be);
    ``shown``: the game and its settings."""
    games = len(results)
    n = len(entries)
    per_entry = []
    for e, level in enumerate(entries):
        wins = sum(1 for r in results if e in r["winner_entries"])
        times = [t for r in results for t in r["times"][e]]
        per_entry.append(_stats(level, wins, games, times) | {"entry": e})
    per_level = {}
    for level in dict.fromkeys(entries):
        idx = [e for e, lv in enumerate(entries) if lv == level]
        wins = sum(1 for r in results if any(e in r["winner_entries"] for e in idx))
        times = [t for r in results for e in idx for t in r["times"][e]]
        # a level with several seats wins more often by numbers alone: say its fair share
        per_level[level] = _stats(level, wins, games, times) | {"seats": len(idx),
                                                               "fair_share": round(len(idx) / n, 3)}
    summary: dict[str, Any] = {
        **shown,
        "games": games,
        "players": n,
        "bots": list(entries),
        "seed": seed,
        "budget_seconds": budget,
        "per_entry": per_entry,
        "per_level": per_level,
        "no_winner": sum(1 for r in results if not r["winner_entries"]),
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
