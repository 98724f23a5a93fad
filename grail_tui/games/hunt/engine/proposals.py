"""Which proposals the rules allow, and why a given one is refused."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from . import errors
from .actions import GrailMove, Proposal, Propose
from .board import NEIGHBOURS, Field
from .pieces import Initiate
from .vocabulary import BLOW_COST

if TYPE_CHECKING:
    from .game import Game


_CARRIED = (GrailMove.CARRY, GrailMove.DROP_BEFORE, GrailMove.DROP_AFTER)
_ON_ORIGIN = (GrailMove.NONE, GrailMove.CARRY, GrailMove.DROP_AFTER)
_ON_DESTINATION = (GrailMove.NONE, GrailMove.PICK_UP)
_ELSEWHERE = (GrailMove.NONE,)
_NO_TAKE = (False,)
_TAKE_OR_NOT = (False, True)


def grail_options(game: Game, initiate: int, origin: int, destination: int) -> tuple[GrailMove, ...]:
    """The grail handling a step may announce, given where the grail is now."""
    if game.bearer == initiate:
        return _CARRIED
    # While an initiate bears the grail, grail_field is CARRIED, which is no field.
    if game.grail_field == origin:
        return _ON_ORIGIN
    if game.grail_field == destination:
        return _ON_DESTINATION
    return _ELSEWHERE


@cache
def propose(player: int, proposal: Proposal) -> Propose:
    """Shared action objects, so listing legal actions allocates little."""
    return Propose(player, proposal)


@cache
def make_proposal(
    initiate: int, step: int | None, grail: GrailMove, blow: int | None, take: bool
) -> Proposal:
    return Proposal(
        Initiate(initiate),
        None if step is None else Field(step),
        grail,
        None if blow is None else Initiate(blow),
        take,
    )


def legal_proposals(game: Game, player: int) -> list[Propose]:
    """Every proposal ``player`` may make now, without those rejected this turn."""
    out: list[Propose] = []
    pos = game.positions
    in_play = game.in_play
    bearer = game.bearer
    small = game.small
    sheet = game.sheets[player]
    for a in range(8):
        if not in_play[a]:
            continue
        origin = pos[a]
        can_blow = sheet.totals[a] - sheet.costs[a] >= BLOW_COST
        for dest in NEIGHBOURS[origin]:
            opts = grail_options(game, a, origin, dest)
            for g in opts:
                out.append(propose(player, make_proposal(a, dest, g, None, False)))
            if small and can_blow:
                for t in range(8):
                    if t != a and in_play[t] and pos[t] == dest:
                        takes = _TAKE_OR_NOT if bearer == t else _NO_TAKE
                        for g in opts:
                            for take in takes:
                                out.append(propose(player, make_proposal(a, dest, g, t, take)))
        if can_blow:
            for t in range(8):
                if t != a and in_play[t] and pos[t] == origin:
                    takes = _TAKE_OR_NOT if bearer == t else _NO_TAKE
                    for take in takes:
                        out.append(propose(player, make_proposal(a, None, GrailMove.NONE, t, take)))
    if game.rejected:
        rejected = game.rejected
        out = [x for x in out if x.proposal not in rejected]
    return out


def check_proposal(game: Game, player: int, p: object) -> None:
    """Raise the precise error for an illegal proposal; return quietly if it is legal."""
    if not isinstance(p, Proposal) or not isinstance(p.initiate, Initiate):
        raise errors.MalformedActionError("A proposal names an initiate and a step or a blow.")
    if p.step is not None and not isinstance(p.step, Field):
        raise errors.MalformedActionError("A step names the field to step to.")
    if p.blow is not None and not isinstance(p.blow, Initiate):
        raise errors.MalformedActionError("A blow names the initiate whose cover is blown.")
    if not isinstance(p.grail, GrailMove) or not isinstance(p.take_grail, bool):
        raise errors.MalformedActionError("The grail handling of this proposal is not understood.")
    a = p.initiate
    if not game.in_play[a]:
        raise errors.RemovedInitiateError(f"{a.title} has left the game and cannot act.")
    if p.step is None and p.blow is None:
        raise errors.MalformedActionError("A proposal needs a step, a blow, or both.")
    if p.take_grail and p.blow is None:
        raise errors.MalformedActionError("Taking the grail up after a blow needs a blow.")
    origin = game.positions[a]
    where: int
    if p.step is not None:
        dest = p.step
        if dest not in NEIGHBOURS[origin]:
            raise errors.NotAdjacentError(
                f"{a.title} stands on {Field(origin).title}; {dest.title} is not next to it "
                "(a step goes one field up, down, left or right)."
            )
        allowed = grail_options(game, a, origin, dest)
        if p.grail not in allowed:
            raise errors.GrailError(_grail_refusal(game, a, origin, dest, p.grail))
        where = dest.value
    else:
        if p.grail is not GrailMove.NONE:
            raise errors.GrailError("Grail handling goes with a step; a blow alone cannot move it.")
        where = origin
    if p.blow is not None:
        t = p.blow
        if p.step is not None and not game.small:
            raise errors.StepThenBlowError(
                "In the large game a proposal is a step or a blow, never both."
            )
        if t == a:
            raise errors.BlowError(f"{a.title} cannot blow its own cover.")
        if not game.in_play[t]:
            raise errors.RemovedInitiateError(f"{t.title} has already left the game.")
        if game.positions[t] != where:
            raise errors.BlowError(
                f"{t.title} is not on {Field(where).title}; a blow reaches only an initiate "
                f"on the same field as {a.title}."
            )
        have = game.influence(player, a)
        if have < BLOW_COST:
            raise errors.NotEnoughInfluenceError(
                f"Blowing a cover needs at least {BLOW_COST} on {a.title}; you have {have}."
            )
        if p.take_grail and game.bearer != t:
            raise errors.GrailError(f"{t.title} does not carry the grail, so there is none to take.")
    if p in game.rejected:
        raise errors.RejectedProposalError(
            "That proposal was already rejected this turn; propose something else."
        )


def _grail_refusal(game: Game, a: Initiate, origin: int, dest: int, g: GrailMove) -> str:
    if game.bearer >= 0 and game.bearer != a:
        return (f"The grail is carried by {Initiate(game.bearer).title}; "
                "nobody can take it from another initiate.")
    if game.bearer == a:
        return f"{a.title} carries the grail: keep it, drop it before the step, or drop it after."
    if g is GrailMove.PICK_UP:
        return f"The grail does not lie on {Field(dest).title}."
    if g is GrailMove.DROP_BEFORE:
        return f"{a.title} does not carry the grail."
    return f"The grail does not lie on {Field(origin).title}, so {a.title} cannot take it along."
