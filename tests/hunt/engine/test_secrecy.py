"""RULES §8: nothing secret reaches a view it may not reach."""

from __future__ import annotations

import json

from grail_tui.games.hunt.engine import (
    Field,
    Game,
    Initiate,
    Object,
    Pass,
    Propose,
    visible_to,
)

from .helpers import new_game, opening, step


def public(game: Game) -> str:
    return json.dumps(game.public_view().to_dict(), sort_keys=True)


def seen_by(game: Game, player: int) -> list:
    return [e for e in game.history if visible_to(e, player)]


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
