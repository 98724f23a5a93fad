"""Computer players. A bot sees one player's view and that player's legal actions, nothing else."""

from ...kit import bots as kit
from .base import Bot
from .heuristic import HeuristicBot
from .random_bot import RandomBot


def _strong(seed: int, budget: float) -> Bot:
    from .strong import StrongBot  # a search: imported when one is wanted

    return StrongBot(seed, budget=budget)


MAKERS: dict[str, kit.Maker[Bot]] = {
    "random": lambda seed, _: RandomBot(seed),
    "heuristic": lambda seed, _: HeuristicBot(seed),
    "strong": _strong,
}
LEVELS = tuple(MAKERS)


def make_bot(level: str, seed: int, budget: float | None = None) -> Bot:
    """A bot of ``level``: random, heuristic or strong (``budget``: seconds per decision)."""
    return kit.make_bot(MAKERS, level, seed, budget)


__all__ = ["LEVELS", "Bot", "HeuristicBot", "RandomBot", "make_bot"]
