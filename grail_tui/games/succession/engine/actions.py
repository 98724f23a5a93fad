"""What a player can do on a turn: play a card, take from the row, or pass."""

from __future__ import annotations

from dataclasses import dataclass

from .vocabulary import Card, Player


@dataclass(frozen=True, slots=True)
class Play:
    """Put ``card`` from the hand face up at the far end of the row."""

    player: Player
    card: Card


@dataclass(frozen=True, slots=True)
class Take:
    """Take the last five cards of the row (all of them if fewer), once a round."""

    player: Player


@dataclass(frozen=True, slots=True)
class Pass:
    """[interpretation] Only when the player can neither play nor take."""

    player: Player


Action = Play | Take | Pass
