"""The shipped card sets and decks (package data), and card files a player brings.

Reading files is the engine's only contact with the outside, and it is read-only and done
once per set: the rules themselves never touch a file.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from .cards import CardDataError, CardSet, Deck, card_set_from_files, deck_from_dict

DEFAULT_SET = "ps1"
PACKAGE = "grail_tui.games.strings"


def _toml(text: str, name: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(f"{name}: not valid TOML ({exc})") from None


@cache
def card_set(set_id: str = DEFAULT_SET) -> CardSet:
    """A card set shipped with grail-tui; CardDataError if there is none of that name."""
    return card_set_from_files(_shipped_files(set_id))


def _shipped_files(set_id: str) -> list[tuple[str, dict[str, Any]]]:
    folder = resources.files(PACKAGE).joinpath("cards").joinpath(set_id)
    if not folder.is_dir():
        raise CardDataError(f"no card set {set_id!r} is installed")
    return [(f"cards/{set_id}/{item.name}", _toml(item.read_text(encoding="utf-8"), item.name))
            for item in sorted(folder.iterdir(), key=lambda i: i.name) if item.name.endswith(".toml")]


@cache
def decks(set_id: str = DEFAULT_SET) -> Mapping[str, Deck]:
    """The preconstructed decks of a shipped set, by id, in file order (deck A first)."""
    cards = card_set(set_id)
    folder = resources.files(PACKAGE).joinpath("decks").joinpath(set_id)
    found: dict[str, Deck] = {}
    for item in sorted(folder.iterdir(), key=lambda i: i.name):
        if item.name.endswith(".toml"):
            deck = deck_from_dict(_toml(item.read_text(encoding="utf-8"), item.name),
                                  f"decks/{set_id}/{item.name}", cards)
            found[deck.id] = deck
    order = ("old-money", "low-note", "borderlines", "open-eye", "masks", "open-palm")
    return {key: found[key] for key in sorted(found, key=lambda k: order.index(k) if k in order else 99)}


def check_file(path: Path) -> str:
    """Check a card file or a deck list completely; its summary, or CardDataError naming the
    file, the card and the field. A card file is checked as a set of its own when it has a
    [set] table, else as a part of the shipped set (its cards joined to the set's)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CardDataError(f"{path}: cannot read it ({exc})") from None
    data = _toml(text, str(path))
    if data.get("format", "").startswith("pulling-strings-deck"):
        deck = deck_from_dict(data, str(path), card_set())
        return f"{path}: deck {deck.id!r} ({deck.name}) is legal: {len(deck.plot)} plot cards, " \
               f"{len(deck.group)} group cards."
    if "set" in data:
        cards = card_set_from_files([(str(path), data)])
    else:  # its ids and names must not clash with the shipped set's
        cards = card_set_from_files([*_shipped_files(DEFAULT_SET), (str(path), data)])
    return f"{path}: {len(cards.cards)} cards, all valid."
