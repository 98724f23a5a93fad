"""Computer players. A bot sees one player's view and that player's legal actions, nothing else."""

from .base import Bot
from .random_bot import RandomBot

__all__ = ["Bot", "RandomBot"]
