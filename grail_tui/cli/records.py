"""Game records: `grail-tui check`."""

from __future__ import annotations

import argparse
from typing import Any


def register(sub: Any) -> None:
    check = sub.add_parser("check", help="replay a game record and print its outcome",
                           description="Replay a game record of any game (it names its game) and "
                                       "print its outcome in one line, or name the first illegal "
                                       "action.")
    check.add_argument("record", help="a game record (JSON)")
    check.set_defaults(handler=run_check)


def run_check(args: argparse.Namespace) -> int:
    from grail_tui.headless import check

    print(check(args.record))
    return 0
