"""Computer players. A bot sees one player's view and that player's legal actions, nothing else."""

from .base import Bot
from .heuristic import HeuristicBot
from .random_bot import RandomBot

LEVELS = ("random", "heuristic", "strong")


def make_bot(level: str, seed: int, budget: float | None = None) -> Bot:
    """A bot of ``level``: random, heuristic or strong (``budget``: seconds per decision)."""
    if level == "random":
        return RandomBot(seed)
    if level == "heuristic":
        return HeuristicBot(seed)
    if level == "strong":
        from .strong import StrongBot

        return StrongBot(seed, budget=1.0 if budget is None else budget)
    raise ValueError(f"unknown bot level {level!r} (choose from {', '.join(LEVELS)})")


__all__ = ["LEVELS", "Bot", "HeuristicBot", "RandomBot", "make_bot"]
