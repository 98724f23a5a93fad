"""The baseline: a uniformly random legal choice (after a rejection, a fresh move)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine import Action, Game, PlayerView, Propose, Setup
from .variants import same_move


class RandomBot:
    level = "random"
    budget = 0.0  # answers in about a millisecond

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        rejected = view.public.rejected
        if rejected:  # after a rejection, something else: not the same move with other grail handling
            fresh = [a for a in legal if not isinstance(a, Propose)
                     or not any(same_move(a.proposal, r) for r in rejected)]
            legal = fresh or legal
        return legal[self.rng.randrange(len(legal))]


def play_random_game(setup: Setup, rng: random.Random) -> tuple[Game, int]:
    """Play one game with uniformly random legal actions; return it and its action count.

    Each step lists the legal actions of the first player the game waits for
    and applies one of them, so it measures enumeration plus apply.
    """
    game = Game(setup)
    count = 0
    while game.outcome is None:
        player = game.to_act()[0]
        legal = game.legal_actions(player)
        game.apply(legal[rng.randrange(len(legal))])
        count += 1
    return game, count
