"""Computer players for Pulling Strings. A bot sees one seat's view and its legal actions, nothing
else: random, heuristic (rules of thumb) and strong (a search over dealt worlds)."""

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
    """A bot of ``level``: random, heuristic or strong (``budget``: its ceiling in seconds per decision)."""
    return kit.make_bot(MAKERS, level, seed, budget)


__all__ = ["LEVELS", "Bot", "HeuristicBot", "RandomBot", "StrongBot", "make_bot"]
