"""Computer players for Grail Succession. A bot sees one seat's view and its legal actions, nothing else."""

from __future__ import annotations

from ...kit import bots as kit
from ...kit.bots import RandomBot
from .heuristic import HeuristicBot
from .strong import StrongBot

Bot = RandomBot | HeuristicBot | StrongBot

MAKERS: dict[str, kit.Maker[Bot]] = {
    "random": lambda seed, _: RandomBot(seed),
    "heuristic": lambda seed, _: HeuristicBot(seed),
    "strong": lambda seed, budget: StrongBot(seed, budget=budget),
}
LEVELS = tuple(MAKERS)


def make_bot(level: str, seed: int, budget: float | None = None) -> Bot:
    """A bot of ``level``: random, heuristic or strong (``budget``: the strong bot's seconds per decision)."""
    return kit.make_bot(MAKERS, level, seed, budget)


__all__ = ["LEVELS", "Bot", "HeuristicBot", "RandomBot", "StrongBot", "make_bot"]
