"""What a strong bot believes each rival holds, read from what the rival did.

One :class:`~grail_tui.games.kit.belief.Belief` per rival, of sheets. It starts
from the sampler's prior (world.sample_sheets: every reveal, loss, blow cost and
assignment turn honoured) and, from each view the bot is shown, learns:

- what each rival did about every proposal the bot saw contested: whether they
  objected or let it pass. The model of a rival is the heuristic player with
  noise: a sheet under which the heuristic would have objected makes a pass
  unlikely (a rival who let Mansur walk home does not lead on Mansur), and
  the other way round;
- a rival's later assignment: each sheet gets the holding the heuristic would
  have added with that sheet (or, now and then, one drawn from the prior);
- every hard fact made public (a reveal, a published loss): sheets that break
  one are ruled out; if all do, they are mended to fit instead.

It reads only the bot's own view: two games differing only in a rival's secrets
give the same beliefs.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from ...kit.belief import Belief
from ..engine import Assign, IllegalActionError, Phase, PlayerView, Proposal, Sheet
from . import world
from .evaluate import estimates, value
from .heuristic import HARM, HeuristicBot

PARTICLES = 48
NOISE = 0.1  # the chance a rival does the opposite of what the heuristic would
SOFTNESS = 0.01  # value by which the heuristic's stake blurs into a coin toss
RANDOM_ASSIGN = 0.25  # share of guessed later assignments drawn from the prior instead


@dataclass
class _Contest:
    """A proposal the bot saw while its first round of objections was open."""

    view: PlayerView  # the bot's view then
    turn: int
    mover: int
    proposal: Proposal
    known: tuple[tuple[int, ...], ...]


class Beliefs:
    """The strong bot's beliefs about every rival's sheet, kept through one game."""

    def __init__(self, me: int, rng: random.Random, size: int = PARTICLES) -> None:
        self.me = me
        self.rng = rng
        self.size = size
        self.rivals: dict[int, Belief[Sheet]] = {}
        self.view: PlayerView | None = None  # the latest view seen
        self.assigned = 0  # entries of the assignment log already taken in
        self.open: _Contest | None = None  # a contest whose answers are still to be read
        self.guide = HeuristicBot(0)
        self.observed = 0  # answers taken in, for the record

    # -- taking in a view --------------------------------------------------------

    def update(self, view: PlayerView) -> None:
        """Take in everything new in ``view`` since the last one."""
        self.view = view
        pub = view.public
        if not self.rivals:
            for p in range(pub.players):
                if p != self.me:
                    self.rivals[p] = Belief(self._prior(p), self.size, self.rng, Sheet.copy)
            self.assigned = len(pub.assign_log)
        self._read_answers(view)
        for turn, p in pub.assign_log[self.assigned:]:
            if p != self.me and turn > 0:
                self.rivals[p].move(self._assignment(p))
        self.assigned = len(pub.assign_log)
        for p, belief in self.rivals.items():
            belief.constrain(_fits(view, p), _mend(view, p, self.rng))
        contest = pub.contest
        if (contest is not None and pub.phase is Phase.OBJECTIONS and contest.round == 1
                and (self.open is None or (self.open.turn, self.open.proposal) != (pub.turn, contest.proposal))):
            self.open = _Contest(view, pub.turn, contest.mover, contest.proposal, pub.known)

    def sheets(self, view: PlayerView, rng: random.Random) -> list[Sheet]:
        """Every sheet of one world: ours as it is, each rival's drawn from the belief."""
        out = []
        for p in range(view.public.players):
            if p == self.me:
                out.append(Sheet.from_view(view.sheet))
            else:
                sheet = self.rivals[p].draw(rng).copy()
                sheet.costs = list(view.public.costs[p])
                out.append(sheet)
        return out

    def likely_influence(self, p: int, initiate: int) -> float:
        """The belief's mean of rival ``p``'s influence on ``initiate``."""
        return self.rivals[p].mean(lambda s: float(max(0, s.totals[initiate] - s.costs[initiate])))

    # -- the parts ------------------------------------------------------------------

    def _prior(self, p: int) -> Callable[[random.Random], Sheet]:
        def draw(rng: random.Random) -> Sheet:
            view = self.view
            assert view is not None
            return world.sample_sheets(view, rng, only=p)[p]
        return draw

    def _read_answers(self, view: PlayerView) -> None:
        """Once a contest the bot saw open has moved on, what each other rival answered in its
        first round: objected (shown in it, or their floor on the initiate rose) or passed."""
        seen = self.open
        if seen is None:
            return
        pub = view.public
        contest = pub.contest
        same = contest is not None and pub.turn == seen.turn and contest.proposal == seen.proposal
        if same and contest is not None and not contest.rounds:
            return  # the first round is still open
        self.open = None
        initiate = seen.proposal.initiate.value
        for p, belief in self.rivals.items():
            if p == seen.mover:
                continue
            objected = pub.known[p][initiate] > seen.known[p][initiate] or (
                same and contest is not None and contest.shown[p] > 0)
            belief.observe(self._answer_likelihood(seen, p, objected))
            self.observed += 1

    def _answer_likelihood(self, seen: _Contest, p: int, objected: bool) -> Callable[[Sheet], float]:
        def likelihood(sheet: Sheet) -> float:
            stake = stake_with(seen.view, p, sheet, self.guide)
            if stake is None:
                return 0.5
            would = 1.0 / (1.0 + math.exp(max(-50.0, min(50.0, (stake + HARM) / SOFTNESS))))
            chance = NOISE + (1 - 2 * NOISE) * would
            return chance if objected else 1.0 - chance
        return likelihood

    def _assignment(self, p: int) -> Callable[[Sheet, random.Random], Sheet]:
        def step(sheet: Sheet, rng: random.Random) -> Sheet:
            view = self.view
            assert view is not None
            sheet = sheet.copy()
            sheet.costs = list(view.public.costs[p])
            if rng.random() < RANDOM_ASSIGN:
                return _prior_holding(sheet, view, rng)
            game = world.build(view, [sheet if q == p else Sheet() for q in range(view.public.players)])
            game.sheets[self.me] = Sheet.from_view(view.sheet)
            rival_view = game.view(p)
            rivals = estimates(view.public, p)
            best = self.guide.best_assignment(rival_view, game, rivals, None, value(game, p, rivals))
            if best is None or not isinstance(best[1], Assign):
                return _prior_holding(sheet, view, rng)
            for unit, initiate in best[1].placements:
                if not sheet.is_used(unit):
                    sheet.place(unit, initiate.value)
            return sheet
        return step


def _fits(view: PlayerView, p: int) -> Callable[[Sheet], bool]:
    return lambda sheet: fits(sheet, view, p)


def _mend(view: PlayerView, p: int, rng: random.Random) -> Callable[[Sheet], Sheet]:
    return lambda sheet: mend(sheet, view, p, rng)


def stake_with(view: PlayerView, p: int, sheet: Sheet, guide: HeuristicBot) -> float | None:
    """What the contested proposal in ``view`` is worth to rival ``p`` by the heuristic's
    reckoning, had ``p`` held ``sheet``."""
    sheets = [Sheet() for _ in range(view.public.players)]
    sheets[p] = sheet
    game = world.build(view, sheets)
    try:
        return guide.stake(game.view(p), game)
    except (IllegalActionError, AssertionError):
        return None


def fits(sheet: Sheet, view: PlayerView, p: int) -> bool:
    """Does ``sheet`` agree with every hard fact public about player ``p``'s?"""
    pub = view.public
    for i in range(8):
        have = max(0, sheet.totals[i] - pub.costs[p][i])
        if pub.positions[i] is None:
            lost = pub.losses[p][i]
            if lost is not None and have < lost:
                return False
        elif have < pub.known[p][i]:
            return False
    return True


def mend(sheet: Sheet, view: PlayerView, p: int, rng: random.Random) -> Sheet:
    """``sheet`` with units added where it falls short of what ``p`` has shown."""
    pub = view.public
    sheet = sheet.copy()
    sheet.costs = list(pub.costs[p])
    free = sheet.free_units()
    rng.shuffle(free)
    for i in range(8):
        floor = pub.known[p][i] if pub.positions[i] is not None else (pub.losses[p][i] or 0)
        world.cover(sheet, free, i, floor + pub.costs[p][i])
    return sheet


def _prior_holding(sheet: Sheet, view: PlayerView, rng: random.Random) -> Sheet:
    """A later holding as the prior guesses one: a handful of points on a live initiate."""
    pub = view.public
    live = [i for i in range(8) if pub.positions[i] is not None]
    if not live:
        return sheet
    i = rng.choice(live)
    free = sheet.free_units()
    rng.shuffle(free)
    world.cover(sheet, free, i, sheet.totals[i] + int(rng.uniform(*world.LATER)))
    return sheet

