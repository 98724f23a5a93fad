"""Computer players. A bot sees one player's view and that player's legal actions, nothing else."""

from .base import Bot
from .random_bot import RandomBot


def make_bot(level: str, seed: int) -> Bot:
    """A bot of ``level`` (see grail_tui.table.BOT_LEVELS)."""
    return RandomBot(seed)


__all__ = ["Bot", "RandomBot", "make_bot"]
