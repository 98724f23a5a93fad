"""A search player: determinized Monte Carlo over deals that fit what the seat has seen.

The cards a seat has not seen (the rival's hand, the deck, the cards put aside)
could lie anywhere among those places: nothing in the rules or the public record
narrows it down. So each sample deals them at random, rebuilds the game from the
view with that deal (``Game.from_view``), and plays every legal action out to the
end with heuristic players in both seats, who now and then play at random so one
line of play does not decide everything. Every action meets the same deals and
the same dice, so their scores compare sample by sample. A finished playout
scores 1 for a win, 0.5 for a draw, 0 for a loss, and a little for the margin.
It stops at its sample cap or when its time budget is spent, whichever comes
first; with the cap reached inside the budget its decisions are reproducible.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from ..engine import Action, Card, Game, Hidden, PlayerView, unseen
from .heuristic import choose_in

WANDER = 0.1  # how often a playout's player picks a random legal action
MARGIN = 0.002  # worth of a point of margin at the end of a playout, beside 1 for a win


def playout(game: Game, me: int, rng: random.Random) -> float:
    """Play ``game`` out with heuristic players; the result for ``me``."""
    while game.outcome is None:
        player = game.mover
        legal = game.legal_actions(player)
        if len(legal) == 1:
            action = legal[0]
        elif rng.random() < WANDER:
            action = legal[rng.randrange(len(legal))]
        else:
            action = choose_in(game, player, legal)
        game.apply(action)
    outcome = game.outcome
    if outcome.winner is None:
        result = 0.5
    else:
        result = 1.0 if outcome.winner == me else 0.0
    if outcome.scores:
        result += MARGIN * (outcome.scores[me].total - outcome.scores[1 - me].total)
    return result


def sample(view: PlayerView, pool: list[Card], rng: random.Random) -> Game:
    """A world: the view's position with the unseen cards dealt at random."""
    rng.shuffle(pool)
    pub = view.public
    size = pub.hand_sizes[1 - view.player]
    deck = pub.deck_size
    hidden = Hidden(tuple(pool[:size]), tuple(pool[size:size + deck]), tuple(pool[size + deck:]))
    return Game.from_view(view, hidden)


class StrongBot:
    level = "strong"

    def __init__(self, seed: int = 0, budget: float = 1.0, max_samples: int = 64) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        self.max_samples = max_samples  # with a budget to spare, decisions are reproducible

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        deadline = time.perf_counter() + self.budget * 0.9
        me = view.player
        pool = list(unseen(view))
        totals = [0.0] * len(legal)
        samples = 0
        while samples < self.max_samples and (samples == 0 or time.perf_counter() < deadline):
            world = sample(view, pool, self.rng)
            dice = self.rng.getrandbits(32)
            for k, action in enumerate(legal):
                trial = world.copy(history=False)
                trial.apply(action)
                totals[k] += playout(trial, me, random.Random(dice))
            samples += 1
        best = max(range(len(legal)), key=lambda k: totals[k])
        return legal[best]
