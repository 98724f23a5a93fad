"""After the game: `grail-tui story` (how a game really went), `grail-tui ladder` (bot ratings)
and `grail-tui stats` (a server's leaderboard)."""

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

    stats = sub.add_parser("stats", help="a server's leaderboard and your own rating",
                           description="Print the leaderboard of a grail-tui server (best first by "
                                       "rating less three times its uncertainty) with your own rating "
                                       "and latest rated games, asking the running server; or read "
                                       "a server's database directly with --db.")
    stats.add_argument("--socket", type=Path, default=None, metavar="PATH",
                       help="the server's Unix socket (default: $GRAIL_TUI_SOCKET, else the system "
                            "server's, else your own if running)")
    stats.add_argument("--db", type=Path, default=None, metavar="FILE",
                       help="read this server database instead, read-only, for an operator (default: ask the "
                            "running server)")
    stats.add_argument("--who", default=None,
                       help="with --db: whose rating and history to show (default: your account)")
    stats.add_argument("--page", type=int, default=0, help="page of the leaderboard, from 0, 20 a page (default 0)")
    stats.add_argument("--json", action="store_true", help="print JSON")
    stats.set_defaults(handler=run_stats)


def run_story(args: argparse.Namespace) -> int:
    from grail_tui.games import registry
    from grail_tui.games.api import RecordError, TellsStories

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
        if not isinstance(kind, TellsStories):
            raise CommandError(f"{path}: grail-tui cannot tell the story of a game of {kind.title} yet")
        tell = kind.story
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


def run_stats(args: argparse.Namespace) -> int:
    from dataclasses import asdict

    from grail_tui.net import ratings

    if args.page < 0:
        raise CommandError("--page counts from 0")
    if args.db is not None:
        reply, me, where = _stats_from_db(args.db, args.who, args.page), args.who or _account(), str(args.db)
    else:
        if args.who is not None:
            raise CommandError("--who goes with --db; a server tells you your own rating")
        reply, me, where = _stats_from_server(args.socket, args.page)
    if args.json:
        data = {"where": where, "you_are": me, "page": reply.page, "more": reply.more,
                "leaderboard": [asdict(r) | {"conservative": r.conservative} for r in reply.rows],
                "you": asdict(reply.you) | {"conservative": reply.you.conservative} if reply.you else None,
                "history": [asdict(c) for c in reply.history]}
        print(json.dumps(data))
        return 0
    print(f"Ratings on {where}")
    if not reply.rows:
        print("Nobody is rated yet.")
    else:
        print(ratings.BOARD_HEAD)
        for row in reply.rows:
            print(ratings.board_line(row))
        if reply.more:
            print(f"  ... more: --page {reply.page + 1}")
    print()
    print("\n".join(ratings.you_lines(reply, me, history=20, own=args.who is None)))
    print()
    print(ratings.EXPLAIN)
    return 0


def _account() -> str:
    import getpass

    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "?"


def _stats_from_db(path: Path, who: str | None, page: int) -> Any:
    import sqlite3

    from grail_tui.net.protocol import Ratings
    from grail_tui.net.ratings import RatingStore, open_readonly, ratings_reply

    try:
        db = open_readonly(path)
        try:
            return ratings_reply(RatingStore(db, readonly=True), who or _account(), Ratings(0, page), 20)
        finally:
            db.close()
    except sqlite3.Error as exc:
        raise CommandError(f"{path}: not a grail-tui server database with ratings ({exc})") from None


def _stats_from_server(socket: Path | None, page: int) -> tuple[Any, str, str]:
    import asyncio
    import os

    from grail_tui.net.client import ServerLink
    from grail_tui.net.protocol import Error, ProtocolError, Ratings, RatingsReply
    from grail_tui.net.sockets import SocketPlaceError, default_socket

    named = socket or os.environ.get("GRAIL_TUI_SOCKET")
    path = Path(named) if named else default_socket()
    if path is None:
        raise CommandError("no grail-tui server is running here: name one with --socket, "
                           "or read a database with --db")

    async def ask() -> tuple[Any, str]:
        link = await asyncio.wait_for(ServerLink.unix(path), 10)
        try:
            await link.send(Ratings(1, page))
            while True:
                message = await asyncio.wait_for(link.receive(), 15)
                if isinstance(message, (RatingsReply, Error)) and message.ref == 1:
                    return message, link.user
        finally:
            await link.close()

    try:
        reply, me = asyncio.run(ask())
    except (TimeoutError, OSError, ConnectionError, ProtocolError, SocketPlaceError) as exc:
        raise CommandError(f"no grail-tui server answers at {path} ({exc or type(exc).__name__})") from None
    if isinstance(reply, Error):
        raise CommandError(f"the server at {path} says: {reply.error}")
    return reply, me, f"the server at {path}"
