"""`grail-tui status`: one line saying which games wait on you (a shell prompt, a login message)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from .common import CommandError

PAGES = 50  # a person's unfinished games are capped by the server; this stops a confused one


def register(sub: Any) -> None:
    status = sub.add_parser(
        "status", help="say in one line which of your games on the server wait on you",
        description="Say in one line whether any of your games on the server waits on you and the "
                    "nearest deadline, for a shell prompt or a login message. Exit status: 0 when "
                    "something waits on you, 1 when nothing does, 2 when the server cannot be asked.")
    status.add_argument("--socket", type=Path, default=None,
                        help="the server's Unix socket (default: $GRAIL_TUI_SOCKET, else the system's "
                             "server, else your own)")
    status.add_argument("--json", action="store_true",
                        help="print JSON for scripts: every game that waits on you, the most urgent "
                             "first, with your own time left in it (clock_left, seconds) and whether "
                             "it is low (below a quarter of the game's time bank)")
    status.set_defaults(handler=run_status)


def run_status(args: argparse.Namespace) -> int:
    import asyncio
    import os
    import time

    from grail_tui.net.client import ServerLink
    from grail_tui.net.due import Due
    from grail_tui.net.protocol import Error, Games, GameSummary, ListGames, ProtocolError
    from grail_tui.net.sockets import SocketPlaceError, default_socket

    named = args.socket or os.environ.get("GRAIL_TUI_SOCKET")
    path = Path(named) if named else default_socket()
    if path is None:
        raise CommandError("no grail-tui server is running here: name one with --socket")

    async def ask() -> tuple[list[GameSummary], str]:
        link = await asyncio.wait_for(ServerLink.unix(path), 10)
        mine: list[GameSummary] = []
        try:
            for page in range(PAGES):
                await link.send(ListGames(page + 1, "mine", page))
                while True:
                    message = await asyncio.wait_for(link.receive(), 15)
                    if isinstance(message, Error) and message.ref == page + 1:
                        raise CommandError(f"the server at {path} says: {message.error}")
                    if isinstance(message, Games) and message.ref == page + 1:
                        break
                mine += message.games
                if not message.more:
                    break
            return mine, link.user
        finally:
            await link.close()

    try:
        mine, user = asyncio.run(ask())
    except (TimeoutError, OSError, ConnectionError, ProtocolError, SocketPlaceError) as exc:
        raise CommandError(f"no grail-tui server answers at {path} ({exc or type(exc).__name__})") from None
    due = Due.of(mine)
    now = time.time()
    low = [g.code for g in mine if g.clock_low]
    line = due.sentence(now) + (f" Your clock is low in {', '.join(low)}." if low else "")
    if args.json:
        print(json.dumps({
            "user": user, "waiting": len(due.games), "games_in_play": len(mine),
            "next_deadline": due.next_deadline, "line": line, "clock_low": low,
            "games": [{"code": g.code, "game": g.game, "title": g.title, "progress": g.progress,
                       "pace": g.pace or "live", "deadline": g.deadline,
                       "seconds_left": None if g.deadline is None else round(g.deadline - now),
                       "clock_left": g.clock_left, "clock_low": g.clock_low}
                      for g in due.games]}))
    else:
        print(line)
    return 0 if due.games else 1
