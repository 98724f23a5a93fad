"""The words of Pulling Strings: seats, phases, sides, windows, the setup and its options."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .cards import Deck

Player = int
Uid = int  # one physical card in this game (decks' cards numbered in deck-list order)
NONE = -1  # no card, no player: where a card or seat may be absent

PLAYERS_MIN, PLAYERS_MAX = 2, 6
START_PLOTS, START_GROUPS = 3, 6
PLOT_HAND_LIMIT = 5
SETUP_ROUNDS = 3  # HR-03b
OFFERS_PER_TURN = 3  # HR-85: offers of hand cards a player may make in one turn (a cap on prompting others)
ROUND_LIMIT = 40
CABAL_ARROWS = 4
AGENT_ATTACK, AGENT_DEFENCE, CABAL_AGENT_BONUS = 10, 6, 3
SAME_CABAL = 5  # M5
ALIGNMENT_MOD = 4  # M1-M4
MASTER_BONUS = 4  # N3, once (HR-22)
DEPTH_BONUS = {1: 10, 2: 5}  # N1, N2
AUTOMATIC_FAILURE = 11  # a roll of 11 or 12 always fails


def basic_goal(players: int) -> int:
    """Groups to control to win (§16.1): 12 for 2-3 players, 11 for 4, 10 for 5-6."""
    return {2: 12, 3: 12, 4: 11}.get(players, 10)


class Phase(Enum):
    CABAL = "cabal"  # the secret Cabal choice (a hidden round)
    START = "start"  # the secret start-group rounds (hidden rounds)
    OPEN_START = "open start"  # start groups chosen openly, one at a time (HR-03b)
    DRAW = "draw"  # the start of a turn: the draws
    PLACE = "place"  # free placement
    MAIN = "main"
    OVER = "over"


class AttackKind(Enum):
    CONTROL = "control"
    DESTROY = "destroy"


class Side(Enum):
    ATTACK = "attack"
    DEFENCE = "defence"


class WindowKind(Enum):
    ROUND_TABLE = "round table"  # one lap after each action of the active player (§14.2)
    SUPPORT = "support"  # an attack's support loop (§8.5)
    RESPONSE = "response"  # answers to a plot as it is played, a stack (§14.1)
    CLAIMS = "claims"  # after claims at the end of a turn (§14.4)


class Ending(Enum):
    GOAL = "goal"  # a claim stood: basic, special goal or goal card
    SURVIVOR = "survivor"  # every other player eliminated
    ROUND_LIMIT = "round limit"  # most groups when the round limit is reached


@dataclass(frozen=True)
class Setup:
    """Everything fixed before the first action: the seats' decks (deck ids of the card set),
    the seed every shuffle and roll comes from, and the table's options (§20)."""

    seed: int = 0
    decks: tuple[str, ...] = ("old-money", "low-note")
    names: tuple[str, ...] = ()
    first_player: int | None = None  # the host picks the first player (else 2d6 rolls, HR-02)
    card_set: str = "ps1"
    round_limit: int = ROUND_LIMIT
    goal: int = 0  # the basic goal; 0: by the number of players
    shield_covers_attacks: bool = True  # HR-36
    tourney_two_player: bool = False
    custom: tuple[Deck, ...] = ()  # deck lists players brought (``decks`` names them by id)

    @property
    def players(self) -> int:
        return len(self.decks)

    @property
    def basic_goal(self) -> int:
        return self.goal or basic_goal(self.players)

    def name(self, player: int) -> str:
        return self.names[player] if player < len(self.names) else f"Player {player + 1}"
