"""Games rebuilt from one seat's view (how bots and remote clients look ahead), and copies."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from grail_tui.games.succession.engine import Game, Hidden, Setup, Take, unseen

from ..helpers import cards, encoded, snapshot


def played(seed: int, steps: int, setup: Setup | None = None) -> Game:
    rng = random.Random(seed)
    game = Game(setup or Setup(seed=seed, names=("Ann", "Bo"), plus=(1, 2, 3, 4, 5, 6, 7)))
    for _ in range(steps):
        if game.is_over:
            break
        legal = game.legal_actions(game.mover)
        game.apply(legal[rng.randrange(len(legal))])
    return game


def truth(game: Game, seat: int) -> Hidden:
    return Hidden(tuple(game.hands[1 - seat]), tuple(game.deck), game.aside)


@pytest.mark.parametrize("steps", [0, 7, 13, 30])
@pytest.mark.parametrize("seat", [0, 1])
def test_a_game_rebuilt_with_the_true_hidden_cards_is_the_game(seat, steps):
    game = played(seat * 10 + steps, steps)
    rebuilt = Game.from_view(game.view(seat), truth(game, seat))
    for who in (0, 1):
        assert encoded(rebuilt.view(who)) == encoded(game.view(who))
    assert rebuilt.aside == game.aside and rebuilt.deck == game.deck and rebuilt.hands == game.hands
    assert (rebuilt.row, rebuilt.took) == (game.row, game.took)
    assert rebuilt.taken == [sorted(game.taken[0]), sorted(game.taken[1])]  # as the view shows them
    assert (rebuilt.round, rebuilt.turn, rebuilt.starter, rebuilt.mover, rebuilt.first_player) == \
        (game.round, game.turn, game.starter, game.mover, game.first_player)
    assert rebuilt.setup == dataclasses.replace(game.setup, seed=0, first_player=game.first_player)
    assert rebuilt.actions == [] and rebuilt.history == []
    while not game.is_over:  # and it plays on exactly as the game does
        action = game.legal_actions(game.mover)[0]
        assert rebuilt.apply(action) == game.apply(action)
    assert rebuilt.outcome == game.outcome and encoded(rebuilt.public_view()) == encoded(game.public_view())


def test_without_the_hidden_cards_they_are_placed_in_a_fixed_order_from_the_view_alone():
    game = played(3, 9)
    seat, other = game.mover, 1 - game.mover
    view = game.view(seat)
    pool = unseen(view)
    size, deck = view.public.hand_sizes[other], view.public.deck_size
    rebuilt = Game.from_view(view)
    assert rebuilt.hands[other] == list(pool[:size])  # the pool is sorted, so the hand is too
    assert rebuilt.deck == list(pool[size:size + deck]) and rebuilt.aside == pool[size + deck:]
    assert len(rebuilt.aside) == 3 and rebuilt.hands[seat] == game.hands[seat]
    assert encoded(rebuilt.view(seat)) == encoded(view)
    assert encoded(Game.from_view(view).public_view()) == encoded(game.public_view())


def test_unseen_is_every_card_but_the_own_hand_the_row_and_what_was_taken():
    game = played(5, 14)
    for seat in (0, 1):
        view = game.view(seat)
        expected = Counter(game.setup.cards())
        expected.subtract(game.hands[seat] + game.row + game.taken[0] + game.taken[1])
        assert unseen(view) == tuple(sorted(expected.elements()))
        assert Counter(unseen(view)) == Counter(game.hands[1 - seat] + game.deck + list(game.aside))


def test_a_finished_game_rebuilds_from_what_the_end_shows():
    game = played(2, 200)
    assert game.is_over
    for seat in (0, 1):
        view = game.view(seat)
        assert unseen(view) == ()
        rebuilt = Game.from_view(view)
        assert rebuilt.hands == game.hands and rebuilt.deck == game.deck and rebuilt.aside == game.aside
        assert rebuilt.outcome == game.outcome and rebuilt.is_over
        assert encoded(rebuilt.public_view()) == encoded(game.public_view())


def test_hidden_cards_that_do_not_fit_the_view_are_refused_in_words():
    game = played(4, 3)
    seat = game.mover
    view, good = game.view(seat), truth(game, seat)
    hand, deck, aside = good.hand, good.deck, good.aside
    cases = [
        (Hidden(hand[1:], deck + hand[:1], aside), f"the other hand holds {len(hand)} cards, not {len(hand) - 1}"),
        (Hidden(hand, deck[1:], aside + deck[:1]), f"the deck holds {len(deck)} cards, not {len(deck) - 1}"),
        (Hidden(hand, deck, aside[1:]), "3 cards are put aside, not 2"),
        (Hidden(hand, deck, tuple(cards("G G G"))) if sorted(aside) != sorted(cards("G G G"))
         else Hidden(hand, deck, tuple(cards("5 5 5"))),
         "the hidden cards are not the cards this player has not seen"),
    ]
    for hidden, words in cases:
        with pytest.raises(ValueError) as caught:
            Game.from_view(view, hidden)
        assert str(caught.value) == words


def test_a_view_that_does_not_account_for_every_card_is_refused():
    view = Game(Setup(seed=1)).view(0)
    for deck_size in (29, 31):
        broken = dataclasses.replace(view, public=dataclasses.replace(view.public, deck_size=deck_size))
        with pytest.raises(ValueError) as caught:
            Game.from_view(broken)
        assert str(caught.value) == "the view does not account for all the cards"


def test_a_copy_is_the_same_game_and_plays_on_alone():
    game = played(6, 17)
    copied = game.copy()
    for seat in (0, 1):
        assert encoded(copied.view(seat)) == encoded(game.view(seat))
    assert copied.actions == game.actions and copied.history == game.history
    assert (copied.deck, copied.aside, copied.setup) == (game.deck, game.aside, game.setup)
    before = snapshot(game)
    while not copied.is_over:
        copied.apply(copied.legal_actions(copied.mover)[-1])
    assert snapshot(game) == before


def test_a_copy_for_search_leaves_the_history_behind():
    game = played(7, 11)
    light = game.copy(history=False)
    assert light.actions == [] and light.history == []
    assert encoded(light.view(0)) == encoded(game.view(0)) and encoded(light.view(1)) == encoded(game.view(1))
    light.apply(light.legal_actions(light.mover)[0])
    assert len(light.actions) == 1 and len(game.actions) == 11


def test_a_rebuilt_game_refuses_what_the_game_refuses():
    game = played(8, 1)
    seat = game.mover
    rebuilt = Game.from_view(game.view(seat), truth(game, seat))
    assert rebuilt.why_illegal(Take(1 - seat)) == game.why_illegal(Take(1 - seat)) is not None
