"""Pulling Strings' record: the kit's versioned record of its setup and actions. The setup names
the card set with its content hash, so a record refuses to replay with other cards."""

from __future__ import annotations

from typing import Any

from ...kit.errors import RecordError, ReplayError
from ...kit.record import GameRecord as KitRecord
from ...kit.record import Rules, names_of, seats_to_dict, whole_numbers
from .actions import Action
from .cards import DECK_FORMAT, CardDataError, CardSet, Deck, deck_from_dict
from .catalogue import card_set, decks, kept_version
from .codec import action_from_dict, action_to_dict
from .game import Game
from .vocabulary import PLAYERS_MAX, PLAYERS_MIN, ROUND_LIMIT, Setup

GAME = "strings"

__all__ = ["GAME", "GameRecord", "RecordError", "ReplayError", "setup_from_dict", "setup_to_dict"]


def setup_to_dict(setup: Setup) -> dict[str, Any]:
    out: dict[str, Any] = {
        "players": setup.players, "seed": setup.seed, "decks": list(setup.decks),
        # a kept earlier version (``ps1@1.1.0``) is written as its set and its cards' hash
        "card_set": setup.card_set.partition("@")[0], "cards_hash": card_set(setup.card_set).digest(),
        "round_limit": setup.round_limit, "goal": setup.goal,
        "shield_covers_attacks": setup.shield_covers_attacks, "tourney_two_player": setup.tourney_two_player,
    }
    if setup.custom:  # a brought deck list travels with its record: the file may be gone at replay
        out["custom_decks"] = [{"id": d.id, "name": d.name, "plot": list(d.plot), "group": list(d.group)}
                               for d in setup.custom]
    return seats_to_dict(setup, out)


def _custom_decks(raw: Any, cards: CardSet) -> tuple[Deck, ...]:
    """The deck lists a record carries, checked as a deck file is (cards.py)."""
    if not isinstance(raw, list):
        raise ValueError("'custom_decks' should be a list of deck lists")
    found = []
    for k, item in enumerate(raw):
        if not isinstance(item, dict):
            raise ValueError("'custom_decks' should be a list of deck lists")
        data = {"format": DECK_FORMAT, "deck": {"id": item.get("id"), "name": item.get("name"), "set": cards.id},
                "plot_deck": {"cards": item.get("plot")}, "group_deck": {"cards": item.get("group")}}
        try:
            found.append(deck_from_dict(data, f"custom_decks[{k}]", cards))
        except CardDataError as exc:
            raise ValueError(str(exc)) from None
    return tuple(found)


def setup_from_dict(raw: Any) -> Setup:
    """A setup from its JSON form; ValueError says what is wrong."""
    if not isinstance(raw, dict):
        raise ValueError("there is no setup")
    whole_numbers(raw, ("seed", "first_player", "round_limit", "goal"), nullable=("first_player",))
    chosen = raw.get("decks")
    if not isinstance(chosen, list) or not all(isinstance(d, str) for d in chosen):
        raise ValueError("'decks' should be a list of deck names")
    if not PLAYERS_MIN <= len(chosen) <= PLAYERS_MAX:
        raise ValueError(f"Pulling Strings is for {PLAYERS_MIN} to {PLAYERS_MAX} players")
    set_id = raw.get("card_set", "ps1")
    if not isinstance(set_id, str):
        raise ValueError("'card_set' should be the name of a card set")
    try:
        cards = card_set(set_id)
        known = decks(set_id)
    except CardDataError:
        raise ValueError(f"the record was played with card set {set_id[:40]!r}, which is not installed here "
                         "(--cards installs a card set)") from None
    if raw.get("cards_hash", cards.digest()) != cards.digest():
        older = kept_version(set_id, str(raw["cards_hash"]))
        if older is not None:  # an earlier version of a shipped set, kept for its records
            set_id, cards, known = older, card_set(older), decks(older)
    if raw.get("cards_hash", cards.digest()) != cards.digest():
        raise ValueError(f"the record was played with another version of card set {set_id!r}: "
                         "its cards' text or numbers differ from the set installed here")
    custom = _custom_decks(raw.get("custom_decks", []), cards)
    for deck in chosen:
        if deck not in known and deck not in {d.id for d in custom}:
            raise ValueError(f"no deck {deck!r} in card set {set_id!r}")
    for flag in ("shield_covers_attacks", "tourney_two_player"):
        if not isinstance(raw.get(flag, False), bool):
            raise ValueError(f"{flag!r} should be true or false")
    limit = raw.get("round_limit", ROUND_LIMIT)
    if limit < 1:
        raise ValueError("'round_limit' should be at least 1")
    return Setup(seed=raw.get("seed", 0), decks=tuple(chosen), names=names_of(raw),
                 first_player=raw.get("first_player"), card_set=set_id, round_limit=limit,
                 goal=raw.get("goal", 0), shield_covers_attacks=raw.get("shield_covers_attacks", True),
                 tourney_two_player=raw.get("tourney_two_player", False), custom=custom)


class GameRecord(KitRecord[Setup, Action, Game]):
    RULES = Rules(GAME, setup_to_dict, setup_from_dict, action_to_dict, action_from_dict, Game)
