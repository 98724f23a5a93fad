"""What happened, as the engine reports it.

Events with an ``audience`` are private to that player until the end of the
game; all others are public at once (RULES §8).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .actions import Placement, Proposal
from .board import Field
from .pieces import Initiate, Society
from .vocabulary import Termination, Variant


@dataclass(frozen=True, slots=True)
class Outcome:
    termination: Termination
    winner: int | None
    bearer: Initiate | None = None
    field: Field | None = None
    # each player's influence on the bearer at the end (standard game)
    influence: tuple[int, ...] = ()
    tie_broken: bool = False  # most influence was tied; the final proposer won
    final_proposer: int | None = None
    hq_owner: int | None = None  # The Original

    def describe(self, name: Callable[[int], str] | None = None) -> str:
        """One sentence: who won and why."""
        if name is None:
            name = _default_name
        t = self.termination
        if t is Termination.TURN_LIMIT:
            return "No winner: the turn limit was reached."
        if t is Termination.NO_INITIATES:
            return "No winner: no initiate is left in play."
        assert self.bearer is not None and self.field is not None and self.winner is not None  # pragma: no mutate: narrows types only
        where = f"{self.bearer.title} brought the grail to {self.field.title}"
        if t is Termination.HQ_REACHED:
            return f"{where}; {name(self.winner)} holds that HQ and wins."
        top = max(self.influence)  # a delivery's outcome carries every player's influence
        if self.tie_broken:
            return (f"{where}; the most influence ({top}) was tied, so "
                    f"{name(self.winner)}, who made the final proposal, wins.")
        return f"{where}; {name(self.winner)} wins with {top} influence on the bearer."


def _default_name(player: int) -> str:
    return f"Player {player + 1}"


@dataclass(frozen=True, slots=True)
class GameStarted:
    players: int
    variant: Variant
    first_player: int
    audience: None = None


@dataclass(frozen=True, slots=True)
class HqDealt:
    """The Original: the HQ a player holds (secret)."""

    player: int
    society: Society

    @property
    def audience(self) -> int:
        return self.player


@dataclass(frozen=True, slots=True)
class Assigned:
    """A player chose to assign influence (public: not how much, nor where)."""

    player: int
    opening: bool
    audience: None = None


@dataclass(frozen=True, slots=True)
class UnitsPlaced:
    player: int
    placements: tuple[Placement, ...]

    @property
    def audience(self) -> int:
        return self.player


@dataclass(frozen=True, slots=True)
class TurnBegan:
    player: int
    turn: int
    audience: None = None


@dataclass(frozen=True, slots=True)
class Proposed:
    player: int
    proposal: Proposal
    audience: None = None


@dataclass(frozen=True, slots=True)
class ObjectionsRevealed:
    """One objection round, shown when the last answer is in."""

    round: int
    objections: tuple[tuple[int, int], ...]  # (player, amount), clockwise from the mover
    passed: tuple[int, ...]
    holder: int | None
    high: int
    audience: None = None


@dataclass(frozen=True, slots=True)
class Matched:
    player: int
    amount: int
    audience: None = None


@dataclass(frozen=True, slots=True)
class Conceded:
    player: int
    proposal: Proposal
    audience: None = None


@dataclass(frozen=True, slots=True)
class ProposalCarried:
    player: int
    proposal: Proposal
    audience: None = None


@dataclass(frozen=True, slots=True)
class Stepped:
    initiate: Initiate
    origin: Field
    destination: Field
    audience: None = None


@dataclass(frozen=True, slots=True)
class GrailTaken:
    initiate: Initiate
    field: Field
    audience: None = None


@dataclass(frozen=True, slots=True)
class GrailDropped:
    initiate: Initiate
    field: Field
    audience: None = None


@dataclass(frozen=True, slots=True)
class CoverBlown:
    active: Initiate
    target: Initiate
    field: Field
    payer: int  # pays 10 from its influence on the active initiate
    losses: tuple[int, ...]  # every player's published influence on the target
    audience: None = None


@dataclass(frozen=True, slots=True)
class GameEnded:
    outcome: Outcome
    audience: None = None


Event = (
    GameStarted | HqDealt | Assigned | UnitsPlaced | TurnBegan | Proposed | ObjectionsRevealed
    | Matched | Conceded | ProposalCarried | Stepped | GrailTaken | GrailDropped | CoverBlown | GameEnded
)


def visible_to(event: Event, player: int | None) -> bool:
    """May ``player`` (None: a spectator) see this event during play?"""
    audience = event.audience
    return audience is None or audience == player
