"""What a strong bot believes each rival holds, read from what the rival did.

One :class:`~grail_tui.games.kit.belief.Belief` per rival, of sheets. It starts
from the sampler's prior (world.sample_sheets: every reveal, loss, blow cost and
assignment turn honoured) and, from each view the bot is shown, learns:

- what each rival did about every proposal the bot saw (its own and others'):
  whether they objected or let it pass, and with how much. The model of a
  rival is the heuristic player with noise: a sheet under which the heuristic
  would have objected makes a pass unlikely (a rival who let Mansur walk home
  does not lead on Mansur), and the other way round; a pass by a rival who
  could not object says nothing; an objection below what the heuristic aims
  for is all the rival had there;
- what a rival proposed on its turn: the model scores every proposal and its
  best assignment with each guessed sheet, as the heuristic would at that
  moment; a sheet under which the choice was the model's best explains it
  best (turn_likelihood);
- a rival's opening: half the guesses take the model's own (its big holding
  and its second on initiates drawn at random), half the sampler's broader one;
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
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from ...kit.belief import Belief
from ..engine import Assign, GrailMove, IllegalActionError, Phase, PlayerView, Proposal, Propose, Sheet, Unit
from . import world
from .evaluate import estimates, lead, reach, steps_home, value
from .heuristic import HARM, OPENING_PRIMARY, OPENING_SECOND, HeuristicBot

# Guesses per rival. Over 80 heuristic games read to turn 30 (bench bots --part infer), who leads
# on the initiate nearest home was read right from turn 4 in 82% of probes at 48, 86% at 96 and
# 160; a rival's update costs about twice as much at 96 (p95 ~50 ms of CPU for all rivals).
PARTICLES = 96
NOISE = 0.1  # the chance a rival does the opposite of what the heuristic would
SOFTNESS = 0.01  # value by which the heuristic's stake blurs into a coin toss
READ_KEPT = 16
STRATIFIED = 1  # model openings take every pair of initiates in turn (seed 500: 86% -> 89%), not drawn at random
MODEL_OPENING = 0.5  # share of guessed openings that are the model's own (the rest: the sampler's)
RANDOM_ASSIGN = 0.25  # share of guessed later assignments drawn from the prior instead
# How surely the model steps the initiate it gains most by. The heuristic does so without fail:
# over 135 probes of 20 heuristic games, who leads on the initiate nearest home was read right
# 62% of the time at 100, 68% at 300, 79% at 1000, 80% at 3000. Sharper collapses the beliefs
# onto fewer sheets for little more (the strong bot won 18 of 29 at 1000, 16 of 30 at 3000, in
# the same games); the noise above keeps a rival who plays otherwise from ruling out the truth.
PROPOSAL_SHARPNESS = 1000.0
EXACT_TURNS = 1  # read a rival's proposal by the model's own scoring of its turn (turn_likelihood)
TURN_SOFTNESS = 0.0003  # by how much of the model's score a worse choice is less likely (0.001: 80%, 0.0003: 82%)


@dataclass
class _Contest:
    """A proposal the bot saw while its first round of objections was open."""

    view: PlayerView  # the bot's view then
    turn: int
    mover: int
    proposal: Proposal
    known: tuple[tuple[int, ...], ...]


class _Prior:
    """A sheet for rival ``p`` from the public record alone: the sampler's guess. (The
    heuristic's own opening as the prior read the table worse: who leads on the initiate
    nearest home, right in 57% of probes against 62% with the sampler's broader holdings.)
    An object, not a closure: a bot thinking in a worker process is pickled there and back
    with its beliefs."""

    def __init__(self, beliefs: Beliefs, p: int) -> None:
        self.beliefs = beliefs
        self.p = p

    def __call__(self, rng: random.Random) -> Sheet:
        view = self.beliefs.view
        assert view is not None
        return world.sample_sheets(view, rng, only=self.p)[self.p]


class Beliefs:
    """The strong bot's beliefs about every rival's sheet, kept through one game."""

    def __init__(self, me: int, rng: random.Random, size: int | None = None) -> None:
        self.me = me
        self.rng = rng
        self.size = size or PARTICLES
        self.rivals: dict[int, Belief[Sheet]] = {}
        self.view: PlayerView | None = None  # the latest view seen
        self.assigned = 0  # entries of the assignment log already taken in
        self.open: _Contest | None = None  # a contest whose answers are still to be read
        self.guide = HeuristicBot(0)
        # the latest answers read: (rival, contest, amount objected or 0); kept few, as the bot
        # goes to a worker process and back with them each decision
        self.read: deque[tuple[int, _Contest, int]] = deque(maxlen=READ_KEPT)
        self.answers = 0  # answers read in all

    # -- taking in a view --------------------------------------------------------

    def update(self, view: PlayerView) -> None:
        """Take in everything new in ``view`` since the last one."""
        self.view = view
        pub = view.public
        if not self.rivals:
            for p in range(pub.players):
                if p != self.me:
                    self.rivals[p] = Belief(_Prior(self, p), self.size, self.rng, Sheet.copy)
            self.assigned = len(pub.assign_log)
        self._read_answers(view)
        for turn, p in pub.assign_log[self.assigned:]:
            if p != self.me:
                self.rivals[p].move(self._opening(p) if turn == 0 else self._assignment(p))
        self.assigned = len(pub.assign_log)
        for p, belief in self.rivals.items():
            belief.constrain(_fits(view, p), _mend(view, p, self.rng))
        contest = pub.contest
        if (contest is not None and pub.phase is Phase.OBJECTIONS and contest.round == 1
                and (self.open is None or (self.open.turn, self.open.proposal) != (pub.turn, contest.proposal))):
            self.open = _Contest(view, pub.turn, contest.mover, contest.proposal, pub.known)
            if contest.mover != self.me:
                likelihood = (turn_likelihood(view, contest.mover, contest.proposal, self.guide) if EXACT_TURNS
                              else proposal_likelihood(view, contest.mover, contest.proposal))
                self.rivals[contest.mover].observe(likelihood)

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
        """The belief's median of rival ``p``'s influence on ``initiate`` (the guess nearest
        the truth on average: most initiates hold nothing of a given rival's)."""
        belief = self.rivals[p]
        pairs = sorted((max(0, s.totals[initiate] - s.costs[initiate]), w)
                       for s, w in zip(belief.particles, belief.weights, strict=True))
        seen = 0.0
        for amount, w in pairs:
            seen += w
            if seen >= 0.5:
                return float(amount)
        return float(pairs[-1][0])

    # -- the parts ------------------------------------------------------------------

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
            shown = contest.shown[p] if same and contest is not None else 0
            rose = pub.known[p][initiate] if pub.known[p][initiate] > seen.known[p][initiate] else 0
            amount = shown or rose  # 0: passed
            belief.observe(self.answer_likelihood(seen, p, amount))
            self.read.append((p, seen, amount))
            self.answers += 1

    def proposed(self, view: PlayerView, action: Propose) -> None:
        """The bot's own proposal: how each rival answers it is read at the next view."""
        game = world.build(view)
        try:
            game.apply(action)
        except IllegalActionError:
            return
        if game.phase is Phase.OBJECTIONS:
            self.open = _Contest(game.view(self.me), view.public.turn, self.me, action.proposal,
                                 view.public.known)

    def answer_likelihood(self, seen: _Contest, p: int, amount: int) -> Callable[[Sheet], float]:
        """How likely rival ``p`` answered as it did (``amount``: what it objected with, 0 if it
        let the proposal pass), had it held a given sheet. The heuristic objects when the
        proposal would hurt it, with enough to beat the mover's likely holding or, if it has
        less, all it has: an objection below that tells the holding exactly."""
        contest = seen.view.public.contest
        assert contest is not None
        initiate = seen.proposal.initiate.value
        target = max(contest.showing + 1, int(estimates(seen.view.public, p)[seen.mover][initiate]) + 1)

        def likelihood(sheet: Sheet) -> float:
            have = max(0, sheet.totals[initiate] - seen.view.public.costs[p][initiate])
            if have <= contest.showing:  # it could not object: a pass says nothing
                return 0.0 if amount else 1.0
            if amount > have:
                return 0.0
            stake = stake_with(seen.view, p, sheet, self.guide)
            if stake is None:
                return 0.5
            would = 1.0 / (1.0 + math.exp(max(-50.0, min(50.0, (stake + HARM) / SOFTNESS))))
            chance = NOISE + (1 - 2 * NOISE) * would
            if not amount:
                return 1.0 - chance
            if amount < target:  # all it had, by the model
                chance *= (1 - NOISE) if have == amount else NOISE
            return chance
        return likelihood

    def _opening(self, p: int) -> Callable[[Sheet, random.Random], Sheet]:
        """A rival's opening, seen after the bot's beliefs began: now and then the model's own
        (the heuristic's: its big holding and its second, on initiates drawn at random), else
        the sampler's broader guess, so that a rival who opens otherwise is still believed."""
        pairs: list[tuple[int, int]] = []

        def step(sheet: Sheet, rng: random.Random) -> Sheet:
            view = self.view
            assert view is not None
            if rng.random() < MODEL_OPENING:
                if not pairs:  # every pair of initiates in turn, so few guesses miss the truth
                    live = [i for i in range(8) if view.public.positions[i] is not None]
                    pairs.extend((a, b) for a in live for b in live if a != b)
                    rng.shuffle(pairs)
                return model_opening(view, p, rng, pairs.pop() if STRATIFIED and pairs else None)
            return world.sample_sheets(view, rng, only=p)[p]
        return step

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


def turn_likelihood(view: PlayerView, p: int, proposal: Proposal, guide: HeuristicBot) -> Callable[[Sheet], float]:
    """How likely rival ``p`` chose ``proposal`` on its turn, had it held a given sheet: the
    model (the heuristic) scores every proposal and its best assignment with that sheet, as
    it would at that moment, and picks the best; a choice scored below the best is the less
    likely the further below (a softmax of width TURN_SOFTNESS), and any choice keeps the
    share NOISE, so that a rival who plays otherwise does not rule out its own sheet. Sheets
    that differ only where nothing changes (copies after resampling) are scored once."""
    game = world.build(view)
    if game.hq_owner is not None:  # The Original: the heuristic moves by headquarters, not holdings
        return lambda sheet: 1.0
    before = game.what_if_turn(p, proposal)
    before.rejected = list(view.public.rejected)  # what was refused earlier this turn still is
    chosen = Propose(p, proposal)
    try:
        if chosen not in before.legal_actions(p):
            return lambda sheet: 1.0
    except IllegalActionError:
        return lambda sheet: 1.0
    blank = [Sheet() for _ in range(view.public.players)]
    seen: dict[tuple[int, ...], float] = {}

    def likelihood(sheet: Sheet) -> float:
        key = tuple(sheet.owner)
        if key in seen:
            return seen[key]
        sheets = list(blank)
        sheets[p] = sheet
        world_then = before.copy(history=False, sheets=sheets)
        try:
            legal = list(world_then.legal_actions(p))
            scored = guide.scored_turn_actions(world_then.view(p), legal, position=world_then)
        except (IllegalActionError, AssertionError):
            scored = []
        if not scored:
            seen[key] = 1.0
            return 1.0
        top = max(x for x, _ in scored)
        total = sum(math.exp(max(-50.0, (x - top) / TURN_SOFTNESS)) for x, _ in scored)
        mine = next((x for x, a in scored if a == chosen), None)
        share = 0.0 if mine is None else math.exp(max(-50.0, (mine - top) / TURN_SOFTNESS)) / total
        out = NOISE / len(scored) + (1 - NOISE) * share
        seen[key] = out
        return out
    return likelihood


def proposal_likelihood(view: PlayerView, p: int, proposal: Proposal) -> Callable[[Sheet], float]:
    """How likely rival ``p`` chose ``proposal`` (a plain step), had it held a given sheet: the
    heuristic moves an initiate home where it leads, so a step is likelier the more the rival
    gains by it against the best step of each other initiate (a softmax, with noise). Other
    proposals (the grail, a blow) tell nothing here."""
    if proposal.blow is not None or proposal.grail is not GrailMove.NONE or proposal.step is None:
        return lambda sheet: 1.0
    game = world.build(view)
    if game.hq_owner is not None:
        return lambda sheet: 1.0
    before = game.what_if_turn(p, proposal)
    if before.bearer == proposal.initiate.value:
        return lambda sheet: 1.0
    best = [0.0] * 8  # per initiate: its best plain step's gain in reach
    try:
        legal = before.legal_actions(p)
    except IllegalActionError:
        return lambda sheet: 1.0
    for action in legal:
        if not isinstance(action, Propose):
            continue
        q = action.proposal
        if q.blow is not None or q.grail is not GrailMove.NONE or q.step is None:
            continue
        i = q.initiate.value
        if before.bearer == i:
            continue
        gain = reach(steps_home(before, i, at=q.step.value)) - reach(steps_home(before, i))
        best[i] = max(best[i], gain)
    i = proposal.initiate.value
    chosen = reach(steps_home(before, i, at=proposal.step.value)) - reach(steps_home(before, i))
    rivals = estimates(view.public, p)
    movable = [k for k in range(8) if best[k] > 0]
    if not movable:
        return lambda sheet: 1.0

    def likelihood(sheet: Sheet) -> float:
        mine = [max(0, sheet.totals[k] - view.public.costs[p][k]) for k in range(8)]
        worth = [lead(mine[k] - max(rivals[r][k] for r in range(len(rivals)) if r != p)) - 1 / len(rivals)
                 for k in range(8)]
        scores = {k: PROPOSAL_SHARPNESS * worth[k] * best[k] for k in movable}
        top = max(scores.values())
        total = sum(math.exp(x - top) for x in scores.values())
        mine_score = PROPOSAL_SHARPNESS * worth[i] * chosen
        return NOISE / len(movable) + (1 - NOISE) * math.exp(min(0.0, mine_score - top)) / total
    return likelihood


def model_opening(view: PlayerView, p: int, rng: random.Random,
                  pair: tuple[int, int] | None = None) -> Sheet:
    """Rival ``p``'s opening as the heuristic makes it: on ``pair`` (its big holding's
    initiate, then its second's), or on initiates drawn with ``rng``."""
    pub = view.public
    live = [i for i in range(8) if pub.positions[i] is not None]
    sheet = Sheet()
    sheet.costs = list(pub.costs[p])
    if not live:
        return sheet
    first = rng.choice(live) if pair is None else pair[0]
    partners = [i for i in live if i != first]
    second = (rng.choice(partners) if partners else first) if pair is None else pair[1]
    for code in OPENING_PRIMARY:
        sheet.place(Unit.parse(code), first)
    for code in OPENING_SECOND:
        sheet.place(Unit.parse(code), second)
    return sheet


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

