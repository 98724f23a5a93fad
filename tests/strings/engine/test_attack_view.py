"""The attack in progress shows its running totals, each modifier named, in every view (§4: the
declaration, every contribution, the modifier breakdown and the dice are public): the screen's
attack window reads them from the view, never from the game."""

from __future__ import annotations

import pytest

from grail_tui.games import registry
from grail_tui.games.kit.terms import BotLevel
from grail_tui.games.strings.engine import CODEC, Game, Rolled, Setup
from grail_tui.games.strings.engine.view import PublicView

from ..helpers import A, B, C, D

KIND = registry.get("strings")


@pytest.mark.sweep
def test_the_totals_in_view_before_the_roll_are_the_totals_rolled_against():
    game = Game(Setup(seed=3, decks=(A, B, C, D), round_limit=6))
    bots = [KIND.make_bot(BotLevel.HEURISTIC, 3 + p) for p in range(4)]
    rolls = 0
    for _step in range(5_000):  # three attacks are rolled long before this
        if game.is_over or rolls == 3:
            break
        before = game.public_view()
        seen = [game.view(seat).public.attack for seat in range(4)] if before.attack is not None else []
        player = game.to_act()[0]
        events = game.apply(bots[player].decide(game.view(player), game.legal_actions(player)))
        for event in events:
            if not isinstance(event, Rolled) or before.attack is None:
                continue
            rolls += 1
            attack = before.attack
            assert (attack.attack_total, attack.defence_total) == (event.attack, event.defence)
            assert sum(v for _k, v in attack.attack_parts) == attack.attack_total
            assert sum(v for _k, v in attack.defence_parts) == attack.defence_total
            assert dict(attack.attack_parts).get("base") is not None
            assert seen == [attack] * 4  # every seat sees the breakdown a spectator sees
            assert CODEC.decode(PublicView, CODEC.jsonable(before)) == before  # it travels over the wire
    assert rolls == 3
