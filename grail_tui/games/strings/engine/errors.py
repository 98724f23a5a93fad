"""Every way an action can break the rules, one class per rule, each worded for the player who
tried it (it may name a card of that player's own hand: show it to that player only)."""

from __future__ import annotations

from ...kit import errors as kit


class IllegalActionError(kit.IllegalActionError):
    """The action breaks the rules; the game is unchanged."""


class MalformedActionError(IllegalActionError):
    """Not an action of this game, or a field of the wrong kind."""


class GameOverError(IllegalActionError):
    """The game has ended."""


class NotYourTurnError(IllegalActionError):
    """Acting when the game waits for someone else, or for another kind of answer."""


class WrongMomentError(IllegalActionError):
    """An action the present step of the turn or window does not allow."""


class NotYoursError(IllegalActionError):
    """A card that is not in your hand, your deck or under your control."""


class SetupChoiceError(IllegalActionError):
    """A Cabal or start group that may not be chosen (§5)."""


class UniquenessError(IllegalActionError):
    """A second group or resource of one name on the table, a unique resource again (§15)."""


class NoOpenArrowError(IllegalActionError):
    """No open out-arrow where the card would go (§2.5, §8.2)."""


class NoTokenError(IllegalActionError):
    """The card that must pay holds no action token (§7)."""


class OncePerTurnError(IllegalActionError):
    """A main-phase action allowed once a turn, taken again (§6.2, §10.3)."""


class HandLimitError(IllegalActionError):
    """Beyond the plot-hand or goal-card limit (§13)."""


class AttackTargetError(IllegalActionError):
    """A target an attack may not have (§8.2)."""


class ShieldError(IllegalActionError):
    """A player protected by the first-turn shield (§18)."""


class SupportError(IllegalActionError):
    """A contribution the support rules do not allow (§8.5)."""


class SideLockError(SupportError):
    """Supporting the other side after a first contribution (HR-15)."""


class AgentError(IllegalActionError):
    """A group agent or Cabal agent that may not be played (§2.11)."""


class PlotTimingError(IllegalActionError):
    """A plot played where its timing does not allow it (§2.7)."""


class PlotTargetError(IllegalActionError):
    """A plot aimed at something it cannot affect."""


class CostError(IllegalActionError):
    """A cost that cannot be paid (tokens, discards, an empty deck)."""


class MoveError(IllegalActionError):
    """A move the rules of §9 do not allow."""


class LinkError(IllegalActionError):
    """A link the rules of §10 do not allow."""
