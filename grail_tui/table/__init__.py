"""Runs one game: seats (human, bot), turn order, bots' pacing and saving."""

from .local import LocalTable
from .seats import BOT_LEVELS, SeatConfig

__all__ = ["BOT_LEVELS", "LocalTable", "SeatConfig"]
