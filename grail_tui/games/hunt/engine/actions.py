"""What a player can do: assign influence, propose, and answer in a contest."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .board import Field
from .pieces import Initiate, Unit


class GrailMove(Enum):
    """Grail handling announced with a step, read against where the grail is.

    - active initiate carries it: ``CARRY`` (keep), ``DROP_BEFORE`` (leave it on
      the origin), ``DROP_AFTER`` (put it down on the destination);
    - it lies on the origin: ``NONE``, ``CARRY`` (take it along) or
      ``DROP_AFTER`` (take it along and put it down on the destination);
    - it lies on the destination: ``NONE`` or ``PICK_UP`` after the step;
    - anywhere else: ``NONE``.
    """

    NONE = "none"
    CARRY = "carry"
    DROP_BEFORE = "drop-before"
    DROP_AFTER = "drop-after"
    PICK_UP = "pick-up"


@dataclass(frozen=True, slots=True)
class Proposal:
    """An action with one initiate: a step, a blow, or (small game) step then blow."""

    initiate: Initiate
    step: Field | None = None
    grail: GrailMove = GrailMove.NONE
    blow: Initiate | None = None
    take_grail: bool = False  # after a blow on the grail bearer, take the grail

    @property
    def is_step(self) -> bool:
        return self.step is not None

    @property
    def is_blow(self) -> bool:
        return self.blow is not None


Placement = tuple[Unit, Initiate]


@dataclass(frozen=True, slots=True)
class Assign:
    """Cross out units and put each on an initiate (the opening, or a turn)."""

    player: int
    placements: tuple[Placement, ...] = ()


@dataclass(frozen=True, slots=True)
class Propose:
    player: int
    proposal: Proposal


@dataclass(frozen=True, slots=True)
class Pass:
    """No objection in this round."""

    player: int


@dataclass(frozen=True, slots=True)
class Object:
    """Object by revealing ``amount`` on the active initiate."""

    player: int
    amount: int


@dataclass(frozen=True, slots=True)
class Match:
    """The mover reveals ``amount`` on the active initiate to hold the proposal."""

    player: int
    amount: int


@dataclass(frozen=True, slots=True)
class Concede:
    """The mover gives the proposal up."""

    player: int


Action = Assign | Propose | Pass | Object | Match | Concede


_GRAIL_WORDS = {
    GrailMove.CARRY: "with the grail",
    GrailMove.DROP_BEFORE: "leaving the grail behind",
    GrailMove.DROP_AFTER: "and puts the grail down there",
    GrailMove.PICK_UP: "and picks up the grail there",
}


def describe_proposal(p: Proposal) -> str:
    """A proposal in plain words: 'Alberto Castellano steps to Akkon with the grail'."""
    parts = [p.initiate.title]
    if p.step is not None:
        parts.append(f"steps to {p.step.title}")
        if p.grail in _GRAIL_WORDS:
            parts.append(_GRAIL_WORDS[p.grail])
        if p.blow is not None:
            parts.append("then")
    if p.blow is not None:
        parts.append(f"blows the cover of {p.blow.title}")
        if p.take_grail:
            parts.append("and takes the grail")
    return " ".join(parts)
