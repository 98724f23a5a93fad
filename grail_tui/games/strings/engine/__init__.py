"""The rules of Pulling Strings, pure: no UI, no event loop, no network; the standard library
and the kit only. The card set is read once from the package's data (catalogue.py).

Typical use::

    game = Game(Setup(seed=7, decks=("old-money", "low-note")))
    while not game.is_over:
        player = game.to_act()[0]
        game.apply(game.legal_actions(player)[0])
"""

from .actions import (
    ACTION_TYPES,
    Action,
    Activate,
    Agent,
    Answer,
    Bottom,
    Buy,
    CallOff,
    ChooseCabal,
    ChooseStart,
    Commit,
    Declare,
    Discard,
    Draw,
    DrawGroup,
    EndTurn,
    Give,
    Link,
    Move,
    Offer,
    Pass,
    Place,
    PlaceAgent,
    PlaceResource,
    PlayPlot,
    Reveal,
    Shelter,
    Support,
    Swap,
)
from .board import relation
from .cards import CardDataError, CardDef, CardSet, Deck
from .catalogue import (
    DEFAULT_SET,
    bring_deck,
    brought,
    brought_decks,
    card_set,
    check_file,
    decks,
    install_cards,
    sets,
)
from .codec import CODEC, DecodeError, action_from_dict, action_to_dict, decode, decode_any, jsonable
from .errors import *  # noqa: F403 - every rule's error class
from .errors import IllegalActionError, MalformedActionError
from .events import Event, GameEnded, Happened, Outcome, Rolled, Saw, visible_to
from .foresight import foresee
from .game import Game
from .record import GameRecord, RecordError, ReplayError, setup_from_dict, setup_to_dict
from .rules import attack_total, defence_total, succeeds, support_value
from .sampling import can_sample as can_sample  # a world dealt from a view: the strong bot's
from .sampling import sample as sample
from .view import PlayerView, PublicView, Seated
from .vocabulary import (
    PLAYERS_MAX,
    PLAYERS_MIN,
    ROUND_LIMIT,
    AttackKind,
    Ending,
    Phase,
    Setup,
    Side,
    WindowKind,
    basic_goal,
)

__all__ = [
    "ACTION_TYPES", "Action", "Activate", "Agent", "Answer", "AttackKind", "Bottom", "Buy", "CODEC", "CallOff", "CardDataError",
    "CardDef", "CardSet", "ChooseCabal", "ChooseStart", "Commit", "DEFAULT_SET", "Deck", "Declare", "Discard",
    "DecodeError", "Draw", "DrawGroup", "EndTurn", "Ending", "Event", "Game", "GameEnded", "GameRecord",
    "Give", "Happened", "IllegalActionError", "Link", "MalformedActionError", "Move", "Offer", "Outcome",
    "PLAYERS_MAX", "PLAYERS_MIN", "Pass", "Phase", "Place", "PlaceAgent", "PlaceResource", "PlayPlot",
    "PlayerView", "PublicView", "ROUND_LIMIT", "RecordError", "ReplayError", "Reveal", "Rolled", "Saw", "Seated",
    "Setup", "Shelter", "Side", "Support", "Swap", "WindowKind", "action_from_dict", "action_to_dict",
    "attack_total", "basic_goal", "bring_deck", "brought", "brought_decks", "card_set", "check_file", "decode", "decode_any", "decks",
    "defence_total", "foresee", "install_cards", "jsonable", "relation", "sets", "setup_from_dict", "setup_to_dict", "succeeds", "support_value",
    "visible_to",
]
