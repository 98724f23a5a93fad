"""The shipped card sets and decks (package data), and card files a player brings.

Reading files is the engine's only contact with the outside, and it is read-only and done
once per set: the rules themselves never touch a file.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from .cards import CARD_FORMAT, CardDataError, CardSet, Deck, card_set_from_files, deck_from_dict

DEFAULT_SET = "ps1"
VERSION = re.compile(r"[0-9]{1,4}(\.[0-9]{1,4}){0,3}")  # a kept version's number: 1.1.0
PACKAGE = "grail_tui.games.strings"


def _toml(text: str, name: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(f"{name}: not valid TOML ({exc})") from None


# Card sets installed at run time (an operator's ``serve --cards``, a player's ``--cards``) and
# deck lists a player brought (``--deck``): by id, beside the shipped ones, never replacing one.
_installed: dict[str, tuple[CardSet, dict[str, Deck]]] = {}
_brought: dict[str, Deck] = {}


def card_set(set_id: str = DEFAULT_SET) -> CardSet:
    """A card set shipped with grail-tui or installed; CardDataError if there is none of that name."""
    if set_id in _installed:
        return _installed[set_id][0]
    return _shipped_set(set_id)


def decks(set_id: str = DEFAULT_SET) -> Mapping[str, Deck]:
    """The preconstructed decks of a set, by id, in file order (deck A first)."""
    if set_id in _installed:
        return _installed[set_id][1]
    return _shipped_decks(set_id)


def sets() -> tuple[str, ...]:
    """Every card set a game may be played with here: the shipped ones, then those installed."""
    return (*_shipped_ids(), *_installed)


@cache
def _shipped_ids() -> tuple[str, ...]:
    return tuple(sorted(item.name for item in resources.files(PACKAGE).joinpath("cards").iterdir()
                        if item.is_dir() and not item.name.startswith(("_", "."))))


def brought(deck_id: str) -> Deck | None:
    """A deck list a player brought from a file (local play only), by its id."""
    return _brought.get(deck_id)


def brought_decks() -> tuple[Deck, ...]:
    return tuple(_brought.values())


def install_cards(path: Path) -> CardSet:
    """Install a card set from a card file, or from a folder of its card files and deck lists;
    CardDataError naming the file, the card and the field if anything in it is bad."""
    files = sorted(path.glob("*.toml")) if path.is_dir() else [path]
    if not files:
        raise CardDataError(f"{path}: no .toml card files in it")
    parsed = [(str(file), _read(file)) for file in files]
    deck_files = [(name, data) for name, data in parsed if _is_deck(data)]
    card_files = [(name, data) for name, data in parsed if not _is_deck(data)]
    if not card_files:
        raise CardDataError(f"{path}: no card file in it (a card file has format {CARD_FORMAT!r} "
                            "and one of a set's files a [set] table)")
    cards = card_set_from_files(card_files)
    if cards.id in sets() and cards.id not in _installed:
        raise CardDataError(f"{path}: set id {cards.id!r} is the id of a set shipped with grail-tui; "
                            "give yours another id")
    before = _installed.get(cards.id)
    if before is not None and before[0].digest() != cards.digest():
        raise CardDataError(f"{path}: another card set {cards.id!r} is already installed")
    found: dict[str, Deck] = {}
    for name, data in deck_files:
        deck = deck_from_dict(data, name, cards)
        if deck.id in found:
            raise CardDataError(f"{name}: deck id {deck.id!r} is used by another deck of the set")
        found[deck.id] = deck
    _installed[cards.id] = (cards, found)
    return cards


def bring_deck(path: Path) -> Deck:
    """A player's own deck list, checked against the set it names (shipped or installed);
    CardDataError naming the file, the card and the field if it is not legal."""
    data = _read(path)
    if not _is_deck(data):
        raise CardDataError(f"{path}: format: should be 'pulling-strings-deck/1' (a deck list)")
    head = data.get("deck")
    set_id = head.get("set", DEFAULT_SET) if isinstance(head, dict) else DEFAULT_SET
    if not isinstance(set_id, str) or set_id not in sets():
        raise CardDataError(f"{path}: deck.set: no card set {set_id!r} is installed "
                            f"(the sets: {', '.join(sets())})")
    deck = deck_from_dict(data, str(path), card_set(set_id))
    if deck.id in decks(set_id):
        raise CardDataError(f"{path}: deck.id: {deck.id!r} is the id of a deck of set {set_id!r}; "
                            "give yours another id")
    _brought[deck.id] = deck
    return deck


def _read(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")  # pragma: no mutate: UTF-8 is utf-8, and the locale's encoding (None) is UTF-8 wherever this runs
    except (OSError, UnicodeDecodeError) as exc:
        raise CardDataError(f"{path}: cannot read it ({exc})") from None
    return _toml(text, str(path))


def _is_deck(data: Mapping[str, Any]) -> bool:
    return str(data.get("format")).startswith("pulling-strings-deck")


def kept_version(set_id: str, digest: str) -> str | None:
    """An earlier version of a shipped set, kept so that its records replay, whose cards have
    ``digest``: its id (``ps1@1.1.0``, which ``card_set`` and ``decks`` take), or None. A shipped
    set keeps its earlier versions' card files under ``cards/<set>/versions/v<1_1_0>/``; its deck
    lists are the set's own."""
    if set_id not in _shipped_ids():
        return None
    folder = resources.files(PACKAGE).joinpath("cards").joinpath(set_id).joinpath("versions")
    if not folder.is_dir():
        return None
    # no two versions have the same cards, so the order they are tried in cannot matter
    for item in folder.iterdir():
        older = f"{set_id}@{item.name[1:].replace('_', '.')}"
        if item.is_dir() and _shipped_set(older).digest() == digest:
            return older
    return None


def _folder(set_id: str) -> Any:
    """A shipped set's folder of card files: ``ps1``'s own, or ``ps1@1.1.0``'s kept copy."""
    base, _, version = set_id.partition("@")
    folder = resources.files(PACKAGE).joinpath("cards").joinpath(base)
    return folder.joinpath("versions").joinpath("v" + version.replace(".", "_")) if version else folder


@cache
def _shipped_set(set_id: str) -> CardSet:
    """A card set shipped with grail-tui; CardDataError if there is none of that name."""
    return card_set_from_files(_shipped_files(set_id))


def _shipped_files(set_id: str) -> list[tuple[str, dict[str, Any]]]:
    # The name comes from a record or a request: only a shipped set's name, with a version of
    # digits and dots, is looked for, so that no name reaches another folder.
    base, at, version = set_id.partition("@")
    if base not in _shipped_ids() or (at and not VERSION.fullmatch(version)):
        raise CardDataError(f"no card set {set_id[:40]!r} is installed")
    folder = _folder(set_id)
    if not folder.is_dir():
        raise CardDataError(f"no card set {set_id!r} is installed")
    # The shipped files are UTF-8 TOML that reads (tests/strings/test_card_files.py): the name only
    # words an error they never raise, UTF-8 is utf-8 and the locale's encoding here, and files
    # sorted by their path are sorted by their name.
    # pragma: no mutate start
    return [(f"cards/{set_id}/{item.name}", _toml(item.read_text(encoding="utf-8"), item.name))
            for item in sorted(folder.iterdir(), key=lambda i: i.name) if item.name.endswith(".toml")]
    # pragma: no mutate end


@cache
def _shipped_decks(set_id: str) -> Mapping[str, Deck]:
    cards = _shipped_set(set_id)
    folder = resources.files(PACKAGE).joinpath("decks").joinpath(set_id.partition("@")[0])
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
        text = path.read_text(encoding="utf-8")  # pragma: no mutate: UTF-8 is utf-8, and the locale's encoding (None) is UTF-8 wherever this runs
    except (OSError, UnicodeDecodeError) as exc:
        raise CardDataError(f"{path}: cannot read it ({exc})") from None
    data = _toml(text, str(path))
    if _is_deck(data):
        head = data.get("deck")
        set_id = head.get("set") if isinstance(head, dict) else None
        named = set_id if isinstance(set_id, str) and set_id in sets() else DEFAULT_SET
        deck = deck_from_dict(data, str(path), card_set(named))
        return f"{path}: deck {deck.id!r} ({deck.name}) is legal: {len(deck.plot)} plot cards, " \
               f"{len(deck.group)} group cards."
    if "set" in data:
        cards = card_set_from_files([(str(path), data)])
    else:  # its ids and names must not clash with the shipped set's; a shipped file itself (being
        # edited) stands in for the copy shipped, so the set is checked as it would be with it
        itself = f"cards/{DEFAULT_SET}/{path.name}" if _is_shipped(path) else None
        cards = card_set_from_files([*(f for f in _shipped_files(DEFAULT_SET) if f[0] != itself), (str(path), data)])
    return f"{path}: {len(cards.cards)} cards, all valid."


def _is_shipped(path: Path) -> bool:
    """Is ``path`` one of the shipped set's own card files?"""
    shipped = resources.files(PACKAGE).joinpath("cards").joinpath(DEFAULT_SET).joinpath(path.name)
    return shipped.is_file() and Path(str(shipped)).resolve() == path.resolve()  # ``path`` was just read: it resolves
