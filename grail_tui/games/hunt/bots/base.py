"""The one interface every bot implements."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ..engine import Action, PlayerView


class Bot(Protocol):
    """Decides for one seat, from that seat's view alone."""

    level: str
    budget: float  # seconds a decision may take (0: about at once)

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Choose one of ``legal`` (never empty) for the player of ``view``."""
        ...
