"""After a rejection a bot moves on: it does not put the same move again with other grail handling."""

from __future__ import annotations

import random

import pytest

from grail_tui.games.hunt.bots import make_bot
from grail_tui.games.hunt.bots.variants import same_move
from grail_tui.games.hunt.engine import (
    UNITS,
    Assign,
    Concede,
    Game,
    Initiate,
    Object,
    Pass,
    Phase,
    Propose,
    Setup,
)


def stubborn(game: Game, rng: random.Random):
    """Seat 0 objects to nearly everything, with the least it may, and concedes its own."""
    legal = list(game.legal_actions(0))
    if game.phase is Phase.OPENING:
        return Assign(0, tuple((u, Initiate(k % 8)) for k, u in enumerate(UNITS)))
    if game.phase is Phase.OBJECTIONS:
        objections = [a for a in legal if isinstance(a, Object)]
        if objections and rng.random() < 0.8:
            return min(objections, key=lambda a: a.amount)
        return Pass(0)
    if game.phase is Phase.REPLY:
        return Concede(0)
    return next((a for a in legal if isinstance(a, Assign)), legal[0])


def bot_proposals_after_rejection(level: str, seed: int) -> list[tuple[list, Propose]]:
    """Every proposal a bot made after a rejection that turn, with the turn's rejections."""
    game = Game(Setup(players=3, seed=seed, turn_limit=60))
    bots = {1: make_bot(level, seed), 2: make_bot(level, seed + 1)}
    rng = random.Random(seed)
    out = []
    while not game.is_over:
        p = game.to_act()[0]
        if p == 0:
            action = stubborn(game, rng)
        else:
            action = bots[p].decide(game.view(p), list(game.legal_actions(p)))
            if isinstance(action, Propose) and game.rejected:
                out.append((list(game.rejected), action))
        game.apply(action)
    return out


@pytest.mark.parametrize("level", ["heuristic", "random"])
def test_a_bot_tries_at_most_one_other_grail_handling_of_a_rejected_move(level):
    seen = 0
    for seed in range(8):
        for rejected, action in bot_proposals_after_rejection(level, seed):
            kin = [r for r in rejected if same_move(action.proposal, r)]
            assert len(kin) <= 1, f"third handling of a refused move: {action} after {kin}"
            if level == "random":
                assert not kin, "the random bot proposes a refused move again"
            seen += 1
    assert seen > 50  # the stubborn objector made the bots propose again many times


def test_siblings_are_rare_after_a_rejection():
    """The heuristic tries another grail handling only when its estimates say nobody minds it."""
    siblings = total = 0
    for seed in range(8):
        for rejected, action in bot_proposals_after_rejection("heuristic", seed):
            total += 1
            siblings += any(same_move(action.proposal, r) for r in rejected)
    assert siblings * 10 < total
