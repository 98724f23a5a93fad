"""Card files: `grail-tui cards check FILE` checks a card file or a deck list completely, for the
game whose cards they are (a game that plays from card files has ``check_cards`` on its kind)."""

from __future__ import annotations

import argparse
import os
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


@runtime_checkable
class BringsCards(Protocol):
    """A game whose players may bring their own card sets and deck lists (local play only); its
    options ``cards`` (the set) and ``decks`` (one per seat) name what was brought."""

    name: str

    def bring_cards(self, path: Path) -> str:
        """Install a card set from a file or folder for this process; its id (ValueError if bad)."""
        ...

    def bring_deck(self, path: Path) -> str:
        """Check a player's deck list and offer it; its id (ValueError if bad)."""
        ...


def add_card_options(parser: argparse.ArgumentParser, *, deck: bool = True) -> None:
    """``--cards`` (and ``--deck``) for the commands that play or replay a game of cards as data."""
    parser.add_argument("--cards", action="append", default=[], type=Path, metavar="PATH",
                        help="a card set of your own: a card file, or a folder of its card files and deck "
                             + ("lists (repeatable; the game is played with the last one unless --option "
                                "cards= names another; default: the shipped set)" if deck else
                                "lists, for records played with it (repeatable; default: the shipped set)"))
    if deck:
        parser.add_argument("--deck", action="append", default=[], metavar="[SEAT=]FILE",
                            help="a deck list of your own for seat SEAT (1-6; default 1), checked as "
                                 "`grail-tui cards check` does (repeatable, one per seat; default: the "
                                 "preconstructed decks)")


def bring(args: argparse.Namespace, game: str, options: dict[str, str | int]) -> dict[str, str | int]:
    """Install the card sets and deck lists the command line brings, and name them in the game's
    options (``cards``: the last set brought; ``decks``: the seats given). CommandError naming the
    file, the card and the field if one is bad, or if the game plays from no card files."""
    paths, decks = getattr(args, "cards", []) or [], getattr(args, "deck", []) or []
    if not paths and not decks:
        return options
    kind = registry.get(game)
    if not isinstance(kind, BringsCards):
        raise CommandError(f"{kind.title} is not played from card files (--cards, --deck)")
    out = dict(options)
    try:
        for path in paths:
            set_id = kind.bring_cards(path)
            out["cards"] = set_id
        seats: dict[int, str] = {}
        for text in decks:
            seat_text, sep, file = text.partition("=")
            if not sep:
                seat_text, file = "1", text
            if not seat_text.strip().isdigit() or not 1 <= int(seat_text) <= 6:
                raise CommandError(f"--deck takes [SEAT=]FILE with SEAT from 1 to 6, not {text!r}")
            seats[int(seat_text) - 1] = kind.bring_deck(Path(file))
    except ValueError as exc:
        raise CommandError(str(exc), 1) from None
    if seats:
        option = next(o for o in kind.options() if o.key == "decks")
        given = list(option.seat_values(out.get("decks", ""), max(seats) + 1))
        for seat, deck_id in seats.items():
            given[seat] = deck_id
        out["decks"] = ",".join(given)
    return out


CARDS_ENV = "GRAIL_TUI_CARDS"  # the card sets a server installed, for the app sessions it starts (SSH)


def install_from_environment() -> None:
    """The sets the server that started this session installed (``serve --cards`` names them in
    the environment of its SSH door), so its screens know their cards."""
    paths = [Path(p) for p in os.environ.get(CARDS_ENV, "").split(os.pathsep) if p]
    install(paths)


def install(paths: list[Path]) -> None:
    """Install card sets in every game that plays from card files (``check``, ``serve``): a
    record names its set and a server offers only the sets its operator installed."""
    games = [kind for kind in registry.kinds() if isinstance(kind, BringsCards)]
    if paths and not games:
        raise CommandError("no installed game plays from card files (--cards)")
    for path in paths:
        for kind in games:
            try:
                kind.bring_cards(path)
            except ValueError as exc:
                raise CommandError(str(exc), 1) from None


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
