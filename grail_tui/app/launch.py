"""Start the app from the command line."""

from __future__ import annotations

import argparse
import os
import sys


def launch(args: argparse.Namespace) -> int:
    from .app import GrailApp

    replay = None
    if getattr(args, "command", None) == "replay":
        from grail_tui.headless import load_record

        replay = load_record(args.record)
    server: tuple[str, ...] | None = None
    if args.connect:
        host, _, port = args.connect.rpartition(":")
        if not host or not port.isdigit() or not args.name:
            from grail_tui.headless import CommandError

            raise CommandError("--connect takes HOST:PORT and needs --name NAME")
        server = ("tcp", host, port, args.name)
    elif not args.local and replay is None and not args.resume:
        from grail_tui.net.protocol import default_socket

        sock = default_socket()
        if sock.exists():
            server = ("unix", str(sock))
    app = GrailApp(ascii_only=args.ascii, bot_delay=args.bot_delay, seed=args.seed,
                   replay=replay, resume=args.resume, server=server)
    headless = bool(os.environ.get("GRAIL_TUI_BENCH_PAINTED"))
    code = app.run(mouse=args.mouse, headless=headless)
    if app.crash is not None:
        from grail_tui.crash import report

        path = report(app.crash)
        print("grail-tui stopped because of an internal error; your game was saved after the last "
              "action and Continue resumes it.", file=sys.stderr)
        if path:
            print(f"Details were written to {path}.", file=sys.stderr)
        return 70
    return code or 0
