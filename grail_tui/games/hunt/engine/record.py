"""The hunt's record: the kit's versioned record (games/kit/record.py) of its setup and actions."""

from __future__ import annotations

from typing import Any

from ...kit.errors import RecordError, ReplayError
from ...kit.record import GameRecord as KitRecord
from ...kit.record import Rules, names_of, seats_to_dict, whole_numbers
from .actions import Action
from .codec import action_from_dict, action_to_dict
from .game import Game
from .vocabulary import DEFAULT_TURN_LIMIT, Setup, Variant

GAME = "hunt"  # records of other games name theirs; a record without a name is of this one

__all__ = ["GAME", "GameRecord", "RecordError", "ReplayError", "setup_from_dict", "setup_to_dict"]


def setup_to_dict(setup: Setup) -> dict[str, Any]:
    out: dict[str, Any] = {
        "players": setup.players,
        "variant": setup.variant.value,
        "seed": setup.seed,
        "turn_limit": setup.turn_limit,
    }
    return seats_to_dict(setup, out)


def setup_from_dict(raw: Any) -> Setup:
    """A setup from its JSON form; ValueError says what is wrong."""
    if not isinstance(raw, dict):
        raise ValueError("there is no setup")
    names = names_of(raw)
    whole_numbers(raw, ("players", "seed", "turn_limit", "first_player"), nullable=("first_player",))
    variant = raw.get("variant", "standard")
    if variant not in [v.value for v in Variant]:
        raise ValueError(f"unknown variant {variant!r}")
    return Setup(
        players=raw.get("players", 0),
        variant=Variant(variant),
        seed=raw.get("seed", 0),
        turn_limit=raw.get("turn_limit", DEFAULT_TURN_LIMIT),
        first_player=raw.get("first_player"),
        names=names,
    )


class GameRecord(KitRecord[Setup, Action, Game]):
    RULES = Rules(GAME, setup_to_dict, setup_from_dict, action_to_dict, action_from_dict, Game,
                  unnamed_is_mine=True)
