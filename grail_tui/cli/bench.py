"""`grail-tui bench`: speed and size, printed as JSON."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from .common import CommandError, positive


def register(sub: Any) -> None:
    bench = sub.add_parser("bench", help="measure speed; prints JSON",
                           description="Measure speed and size; every benchmark prints JSON.")
    bench_sub = bench.add_subparsers(dest="bench", metavar="WHAT", required=True)
    be = bench_sub.add_parser("engine", help="random legal games of every game: actions/s and games/s",
                              description="Random legal games of every game on one core: actions/s "
                                          "and games/s, per game and table size.")
    be.add_argument("--seconds", type=float, default=3.0, help="per game and table size (default 3)")
    be.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    be.add_argument("--game", default=None, help="measure only this game (default: every game)")
    be.add_argument("--json", action="store_true", help="JSON output (the default)")
    be.set_defaults(handler=run_engine)
    bs = bench_sub.add_parser("server", help="concurrent games of bot clients over loopback",
                              description="Concurrent 4-player games of bot clients against a real "
                                          "server process; round trips and memory.")
    bs.add_argument("--games", type=positive, default=200, help="concurrent 4-player games (default 200)")
    bs.add_argument("--seconds", type=float, default=None,
                    help="how long to drive them (default 30; with --soak 1260, that is 21 minutes)")
    bs.add_argument("--think", type=float, default=1.0,
                    help="mean seconds a bot client thinks before acting (default 1)")
    bs.add_argument("--drill", action="store_true",
                    help="kill -9 the server halfway, restart it, count acknowledged actions lost")
    bs.add_argument("--attack", action="store_true",
                    help="flood the server from another process all the while (malformed and oversized "
                         "lines, blank lines, silent and non-reading clients, too many connections, "
                         "games of searching bots, chat, lobby polling, stale actions, too many games) "
                         "and report the legitimate clients' round trips under it")
    bs.add_argument("--soak", action="store_true",
                    help="games end and new ones begin; compare the server's memory and p99 round trip "
                         "in the first minute and the last (run it for 20 minutes or more)")
    bs.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    bs.add_argument("--repeat", type=positive, default=1,
                    help="run it this many times, one after another, and report each run and the "
                         "median of their round trips (default 1: one run, reported alone)")
    bs.add_argument("--json", action="store_true", help="JSON output (the default)")
    bs.set_defaults(handler=run_server)
    bt = bench_sub.add_parser("tui", help="first screen time, key-to-repaint latency, bytes per key",
                              description="Time from start to the first game screen, from a key to "
                                          "the repaint that shows it, and the bytes written to the "
                                          "terminal per key at 80x24 (a cursor move in the opening "
                                          "composer, the key that sends an action, a bot's turn).")
    bt.add_argument("--runs", type=positive, default=5, help="process starts to time (default 5)")
    bt.add_argument("--samples", type=positive, default=60, help="actions to time (default 60)")
    bt.add_argument("--game", default=None, metavar="NAME",
                    help="time this game's own keys instead (its cursor over the table and hands, its "
                         "panes, the table's changes as bots play; see `grail-tui --help` for names; default: "
                         "the hunt's opening composer, as above)")
    bt.add_argument("--players", type=positive, default=4, help="with --game: seats, one person and "
                    "the rest bots (default 4)")
    bt.add_argument("--bot", default=None, metavar="LEVEL",
                    help="with --game: the bots' level (default: the game's strongest, as people meet them)")
    bt.add_argument("--json", action="store_true", help="JSON output (the default)")
    bt.set_defaults(handler=run_tui)
    _register_ssh(bench_sub)
    _register_bots(bench_sub)
    _register_balance(bench_sub)


def _register_balance(bench_sub: Any) -> None:
    from grail_tui.games import registry

    bl = bench_sub.add_parser("balance", help="each preconstructed deck against every other, bots on both sides",
                              description="Each preconstructed deck of a game against every other: two bots "
                                          "of one level at 2 players, seats alternating, and every table of "
                                          "four decks at 4 players, seats rotating. Each deck's share of the "
                                          "wins with a 95% interval, as JSON or Markdown tables.")
    bl.add_argument("--game", choices=registry.names(), default="strings", help="which game (default strings)")
    bl.add_argument("--games", type=int, default=200,
                    help="games per pairing of two decks (default 200: about ±7 points at 95%%; "
                         "0: none, only the tables of four)")
    bl.add_argument("--table-games", type=int, default=40,
                    help="games per table of four decks at 4 players (default 40; 0: none)")
    bl.add_argument("--decks", default="", help="only these decks, comma-separated (default: all)")
    bl.add_argument("--involving", default="", metavar="DECKS",
                    help="only the pairings and tables with one of these decks (comma-separated), each game "
                         "with its seed in the whole plan: a change to a deck's cards, against the whole matrix "
                         "(default: every pairing)")
    bl.add_argument("--bot", default="heuristic", help="the bot level at every seat (default heuristic)")
    bl.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    bl.add_argument("--jobs", type=positive, default=1, help="games played at once, in processes (default 1)")
    bl.add_argument("--out", type=Path, default=None, metavar="FILE",
                    help="write each game to FILE as it ends (JSON lines: decks by seat, seed, shares, turns, "
                         "how it ended); the figures are built from it (default: none, no file)")
    bl.add_argument("--resume", action="store_true",
                    help="with --out: play only the games FILE lacks (a stopped run keeps its games)")
    bl.add_argument("--markdown", action="store_true", help="Markdown tables instead of JSON")
    bl.add_argument("--json", action="store_true", help="JSON output (the default)")
    bl.set_defaults(handler=run_balance)


def _register_bots(bench_sub: Any) -> None:
    bb = bench_sub.add_parser("bots", help="how well the hunt's strong bot reads the table, against an oracle",
                              description="Seats-rotating games of The Hunt for the Grail: the strong bot "
                                          "against two heuristic players and, in the same games, an oracle "
                                          "that sees the rivals' true sheets (the gap is what the bot does "
                                          "not know); its inference error and who-leads accuracy by stage; "
                                          "the strong bot against the strong bot without beliefs at 3 and 4 "
                                          "players. Win rates with 95% intervals. Runs in parts: --part, "
                                          "--games and --seed.")
    bb.add_argument("--games", type=positive, default=300, help="games per match (default 300)")
    bb.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    bb.add_argument("--budget", type=float, default=None,
                    help="seconds per strong decision (default: the hunt's strong bot's own, 0.25)")
    bb.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="what the budget counts: wall time, as at a table, or the deciding thread's "
                         "CPU time, so that figures do not depend on the machine's load (default wall)")
    bb.add_argument("--part", choices=("strong", "today", "oracle", "head", "head3", "head4", "infer"),
                    action="append",
                    help="only this part (repeatable; default all but infer): strong (against two heuristic "
                         "players, with its inference), today (the same games with the strong bot "
                         "without beliefs), oracle (the same games with the oracle; with strong, the "
                         "gap), head (strong against today's, at 3 and 4 players; head3, head4: one size) "
                         "or infer (the beliefs alone, read in games of three heuristic players: no "
                         "search, minutes for hundreds of games)")
    bb.add_argument("--jobs", type=positive, default=1, help="games played at once, in processes (default 1)")
    bb.add_argument("--log", type=Path, default=None,
                    help="append each finished game to this file and skip the games it holds already: "
                         "the same command finishes a run that was stopped (default: no log)")
    bb.add_argument("--json", action="store_true", help="JSON output (the default)")
    bb.set_defaults(handler=run_bots)


def _register_ssh(bench_sub: Any) -> None:
    bssh = bench_sub.add_parser("ssh", help="concurrent SSH sessions playing the real app",
                                description="N people connect at once through the SSH front door of a "
                                            "real server, each with its own key, and play against bots: "
                                            "time to the first lobby frame, key-to-repaint at the client, "
                                            "bytes per key, memory per session.")
    bssh.add_argument("--sessions", type=positive, default=10, help="concurrent sessions (default 10)")
    bssh.add_argument("--seconds", type=float, default=30.0,
                      help="how long they play once the last is due (default 30)")
    bssh.add_argument("--ramp", type=float, default=0.0,
                      help="spread the arrivals over this many seconds (default 0: all at once)")
    bssh.add_argument("--bot-delay", type=float, default=0.5,
                      help="the server's bot delay in seconds (default 0.5, as `serve`)")
    bssh.add_argument("--seed", type=int, default=0, help="seed of the players' think times (default 0)")
    bssh.add_argument("--game", default=None, metavar="NAME",
                      help="each session creates a game of this one, by its own keys (default: the hunt "
                           "against two bots)")
    bssh.add_argument("--players", type=positive, default=4,
                      help="with --game: seats of each session's game, one person and the rest bots (default 4)")
    bssh.add_argument("--port", type=int, default=0,
                      help="the SSH port of the server it starts, on 127.0.0.1 (default 0: any free one)")
    bssh.add_argument("--json", action="store_true", help="JSON output (the default)")
    bssh.set_defaults(handler=run_ssh)


def run_engine(args: argparse.Namespace) -> int:
    from grail_tui.bench.engine import run
    from grail_tui.games import registry

    if args.game is not None and args.game not in registry.names():
        raise CommandError(f"There is no game {args.game!r}; the games are {', '.join(registry.names())}.")
    print(json.dumps(run(seconds=args.seconds, seed=args.seed, game=args.game)))
    return 0


def run_server(args: argparse.Namespace) -> int:
    from grail_tui.bench.server import repeated, run

    seconds = args.seconds if args.seconds is not None else (1260.0 if args.soak else 30.0)
    runs = [run(args.games, seconds, args.think, args.drill, args.seed + k, attack=args.attack, soak=args.soak)
            for k in range(args.repeat)]
    print(json.dumps(runs[0] if len(runs) == 1 else repeated(runs)))
    return 0


def run_tui(args: argparse.Namespace) -> int:
    from grail_tui.bench.tui import run, run_game

    if args.game is not None:
        try:
            print(json.dumps(run_game(args.game, args.players, samples=args.samples, level=args.bot)))
        except (KeyError, ValueError) as exc:
            print(f"grail-tui bench tui: {exc}")
            return 2
        return 0
    print(json.dumps(run(runs=args.runs, samples=args.samples)))
    return 0


def run_ssh(args: argparse.Namespace) -> int:
    from grail_tui.bench.ssh import run

    try:
        report = run(args.sessions, args.seconds, args.ramp, args.bot_delay, args.seed,
                     game=args.game, players=args.players if args.game else None, port=args.port)
    except (KeyError, ValueError) as exc:
        print(f"grail-tui bench ssh: {exc}")
        return 2
    print(json.dumps(report))
    return 0


def run_balance(args: argparse.Namespace) -> int:
    from grail_tui.bench.balance import markdown, run

    from .common import CommandError

    decks = [d.strip() for d in args.decks.split(",") if d.strip()]
    if args.table_games < 0 or args.games < 0:
        raise CommandError("--games and --table-games are whole numbers of at least 0")
    if args.games == 0 and args.table_games == 0:
        raise CommandError("nothing to play: --games and --table-games are both 0")
    if args.resume and args.out is None:
        raise CommandError("--resume plays on from the file of --out: name it")
    try:
        summary = run(args.game, args.games, args.table_games, args.seed, args.bot, args.jobs, decks or None,
                      out=args.out, resume=args.resume,
                      involving=[d.strip() for d in args.involving.split(",") if d.strip()])
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    print(markdown(summary) if args.markdown else json.dumps(summary))
    return 0


def run_bots(args: argparse.Namespace) -> int:
    from grail_tui.bench.bots import PARTS, run

    print(json.dumps(run(args.games, args.seed, args.budget, args.jobs, args.part or PARTS, log=args.log,
                         clock=args.clock)))
    return 0
