"""Pebbles' one computer player: a random legal move, from the seat's view alone."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from grail_tui.games.kit import bots as kit


class RandomBot:
    level = "random"
    budget = 0.0

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: Any, legal: Sequence[Any]) -> Any:
        return legal[self.rng.randrange(len(legal))]


MAKERS: dict[str, kit.Maker[RandomBot]] = {"random": lambda seed, _: RandomBot(seed)}


def make_bot(level: str, seed: int, budget: float | None = None) -> RandomBot:
    return kit.make_bot(MAKERS, level, seed, budget)
