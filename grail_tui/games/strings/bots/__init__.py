"""Computer players for Pulling Strings. A bot sees one seat's view and its legal actions, nothing
else. Only the random player exists yet (the heuristic and strong ones are issue 26, items 4-5)."""

from __future__ import annotations

from ...kit import bots as kit
from .random_bot import RandomBot

Bot = RandomBot

MAKERS: dict[str, kit.Maker[Bot]] = {
    "random": lambda seed, _: RandomBot(seed),
}
LEVELS = tuple(MAKERS)


def make_bot(level: str, seed: int, budget: float | None = None) -> Bot:
    """A bot of ``level`` (only random so far)."""
    return kit.make_bot(MAKERS, level, seed, budget)


__all__ = ["LEVELS", "Bot", "RandomBot", "make_bot"]
