"""Argument types shared by the commands."""

from __future__ import annotations

import argparse

from grail_tui.headless import CommandError

__all__ = ["CommandError", "players", "positive"]


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def players(text: str) -> int:
    value = positive(text)
    if not 2 <= value <= 8:
        raise argparse.ArgumentTypeError("a game has 2 to 8 players")
    return value
