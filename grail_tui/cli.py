"""The `grail-tui` command."""

from __future__ import annotations

import argparse
import functools
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from grail_tui import __version__
from grail_tui.games.hunt.engine import DEFAULT_TURN_LIMIT, Variant
from grail_tui.headless import CommandError


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _players(text: str) -> int:
    value = _positive(text)
    if not 2 <= value <= 8:
        raise argparse.ArgumentTypeError("a game has 2 to 8 players")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="grail-tui",
        description="The Hunt for the Grail in your terminal. With no command, starts a game.",
    )
    parser.add_argument("--version", action="version", version=f"grail-tui {__version__}")
    parser.add_argument("--ascii", action="store_true",
                        help="plain ASCII: +-| borders and no other special characters")
    parser.add_argument("--mouse", action="store_true", help="turn mouse reporting on (off by default)")
    parser.add_argument("--bot-delay", type=float, default=0.6, metavar="SECONDS",
                        help="pause before each computer move (default 0.6)")
    parser.add_argument("--seed", type=int, default=None, help="seed for the new game's setup")
    parser.add_argument("--continue", dest="resume", action="store_true",
                        help="resume the saved game at once")
    parser.add_argument("--local", action="store_true",
                        help="play on this machine even if a grail-tui server is running")
    parser.add_argument("--connect", default=None, metavar="HOST:PORT",
                        help="play on a grail-tui server over TCP (with --name)")
    parser.add_argument("--name", default=None, help="your name on a TCP server")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    replay = sub.add_parser("replay", help="step through a game record (←/→, Home/End)")
    replay.add_argument("record", help="a game record (JSON)")

    check = sub.add_parser("check", help="replay a game record and print its outcome")
    check.add_argument("record", help="a game record (JSON)")

    selfplay = sub.add_parser("selfplay", help="play headless games with random legal moves")
    selfplay.add_argument("--players", type=_players, default=None, help="2-8 (default 3; 4 for the Original)")
    selfplay.add_argument("--games", type=_positive, default=10)
    selfplay.add_argument("--seed", type=int, default=0)
    selfplay.add_argument("--variant", choices=[v.value for v in Variant], default="standard")
    selfplay.add_argument("--turn-limit", type=_positive, default=DEFAULT_TURN_LIMIT)
    selfplay.add_argument("--json", action="store_true", help="print a JSON summary")

    serve = sub.add_parser("serve", help="run the game server for players on this machine")
    serve.add_argument("--socket", type=Path, default=None,
                       help="Unix socket (default: $XDG_RUNTIME_DIR/grail-tui/server.sock, "
                            "or /run/grail-tui/server.sock with --system)")
    serve.add_argument("--system", action="store_true", help="use the system socket under /run/grail-tui")
    serve.add_argument("--tcp", default=None, metavar="HOST:PORT", help="also listen on TCP")
    serve.add_argument("--db", type=Path, default=None, help="SQLite database file")
    serve.add_argument("--bot-delay", dest="server_bot_delay", type=float, default=0.5,
                       help="pause before a server bot acts (default 0.5)")
    serve.add_argument("--hello-timeout", type=float, default=10.0,
                       help="close connections that say nothing for this long (default 10)")

    tour = sub.add_parser("tournament", help="headless games between bots, seats rotating")
    tour.add_argument("--bots", required=True,
                      help="comma-separated levels, one per seat, e.g. strong,heuristic,heuristic")
    tour.add_argument("--games", type=_positive, default=30)
    tour.add_argument("--seed", type=int, default=0)
    tour.add_argument("--players", type=_players, default=None,
                      help="seats (default: one per bot; extra seats repeat the last bot)")
    tour.add_argument("--budget", type=float, default=1.0, help="strong bot: seconds per decision")
    tour.add_argument("--turn-limit", type=_positive, default=DEFAULT_TURN_LIMIT)
    tour.add_argument("--variant", choices=[v.value for v in Variant], default="standard")
    tour.add_argument("--jobs", type=_positive, default=1, help="games played at once (processes)")
    tour.add_argument("--json", action="store_true", help="print a JSON summary")
    tour.add_argument("--out", type=Path, default=None,
                      help="also keep the JSON summary in this file, rewritten after every game "
                           "(a long run stopped early keeps what it played)")

    bench = sub.add_parser("bench", help="measure speed; prints JSON")
    bench_sub = bench.add_subparsers(dest="bench", metavar="WHAT", required=True)
    be = bench_sub.add_parser("engine", help="random legal games: actions/s and games/s")
    be.add_argument("--seconds", type=float, default=3.0, help="per player count (default 3)")
    be.add_argument("--seed", type=int, default=0)
    be.add_argument("--json", action="store_true", help="JSON output (the default)")
    bs = bench_sub.add_parser("server", help="concurrent games of bot clients over loopback")
    bs.add_argument("--games", type=_positive, default=200, help="concurrent 4-player games (default 200)")
    bs.add_argument("--seconds", type=float, default=30.0, help="how long to drive them (default 30)")
    bs.add_argument("--think", type=float, default=1.0,
                    help="mean seconds a bot client thinks before acting (default 1)")
    bs.add_argument("--drill", action="store_true",
                    help="kill -9 the server halfway, restart it, count acknowledged actions lost")
    bs.add_argument("--seed", type=int, default=0)
    bs.add_argument("--json", action="store_true", help="JSON output (the default)")
    bt = bench_sub.add_parser("tui", help="first screen time and key-to-repaint latency")
    bt.add_argument("--runs", type=_positive, default=5, help="process starts to time (default 5)")
    bt.add_argument("--samples", type=_positive, default=60, help="actions to time (default 60)")
    bt.add_argument("--json", action="store_true", help="JSON output (the default)")
    return parser


def run(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "check":
        from grail_tui.headless import check

        print(check(args.record))
        return 0
    if args.command == "selfplay":
        from grail_tui.headless import selfplay

        variant = Variant(args.variant)
        players = 4 if variant is Variant.ORIGINAL else (args.players or 3)
        if variant is Variant.ORIGINAL and args.players not in (None, 4):
            print("The Original is played by 4 players; using 4.", file=sys.stderr)
        summary = selfplay(players, args.games, args.seed, variant, args.turn_limit)
        if args.json:
            print(json.dumps(summary))
        else:
            wins = ", ".join(f"seat {i + 1}: {w}" for i, w in enumerate(summary["wins"]))
            print(f"{summary['games']} games, {players} players ({summary['variant']})")
            print(f"wins: {wins}; no winner: {summary['no_winner']}")
            print(f"mean turns {summary['mean_turns']}, {summary['games_per_second']} games/s")
        return 0
    if args.command == "tournament":
        return _tournament(args)
    if args.command == "serve":
        return _serve(args)
    if args.command == "bench":
        if args.bench == "engine":
            from grail_tui.bench.engine import run as bench_engine

            print(json.dumps(bench_engine(seconds=args.seconds, seed=args.seed)))
            return 0
        if args.bench == "server":
            from grail_tui.bench.server import run as bench_server

            print(json.dumps(bench_server(args.games, args.seconds, args.think, args.drill, args.seed)))
            return 0
        if args.bench == "tui":
            from grail_tui.bench.tui import run as bench_tui

            print(json.dumps(bench_tui(runs=args.runs, samples=args.samples)))
            return 0
    from grail_tui.app.launch import launch

    return launch(args)


def _serve(args: argparse.Namespace) -> int:
    import asyncio

    from grail_tui.net.protocol import SYSTEM_SOCKET, user_socket
    from grail_tui.net.server import default_database, serve

    unix = args.socket or (SYSTEM_SOCKET if args.system else user_socket())
    tcp = None
    if args.tcp:
        host, _, port = args.tcp.rpartition(":")
        if not host or not port.isdigit():
            raise CommandError("--tcp takes HOST:PORT, for example 127.0.0.1:7423")
        tcp = (host, int(port))
    db = args.db or default_database()

    async def main() -> None:
        ready = asyncio.Event()
        task = asyncio.create_task(serve(unix, tcp, db, ready, bot_delay=args.server_bot_delay,
                                         hello_timeout=args.hello_timeout))
        await ready.wait()
        from grail_tui.net import server as srv

        ports = [s.sockets[0].getsockname() for s in srv.LAST.servers] if srv.LAST else []
        tcp_port = next((p for p in ports if isinstance(p, tuple)), None)
        print(json.dumps({"ready": True, "socket": str(unix),
                          "tcp": list(tcp_port[:2]) if tcp_port else None, "db": str(db)}), flush=True)
        await task

    try:
        asyncio.run(main())
    except OSError as exc:
        raise CommandError(f"cannot listen: {exc}") from None
    return 0


def _summary_writer(path: Path) -> Callable[[dict[str, Any]], None]:
    def write(summary: dict[str, Any]) -> None:
        try:
            tmp = path.with_name(path.name + ".tmp")
            tmp.write_text(json.dumps(summary) + "\n")
            os.replace(tmp, path)
        except OSError as exc:
            raise CommandError(f"cannot write {path}: {exc.strerror or exc}") from None
    return write


def _tournament(args: argparse.Namespace) -> int:
    from grail_tui import tournament

    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    try:
        if len(bots) < 2 and not args.players:
            raise ValueError("name at least two bots, or give --players")
        show = sys.stderr.isatty()
        checkpoint = _summary_writer(args.out) if args.out else None
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


def main(argv: Sequence[str] | None = None) -> None:
    try:
        code = run(argv)
    except CommandError as exc:
        print(f"grail-tui: {exc}", file=sys.stderr)
        code = exc.code
    except KeyboardInterrupt:
        code = 130
    except BrokenPipeError:
        code = 0
    except Exception as exc:  # never a traceback to a player
        from grail_tui.crash import report

        path = report(exc)
        print(f"grail-tui: something went wrong inside grail-tui ({type(exc).__name__}: {exc}).",
              file=sys.stderr)
        if path:
            print(f"Details were written to {path}; please include that file in a bug report.",
                  file=sys.stderr)
        code = 70
    sys.exit(code)
