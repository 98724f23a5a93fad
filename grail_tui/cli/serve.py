"""`grail-tui serve`: the game server."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from .common import CommandError


def register(sub: Any) -> None:
    serve = sub.add_parser("serve", help="run the game server for players on this machine",
                           description="Run the game server: players on this machine reach it "
                                       "through a Unix socket, each known by their account.")
    serve.add_argument("--socket", type=Path, default=None,
                       help="Unix socket (default: $XDG_RUNTIME_DIR/grail-tui/server.sock, or "
                            "/tmp/grail-tui-UID/server.sock, or /run/grail-tui/server.sock with --system)")
    serve.add_argument("--system", action="store_true",
                       help="the system service: the socket under /run/grail-tui")
    serve.add_argument("--db", type=Path, default=None,
                       help="SQLite database file (default: grail-tui/server.db in your state folder)")
    serve.add_argument("--bot-delay", dest="server_bot_delay", type=float, default=0.5,
                       help="seconds every bot decision takes at least (default 0.5; never below 0.02 "
                            "while a person sits at the table)")
    serve.add_argument("--hello-timeout", type=float, default=None,
                       help="close connections that do not say hello for this long (default 10)")
    serve.add_argument("--limit", action="append", default=[], metavar="NAME=VALUE",
                       help="change one of the limits a connection or account meets, for example "
                            "connections=500 or idle_timeout=300 (repeatable; default: none, the limits in docs/deploy.md)")
    serve.add_argument("--ssh", default=None, metavar="HOST[:PORT]",
                       help="also open the SSH front door: anyone with an ssh client and a key can "
                            "play (port 2222 unless given; the host key lives beside the database; default: no SSH)")
    serve.add_argument("--ssh-limit", action="append", default=[], metavar="NAME=VALUE",
                       help="with --ssh: change one of the front door's limits, for example sessions=128 or "
                            "names_per_address=20 (repeatable; default: none, the limits in docs/deploy.md)")
    serve.add_argument("--allow", type=Path, default=None, metavar="FILE",
                       help="with --ssh: only the keys in this authorized_keys file may come in "
                            "(no guests); default: any key, and guests may watch")
    serve.add_argument("--pace-preset", action="append", default=[], metavar="NAME=BANK+INCREMENT",
                       help="a turn-based pace hosts may pick, for example week=7d+1d or quick=10m+2m: each "
                            "player's time bank, and the time each move adds (repeatable; the ones given replace "
                            "the defaults, day=1d+12h and 3days=3d+1d)")
    serve.add_argument("--notify", default=None, metavar="COMMAND",
                       help="run COMMAND with one JSON event on standard input when a person's move in a "
                            "turn-based game becomes due or such a game ends (at most 4 at once, 10 s each; "
                            "default: none)")
    serve.add_argument("--bench-tcp", default=None, metavar="HOST:PORT",
                       help="also listen on loopback TCP with claimed names: for tests and "
                            "`grail-tui bench server` only, never for players (default: off)")
    serve.add_argument("--cards", action="append", default=[], type=Path, metavar="PATH",
                       help="install a card set for Pulling Strings: a card file, or a folder of one set's "
                            "card files and deck lists; hosts may then choose it and its decks by name "
                            "(repeatable; players never send cards; default: the shipped set only)")
    serve.set_defaults(handler=run_serve)


def listening(unix: Path, system: bool, found: bool, db: Path, info: dict[str, Any]) -> list[str]:
    """What the server says on its error output once it listens, for the person who started it
    (``found``: at the place where `grail-tui` looks by itself)."""
    how = "`grail-tui` finds it by itself" if found else f"`grail-tui --socket {unix}` reaches it"
    who = (f"every account on this machine may play: {how}" if system else
           f"only you can reach it ({how}; players on other accounts need the system server, "
           "`grail-tui serve --system`: see docs/deploy.md)")
    lines = [f"grail-tui: listening on {unix}; {who}."]
    if info.get("ssh"):
        host, port = info["ssh"]
        lines.append(f"grail-tui: the SSH front door listens on {host} port {port}: players run "
                     f"`ssh -p {port} HOST`; its host key is {info.get('host_key')}.")
    if info.get("tcp"):
        host, port = info["tcp"]
        lines.append(f"grail-tui: the benchmark transport listens on {host} port {port} (claimed names: "
                     "tests and benchmarks only).")
    lines.append(f"grail-tui: games are kept in {db}. Stop the server with Ctrl+C or SIGTERM.")
    return lines


def run_serve(args: argparse.Namespace) -> int:
    import asyncio
    import os
    import signal
    import sys

    from grail_tui.net.connection import Limits
    from grail_tui.net.hosting import TEST_SEED
    from grail_tui.net.running import default_database, serve
    from grail_tui.net.sockets import SocketPlaceError, system_socket, user_socket

    from .cards import CARDS_ENV, install

    install(args.cards)  # before any game is made or restored: records name their set
    if args.cards:  # the SSH door's sessions show these cards too (they start from a fresh process)
        os.environ[CARDS_ENV] = os.pathsep.join(str(path.resolve()) for path in args.cards)
    settings = list(args.limit)
    if args.hello_timeout is not None:
        settings.append(f"hello_timeout={args.hello_timeout}")
    try:
        limits = Limits.parse(settings)
    except ValueError as exc:
        raise CommandError(f"--limit: {exc}") from None
    if os.environ.get(TEST_SEED) is not None:
        print(f"grail-tui: {TEST_SEED} is set: every game gets the same seed, so its secrets can be "
              "known in advance. It is a test hook; never set it on a real server.", file=sys.stderr)

    from grail_tui.net.notify import Notifier
    from grail_tui.table.pace import PRESETS, parse_preset

    try:
        presets = tuple(parse_preset(p) for p in args.pace_preset) or PRESETS
    except ValueError as exc:
        raise CommandError(f"--pace-preset: {exc}") from None
    if len({p.name for p in presets}) != len(presets):
        raise CommandError("--pace-preset: two presets have one name")
    if args.notify is not None:
        try:
            Notifier.parse(args.notify)
        except ValueError as exc:
            raise CommandError(str(exc)) from None

    unix = args.socket or (system_socket() if args.system else user_socket())
    tcp = None
    if args.bench_tcp:
        host, _, port = args.bench_tcp.rpartition(":")
        if host not in ("127.0.0.1", "localhost", "::1") or not port.isdigit():
            raise CommandError("--bench-tcp takes a loopback HOST:PORT, for example 127.0.0.1:0")
        tcp = (host, int(port))
    db = args.db or default_database()
    info: dict[str, Any] = {}
    ssh = None
    if args.ssh:
        from grail_tui.net.front import parse_address

        try:
            ssh = parse_address(args.ssh)
        except ValueError as exc:
            raise CommandError(str(exc)) from None
    if (args.allow or args.ssh_limit) and not ssh:
        raise CommandError("--allow and --ssh-limit go with --ssh")
    door_limits = None
    errors: tuple[type[Exception], ...] = (SocketPlaceError,)
    if ssh:  # asyncssh (a third of a server's start) is imported only for a server with a door
        from grail_tui.net.connection import parse_limits
        from grail_tui.net.ssh import HostKeyError
        from grail_tui.net.ssh.limits import Limits as DoorLimits

        errors += (HostKeyError,)
        try:
            door_limits = parse_limits(DoorLimits(), args.ssh_limit)
        except ValueError as exc:
            raise CommandError(f"--ssh-limit: {exc}") from None
    if args.allow and not args.allow.is_file():
        raise CommandError(f"{args.allow}: no such file (an authorized_keys file of allowed keys)")

    async def main() -> None:
        ready = asyncio.Event()
        task = asyncio.create_task(serve(unix, db, ready, system=args.system, bench_tcp=tcp, info=info,
                                         ssh=ssh, allow=args.allow, ssh_limits=door_limits,
                                         bot_delay=args.server_bot_delay, presets=presets,
                                         notifier=None if args.notify is None else Notifier.parse(args.notify),
                                         limits=limits))
        # SIGTERM (systemctl stop, kill) and Ctrl+C end the server's task, whose clean-up closes
        # the connections and the database and takes the socket away: no stale socket is left
        # for the next start or for a client to find.
        stopping: list[int] = []

        def stop(signum: int) -> None:
            stopping.append(signum)
            task.cancel()

        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(signum, stop, signum)
        waiter = asyncio.create_task(ready.wait())
        await asyncio.wait([task, waiter], return_when=asyncio.FIRST_COMPLETED)
        waiter.cancel()
        if task.done() and not task.cancelled():
            task.result()  # it failed before it was ready: say why
        if not stopping:
            # one line of JSON for programs (the first line of standard output), words for people
            print(json.dumps({"ready": True, "socket": str(unix), "tcp": info.get("tcp"), "db": str(db),
                              "ssh": info.get("ssh"), "host_key": info.get("host_key")}), flush=True)
            found = unix == (system_socket() if args.system else user_socket())
            print("\n".join(listening(unix, args.system, found, db, info)), file=sys.stderr, flush=True)
        try:
            await task
        except asyncio.CancelledError:
            if not stopping:
                raise
        print(f"grail-tui: the server has stopped ({signal.Signals(stopping[0]).name}); every game is "
              "kept in its database.", file=sys.stderr, flush=True)

    try:
        asyncio.run(main())
    except errors as exc:
        raise CommandError(str(exc)) from None
    except OSError as exc:
        raise CommandError(f"cannot listen: {exc}") from None
    return 0
