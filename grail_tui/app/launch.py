"""Start the app from the command line."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any


def server_target(args: argparse.Namespace) -> Any:
    """Where the app should find a server, or None to play at this terminal.

    A server named on purpose (``--socket`` or ``GRAIL_TUI_SOCKET``, or the file
    descriptor an SSH session hands over) must answer: if it does not, that is
    an error on screen, never a silent fall back to a local game.
    """
    from grail_tui.net.remote import Target

    fd = os.environ.get("GRAIL_TUI_SERVER_FD")
    if fd is not None:
        return Target.from_fd(int(fd), os.environ.get("GRAIL_TUI_DOOR"))
    if getattr(args, "local", False) or getattr(args, "command", None) == "replay" or args.resume:
        return None
    named = args.socket or os.environ.get("GRAIL_TUI_SOCKET")
    if named:
        return Target.unix(Path(named), named=True)
    found = Target.find_default()
    return found


class StartError(Exception):
    """The app cannot start as asked; the text says why."""


def launch(args: argparse.Namespace) -> int:
    from grail_tui.games import registry
    from grail_tui.games.api import RecordError

    from .app import GrailApp

    replay = note = None
    game = registry.DEFAULT
    if getattr(args, "command", None) == "replay":
        try:
            kind, replay, note = registry.read_record_for_replay(Path(args.record))
        except RecordError as exc:
            raise StartError(str(exc)) from None
        game = kind.name
    try:
        server = server_target(args)
    except (ValueError, OSError) as exc:
        raise StartError(str(exc)) from None
    command = getattr(args, "command", None)
    open_code = None
    if command in ("join", "watch"):
        if server is None:
            raise StartError(f"`{command}` needs a grail-tui server: none is running here "
                             "(start one with `grail-tui serve`, or name it with --socket)")
        open_code = (command, args.code.strip().upper()[:8])
    if getattr(args, "plain", False):
        if replay is not None:
            raise StartError("a replay is shown only in the full screen (without --plain)")
        from .plain.run import run as run_plain

        args.open_code = open_code
        return run_plain(args, server)
    app = GrailApp(ascii_only=args.ascii, bot_delay=args.bot_delay, seed=args.seed,
                   replay=replay, replay_game=game, replay_note=note, resume=args.resume, server=server,
                   open_code=open_code, show_cursor=getattr(args, "cursor", False))
    if getattr(args, "new_game", None):  # cards and decks the player brought (cli/play.py)
        from .screens.start import NewGame

        brought_game, options = args.new_game
        app.settings = NewGame(game=brought_game, seed=app.settings.seed, options=dict(options))
    headless = bool(os.environ.get("GRAIL_TUI_BENCH_PAINTED"))
    code = app.run(mouse=args.mouse, headless=headless)
    if app.failure:
        from grail_tui.crash import report

        path = report(app.failure)
        print("grail-tui stopped because of an internal error; your game was saved after the last "
              "action and Continue resumes it.", file=sys.stderr)
        if path:
            print(f"Details were written to {path}.", file=sys.stderr)
        return 70
    if getattr(app, "exit_message", None):
        print(app.exit_message, file=sys.stderr)
    return code or 0
