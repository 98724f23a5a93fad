"""The errors every engine's own refine: a game's precise errors subclass these, so the
platform catches one class for every game."""

from __future__ import annotations

from typing import Any


class IllegalActionError(ValueError):
    """The action breaks the rules; the game is unchanged. Each engine subclasses it once
    (its kind's ``illegal``) and refines that per broken rule."""


class RecordError(ValueError):
    """A record that cannot be read: not JSON, not a record of this game, or damaged."""


class ReplayError(ValueError):
    """An action in a record breaks the rules; the actions before it replay."""

    def __init__(self, index: int, action: Any, reason: str) -> None:
        super().__init__(f"action {index}: {reason}")
        self.index = index
        self.action = action
        self.reason = reason
