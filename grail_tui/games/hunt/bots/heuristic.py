"""A bot that plays with intent, by rules of thumb and one step of lookahead.

- Opening: most of the sheet on one initiate, some on a second, a reserve kept.
- Its turn: every legal proposal (after a rejection, not the rejected move
  again with other grail handling: see variants.py) is tried on a world rebuilt from its view and
  scored (evaluate.value), weighed by the chance it survives objections; the
  best assignment (enough to lead on an initiate close to delivering) is
  scored the same way.
- Objections: it objects when a proposal would hurt it, revealing no more than
  it takes to beat the mover's likely influence. As the mover it matches with
  exactly the objection when the move is worth it, otherwise concedes.
- A move that would end the game is judged by who likely holds the most on
  the bearer (what rivals showed is a floor; most of what they have not shown
  may stand there), never by the blank sheets of its lookahead, on which every
  delivery looks like its own win.
- Points are paced: part of what the opening keeps back stays back for the
  first turns, unless an initiate is about to bring the grail home.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine import (
    Action,
    Assign,
    Concede,
    Game,
    GrailMove,
    IllegalActionError,
    Initiate,
    Match,
    Object,
    Pass,
    Phase,
    PlayerView,
    Propose,
    PublicView,
    Sheet,
    Termination,
    Unit,
)
from . import world
from .evaluate import estimates, lead, reach, steps_home, unshown, value, weights
from .variants import worth_proposing

OPENING_PRIMARY = ("A10", "A9", "B9", "A8", "B8", "A7")  # 51
OPENING_SECOND = ("A6", "B7", "B6")  # 19
HARM = 0.004  # value lost before it is worth objecting
# Of a rival's unshown influence, the part taken to stand on the initiate that would win. Higher
# is warier, but bots wary of each other end no game: 0.3 left 11 of 60 games undecided at turn 500.
UNSHOWN_THERE = 0.15
# Points kept back after the opening: RESERVE at first, one point fewer each turn. Spent on an
# initiate close to home all the same (NEAR steps or fewer): that is what they are kept for.
RESERVE = 24
NEAR = 2


def win_chance(pub: PublicView, me: int, bearer: int, mine: int, proposer: int | None) -> float:
    """How likely ``me``, holding ``mine`` on ``bearer``, holds the most on it when a delivery
    ends the game (a tie for the most goes to the final proposer)."""
    chance = 1.0
    hidden = unshown(pub)
    for p in range(pub.players):
        if p == me:
            continue
        floor = pub.known[p][bearer]
        if floor > mine or (floor == mine and proposer != me):
            return 0.0  # shown already: a sure loss
        chance *= lead(mine - floor - UNSHOWN_THERE * hidden[p])
    return chance


def judged(after: Game, pub: PublicView, me: int, rivals: list[list[float]], hq: int | None) -> float:
    """``value`` of the world after a move; a delivery that ends the game is worth a win times
    its chance (win_chance), not what the lookahead's blank rival sheets say."""
    out = after.outcome
    if out is None or out.termination is not Termination.DELIVERED or out.bearer is None:
        return value(after, me, rivals, hq)
    return 20.0 * win_chance(pub, me, out.bearer.value, out.influence[me], out.final_proposer) - 10.0


def _carry(game: Game, action: Action) -> Game:
    """The world after ``action`` carries unopposed."""
    g = game.copy(history=False)
    g.apply(action)
    for p in g.to_act():
        if g.phase is not Phase.OBJECTIONS:
            break
        g.apply(Pass(p))
    return g


class HeuristicBot:
    level = "heuristic"
    budget = 0.0  # answers in about a millisecond

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    # -- the one entry point ----------------------------------------------------

    def decide(self, view: PlayerView, legal: Sequence[Action], position: Game | None = None) -> Action:
        """``position``: the true game, when the caller has one (a playout inside a
        sampled world). Only this player's sheet is read from it; it saves
        rebuilding the world from the view."""
        if len(legal) == 1:
            return legal[0]
        phase = view.public.phase
        if phase is Phase.OPENING:
            return self.opening(view, legal)
        if phase is Phase.TURN:
            return self.turn(view, legal, position)
        if phase is Phase.OBJECTIONS:
            return self.answer(view, legal, position)
        return self.reply(view, legal, position)

    # -- parts --------------------------------------------------------------------

    def opening(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        live = [i for i in Initiate if view.public.positions[i] is not None]
        first = self.rng.choice(live)
        partners = [i for i in live if i != first]
        second = self.rng.choice(partners) if partners else first
        placements = tuple((Unit.parse(c), first) for c in OPENING_PRIMARY)
        placements += tuple((Unit.parse(c), second) for c in OPENING_SECOND)
        return Assign(view.player, placements)

    def scored_turn_actions(self, view: PlayerView, legal: Sequence[Action],
                            position: Game | None = None) -> list[tuple[float, Action]]:
        """Every proposal, and the best assignment if assigning is open, with a score."""
        me = view.player
        pub = view.public
        rivals = estimates(pub, me)
        base = _world(view, position)
        legal = worth_proposing(view, legal, base)
        hq = view.hq.hq.value if view.hq is not None else None
        now = value(base, me, rivals, hq)
        # A plain step (no grail, no blow) only changes how far its own initiate is
        # from home: its gain is worked out directly instead of replaying it.
        quick = base.hq_owner is None and base.turn < base.setup.turn_limit
        w = weights(base, me, rivals) if quick else []
        scored: list[tuple[float, Action]] = []
        for action in legal:
            if not isinstance(action, Propose):
                continue
            p = action.proposal
            if quick and p.blow is None and p.grail is GrailMove.NONE and p.step is not None \
                    and base.bearer != p.initiate:
                i = p.initiate.value
                gain = w[i] * (reach(steps_home(base, i, at=p.step.value)) - reach(steps_home(base, i)))
            else:
                try:
                    after = _carry(base, action)
                except IllegalActionError:
                    continue
                gain = judged(after, pub, me, rivals, hq) - now
            a = action.proposal.initiate
            mine = base.influence(me, a)
            rival = max((rivals[p][a] for p in range(pub.players) if p != me), default=0.0)
            # a move that helps me and hurts others will be opposed: can I hold it?
            chance = 0.9 if mine >= rival + 2 else (0.6 if mine >= rival - 2 else 0.3)
            if gain <= 0:
                chance = 1.0  # nobody objects to a move that only hurts me
            scored.append((chance * gain, action))
        if any(isinstance(x, Assign) for x in legal):
            best = self.best_assignment(view, base, rivals, hq, now)
            if best is not None:
                scored.append(best)
            else:
                scored.append((-0.0005, Assign(me, ())))
        return scored

    def turn(self, view: PlayerView, legal: Sequence[Action], position: Game | None = None) -> Action:
        scored = self.scored_turn_actions(view, legal, position)
        if not scored:
            return legal[self.rng.randrange(len(legal))]
        top = max(s for s, _ in scored)
        best = [a for s, a in scored if s >= top - 1e-9]
        return best[self.rng.randrange(len(best))]

    def best_assignment(self, view: PlayerView, base: Game, rivals: list[list[float]],
                        hq: int | None, now: float) -> tuple[float, Action] | None:
        me = view.player
        free = sorted(view.sheet.free, key=lambda u: -u.points)
        if not free:
            return None
        pub = view.public
        options: list[tuple[float, Action]] = []
        spare = view.sheet.remaining - max(0, RESERVE - pub.turn)
        for i in range(8):
            if pub.positions[i] is None:
                continue
            mine = base.influence(me, i)
            rival = max((rivals[p][i] for p in range(pub.players) if p != me), default=0.0)
            want = max(4.0, rival + 6 - mine)
            units = _units_for(free, want, 100 if steps_home(base, i) <= NEAR else spare)
            if not units:
                continue
            if base.hq_owner is not None:
                gain = 0.0  # in The Original influence does not decide the winner
            else:
                # only this initiate's weight changes (see evaluate.value)
                sheet: Sheet = base.sheets[me]
                after = max(0, sheet.totals[i] + sum(u.points for u in units) - sheet.costs[i])
                gain = reach(steps_home(base, i)) * (lead(after - rival) - lead(mine - rival))
            # keep some reserve: each point spent is a point not there later
            gain -= 0.00004 * sum(u.points for u in units)
            options.append((gain, Assign(me, tuple((u, Initiate(i)) for u in units))))
        if not options:
            return None
        top = max(g for g, _ in options)
        ties = [o for o in options if o[0] >= top - 1e-12]  # e.g. initiates placed alike
        return ties[self.rng.randrange(len(ties))]

    def answer(self, view: PlayerView, legal: Sequence[Action], position: Game | None = None) -> Action:
        me = view.player
        objections = [a for a in legal if isinstance(a, Object)]
        if not objections:
            return Pass(me)
        gain = self.stake(view, position)
        if gain is None or gain >= -HARM:
            return Pass(me)
        return Object(me, objection_amount(view, max(a.amount for a in objections)))

    def stake(self, view: PlayerView, position: Game | None = None) -> float | None:
        """What the contested proposal is worth to this player if it carries, by
        its estimates (None if it cannot be worked out)."""
        me = view.player
        pub = view.public
        contest = pub.contest
        assert contest is not None
        rivals = estimates(pub, me)
        base = _world(view, position).what_if_turn(contest.mover, contest.proposal)
        hq = view.hq.hq.value if view.hq is not None else None
        now = value(base, me, rivals, hq)
        try:
            after = _carry(base, Propose(contest.mover, contest.proposal))
        except IllegalActionError:
            return None
        return judged(after, pub, me, rivals, hq) - now

    def reply(self, view: PlayerView, legal: Sequence[Action], position: Game | None = None) -> Action:
        me = view.player
        contest = view.public.contest
        assert contest is not None
        matches = [a for a in legal if isinstance(a, Match)]
        if not matches:
            return Concede(me)
        rivals = estimates(view.public, me)
        base = _world(view, position).what_if_turn(me)
        hq = view.hq.hq.value if view.hq is not None else None
        now = value(base, me, rivals, hq)
        try:
            after = _carry(base, Propose(me, contest.proposal))
        except IllegalActionError:
            return Concede(me)
        gain = judged(after, view.public, me, rivals, hq) - now
        # revealing tells the table what I hold: worth it only for a real gain
        if gain > 0.002 * (1 + contest.high / 10):
            return Match(me, contest.high)
        return Concede(me)


def objection_amount(view: PlayerView, have: int) -> int:
    """Enough to beat what the mover likely holds, no more than ``have``."""
    contest = view.public.contest
    assert contest is not None
    mover_guess = estimates(view.public, view.player)[contest.mover][contest.proposal.initiate]
    return min(have, max(contest.showing + 1, int(mover_guess) + 1))


def _world(view: PlayerView, position: Game | None) -> Game:
    """The world as this player can see it: rivals' sheets blank."""
    if position is None:
        return world.build(view)
    me = view.player
    return position.copy(history=False, sheets=[s if p == me else Sheet() for p, s in enumerate(position.sheets)])


def _units_for(free: list[Unit], want: float, most: int = 100) -> list[Unit]:
    """Few units that add up to at least ``want`` (or everything left), ``most`` points at most."""
    chosen: list[Unit] = []
    total = 0
    pool = [u for u in free if u.points <= most]
    while total < want and pool:
        short = want - total
        fits = [u for u in pool if u.points >= short]
        unit = min(fits, key=lambda u: u.points) if fits else pool[0]
        pool.remove(unit)
        chosen.append(unit)
        total += unit.points
        pool = [u for u in pool if total + u.points <= most]
    return chosen

