"""Seeded chance: everything random in a game comes from its setup's seed, drawn in a fixed
order, so that replaying a record deals and chooses exactly as the game did."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TypeVar

T = TypeVar("T")


class Dice:
    """The chance of one game, from its seed. Draw in the same order every time: a record
    replays by drawing again."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def seat(self, players: int) -> int:
        """A seat chosen at random (a start player)."""
        return self._rng.randrange(players)

    def shuffle(self, items: list[T]) -> None:
        """Shuffle ``items`` in place."""
        self._rng.shuffle(items)

    def deck(self, cards: Iterable[T]) -> list[T]:
        """The cards, shuffled: a deck to deal from the front."""
        deck = list(cards)
        self._rng.shuffle(deck)
        return deck
