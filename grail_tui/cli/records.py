"""Game records: `grail-tui check`."""

from __future__ import annotations

import argparse
from typing import Any

from .cards import add_card_options, install


def register(sub: Any) -> None:
    check = sub.add_parser("check", help="replay a game record and print its outcome",
                           description="Replay a game record of any game (it names its game) and "
                                       "print its outcome in one line, or name the first illegal "
                                       "action.")
    check.add_argument("record", help="a game record (JSON)")
    add_card_options(check, deck=False)
    check.set_defaults(handler=run_check)


def run_check(args: argparse.Namespace) -> int:
    from grail_tui.headless import check

    install(args.cards)
    print(check(args.record))
    return 0
