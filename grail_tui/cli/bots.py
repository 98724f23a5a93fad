"""Headless games: `grail-tui selfplay` and `grail-tui tournament`."""

from __future__ import annotations

import argparse
import functools
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from grail_tui.games.hunt.engine import DEFAULT_TURN_LIMIT, Variant

from .common import CommandError, players, positive


def register(sub: Any) -> None:
    selfplay = sub.add_parser("selfplay", help="play headless games with random legal moves",
                              description="Play headless games with random legal moves and print a "
                                          "summary.")
    selfplay.add_argument("--players", type=players, default=None,
                          help="2-8 (default 3; 4 for the Original)")
    selfplay.add_argument("--games", type=positive, default=10, help="how many games (default 10)")
    selfplay.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    selfplay.add_argument("--variant", choices=[v.value for v in Variant], default="standard",
                          help="standard or original (default standard)")
    selfplay.add_argument("--turn-limit", type=positive, default=DEFAULT_TURN_LIMIT,
                          help=f"turns before a game ends with no winner (default {DEFAULT_TURN_LIMIT})")
    selfplay.add_argument("--json", action="store_true", help="print a JSON summary")
    selfplay.set_defaults(handler=run_selfplay)

    tour = sub.add_parser("tournament", help="headless games between bots, seats rotating",
                          description="Headless games between computer players, seats rotating; "
                                      "prints win rates with 95%% confidence intervals.")
    tour.add_argument("--bots", required=True,
                      help="comma-separated levels, one per seat, e.g. strong,heuristic,heuristic")
    tour.add_argument("--games", type=positive, default=30, help="how many games (default 30)")
    tour.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    tour.add_argument("--players", type=players, default=None,
                      help="seats (default: one per bot; extra seats repeat the last bot)")
    tour.add_argument("--budget", type=float, default=1.0,
                      help="strong bot: seconds per decision (default 1.0)")
    tour.add_argument("--turn-limit", type=positive, default=DEFAULT_TURN_LIMIT,
                      help=f"turns before a game ends with no winner (default {DEFAULT_TURN_LIMIT})")
    tour.add_argument("--variant", choices=[v.value for v in Variant], default="standard",
                      help="standard or original (default standard)")
    tour.add_argument("--jobs", type=positive, default=1,
                      help="games played at once, in processes (default 1)")
    tour.add_argument("--json", action="store_true", help="print a JSON summary")
    tour.add_argument("--out", type=Path, default=None,
                      help="also keep the JSON summary in this file, rewritten after every game "
                           "(a long run stopped early keeps what it played)")
    tour.set_defaults(handler=run_tournament)


def run_selfplay(args: argparse.Namespace) -> int:
    from grail_tui.headless import selfplay

    variant = Variant(args.variant)
    count = 4 if variant is Variant.ORIGINAL else (args.players or 3)
    if variant is Variant.ORIGINAL and args.players not in (None, 4):
        print("The Original is played by 4 players; using 4.", file=sys.stderr)
    summary = selfplay(count, args.games, args.seed, variant, args.turn_limit)
    if args.json:
        print(json.dumps(summary))
    else:
        wins = ", ".join(f"seat {i + 1}: {w}" for i, w in enumerate(summary["wins"]))
        print(f"{summary['games']} games, {count} players ({summary['variant']})")
        print(f"wins: {wins}; no winner: {summary['no_winner']}")
        print(f"mean turns {summary['mean_turns']}, {summary['games_per_second']} games/s")
    return 0


def summary_writer(path: Path) -> Callable[[dict[str, Any]], None]:
    def write(summary: dict[str, Any]) -> None:
        try:
            tmp = path.with_name(path.name + ".tmp")
            tmp.write_text(json.dumps(summary) + "\n")
            os.replace(tmp, path)
        except OSError as exc:
            raise CommandError(f"cannot write {path}: {exc.strerror or exc}") from None
    return write


def run_tournament(args: argparse.Namespace) -> int:
    from grail_tui import tournament

    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    try:
        if len(bots) < 2 and not args.players:
            raise ValueError("name at least two bots, or give --players")
        show = sys.stderr.isatty()
        checkpoint = summary_writer(args.out) if args.out else None
        play = functools.partial(tournament.run, bots, args.games, args.seed, args.players, args.budget,
                                 args.turn_limit, args.variant, args.jobs, checkpoint=checkpoint)
        if show:
            from rich.progress import Progress

            with Progress(transient=True) as bar:
                task = bar.add_task("games", total=args.games)
                summary = play(progress=lambda done: bar.update(task, completed=done))
        else:
            summary = play()
        if checkpoint:
            checkpoint(summary)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    if args.json:
        print(json.dumps(summary))
        return 0
    print(f"{summary['games']} games, {summary['players']} players, {summary['seconds']} s")
    for row in summary["per_entry"]:
        lo, hi = row["ci95"]
        print(f"seat entry {row['entry'] + 1} {row['bot']:<10} wins {row['wins']:>4} "
              f"({row['win_rate']:.0%}, 95% CI {lo:.0%}-{hi:.0%}), "
              f"decisions median {row['median_ms']} ms, p95 {row['p95_ms']} ms")
    print(f"no winner: {summary['no_winner']}; mean turns {summary['mean_turns']}")
    return 0
