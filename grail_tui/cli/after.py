"""After the game: `grail-tui story` (how a game really went) and `grail-tui ladder` (bot ratings)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .bots import summary_writer
from .common import CommandError, players, positive


def register(sub: Any) -> None:
    story = sub.add_parser("story", help="tell how a game record really went, every sheet known",
                           description="Tell how a game really went: every player's true influence "
                                       "beside what the table could know, the turning points, and "
                                       "each player's spending. Works on unfinished records too "
                                       "(the story so far).")
    story.add_argument("record", help="a game record (JSON)")
    story.add_argument("--seat", type=positive, default=None,
                       help="of an unfinished game, also tell this seat's own sheet (1 is the first); "
                            "the others stay secret until the end (default: no seat's)")
    story.add_argument("--json", action="store_true", help="print the story as JSON")
    story.set_defaults(handler=run_story)

    ladder = sub.add_parser("ladder", help="rate computer players against each other",
                            description="Headless games between computer players, seats rotating so "
                                        "every entry plays every seat equally often; prints each "
                                        "entry's rating with its uncertainty (mu - 3 sigma first).")
    ladder.add_argument("--bots", required=True,
                        help="comma-separated entries, a level with an optional budget in seconds: "
                             "random,heuristic,strong:0.25,strong:1 (required: there is no default)")
    ladder.add_argument("--games", type=positive, default=60, help="how many games (default 60)")
    ladder.add_argument("--players", type=players, default=None,
                        help="seats per game (default: as many as entries, at most the game's maximum)")
    ladder.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    ladder.add_argument("--game", default=None, help="which game (default: the first one)")
    ladder.add_argument("--jobs", type=positive, default=1,
                        help="games played at once, in processes (default 1)")
    ladder.add_argument("--json", action="store_true", help="print a JSON summary")
    ladder.add_argument("--out", type=Path, default=None,
                        help="also keep the JSON summary in this file, rewritten after every game "
                             "(a long run stopped early keeps what it played; default: not kept)")
    ladder.set_defaults(handler=run_ladder)


def run_story(args: argparse.Namespace) -> int:
    from grail_tui.games import registry
    from grail_tui.games.api import RecordError

    path = Path(args.record)
    try:
        data = json.loads(path.read_bytes())
    except FileNotFoundError:
        raise CommandError(f"{path}: no such file") from None
    except OSError as exc:
        raise CommandError(f"{path}: cannot read it ({exc.strerror or exc})") from None
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise CommandError(f"{path}: not a game record: the file is not valid JSON") from None
    try:
        kind = registry.of_record(data)
        tell = getattr(kind, "story", None)
        if tell is None:
            raise CommandError(f"{path}: grail-tui cannot tell the story of a game of {kind.title} yet")
        seats = kind.players_of(kind.read_record(data).setup)
        if args.seat is not None and args.seat > seats:
            raise CommandError(f"{path}: the game has {seats} seats, so there is no seat {args.seat}")
        story = tell(data) if args.seat is None else tell(data, viewer=args.seat - 1)
    except RecordError as exc:
        raise CommandError(f"{path}: {exc}") from None
    if args.json:
        print(json.dumps(story.to_dict()))
    else:
        print("\n".join(story.lines()))
    return 0


def run_ladder(args: argparse.Namespace) -> int:
    from grail_tui import ladder
    from grail_tui.games import registry

    try:
        kind = registry.get(args.game or registry.DEFAULT)
        entries = ladder.parse_entries(args.bots, kind)
        count = args.players or min(len(entries), kind.max_players)
        checkpoint = summary_writer(args.out) if args.out else None
        if sys.stderr.isatty():
            from rich.progress import Progress

            with Progress(transient=True) as bar:
                task = bar.add_task("games", total=args.games)
                summary = ladder.run(kind.name, entries, args.games, count, args.seed, args.jobs,
                                     progress=lambda done: bar.update(task, completed=done),
                                     checkpoint=checkpoint)
        else:
            summary = ladder.run(kind.name, entries, args.games, count, args.seed, args.jobs,
                                 checkpoint=checkpoint)
        if checkpoint:
            checkpoint(summary)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    if args.json:
        print(json.dumps(summary))
        return 0
    print(f"{summary['games']} games of {kind.title}, {summary['players']} players, "
          f"{summary['seconds']} s; no winner in {summary['no_winner']}")
    print(f"{'':<3}{'entry':<14}{'rating':>16}{'mu-3sd':>8}{'games':>7}{'wins':>6}{'win%':>6}")
    for place, row in enumerate(summary["ratings"], 1):
        rating = f"{row['mu']:.1f} +/- {row['sigma']:.1f}"
        print(f"{place:<3}{row['identity']:<14}{rating:>16}{row['conservative']:>8.1f}"
              f"{row['games']:>7}{row['wins']:>6}{row['win_rate']:>6.0%}")
    return 0
