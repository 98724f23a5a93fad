"""The baseline: a uniformly random legal choice."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine import Action, PlayerView


class RandomBot:
    level = "random"
    budget = 0.0

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]
