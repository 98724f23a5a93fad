"""RULES §8: nothing secret reaches a view it may not reach."""

from __future__ import annotations

import json
import os
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from grail_tui.games.hunt.engine import (
    Assign,
    Field,
    Game,
    Initiate,
    Object,
    Pass,
    Propose,
    Setup,
    visible_to,
)

from .helpers import new_game, opening, step

SECRET_SEAT = 2
SWAP = {i: Initiate((i + 2) % 8) for i in Initiate}  # player 2's placements move elsewhere


def public(game: Game) -> str:
    return json.dumps(game.public_view().to_dict(), sort_keys=True)


def seen_by(game: Game, player: int) -> list:
    return [e for e in game.history if visible_to(e, player)]


@settings(max_examples=int(os.environ.get("GRAIL_EXAMPLES", 20)), deadline=None)
@given(players=st.integers(3, 6), seed=st.integers(0, 2**32))
def test_same_public_history_gives_identical_views(players: int, seed: int) -> None:
    rng = random.Random(seed)
    setup = Setup(players=players, seed=seed, turn_limit=40)
    a, b = Game(setup), Game(setup)

    def keeps_history_public(action: object) -> bool:
        # A blow publishes every loss on its target, so it may only hit a target on
        # which the secret seat's sheets agree, or the public histories would differ.
        if isinstance(action, Propose) and action.proposal.blow is not None:
            t = action.proposal.blow
            return a.influence(SECRET_SEAT, t) == b.influence(SECRET_SEAT, t)
        return True

    steps = 0
    while not a.is_over:
        player = a.to_act()[rng.randrange(len(a.to_act()))]
        legal_b = b.legal_actions(player)
        may_assign_b = Assign(player, ()) in legal_b
        choices = [x for x in a.legal_actions(player)
                   if keeps_history_public(x) and (may_assign_b if isinstance(x, Assign) else x in legal_b)]
        if not choices:
            break  # the sheets differ in what they allow: no common public history goes on
        action = choices[rng.randrange(len(choices))]
        other = action
        if player == SECRET_SEAT and isinstance(action, Assign):
            other = Assign(player, tuple((u, SWAP[i]) for u, i in action.placements))
            if other not in legal_b:
                action = other = Assign(player, ())
        a.apply(action)
        b.apply(other)
        steps += 1
        if a.is_over or b.is_over:
            break  # every sheet is public at the end
        assert public(a) == public(b)
        for p in range(players):
            if p != SECRET_SEAT:
                assert a.view(p) == b.view(p)
                assert seen_by(a, p) == seen_by(b, p)
    assert steps > players  # at least the opening was compared


def test_a_pending_answer_is_invisible_until_the_round_is_complete() -> None:
    views = []
    for answer in (Pass(1), Object(1, 5)):
        game = new_game(3)
        opening(game, {1: {Initiate.AC: ["A5"]}, 2: {Initiate.AC: ["A4"]}})
        game.apply(Propose(0, step(Initiate.AC, Field.TORTOSA)))
        game.apply(answer)
        views.append((public(game), game.view(0), game.view(2), seen_by(game, 0), seen_by(game, 2)))
    assert views[0] == views[1]


def test_public_view_holds_no_sheet_until_the_end() -> None:
    game = new_game(3)
    opening(game, {0: {Initiate.JB: ["A10"]}})
    view = game.public_view()
    assert view.sheets is None
    text = public(game)
    assert "A10" not in text
    assert game.view(0).sheet.influence[Initiate.JB] == 10
    assert game.view(1).sheet.influence[Initiate.JB] == 0
