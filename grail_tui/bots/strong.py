"""A search player: determinized Monte Carlo over worlds that fit the public record.

For a real choice it takes a few candidates (the heuristic's best moves, or
the sensible answers in a contest), samples rival sheets consistent with every
reveal, published loss and blow cost (world.sample_sheets), and in each world
plays every candidate out for a few turns with heuristic players in every
seat, so that rivals object when their sampled sheets let them. Each playout
ends in the evaluation with the world's true influences; the candidate with
the best average wins. It stops sampling when its time budget is spent.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from ..engine import (
    Action,
    Concede,
    Game,
    IllegalActionError,
    Match,
    Object,
    Pass,
    Phase,
    PlayerView,
)
from . import world
from .evaluate import value
from .heuristic import HeuristicBot

MAX_CANDIDATES = 5
HORIZON_TURNS = 3
PLAYOUT_ACTIONS = 400


class StrongBot:
    level = "strong"

    def __init__(self, seed: int = 0, budget: float = 1.0, max_samples: int = 60) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        self.max_samples = max_samples  # with a budget to spare, decisions are reproducible
        self.guide = HeuristicBot(seed)

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        started = time.perf_counter()
        candidates = self.candidates(view, legal)
        if len(candidates) == 1:
            return candidates[0]
        deadline = started + self.budget * 0.9
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        me = view.player
        hq = view.hq.hq.value if view.hq is not None else None
        samples = 0
        while samples < self.max_samples and time.perf_counter() < deadline:
            sheets = world.sample_sheets(view, self.rng)
            base = world.build(view, sheets, hq_owner=self._hq_guess(view))
            samples += 1
            for k, action in enumerate(candidates):
                if time.perf_counter() >= deadline and samples > 1:
                    break
                game = base.copy(history=False)
                try:
                    game.apply(action)
                except IllegalActionError:
                    continue  # not possible in this world (our own sheet makes it legal, but be safe)
                totals[k] += self.playout(game, me, hq)
                counts[k] += 1
        best = max(range(len(candidates)),
                   key=lambda k: (totals[k] / counts[k]) if counts[k] else float("-inf"))
        return candidates[best]

    # -- what to consider ---------------------------------------------------------

    def candidates(self, view: PlayerView, legal: Sequence[Action]) -> list[Action]:
        phase = view.public.phase
        me = view.player
        if phase is Phase.OPENING:
            return [self.guide.opening(view, legal)]
        if phase is Phase.TURN:
            scored = self.guide.scored_turn_actions(view, legal)
            scored.sort(key=lambda x: -x[0])
            return [a for _, a in scored[:MAX_CANDIDATES]] or [legal[0]]
        if phase is Phase.OBJECTIONS:
            amounts = sorted({a.amount for a in legal if isinstance(a, Object)})
            picks: list[Action] = [Pass(me)]
            if amounts:
                chosen = {amounts[0], amounts[len(amounts) // 2], amounts[-1]}
                picks += [Object(me, x) for x in sorted(chosen)]
            return picks
        amounts = sorted({a.amount for a in legal if isinstance(a, Match)})
        picks = [Concede(me)]
        if amounts:
            picks += [Match(me, x) for x in sorted({amounts[0], amounts[-1]})]
        return picks

    def _hq_guess(self, view: PlayerView) -> tuple[int, ...] | None:
        if view.hq is None:
            return None
        return world._guess_hq_owner(view, self.rng)

    # -- looking ahead -----------------------------------------------------------------

    def playout(self, game: Game, me: int, hq: int | None) -> float:
        """Play on with heuristic players for a few turns, then judge with true influences."""
        stop_turn = game.turn + HORIZON_TURNS
        players = [HeuristicBot(self.rng.randrange(1 << 30)) for _ in range(game.players)]
        for _ in range(PLAYOUT_ACTIONS):
            if game.outcome is not None or game.turn >= stop_turn and game.phase is Phase.TURN:
                break
            p = game.to_act()[0]
            legal = list(game.legal_actions(p))
            try:
                game.apply(players[p].decide(game.view(p), legal))
            except IllegalActionError:
                game.apply(legal[0])
        truth = [[float(game.influence(p, i)) for i in range(8)] for p in range(game.players)]
        return value(game, me, truth, hq)
