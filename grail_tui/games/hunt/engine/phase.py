"""Where a game stands: what kind of action it waits for."""

from __future__ import annotations

from enum import Enum


class Phase(Enum):
    OPENING = "opening"  # everybody assigns at once
    TURN = "turn"  # the mover assigns or proposes
    OBJECTIONS = "objections"  # everybody but the mover passes or objects
    REPLY = "reply"  # the mover matches or concedes
    OVER = "over"
