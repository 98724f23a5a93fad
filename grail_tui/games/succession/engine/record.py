"""Grail Succession's record: the kit's versioned record (games/kit/record.py) of its setup
and actions."""

from __future__ import annotations

from typing import Any

from ...kit.errors import RecordError, ReplayError
from ...kit.record import GameRecord as KitRecord
from ...kit.record import Rules, names_of, seats_to_dict, whole_numbers
from .actions import Action
from .codec import action_from_dict, action_to_dict
from .game import Game
from .vocabulary import HOUSE_MINUS, HOUSE_PLUS, PLAYERS, Setup

GAME = "succession"

__all__ = ["GAME", "GameRecord", "RecordError", "ReplayError", "setup_from_dict", "setup_to_dict"]


def setup_to_dict(setup: Setup) -> dict[str, Any]:
    out: dict[str, Any] = {
        "players": PLAYERS,
        "seed": setup.seed,
        "plus": list(setup.plus),
        "minus": list(setup.minus),
    }
    return seats_to_dict(setup, out)


def setup_from_dict(raw: Any) -> Setup:
    """A setup from its JSON form; ValueError says what is wrong."""
    if not isinstance(raw, dict):
        raise ValueError("there is no setup")
    if raw.get("players", PLAYERS) != PLAYERS:
        raise ValueError(f"Grail Succession is for {PLAYERS} players, not {raw.get('players')!r}")
    names = names_of(raw)
    whole_numbers(raw, ("seed", "first_player"), nullable=("seed", "first_player"))  # Setup refuses a null seed
    values = {}
    for key, default in (("plus", HOUSE_PLUS), ("minus", HOUSE_MINUS)):
        given = raw.get(key, list(default))
        if not isinstance(given, list):
            raise ValueError(f"{key!r} should be a list of card values")
        values[key] = tuple(given)
    return Setup(seed=raw.get("seed", 0), first_player=raw.get("first_player"), names=names,
                 plus=values["plus"], minus=values["minus"])


class GameRecord(KitRecord[Setup, Action, Game]):
    RULES = Rules(GAME, setup_to_dict, setup_from_dict, action_to_dict, action_from_dict, Game)
