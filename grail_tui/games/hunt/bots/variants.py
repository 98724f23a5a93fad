"""After a rejection, which proposals are still worth putting to the table.

A proposal rejected this turn has siblings: the same step (or blow) of the
same initiate with other grail handling. Proposing each of them in turn asks
every other player for an answer again and again, for a move they have just
refused. A bot tries a sibling only when, by its own estimates of everyone's
influence, the rejected move hurt somebody and the sibling hurts nobody: then
the grail handling may be what was objected to, and the answer could change.
It tries one sibling at most; otherwise it moves on to something else.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import Action, Game, IllegalActionError, Pass, Phase, PlayerView, Proposal, Propose
from .evaluate import estimates, lead, reach, steps_home

HURT = 0.004  # value a rival must lose before it is counted as hurt (as the heuristic's HARM)


def same_move(a: Proposal, b: Proposal) -> bool:
    """The same initiate doing the same thing, whatever it does with the grail."""
    return a.initiate == b.initiate and a.step == b.step and a.blow == b.blow


def worth_proposing(view: PlayerView, legal: Sequence[Action], base: Game) -> list[Action]:
    """``legal`` without the siblings of rejected proposals that would be refused again.

    ``base``: the world as this player sees it (rivals' sheets blank), on its turn."""
    rejected = view.public.rejected
    if not rejected:
        return list(legal)
    believed = _beliefs(view)
    hurt_before: dict[Proposal, bool] = {}
    out: list[Action] = []
    for action in legal:
        if isinstance(action, Propose):
            kin = [r for r in rejected if same_move(action.proposal, r)]
            if kin:
                if len(kin) > 1 or view.hq is not None:
                    # One other handling was tried and refused too: the grail was not the
                    # point. In The Original nobody's stake can be guessed from influence.
                    continue
                explained = False
                for r in kin:
                    if r not in hurt_before:
                        hurt_before[r] = _hurts_a_rival(base, view.player, r, believed)
                    explained = explained or hurt_before[r]
                if not explained or _hurts_a_rival(base, view.player, action.proposal, believed):
                    continue
        out.append(action)
    return out or list(legal)


def _beliefs(view: PlayerView) -> list[list[float]]:
    """Everyone's influence as this player believes it: its own exactly, the rest estimated."""
    believed = estimates(view.public, view.player)
    believed[view.player] = [float(x) for x in view.sheet.influence]
    return believed


def _hurts_a_rival(base: Game, me: int, proposal: Proposal, believed: list[list[float]]) -> bool:
    try:
        after = _carried(base, me, proposal)
    except IllegalActionError:
        return True
    for rival in range(base.players):
        if rival != me and _worth(after, rival, believed) - _worth(base, rival, believed) < -HURT:
            return True
    return False


def _carried(base: Game, me: int, proposal: Proposal) -> Game:
    game = base.what_if_turn(me, proposal)  # judged as if proposed fresh: nothing rejected
    game.apply(Propose(me, proposal))
    for p in game.to_act():
        if game.phase is not Phase.OBJECTIONS:
            break
        game.apply(Pass(p))
    return game


def _worth(game: Game, who: int, believed: list[list[float]]) -> float:
    """How good ``game`` looks to ``who`` if everyone holds what is believed."""
    out = game.outcome
    if out is not None:
        return 0.0 if out.winner is None else (10.0 if out.winner == who else -10.0)
    share = 1.0 / game.players
    total = 0.0
    for i in range(8):
        if not game.in_play[i]:
            continue
        rival = max(believed[p][i] for p in range(game.players) if p != who)
        total += reach(steps_home(game, i)) * (lead(believed[who][i] - rival) - share)
    return total
