"""Every way an action can break the rules, each with its own class.

Messages speak to the player who tried the action; they may name a card of
that player's own hand, so show them only to that player.
"""

from __future__ import annotations

from ...kit import errors as kit


class IllegalActionError(kit.IllegalActionError):
    """The action breaks the rules; the game is unchanged."""


class GameOverError(IllegalActionError):
    """The game has ended."""


class UnknownPlayerError(IllegalActionError):
    """There are two seats, 0 and 1."""


class NotYourTurnError(IllegalActionError):
    """Acting when the other player is to move."""


class NotInHandError(IllegalActionError):
    """Playing a card the hand does not hold (or playing from an empty hand)."""


class AlreadyTookError(IllegalActionError):
    """A second take in the same round."""


class EmptyRowError(IllegalActionError):
    """Taking from an empty row."""


class CannotPassError(IllegalActionError):
    """Passing while a play or a take is possible."""


class MalformedActionError(IllegalActionError):
    """The action itself is not well formed (not an action of this game, a card that does not exist)."""
