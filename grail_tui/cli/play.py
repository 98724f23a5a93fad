"""Playing: the app (no command) and `grail-tui replay`."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from .cards import add_card_options


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ascii", action="store_true",
                        help="plain ASCII: +-| borders and no other special characters")
    parser.add_argument("--mouse", action="store_true", help="turn mouse reporting on (off by default)")
    parser.add_argument("--bot-delay", type=float, default=0.6, metavar="SECONDS",
                        help="pause before each computer move (default 0.6)")
    parser.add_argument("--seed", type=int, default=None, help="seed for the new game's setup (default: a new random seed each game)")
    parser.add_argument("--continue", dest="resume", action="store_true",
                        help="resume your most recently saved unfinished game at once (the start "
                             "screen's Continue lists every one; default: open the start screen)")
    parser.add_argument("--plain", action="store_true",
                        help="plain mode for screen readers and braille: the game as lines of text, "
                             "numbered choices, ordinary line input (no full screen, no colour)")
    parser.add_argument("--cursor", action="store_true",
                        help="keep the terminal's cursor visible; it stands on the focused item "
                             "(for braille displays)")
    parser.add_argument("--local", action="store_true",
                        help="play on this machine even if a grail-tui server is running")
    add_card_options(parser)
    parser.add_argument("--socket", type=Path, default=None, metavar="PATH",
                        help="play on the grail-tui server at this Unix socket (default: "
                             "$GRAIL_TUI_SOCKET, else the system server's, else your own if running)")


def register(sub: Any) -> None:
    replay = sub.add_parser("replay", help="step through a game record (←/→, Home/End)",
                            description="Step through a game record: ←/→ one action, PgUp/PgDn one "
                                        "turn, Home/End.")
    replay.add_argument("record", help="a game record (JSON)")
    add_card_options(replay, deck=False)
    replay.set_defaults(handler=launch)
    for verb, what in (("join", "take your seat in a game on the server (or a free one)"),
                       ("watch", "watch a game on the server")):
        command = sub.add_parser(verb, help=what, description=f"Open the server's lobby and {what[:1].lower()}"
                                 f"{what[1:]} at once.")
        command.add_argument("code", help="the game's code, as the lobby shows it (4 letters; 5 or more "
                                          "on a server that has kept very many games)")
        command.set_defaults(handler=launch)


def launch(args: argparse.Namespace) -> int:
    import os

    from grail_tui.app.launch import StartError
    from grail_tui.app.launch import launch as run_app
    from grail_tui.games import registry

    from .cards import BringsCards, bring, install_from_environment
    from .common import CommandError

    install_from_environment()
    if getattr(args, "command", None) == "replay":
        from .cards import install

        install(args.cards)  # a record of a set of one's own replays with that set
    elif getattr(args, "cards", None) or getattr(args, "deck", None):
        if getattr(args, "command", None) is not None:
            raise CommandError("--cards and --deck are for a new game at this terminal")
        if args.socket or not args.local and os.environ.get("GRAIL_TUI_SOCKET"):
            raise CommandError("a server plays only the card sets its operator installed: --cards and --deck "
                               "are for a game at this terminal (--local)")
        games = [kind.name for kind in registry.kinds() if isinstance(kind, BringsCards)]
        if not games:
            raise CommandError("no installed game plays from card files (--cards, --deck)")
        if not registry.has_screens(registry.get(games[0])):
            raise CommandError(f"{registry.get(games[0]).title} cannot be played at a terminal yet: play your "
                               f"cards headless (grail-tui selfplay --game {games[0]} --cards ... --deck ...)")
        args.new_game = (games[0], bring(args, games[0], {}))
        args.local = True  # your own cards are played here, never sent to a server
    try:
        return run_app(args)
    except StartError as exc:
        raise CommandError(str(exc)) from None
