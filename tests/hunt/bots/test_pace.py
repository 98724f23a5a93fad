"""A searching bot's answer takes its whole budget even when it had nothing to think about."""

from __future__ import annotations

import time

from grail_tui.games.hunt.bots import make_bot
from grail_tui.games.hunt.engine import Game, Pass, Phase, Propose, Setup
from grail_tui.table import pace


def _objection_round() -> Game:
    game = Game(Setup(players=3, seed=1, first_player=0))
    bots = [make_bot("heuristic", p) for p in range(3)]
    while game.phase is Phase.OPENING:
        p = game.to_act()[0]
        game.apply(bots[p].decide(game.view(p), list(game.legal_actions(p))))
    game.apply(next(a for a in game.legal_actions(0) if isinstance(a, Propose)))
    return game


async def test_a_bot_with_nothing_to_reveal_answers_no_sooner_than_one_that_thinks():
    game = _objection_round()
    strong = make_bot("strong", 3, budget=0.3)
    for seat in (1, 2):
        legal = list(game.legal_actions(seat))
        started = time.monotonic()
        action = await pace.decide(strong, game.view(seat), legal)
        assert time.monotonic() - started >= 0.3
        assert action in legal
    # a seat that can only pass takes the same time
    only_pass = [Pass(1)]
    started = time.monotonic()
    assert await pace.decide(strong, game.view(1), only_pass) == Pass(1)
    assert time.monotonic() - started >= 0.3


def test_rule_of_thumb_bots_answer_at_once():
    assert pace.think_time(make_bot("heuristic", 0)) == 0
    assert pace.think_time(make_bot("random", 0)) == 0
    assert pace.think_time(make_bot("strong", 0, budget=1.5)) == 1.5
