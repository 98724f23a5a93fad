"""How even a game's preconstructed decks are: every deck against every other, two bots of one
level (heuristic by default) at 2 players with the seats alternating, and every table of four
decks at 4 players with the seats rotating; each deck's share of the wins with a 95% interval.

A game offers decks by naming them (``kind.deck_names()``) and taking them, one per seat, as
its ``decks`` setting (comma-separated). The turn order is the game's own (rolled, for
Pulling Strings), so alternating the seats evens out only what a seat itself gives.

With ``out`` each game is written to a file as it ends, one JSON line (its decks by seat, its
seed, each seat's share, the turns and how it ended), and the figures are built from the file;
with ``resume`` the games already in it are not played again, so a stopped run keeps its games.
The games are played round by round (every pairing's k-th game before any pairing's next), so a
run stopped early still has every pairing at about the same count.
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any, TextIO

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
    share: list[float] = play_one_game(game, decks, seed, bot, options)["share"]
    return share


def play_one_game(game: str, decks: Sequence[str], seed: int, bot: str, options: dict[str, Any]) -> dict[str, Any]:
    """One game as ``--out`` writes it: the decks by seat, the seed, each seat's share of the
    win, the winners' seats, the turns and the sentence that says how it ended."""
    result = play_game(game, [bot] * len(decks), seed, options={**options, "decks": ",".join(decks)})
    share = [0.0] * len(decks)
    for seat in result.winners:
        share[seat] = 1.0 / len(result.winners)
    return {"decks": list(decks), "seed": seed, "share": share, "winners": list(result.winners),
            "turns": result.turns, "text": result.text}


def _identity(kind: GameKind, bot: str, options: dict[str, Any]) -> dict[str, Any]:
    """What makes two files' games comparable: the game, the bots, the options and the cards."""
    content = getattr(kind, "content_id", None)
    return {"game": kind.name, "bot": bot, "options": options,
            "content": content(options) if content is not None else ""}


def read_games(path: Path, identity: dict[str, Any]) -> dict[tuple[tuple[str, ...], int], dict[str, Any]]:
    """The games a ``--out`` file holds, by (decks by seat, seed); ValueError if it holds games of
    another game, bot level, options or card set. A line cut short by a stopped run is skipped."""
    found: dict[tuple[tuple[str, ...], int], dict[str, Any]] = {}
    if not path.exists():
        return found
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.endswith("\n"):
                break  # the last line, cut short: the game is played again
            try:
                row = json.loads(line)
                key = (tuple(row["decks"]), int(row["seed"]))
                other = {k: row[k] for k in identity}
            except (ValueError, KeyError, TypeError):
                raise ValueError(f"{path}:{number}: not a game written by bench balance --out") from None
            if other != identity:
                what = next(k for k in identity if other[k] != identity[k])
                words = {"game": "game", "bot": "bot level", "options": "options", "content": "card set"}
                raise ValueError(f"{path}: its games were played with another {words[what]} ({other[what]!r}, "
                                 f"not {identity[what]!r}); write to another file")
            found[key] = row
    return found


def _write(handle: TextIO | None, identity: dict[str, Any], row: dict[str, Any]) -> None:
    if handle is not None:
        handle.write(json.dumps({**identity, **row}) + "\n")
        handle.flush()


def _tally(wins: float, games: int) -> dict[str, Any]:
    lo, hi = wilson(wins, games)  # type: ignore[arg-type]  # a split win counts as a half
    return {"wins": round(wins, 2), "games": games, "share": round(wins / games, 4) if games else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)]}


def run(game: str, games: int = PAIRING_GAMES, table_games: int = TABLE_GAMES, seed: int = 0,
        bot: str = "heuristic", jobs: int = 1, decks: Sequence[str] | None = None,
        options: dict[str, Any] | None = None, progress: Callable[[int, int], None] | None = None,
        out: Path | None = None, resume: bool = False, involving: Sequence[str] = ()) -> dict[str, Any]:
    """The matrix of 2-player shares if ``games``, and each deck's share at 4 players if
    ``table_games``. ``out``: the file each game is written to as it ends (one JSON line); it
    must not exist unless ``resume``, which plays only the games of the plan it lacks.
    ``involving``: only the pairings and tables with one of these decks, each game with the seed
    it has in the whole plan (a change to one deck's cards measured against the whole matrix)."""
    kind = registry.get(game)
    names = tuple(decks) if decks else deck_names(kind)
    unknown = [d for d in names if d not in deck_names(kind)]
    if unknown:
        raise ValueError(f"no deck {unknown[0]!r}; the decks are {', '.join(deck_names(kind))}")
    if len(names) < 2:
        raise ValueError("name at least two decks")
    stray = [d for d in involving if d not in names]
    if stray:
        raise ValueError(f"deck {stray[0]!r} is not among the decks compared ({', '.join(names)})")
    wanted = {names.index(d) for d in involving} or set(range(len(names)))
    chosen = dict(options or {})
    started = time.perf_counter()
    # every game to play: (seat -> deck index, seed)
    plan: list[tuple[tuple[int, ...], int]] = []
    for p, (a, b) in enumerate(itertools.combinations(range(len(names)), 2)):
        for k in range(games):
            if wanted & {a, b}:
                plan.append(((a, b) if k % 2 == 0 else (b, a), seed + 100_000 * p + k))
    tables = list(itertools.combinations(range(len(names)), 4)) if table_games and len(names) >= 4 else []
    for t, table in enumerate(tables):
        for k in range(table_games):
            seats = tuple(table[(s + k) % 4] for s in range(4))
            if wanted & set(table):
                plan.append((seats, seed + 10_000_000 + 100_000 * t + k))
    identity = _identity(kind, bot, chosen)
    if out is not None and out.exists() and not resume:
        raise ValueError(f"{out} exists: --resume plays on from the games in it, or name another file")
    done = read_games(out, identity) if out is not None and resume else {}
    keys = [(tuple(names[d] for d in seats), s) for seats, s in plan]
    # round by round: every pairing's (and table's) k-th game before any one's next
    order = sorted(range(len(plan)), key=lambda i: ((plan[i][1] - seed) % 100_000, len(plan[i][0]), i))
    todo = [i for i in order if keys[i] not in done]
    handle = _append(out) if out is not None else None
    try:
        played = resumed = len(plan) - len(todo)
        if jobs > 1:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                waiting: set[Future[dict[str, Any]]] = set()
                queue = iter(todo)
                for i in itertools.islice(queue, 4 * jobs):
                    waiting.add(pool.submit(play_one_game, kind.name, list(keys[i][0]), keys[i][1], bot, chosen))
                while waiting:
                    finished, waiting = wait(waiting, return_when=FIRST_COMPLETED)
                    for future in finished:
                        row = future.result()
                        done[(tuple(row["decks"]), row["seed"])] = row
                        _write(handle, identity, row)
                        played += 1
                        if progress:
                            progress(played, len(plan))
                        for i in itertools.islice(queue, 1):
                            waiting.add(pool.submit(play_one_game, kind.name, list(keys[i][0]), keys[i][1], bot,
                                                    chosen))
        else:
            for i in todo:
                row = play_one_game(kind.name, list(keys[i][0]), keys[i][1], bot, chosen)
                done[keys[i]] = row
                _write(handle, identity, row)
                played += 1
                if progress:
                    progress(played, len(plan))
    finally:
        if handle is not None:
            handle.close()
    shares: list[list[float]] = [done[key]["share"] for key in keys]
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
    matrix = {names[a]: {names[b]: _tally(won[a][b], met[a][b]) for b in range(len(names)) if b != a and met[a][b]}
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
        summary["four_players"] = {"games_per_table": table_games, "tables": len({p[0] for p in plan if len(p[0]) == 4
                                                                                 and (p[1] - seed) % 100_000 == 0}), "fair_share": 0.25,
                                   "decks": {names[d]: _tally(at_four[d], sat_four[d]) for d in range(len(names))}}
    if out is not None:
        summary["out"] = str(out)
        summary["games_from_file"] = resumed
    summary["seconds"] = round(time.perf_counter() - started, 1)
    return summary


def _append(path: Path) -> TextIO:
    """``path`` opened to add games, without the tail of a line a stopped run cut short."""
    if path.exists():
        data = path.read_bytes()
        if data and not data.endswith(b"\n"):
            with path.open("r+b") as raw:
                raw.truncate(data.rfind(b"\n") + 1)
    return path.open("a", encoding="utf-8")


def markdown(summary: dict[str, Any]) -> str:
    """The matrix as Markdown tables: the row deck's share of its games against the column deck,
    in per cent, then each deck's share at 4 players (each part if it was played)."""
    lines: list[str] = []
    two = summary.get("two_players")
    if two:
        names = list(two["matrix"])
        lines += ["| deck \\ against | " + " | ".join(names) + " | mean |", "|---|" + "---|" * (len(names) + 1)]
        for row in names:
            cells = [(f"{100 * two['matrix'][row][col]['share']:.0f}" if col in two["matrix"][row] else "-")
                     for col in names]
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
