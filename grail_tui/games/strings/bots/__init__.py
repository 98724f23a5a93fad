"""Computer players for Pulling Strings. A bot sees one seat's view and its legal actions, nothing
else. The random and heuristic players exist (the strong one is issue 26, item 4)."""

from __future__ import annotations

from ...kit import bots as kit
from ...kit.bots import RandomBot
from .heuristic import HeuristicBot

Bot = RandomBot | HeuristicBot

MAKERS: dict[str, kit.Maker[Bot]] = {
    "random": lambda seed, _: RandomBot(seed),
    "heuristic": lambda seed, _: HeuristicBot(seed),
}
LEVELS = tuple(MAKERS)


def make_bot(level: str, seed: int, budget: float | None = None) -> Bot:
    """A bot of ``level`` (random or heuristic)."""
    return kit.make_bot(MAKERS, level, seed, budget)


__all__ = ["LEVELS", "Bot", "HeuristicBot", "RandomBot", "make_bot"]
