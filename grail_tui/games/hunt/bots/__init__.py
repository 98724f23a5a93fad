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
# The strong bot's seconds per decision unless told otherwise. A quarter second, not the kit's
# second: on the ladder strong:0.25 and strong:1 finish level (60 of 120 games ahead of each
# other), so the rest of the second was only waiting at the table (docs/rules.md, Computer players).
STRONG_BUDGET = 0.25


def make_bot(level: str, seed: int, budget: float | None = None) -> Bot:
    """A bot of ``level``: random, heuristic or strong (``budget``: seconds per decision,
    STRONG_BUDGET if None)."""
    return kit.make_bot(MAKERS, level, seed, budget, default=STRONG_BUDGET)


__all__ = ["LEVELS", "STRONG_BUDGET", "Bot", "HeuristicBot", "RandomBot", "make_bot"]
