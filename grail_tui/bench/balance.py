"""How even a game's preconstructed decks are: every deck against every other, two bots of one
level (heuristic by default) at 2 players with the seats alternating, and every table of four
decks at 4 players with the seats rotating; each deck's share of the wins with a 95% interval.

A game offers decks by naming them (``kind.deck_names()``) and taking them, one per seat, as
its ``decks`` setting (comma-separated). The turn order is the game's own (rolled, for
Pulling Strings), so alternating the seats evens out only what a seat itself gives.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from grail_tui.games import registry
from grail_tui.games.api import GameKind
from grail_tui.tournament import play_game, wilson

PAIRING_GAMES = 200  # about ±7 points at 95% near an even share
TABLE_GAMES = 40  # per table of four decks: each deck sits at 10 of the 15 tables of six decks
BAND = (0.35, 0.65)  # the share of its 2-player pairings every deck should win


def deck_names(kind: GameKind) -> tuple[str, ...]:
    names = getattr(kind, "deck_names", None)
    if names is None:
        raise ValueError(f"{kind.title} has no preconstructed decks to compare")
    found: tuple[str, ...] = tuple(names())
    return found


def play_decks(game: str, decks: Sequence[str], seed: int, bot: str, options: dict[str, Any]) -> list[float]:
    """One game, seat ``s`` playing ``decks[s]``: each seat's share of the win (a shared win is
    split; no winner: nobody's)."""
    result = play_game(game, [bot] * len(decks), seed, options={**options, "decks": ",".join(decks)})
    share = [0.0] * len(decks)
    for seat in result.winners:
        share[seat] = 1.0 / len(result.winners)
    return share


def _tally(wins: float, games: int) -> dict[str, Any]:
    lo, hi = wilson(wins, games)  # type: ignore[arg-type]  # a split win counts as a half
    return {"wins": round(wins, 2), "games": games, "share": round(wins / games, 4) if games else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)]}


def run(game: str, games: int = PAIRING_GAMES, table_games: int = TABLE_GAMES, seed: int = 0,
        bot: str = "heuristic", jobs: int = 1, decks: Sequence[str] | None = None,
        options: dict[str, Any] | None = None, progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """The matrix of 2-player shares if ``games``, and each deck's share at 4 players if
    ``table_games``."""
    kind = registry.get(game)
    names = tuple(decks) if decks else deck_names(kind)
    unknown = [d for d in names if d not in deck_names(kind)]
    if unknown:
        raise ValueError(f"no deck {unknown[0]!r}; the decks are {', '.join(deck_names(kind))}")
    if len(names) < 2:
        raise ValueError("name at least two decks")
    chosen = dict(options or {})
    started = time.perf_counter()
    # every game to play: (seat -> deck index, seed)
    plan: list[tuple[tuple[int, ...], int]] = []
    for p, (a, b) in enumerate(itertools.combinations(range(len(names)), 2)):
        for k in range(games):
            plan.append(((a, b) if k % 2 == 0 else (b, a), seed + 100_000 * p + k))
    tables = list(itertools.combinations(range(len(names)), 4)) if table_games and len(names) >= 4 else []
    for t, table in enumerate(tables):
        for k in range(table_games):
            seats = tuple(table[(s + k) % 4] for s in range(4))
            plan.append((seats, seed + 10_000_000 + 100_000 * t + k))
    args = [(kind.name, [names[d] for d in seats], s, bot, chosen) for seats, s in plan]
    shares: list[list[float]] = []
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for share in pool.map(play_decks, *zip(*args, strict=True), chunksize=8):
                shares.append(share)
                if progress:
                    progress(len(shares), len(plan))
    else:
        for one in args:
            shares.append(play_decks(*one))
            if progress:
                progress(len(shares), len(plan))
    won = [[0.0] * len(names) for _ in names]  # won[a][b]: a's wins against b
    met = [[0] * len(names) for _ in names]
    at_four = [0.0] * len(names)
    sat_four = [0] * len(names)
    for (seats, _s), share in zip(plan, shares, strict=True):
        if len(seats) == 2:
            a, b = seats[0], seats[1]
            won[a][b] += share[0]
            won[b][a] += share[1]
            met[a][b] += 1
            met[b][a] += 1
        else:
            for seat, deck in enumerate(seats):
                at_four[deck] += share[seat]
                sat_four[deck] += 1
    matrix = {names[a]: {names[b]: _tally(won[a][b], met[a][b]) for b in range(len(names)) if b != a}
              for a in range(len(names))}
    summary: dict[str, Any] = {"game": kind.name, "bot": bot, "seed": seed, "options": chosen}
    if games:
        summary["two_players"] = {
            "games_per_pairing": games,
            "matrix": matrix,
            "mean": {names[a]: _tally(sum(won[a]), sum(met[a])) for a in range(len(names))},
            # each pairing once, by the deck that wins it
            "outside_band": [f"{names[a]} {won[a][b] / met[a][b]:.0%} v {names[b]}"
                             for a in range(len(names)) for b in range(len(names))
                             if a != b and met[a][b] and won[a][b] / met[a][b] > BAND[1]],
        }
    if tables:
        summary["four_players"] = {"games_per_table": table_games, "tables": len(tables), "fair_share": 0.25,
                                   "decks": {names[d]: _tally(at_four[d], sat_four[d]) for d in range(len(names))}}
    summary["seconds"] = round(time.perf_counter() - started, 1)
    return summary


def markdown(summary: dict[str, Any]) -> str:
    """The matrix as Markdown tables: the row deck's share of its games against the column deck,
    in per cent, then each deck's share at 4 players (each part if it was played)."""
    lines: list[str] = []
    two = summary.get("two_players")
    if two:
        names = list(two["matrix"])
        lines += ["| deck \\ against | " + " | ".join(names) + " | mean |", "|---|" + "---|" * (len(names) + 1)]
        for row in names:
            cells = [("-" if col == row else f"{100 * two['matrix'][row][col]['share']:.0f}") for col in names]
            lines.append(f"| {row} | " + " | ".join(cells) + f" | {100 * two['mean'][row]['share']:.0f} |")
        lines.append("")
        lines.append(f"{two['games_per_pairing']} games per pairing, seats alternating; "
                     f"pairings outside {BAND[0]:.0%}-{BAND[1]:.0%}: "
                     + (", ".join(two["outside_band"]) if two["outside_band"] else "none") + ".")
    four = summary.get("four_players")
    if four:
        lines += [""] if lines else []
        lines += ["| deck | share at 4 players | 95% interval |", "|---|---|---|"]
        for name, row in four["decks"].items():
            lo, hi = row["ci95"]
            lines.append(f"| {name} | {100 * row['share']:.1f} | {100 * lo:.1f}-{100 * hi:.1f} |")
        lines.append("")
        lines.append(f"{four['games_per_table']} games at each of the {four['tables']} tables of four decks, "
                     "seats rotating; the fair share is 25%.")
    return "\n".join(lines)
