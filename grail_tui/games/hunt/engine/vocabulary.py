"""The engine's small vocabulary: who plays, which game, where it stands, its limits."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

Player = int  # a seat, from 0, clockwise

MIN_PLAYERS, MAX_PLAYERS = 2, 8
DEFAULT_TURN_LIMIT = 500
MAX_AMOUNT = 100  # a whole sheet: nobody can reveal more
BLOW_COST = 10  # what blowing a cover costs, from the influence on the active initiate


class Variant(Enum):
    STANDARD = "standard"
    ORIGINAL = "original"


class Termination(Enum):
    DELIVERED = "delivered"  # the grail reached its bearer's own HQ
    HQ_REACHED = "hq-reached"  # The Original: the grail reached an HQ
    NO_INITIATES = "no-initiates"
    TURN_LIMIT = "turn-limit"


class Phase(Enum):
    """Where a game stands: what kind of action it waits for."""

    OPENING = "opening"  # everybody assigns at once
    TURN = "turn"  # the mover assigns or proposes
    OBJECTIONS = "objections"  # everybody but the mover passes or objects
    REPLY = "reply"  # the mover matches or concedes
    OVER = "over"


@dataclass(frozen=True)
class Setup:
    """Everything fixed before the first action; with the actions, a whole game."""

    players: int
    variant: Variant = Variant.STANDARD
    seed: int = 0
    turn_limit: int = DEFAULT_TURN_LIMIT
    first_player: Player | None = None
    names: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"A game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {self.players}.")
        if self.variant is Variant.ORIGINAL and self.players != 4:
            raise ValueError("The Original is played by exactly 4 players.")
        if not isinstance(self.turn_limit, int) or self.turn_limit < 1:
            raise ValueError("The turn limit must be a whole number of at least 1.")
        if self.first_player is not None and not 0 <= self.first_player < self.players:
            raise ValueError(f"The start player must be a seat from 1 to {self.players}.")
        if self.names and len(self.names) != self.players:
            raise ValueError("Give a name for every seat, or none.")

    @property
    def small(self) -> bool:
        """2-3 players play the small game; The Original uses the large game's rules."""
        return self.players <= 3 and self.variant is Variant.STANDARD

    def name(self, player: Player) -> str:
        return self.names[player] if self.names else f"Player {player + 1}"
