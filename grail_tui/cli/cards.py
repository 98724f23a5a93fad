"""Card files: `grail-tui cards check FILE` checks a card file or a deck list completely, for the
game whose cards they are (a game that plays from card files has ``check_cards`` on its kind)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from grail_tui.games import registry

from .common import CommandError


@runtime_checkable
class ChecksCards(Protocol):
    """A game whose cards are data a player may write."""

    name: str

    def check_cards(self, path: Path) -> str:
        """A one-line summary of a valid file; ValueError naming the file, the card and the field."""
        ...


def _games() -> list[Any]:
    return [kind for kind in registry.kinds() if isinstance(kind, ChecksCards)]


def register(sub: Any) -> None:
    cards = sub.add_parser("cards", help="card files of a game played with cards as data",
                           description="Work with card files and deck lists (TOML).")
    verbs = cards.add_subparsers(dest="verb", metavar="VERB", required=True)
    check = verbs.add_parser("check", help="check a card file or a deck list",
                             description="Check a card file or a deck list completely; a bad one is "
                                         "refused naming the file, the card and the field.")
    check.add_argument("file", type=Path, help="a card file or deck list (TOML)")
    check.add_argument("--game", default=None, help="which game's cards (default: the only one that has them)")
    check.set_defaults(handler=run_check)


def run_check(args: argparse.Namespace) -> int:
    games = _games()
    if args.game is not None:
        games = [kind for kind in games if kind.name == args.game]
        if not games:
            raise CommandError(f"no game called {args.game!r} plays from card files")
    if not games:
        raise CommandError("no installed game plays from card files")
    try:
        print(games[0].check_cards(args.file))
    except ValueError as exc:
        raise CommandError(str(exc), 1) from None
    return 0
