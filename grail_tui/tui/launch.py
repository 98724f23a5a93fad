"""Start the app from the command line."""

from __future__ import annotations

import argparse
import sys


def launch(args: argparse.Namespace) -> int:
    print("The terminal app is not built yet; try `grail-tui selfplay` or `grail-tui check`.",
          file=sys.stderr)
    return 1
