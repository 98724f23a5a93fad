"""The rules of Grail Succession, pure: no I/O, no UI, no event loop.

Typical use::

    game = Game(Setup(seed=7))
    while not game.is_over:
        player = game.to_act()[0]
        game.apply(game.legal_actions(player)[0])

Everything a caller may use is exported here; the modules behind it are the
engine's own business.
"""

from .actions import Action, Pass, Play, Take
from .codec import CODEC, DecodeError, action_from_dict, action_to_dict, decode, decode_any, jsonable
from .errors import (
    AlreadyTookError,
    CannotPassError,
    EmptyRowError,
    GameOverError,
    IllegalActionError,
    MalformedActionError,
    NotInHandError,
    NotYourTurnError,
    UnknownPlayerError,
)
from .events import (
    Event,
    GameEnded,
    GameStarted,
    HandDealt,
    Outcome,
    Passed,
    Played,
    RoundBegan,
    Took,
    visible_to,
)
from .game import Game
from .rebuild import Hidden, unseen
from .record import GameRecord, RecordError, ReplayError, setup_from_dict, setup_to_dict
from .scoring import Score, faction_counts, grails, score
from .view import PlayerView, PublicView
from .vocabulary import (
    ASIDE,
    CARD_KINDS,
    FACTION_CARDS,
    FACTIONS,
    GRAIL,
    GRAILS,
    HAND,
    HOUSE_MINUS,
    HOUSE_PLUS,
    MAX_VALUE,
    PLAYERS,
    ROUNDS,
    ROW_START,
    SET_BONUS,
    TAKE,
    TURNS,
    Card,
    Player,
    Setup,
    Suit,
    Termination,
    all_cards,
    describe_cards,
)

__all__ = [
    "CODEC",
    "ASIDE", "Action", "AlreadyTookError", "CannotPassError", "CARD_KINDS", "Card", "DecodeError", "EmptyRowError",
    "Event", "FACTIONS", "FACTION_CARDS", "GRAIL", "GRAILS", "Game", "GameEnded", "GameOverError",
    "GameRecord", "GameStarted", "HAND", "HOUSE_MINUS", "HOUSE_PLUS", "HandDealt", "Hidden",
    "IllegalActionError", "MAX_VALUE", "MalformedActionError", "NotInHandError", "NotYourTurnError",
    "Outcome", "PLAYERS", "Pass", "Passed", "Play", "Played", "Player", "PlayerView", "PublicView",
    "ROUNDS", "ROW_START", "RecordError", "ReplayError", "RoundBegan", "SET_BONUS", "Score", "Setup",
    "Suit", "TAKE", "TURNS", "Take", "Termination", "Took", "UnknownPlayerError", "action_from_dict",
    "action_to_dict", "all_cards", "decode", "decode_any", "describe_cards", "faction_counts",
    "grails", "jsonable", "score", "setup_from_dict", "setup_to_dict", "unseen", "visible_to",
]
