"""What happened, as the engine reports it.

Events with an ``audience`` are private to that player until the end of the
game (a dealt hand); all others are public at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .scoring import Score
from .vocabulary import Card, Player, Termination


@dataclass(frozen=True, slots=True)
class Outcome:
    termination: Termination
    winner: Player | None  # None: a draw
    scores: tuple[Score, ...]  # after round 4; empty after a grail succession

    def describe(self, name: Callable[[int], str] | None = None) -> str:
        """One sentence: who won and why."""
        if name is None:
            name = _default_name
        if self.termination is Termination.GRAIL:
            assert self.winner is not None
            return f"{name(self.winner)} holds all three grail cards and wins at once."
        totals = [s.total for s in self.scores]
        if self.winner is None:
            return f"A draw: both score {totals[0]}."  # pragma: no mutate: in a draw both totals are the same
        loser = 1 - self.winner
        return f"{name(self.winner)} wins by {totals[self.winner]} points to {totals[loser]}."


def _default_name(player: int) -> str:
    return f"Player {player + 1}"


@dataclass(frozen=True, slots=True)
class GameStarted:
    first_player: Player
    plus: tuple[int, ...]
    minus: tuple[int, ...]
    row: tuple[Card, ...]  # the cards turned face up to start the row
    audience: None = None


@dataclass(frozen=True, slots=True)
class RoundBegan:
    round: int
    starter: Player
    deck: int  # cards left in the deck after this round's deal
    audience: None = None


@dataclass(frozen=True, slots=True)
class HandDealt:
    """The five cards a player is dealt (theirs alone to see)."""

    player: Player
    round: int
    cards: tuple[Card, ...]

    @property
    def audience(self) -> int:
        return self.player


@dataclass(frozen=True, slots=True)
class Played:
    player: Player
    card: Card
    audience: None = None


@dataclass(frozen=True, slots=True)
class Took:
    player: Player
    cards: tuple[Card, ...]  # from the far end of the row, nearest the deck first
    audience: None = None


@dataclass(frozen=True, slots=True)
class Passed:
    player: Player
    audience: None = None


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The end; every secret is shown."""

    outcome: Outcome
    aside: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]  # cards still in hand (only after a grail succession)
    deck: tuple[Card, ...]  # cards never dealt, top first
    audience: None = None


Event = GameStarted | RoundBegan | HandDealt | Played | Took | Passed | GameEnded


def visible_to(event: Event, player: int | None) -> bool:
    """May ``player`` (None: a spectator) see this event during play?"""
    audience = event.audience
    return audience is None or audience == player
