"""Pulling Strings' record: the kit's versioned record of its setup and actions. The setup names
the card set with its content hash, so a record refuses to replay with other cards."""

from __future__ import annotations

from typing import Any

from ...kit.errors import RecordError, ReplayError
from ...kit.record import GameRecord as KitRecord
from ...kit.record import Rules, names_of, seats_to_dict, whole_numbers
from .actions import Action
from .catalogue import card_set, decks
from .codec import action_from_dict, action_to_dict
from .game import Game
from .vocabulary import PLAYERS_MAX, PLAYERS_MIN, ROUND_LIMIT, Setup

GAME = "strings"

__all__ = ["GAME", "GameRecord", "RecordError", "ReplayError", "setup_from_dict", "setup_to_dict"]


def setup_to_dict(setup: Setup) -> dict[str, Any]:
    out: dict[str, Any] = {
        "players": setup.players, "seed": setup.seed, "decks": list(setup.decks),
        "card_set": setup.card_set, "cards_hash": card_set(setup.card_set).digest(),
        "round_limit": setup.round_limit, "goal": setup.goal,
        "shield_covers_attacks": setup.shield_covers_attacks, "tourney_two_player": setup.tourney_two_player,
    }
    return seats_to_dict(setup, out)


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
    try:
        cards = card_set(set_id)
        known = decks(set_id)
    except ValueError as exc:
        raise ValueError(str(exc)) from None
    if raw.get("cards_hash", cards.digest()) != cards.digest():
        raise ValueError(f"the record was played with another version of card set {set_id!r}")
    for deck in chosen:
        if deck not in known:
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
                 tourney_two_player=raw.get("tourney_two_player", False))


class GameRecord(KitRecord[Setup, Action, Game]):
    RULES = Rules(GAME, setup_to_dict, setup_from_dict, action_to_dict, action_from_dict, Game)
