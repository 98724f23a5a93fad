"""Carrying out a proposal that passed: steps, the grail, blows, and the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import GrailMove, Proposal
from .board import CARRIED, HQ_VALUES, Field
from .events import CoverBlown, Event, GameEnded, GrailDropped, GrailTaken, Outcome, Stepped
from .pieces import NO_INITIATE, Initiate, Society
from .vocabulary import BLOW_COST, Phase, Termination

if TYPE_CHECKING:
    from .game import Game


def carry_out(game: Game, p: Proposal, events: list[Event]) -> None:
    a = p.initiate
    if p.step is not None:
        origin = Field(game.positions[a])
        dest = p.step
        g = p.grail
        if game.bearer == a:
            if g is GrailMove.DROP_BEFORE:
                drop(game, a, origin, events)
        elif game.grail_field == origin and g in (GrailMove.CARRY, GrailMove.DROP_AFTER):
            if take(game, a, origin, events):
                return
        game.positions[a] = dest.value
        events.append(Stepped(a, origin, dest))
        if game.bearer == a:
            if reached_end(game, a, dest, events):
                return
            if g is GrailMove.DROP_AFTER:
                drop(game, a, dest, events)
        elif g is GrailMove.PICK_UP:
            if take(game, a, dest, events):
                return
    if p.blow is not None:
        blow(game, p, events)

def take(game: Game, a: Initiate, where: Field, events: list[Event]) -> bool:
    game.bearer = a.value
    game.grail_field = CARRIED
    events.append(GrailTaken(a, where))
    return reached_end(game, a, where, events)

def drop(game: Game, a: Initiate, where: Field, events: list[Event]) -> None:
    game.bearer = NO_INITIATE
    game.grail_field = where.value
    events.append(GrailDropped(a, where))

def blow(game: Game, p: Proposal, events: list[Event]) -> None:
    a, target = p.initiate, p.blow
    assert target is not None
    where = Field(game.positions[a])
    mover = game.mover
    game.sheets[mover].costs[a] += BLOW_COST
    game.known[mover][a] = max(0, game.known[mover][a] - BLOW_COST)
    losses = tuple(game.influence(q, target) for q in range(game.players))
    for q, lost in enumerate(losses):
        game.losses[q][target] = lost
        game.known[q][target] = lost
    game.in_play[target] = False  # pragma: no mutate: None would read the same (in_play is only truth-tested)
    events.append(CoverBlown(a, target, where, mover, losses))
    if game.bearer == target:
        drop(game, target, where, events)
        if p.take_grail:
            take(game, a, where, events)
    # A blow leaves the active initiate in play, so the board never empties (RULES §7).

def reached_end(game: Game, bearer: Initiate, where: Field, events: list[Event]) -> bool:
    """End the game if ``bearer`` now holds the grail on a deciding HQ."""
    if game.hq_owner is not None:
        if where.value not in HQ_VALUES:
            return False
        society = next(s for s in Society if s.hq == where)
        owner = game.hq_owner[society]
        finish(game,
            Outcome(Termination.HQ_REACHED, owner, bearer, where,
                    influence_on(game, bearer), False, game.mover, owner),
            events,
        )
        return True
    if where != bearer.society.hq:
        return False
    influence = influence_on(game, bearer)
    top = max(influence)
    leaders = [q for q, v in enumerate(influence) if v == top]
    tie = len(leaders) > 1
    winner = game.mover if tie else leaders[0]
    finish(game,
        Outcome(Termination.DELIVERED, winner, bearer, where, influence, tie, game.mover),
        events,
    )
    return True

def influence_on(game: Game, initiate: int) -> tuple[int, ...]:
    return tuple(game.influence(q, initiate) for q in range(game.players))

def finish(game: Game, outcome: Outcome, events: list[Event]) -> None:
    game.outcome = outcome
    game.phase = Phase.OVER
    events.append(GameEnded(outcome))
