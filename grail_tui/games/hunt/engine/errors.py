"""Every way an action can break the rules, each with its own class.

Messages are written for the player who tried the action; they may mention that
player's own secret figures, so show them only to that player.
"""

from __future__ import annotations

from ...kit import errors as kit


class IllegalActionError(kit.IllegalActionError):
    """The action breaks the rules; the game is unchanged."""


class GameOverError(IllegalActionError):
    """The game has ended."""


class NotYourTurnError(IllegalActionError):
    """Acting out of turn, or answering when no answer is awaited from you."""


class WrongPhaseError(IllegalActionError):
    """This kind of action is not possible at this point of the game."""


class UnknownPlayerError(IllegalActionError):
    pass


class UnitUsedError(IllegalActionError):
    """Reusing a unit already crossed out, or placing one unit twice (splitting it)."""


class RemovedInitiateError(IllegalActionError):
    """The initiate has left the game."""


class OneInitiateError(IllegalActionError):
    """In the large game a turn's assignment goes to a single initiate."""


class NotAdjacentError(IllegalActionError):
    pass


class GrailError(IllegalActionError):
    """Grail handling that does not fit where the grail is."""


class BlowError(IllegalActionError):
    """A blow on an initiate that is not on the right field, or on itself."""


class NotEnoughInfluenceError(IllegalActionError):
    """Revealing more than you have, or blowing a cover with less than 10."""


class StepThenBlowError(IllegalActionError):
    """Step-then-blow belongs to the small game only."""


class RejectedProposalError(IllegalActionError):
    """The proposal was already rejected this turn."""


class AssignLockedError(IllegalActionError):
    """After a rejection you may assign only once every proposal was rejected."""


class AmountError(IllegalActionError):
    """An objection that does not beat the showing, or a match below the objection."""


class MalformedActionError(IllegalActionError):
    """The action itself is not well formed."""
