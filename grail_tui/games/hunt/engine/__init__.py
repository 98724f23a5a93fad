"""The rules of The Hunt for the Grail, pure: no I/O, no UI, no event loop.

Typical use::

    game = Game(Setup(players=3, seed=7))
    for player in game.to_act():
        actions = game.legal_actions(player)
        game.apply(actions[0])

Everything a caller may use is exported here; the modules behind it are the
engine's own business.
"""

from .actions import (
    Action,
    Assign,
    Concede,
    GrailMove,
    Match,
    Object,
    Pass,
    Placement,
    Proposal,
    Propose,
    describe_proposal,
)
from .board import CENTRE, FIELDS, HQ_VALUES, NEIGHBOURS, SIZE, Field
from .codec import CODEC, DecodeError, action_from_dict, action_to_dict, decode, decode_any, jsonable
from .errors import *  # noqa: F403
from .errors import IllegalActionError, MalformedActionError
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
    TurnBegan,
    UnitsPlaced,
    visible_to,
)
from .game import Game, LegalActions
from .pieces import HOMES, INITIATES, SHEET_TOTAL, UNITS, Initiate, Society, Unit
from .record import GameRecord, RecordError, ReplayError, setup_from_dict, setup_to_dict
from .sheet import Sheet
from .view import ContestView, PlayerView, PublicView, SheetView
from .vocabulary import (
    BLOW_COST,
    DEFAULT_TURN_LIMIT,
    MAX_AMOUNT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Phase,
    Player,
    Setup,
    Termination,
    Variant,
)

__all__ = [
    "CODEC",
    "Action", "Assign", "Assigned", "BLOW_COST", "CENTRE", "Concede", "Conceded", "ContestView",
    "CoverBlown", "DEFAULT_TURN_LIMIT", "DecodeError", "Event", "FIELDS", "Field", "Game",
    "GameEnded", "GameRecord", "GameStarted", "GrailDropped", "GrailMove", "GrailTaken", "HOMES",
    "HQ_VALUES", "HqDealt", "INITIATES", "IllegalActionError", "Initiate", "LegalActions",
    "MAX_AMOUNT", "MAX_PLAYERS", "MIN_PLAYERS", "MalformedActionError", "Match", "Matched",
    "NEIGHBOURS", "Object", "ObjectionsRevealed", "Outcome", "Pass", "Phase", "Placement", "Player",
    "PlayerView", "Proposal", "ProposalCarried", "Propose", "Proposed", "PublicView", "RecordError",
    "ReplayError", "SHEET_TOTAL", "SIZE", "Setup", "Sheet", "SheetView", "Society", "Stepped",
    "Termination", "TurnBegan", "UNITS", "Unit", "UnitsPlaced", "Variant", "action_from_dict", "action_to_dict",
    "decode", "decode_any", "describe_proposal", "jsonable", "setup_from_dict", "setup_to_dict",
    "visible_to",
]
