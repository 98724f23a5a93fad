"""The heuristic bot does not throw the game: no delivery it proposes ends the game for a rival
whose lead the public record shows, and it keeps points back through the first turns."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grail_tui.games.hunt.bots import make_bot
from grail_tui.games.hunt.engine import Game, Pass, Phase, Propose, Setup, action_from_dict

POSITIONS = Path(__file__).parent / "positions"


def carried(game: Game, action: Propose) -> Game:
    """The game after ``action`` if nobody objects."""
    after = game.copy(history=False)
    after.apply(action)
    while after.phase is Phase.OBJECTIONS:
        after.apply(Pass(after.to_act()[0]))
    return after


def test_the_delivery_of_seed_321022_for_a_rival_is_not_proposed():
    """From self-play at seed 321022: seat 1 held nothing on MA and proposed to bring the grail
    home with it, for seat 3 (who held 31) to win."""
    data = json.loads((POSITIONS / "seed-321022.json").read_text())
    game = Game(Setup(players=data["players"], seed=data["seed"]))
    for action in data["actions"]:
        game.apply(action_from_dict(action))
    thrown = action_from_dict(data["thrown"])
    seat = game.to_act()[0]
    assert thrown.player == seat and carried(game, thrown).outcome.winner != seat  # the position holds
    legal = list(game.legal_actions(seat))
    for bot_seed in range(20):
        choice = make_bot("heuristic", bot_seed).decide(game.view(seat), legal)
        assert choice != thrown
        if isinstance(choice, Propose):
            outcome = carried(game, choice).outcome
            assert outcome is None or outcome.winner == seat, (bot_seed, choice, outcome)


@pytest.mark.parametrize("first", [0, 10])
def test_no_delivery_it_proposes_ends_the_game_for_a_rival_the_record_shows_ahead(first):
    """A sure loss: a rival has shown more on the bearer than the bot holds. (The old bot made
    29 such proposals in 100 games of three heuristic bots.)"""
    sure_losses = []
    for seed in range(first, first + 10):
        game = Game(Setup(players=3, seed=seed))
        bots = [make_bot("heuristic", seed * 10 + p) for p in range(3)]
        while not game.is_over:
            seat = game.to_act()[0]
            view = game.view(seat)
            action = bots[seat].decide(view, list(game.legal_actions(seat)))
            if isinstance(action, Propose):
                outcome = carried(game, action).outcome
                if outcome is not None and outcome.winner not in (None, seat):
                    bearer = outcome.bearer.value
                    mine = outcome.influence[seat]
                    if any(view.public.known[p][bearer] > mine for p in range(3) if p != seat):
                        sure_losses.append((seed, game.turn, seat, action.proposal))
            game.apply(action)
    assert not sure_losses


def test_it_keeps_points_back_through_the_first_turns():
    """By turn 8 the old bot had placed all but a few points (all 100 on the table in a third of
    its games); now part of its reserve is still there."""
    left = []
    for seed in range(12):
        game = Game(Setup(players=3, seed=seed))
        bots = [make_bot("heuristic", seed * 10 + p) for p in range(3)]
        while not game.is_over and game.turn <= 8:
            seat = game.to_act()[0]
            game.apply(bots[seat].decide(game.view(seat), list(game.legal_actions(seat))))
        if not game.is_over:
            left += [game.sheets[p].remaining for p in range(3)]
    assert left and min(left) >= 10, sorted(left)
