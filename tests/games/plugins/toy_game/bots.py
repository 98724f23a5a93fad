"""Pebbles' one computer player: a random legal move, from the seat's view alone."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from grail_tui.games.kit import bots as kit
from grail_tui.games.kit.bots import RandomBot

from .engine import Doubt, Reply


class GreedyBot:
    """Pebbles' own level: takes two whenever it may, never doubts, keeps what it took."""

    level = "greedy"
    budget = 0.0

    def decide(self, view: Any, legal: Sequence[Any]) -> Any:
        def greed(action: Any) -> int:
            if isinstance(action, Doubt):
                return not action.doubt
            if isinstance(action, Reply):
                return action.keep
            return int(action.count)  # a bid or a take: the more the better

        return max(legal, key=greed)


MAKERS: dict[str, kit.Maker[RandomBot | GreedyBot]] = {"random": lambda seed, _: RandomBot(seed),
                                                       "greedy": lambda seed, _: GreedyBot()}


def make_bot(level: str, seed: int, budget: float | None = None) -> RandomBot | GreedyBot:
    return kit.make_bot(MAKERS, level, seed, budget)
