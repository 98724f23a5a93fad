"""Computer players for Grail Succession. A bot sees one seat's view and its legal actions, nothing else."""

from __future__ import annotations

from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .strong import StrongBot

LEVELS = ("random", "heuristic", "strong")

Bot = RandomBot | HeuristicBot | StrongBot


def make_bot(level: str, seed: int, budget: float | None = None) -> Bot:
    """A bot of ``level``: random, heuristic or strong (``budget``: the strong bot's seconds per decision)."""
    if level == "random":
        return RandomBot(seed)
    if level == "heuristic":
        return HeuristicBot(seed)
    if level == "strong":
        return StrongBot(seed, budget=1.0 if budget is None else budget)
    raise ValueError(f"unknown bot level {level!r} (choose from {', '.join(LEVELS)})")


__all__ = ["LEVELS", "Bot", "HeuristicBot", "RandomBot", "StrongBot", "make_bot"]
