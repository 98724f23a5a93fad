"""A rating ladder: headless games between computer players, rated like people.

Any registered game plays: the loop below asks only the :class:`GameKind`
interface (setup, who acts, views, legal actions, apply, bots, the result).
Each entry is a bot level with an optional thinking budget ("strong:0.25").
Every game seats ``players`` different entries; over every block of as many
games as there are entries, each entry sits in each seat exactly once, and
the neighbours change from block to block, so no entry keeps the first seat
or the same rival at its left.

The ratings (ratings.py, no drift: a bot does not change) give each entry a
skill with its uncertainty; wins, seats and head-to-head counts stand beside
them. The tournament (tournament.py) answers a narrower question, win rates
of fixed seatings, and could share this loop.
"""

from __future__ import annotations

import functools
import itertools
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from grail_tui.games import registry
from grail_tui.games.api import BotLevel, GameKind, SetupRequest
from grail_tui.ratings import RatingBook


@dataclass(frozen=True)
class Entry:
    level: BotLevel
    budget: float | None  # seconds per decision; None: the level's own default
    label: str


def parse_entries(text: str, kind: GameKind) -> list[Entry]:
    """``random,heuristic,strong:0.25``; ValueError says what is wrong."""
    entries: list[Entry] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name, _, budget_text = part.partition(":")
        level = BotLevel.parse(name, kind.bot_levels)  # the game's own levels
        if level not in kind.bot_levels:
            raise ValueError(f"{kind.title} has no {level.value} bot")
        budget = None
        if budget_text:
            try:
                budget = float(budget_text)
            except ValueError:
                raise ValueError(f"{part!r}: the budget after ':' is seconds, like strong:0.5") from None
            if not 0 < budget <= 60:
                raise ValueError(f"{part!r}: a budget is more than 0 and at most 60 seconds")
        label = level.value if budget is None else f"{level.value}:{budget:g}"
        taken = sum(1 for e in entries if e.label == label or e.label.startswith(label + "#"))
        entries.append(Entry(level, budget, label if not taken else f"{label}#{taken + 1}"))
    if len(entries) < 2:
        raise ValueError("a ladder needs at least two entries")
    return entries


@functools.cache
def _patterns(entries: int, players: int) -> tuple[tuple[int, ...], ...]:
    return tuple((0, *rest) for rest in itertools.permutations(range(1, entries), players - 1))


def seating(entries: int, players: int, index: int) -> tuple[int, ...]:
    """The entry in each seat of game ``index``.

    Game ``b * entries + r`` seats ``pattern_b[s] + r`` (mod entries) in seat
    ``s``: within a block every entry takes every seat once; the patterns run
    through every arrangement of rivals, so after ``entries!/(entries-players)!``
    games every ordered seating has come once."""
    if not 2 <= players <= entries:
        raise ValueError(f"{players} seats need at least {players} entries")
    patterns = _patterns(entries, players)
    block, shift = divmod(index, entries)
    pattern = patterns[block % len(patterns)]
    return tuple((p + shift) % entries for p in pattern)


def play_one(game: str, entries: Sequence[tuple[str, float | None]], seats: Sequence[int],
             seed: int, index: int) -> dict[str, Any]:
    """One game to the end; what the ladder keeps of it."""
    kind = registry.get(game)
    players = len(seats)
    setup = kind.make_setup(SetupRequest(players=players, seed=seed + index))
    state = kind.new_state(setup)
    bots = [kind.make_bot(BotLevel(entries[e][0]), seed * 7919 + index * 31 + s, entries[e][1])
            for s, e in enumerate(seats)]
    thinking = [0.0] * players
    decisions = [0] * players
    started = time.perf_counter()
    while not state.is_over:
        waiting = state.to_act()
        # Where everyone answers in secret, every answer is decided before any is applied.
        asked = waiting if kind.secret_rounds and kind.hidden_round(state) else waiting[:1]
        chosen = []
        for seat in asked:
            clock = time.perf_counter()
            chosen.append(bots[seat].decide(state.view(seat), state.legal_actions(seat)))
            thinking[seat] += time.perf_counter() - clock
            decisions[seat] += 1
        for action in chosen:
            state.apply(action)
    result = kind.result(state)
    assert result is not None
    return {"index": index, "seats": list(seats), "ranks": list(result.ranks),
            "winners": list(result.winners), "actions": len(state.actions),
            "decisions": decisions, "thinking": [round(t, 4) for t in thinking],
            "seconds": round(time.perf_counter() - started, 3)}


def run(game: str, entries: Sequence[Entry], games: int, players: int, seed: int = 0, jobs: int = 1,
        progress: Callable[[int], None] | None = None,
        checkpoint: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Play and rate ``games`` games; ``checkpoint`` gets the summary so far after each."""
    kind = registry.get(game)
    if not kind.min_players <= players <= kind.max_players:
        raise ValueError(f"{kind.title} is played by {kind.min_players} to {kind.max_players} players")
    seating(len(entries), players, 0)  # refuses too few entries before any game
    plain = [(e.level.value, e.budget) for e in entries]
    book = RatingBook(drift=0.0, keep_history=0)
    results: list[dict[str, Any]] = []
    started = time.perf_counter()

    def summary(planned: int | None) -> dict[str, Any]:
        return summarize(game, entries, players, seed, book, results, time.perf_counter() - started,
                         planned)

    def done(result: dict[str, Any]) -> None:
        results.append(result)
        labels = [entries[e].label for e in result["seats"]]
        book.rate(labels, result["ranks"], game=f"game {result['index']}")
        if progress:
            progress(len(results))
        if checkpoint:
            checkpoint(summary(games))

    if checkpoint:  # at once, so a file that cannot be written is known before any game
        checkpoint(summary(games))
    args = [(game, plain, seating(len(entries), players, k), seed, k) for k in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            # map yields in game order, so the ratings do not depend on --jobs
            for result in pool.map(play_one, *zip(*args, strict=True)):
                done(result)
    else:
        for a in args:
            done(play_one(*a))
    return summary(None)


def summarize(game: str, entries: Sequence[Entry], players: int, seed: int, book: RatingBook,
              results: Sequence[dict[str, Any]], elapsed: float, planned: int | None) -> dict[str, Any]:
    labels = [e.label for e in entries]
    rows = []
    for standing in book.leaderboard():
        e = labels.index(standing.identity)
        seated = [r for r in results if e in r["seats"]]
        seat_counts = [sum(1 for r in seated if r["seats"][s] == e) for s in range(players)]
        ahead = {}
        for other, label in enumerate(labels):
            if other != e:
                ahead[label] = sum(1 for r in seated if other in r["seats"]
                                   and r["ranks"][r["seats"].index(e)] < r["ranks"][r["seats"].index(other)])
        decisions = sum(r["decisions"][r["seats"].index(e)] for r in seated)
        thinking = sum(r["thinking"][r["seats"].index(e)] for r in seated)
        rows.append(standing.to_dict() | {
            "win_rate": round(standing.wins / standing.games, 4) if standing.games else 0.0,
            "seats": seat_counts,
            "ahead_of": ahead,
            "mean_decision_ms": round(1000 * thinking / decisions, 2) if decisions else None,
        })
    out: dict[str, Any] = {
        "game": game,
        "players": players,
        "entries": labels,
        "seed": seed,
        "games": len(results),
        "ratings": rows,
        "rating": {"model": "openskill Plackett-Luce", "drift": book.drift,
                   "conservative": "mu - 3 sigma"},
        "no_winner": sum(1 for r in results if not r["winners"]),
        "mean_actions": round(statistics.mean(r["actions"] for r in results), 1) if results else 0,
        "seconds": round(elapsed, 1),
    }
    if planned is not None:
        out["planned"] = planned
    return out
