"""The rules of The Hunt for the Grail, pure: no I/O, no UI, no event loop.

Typical use::

    game = Game(Setup(players=3, seed=7))
    for player in game.to_act():
        actions = game.legal_actions(player)
        game.apply(actions[0])
"""

from .actions import Action, Assign, Concede, GrailMove, Match, Object, Pass, Placement, Proposal, Propose
from .board import CENTRE, Field
from .errors import *  # noqa: F403
from .errors import IllegalActionError
from .events import (
    Assigned,
    Conceded,
    CoverBlown,
    Event,
    GameEnded,
    GameStarted,
    GrailDropped,
    GrailTaken,
    HqDealt,
    Matched,
    ObjectionsRevealed,
    Outcome,
    ProposalCarried,
    Proposed,
    Stepped,
    Termination,
    TurnBegan,
    UnitsPlaced,
    Variant,
    visible_to,
)
from .game import DEFAULT_TURN_LIMIT, Game, LegalActions, Setup
from .notation import action_from_dict, action_to_dict, describe_proposal
from .phase import Phase
from .pieces import UNITS, Initiate, Society, Unit
from .record import GameRecord, RecordError, ReplayError
from .view import ContestView, PlayerView, PublicView, SheetView

__all__ = [
    "Action", "Assign", "CENTRE", "Concede", "ContestView", "DEFAULT_TURN_LIMIT", "Event", "Field",
    "Game", "GameRecord", "GrailMove", "IllegalActionError", "Initiate", "LegalActions", "Match",
    "Object", "Outcome", "Pass", "Phase", "Placement", "PlayerView", "Proposal", "Propose",
    "PublicView", "RecordError", "ReplayError", "Setup", "SheetView", "Society", "Termination",
    "UNITS", "Unit", "Variant", "action_from_dict", "action_to_dict", "describe_proposal",
    "visible_to", "Assigned", "Conceded", "CoverBlown", "GameEnded", "GameStarted", "GrailDropped",
    "GrailTaken", "HqDealt", "Matched", "ObjectionsRevealed", "ProposalCarried", "Proposed", "Stepped",
    "TurnBegan", "UnitsPlaced",
]
