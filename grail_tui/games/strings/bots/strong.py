"""A searching player, from its seat's view alone. Where it matters (its main phase: which
attack, on which target, a strike, or none) it deals the hidden hands and decks at random in
agreement with everything its view shows (the engine's sample), plays each of a few candidate actions
out in the same dealt worlds, every seat then played by the heuristic player with the hands it
was dealt, to the end of its turn, and keeps the candidate whose worlds end best for it
on average: a win, else how far it leads the best rival in groups. The rivals' support, their
plots and the dice of the real arithmetic are in those playouts, so it sees what the printed
numbers the heuristic player reads leave out. Everywhere else (set-up, windows, choices) it
answers as the heuristic player does.

Its effort is counted, not timed, so it decides the same on a busy machine: ``samples`` worlds
for each candidate. The budget only cuts a search short (at 60% of it in CPU time or 80% on the
wall clock), so that its answer is always ready before the table's padding to the budget ends:
how long it searched (how many candidates its hand gave it) never shows."""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Sequence

from ..engine import (
    Action,
    Buy,
    Declare,
    DrawGroup,
    EndTurn,
    Game,
    IllegalActionError,
    PlaceResource,
    PlayerView,
    PlayPlot,
    can_sample,
    sample,
)
from .heuristic import HeuristicBot, short_of_goal

SAMPLES = 4  # worlds dealt per decision, each candidate played out in every one
MAX_CANDIDATES = 5  # attacks considered besides the heuristic player's own choice and ending the turn
PLAYOUT_STEPS = 300  # actions at most in one playout (a turn is rarely a tenth of it)
CPU_SHARE, WALL_SHARE = 0.6, 0.8  # of the budget: the search stops when either is spent
CLEAR_GAIN = 0.02  # about a fifth of a group's lead: less is within the noise of a few worlds
LEAD_SCALE = 3.0  # groups nearer a goal than the nearest rival that make a position about three-quarters won


class StrongBot:
    level = "strong"

    def __init__(self, seed: int = 0, budget: float = 1.0, samples: int = SAMPLES) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        self.samples = samples
        self.guide = HeuristicBot(seed)
        self.searched = 0  # decisions it searched (for the tests and the measurements)

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        guided = self.guide.decide(view, legal)
        if len(legal) == 1 or not can_sample(view):
            return guided
        candidates = self.candidates(view, legal, guided)
        if len(candidates) == 1:
            return candidates[0]
        self.searched += 1
        # effort is counted (``samples``); the clocks only cut a search short that would run past
        # the table's padding to the budget (its answer must never be late: lateness would tell)
        cpu_ceiling = time.process_time() + CPU_SHARE * self.budget
        wall_ceiling = time.perf_counter() + WALL_SHARE * self.budget
        totals = [0.0] * len(candidates)
        played = [0] * len(candidates)
        worlds = [(self.rng.getrandbits(62), self.rng.getrandbits(62)) for _ in range(self.samples)]
        for (deal, dice), k in itertools.product(worlds, range(len(candidates))):
            if played[0] and (time.process_time() > cpu_ceiling or time.perf_counter() > wall_ceiling):
                break
            world = sample(view, random.Random(deal))  # the same world for every candidate
            totals[k] += self.playout(world, view.player, candidates[k], dice)
            played[k] += 1
        # a candidate cut short is judged on the worlds it was played in; another than the
        # heuristic choice only for a clear gain: a few worlds' dice are noisy
        best = max((k for k in range(len(candidates)) if played[k]), key=lambda k: (totals[k] / played[k], -k))
        if best and totals[best] / played[best] - totals[0] / played[0] < CLEAR_GAIN:
            best = 0
        return candidates[best]

    # -- what to consider -----------------------------------------------------------------------

    def candidates(self, view: PlayerView, legal: Sequence[Action], guided: Action) -> list[Action]:
        """The heuristic player's choice first, then the likeliest attacks (the heuristic's odds
        on printed numbers, a rival's group before its own side's), a strike, a resource, a
        group draw, ending the turn, and buying a plot card."""
        me = view.player
        owners = {s.uid: s.controller for s in view.public.structure}
        attacks: list[tuple[float, Declare]] = []
        for action in legal:
            if not isinstance(action, Declare) or action.use_global:
                continue
            defender = owners.get(action.target, me)
            if defender == me and action.kind.value == "destroy":
                continue
            odds = self.guide.odds(view, action)
            if odds <= 0.0:
                continue
            attacks.append((odds * (2.0 if defender != me else 1.0), action))
        attacks.sort(key=lambda pair: -pair[0])
        picks: list[Action] = [guided]
        for _value, action in attacks[:MAX_CANDIDATES]:
            picks.append(action)
        for action in legal:
            if isinstance(action, PlayPlot) and action.target >= 0 and len(picks) < MAX_CANDIDATES + 3:
                picks.append(action)
                break
        for kind in (PlaceResource, DrawGroup, EndTurn):
            found = next((a for a in legal if isinstance(a, kind)), None)
            if found is not None:
                picks.append(found)
        # a plot card bought with one token (its Cabal's): a goal card drawn may win at the turn's end
        buy = next((a for a in legal if isinstance(a, Buy) and len(a.payers) == 1), None)
        if buy is not None:
            picks.append(buy)
        return list(dict.fromkeys(picks))

    # -- playing one out ------------------------------------------------------------------------

    def playout(self, game: Game, me: int, first: Action, dice: int) -> float:
        """``first`` then every seat by the heuristic player to the end of this turn, claims
        included (or of the game): how good the end is for ``me``, from 0 to 1."""
        try:
            game.apply(first)
        except IllegalActionError:  # not possible in this dealt world (a per-turn count it cannot see)
            return 0.0
        game.rolls = random.Random(dice)
        policy = HeuristicBot(dice & 0xFFFF)
        start = game.turns
        for _ in range(PLAYOUT_STEPS):
            if game.is_over or game.turns > start:
                break
            seat = game.to_act()[0]
            view = game.view(seat)
            game.apply(policy.decide(view, view.legal), checked=True)
        return value(game, me, policy)


def value(game: Game, me: int, reader: HeuristicBot) -> float:
    """A finished game: 1 for a win (shared: its share), else 0. Otherwise, strictly between: most
    of all how much nearer a goal ``me`` is than the rival nearest one (what each lacks for the
    basic goal or its Cabal's special goal, as the heuristic player judges the leader, read with
    ``reader``'s cards), with half the lead in groups; then the way to a goal, then the tokens kept
    (a player out is 0)."""
    outcome = game.outcome
    if outcome is not None:
        return 1.0 / len(outcome.winners) if me in outcome.winners else 0.0
    if game.eliminated[me]:
        return 0.0
    board = game.board
    view = game.view(me)
    short = {p: short_of_goal(view, p, reader.cards) for p in game.live()}
    mine = board.count_groups(me)
    rivals = [p for p in game.live() if p != me]
    lead = mine - max((board.count_groups(p) for p in rivals), default=0)
    margin = min((short[p] for p in rivals), default=game.basic_goal()) - short[me]
    progress = 1.0 - short[me] / max(1, game.basic_goal())
    # tokens kept are defence and support in the rivals' turns
    kept = sum(board.tokens.get(c, 0) for c in [board.cabal[me], *board.groups_of(me)])
    return 0.05 + 0.9 * (0.75 * (0.5 + 0.5 * math.tanh((margin + 0.5 * lead) / LEAD_SCALE)) + 0.2 * progress
                         + 0.05 * min(1.0, kept / 6))
