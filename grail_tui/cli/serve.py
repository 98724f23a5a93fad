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
                                       "through a Unix socket.")
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
    serve.set_defaults(handler=run_serve)


def run_serve(args: argparse.Namespace) -> int:
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
