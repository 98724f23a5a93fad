"""The `grail-tui` command: each group of subcommands lives in its own module."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from functools import cache

from grail_tui import __version__

from . import after, bench, bots, cards, mutation, play, records, serve, status
from .common import CommandError

COMMANDS = (play, records, cards, bots, after, status, serve, bench, mutation)  # mutation joins bench's group


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="grail-tui",
        description="The Hunt for the Grail in your terminal. With no command, starts a game.",
    )
    parser.add_argument("--version", action="version", version=f"grail-tui {__version__}")
    play.add_options(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in COMMANDS:
        module.register(sub)
    parser.set_defaults(handler=play.launch)
    return parser


@cache
def _parser() -> argparse.ArgumentParser:
    """Built once per process (parsing leaves it as it was): an SSH session's app, forked from a
    zygote that has built it (see ``rehearse``), starts without building it again."""
    return build_parser()


def rehearse() -> list[str]:
    """The SSH front door's rehearsal (net/ssh/zygote.py): the command line, then one session
    of the app (app/rehearsal.py); what the app reached."""
    from grail_tui.app.rehearsal import rehearse as rehearse_app

    _parser()
    return rehearse_app()


def run(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    code: int = args.handler(args)
    return code


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
