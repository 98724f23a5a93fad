"""Computer players by level: a game's bots package names a maker per level, and one function
makes a bot of a level or says which levels there are."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

BotT = TypeVar("BotT")
DEFAULT_BUDGET = 1.0  # seconds a searching bot thinks per decision unless its game or a caller says

Maker = Callable[[int, float], BotT]  # (seed, budget) -> a bot


def make_bot(makers: Mapping[str, Maker[BotT]], level: str, seed: int, budget: float | None = None,
             default: float = DEFAULT_BUDGET) -> BotT:
    """A bot of ``level`` (``budget``: a searching bot's seconds per decision; None: the game's
    ``default``); ValueError naming the levels there are for another."""
    maker = makers.get(level)
    if maker is None:
        raise ValueError(f"unknown bot level {level!r} (choose from {', '.join(makers)})")
    return maker(seed, default if budget is None else budget)


ActionT = TypeVar("ActionT")


class RandomBot:
    """The baseline every game offers: a uniformly random legal choice from the seed's dice."""

    level = "random"
    budget = 0.0

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: object, legal: Sequence[ActionT]) -> ActionT:
        return legal[self.rng.randrange(len(legal))]
