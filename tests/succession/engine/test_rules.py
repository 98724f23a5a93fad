"""Every rule of Grail Succession, as a player would notice it."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from grail_tui.games.succession.engine import (
    GRAIL,
    Game,
    GameEnded,
    Hidden,
    Pass,
    Passed,
    Play,
    RoundBegan,
    Setup,
    Take,
    Termination,
    Took,
    unseen,
)

from ..helpers import arrange, cards, codes, finish_round_quietly, play, take


def test_setup_puts_three_aside_deals_five_each_and_turns_up_two():
    game = Game(Setup(seed=3))
    assert len(game.aside) == 3
    assert [len(h) for h in game.hands] == [5, 5]
    assert len(game.row) == 2 and len(game.deck) == 30
    everything = list(game.aside) + game.deck + game.row + game.hands[0] + game.hands[1]
    assert Counter(everything) == Counter(Setup().cards())
    view = game.public_view()
    assert view.hand_sizes == (5, 5) and view.deck_size == 30 and view.round == 1


def test_the_deck_holds_the_published_counts_and_the_house_values():
    counts = Counter(c.code for c in Setup().cards())
    assert [counts[str(v)] for v in (5, 6, 7, 8)] == [5, 6, 7, 8]
    assert sorted(c.value for c in Setup().cards() if c.code.startswith("+")) == [1, 1, 2, 2, 2, 3, 3]
    assert sorted(c.value for c in Setup().cards() if c.code.startswith("-")) == [-3, -3, -3, -2, -2, -2,
                                                                                     -1, -1, -1]
    assert counts["G"] == 3 and len(Setup().cards()) == 45


def test_plus_and_minus_values_are_a_setting():
    setup = Setup(plus=(1, 2, 3, 4, 5, 6, 7), minus=(9, 9, 9, 9, 9, 9, 9, 9, 9))
    values = Counter(c.code for c in setup.cards())
    assert values["+7"] == 1 and values["-9"] == 9 and len(setup.cards()) == 45
    for bad in ((1, 2), (0, 1, 1, 1, 1, 1, 1), (1, 1, 1, 1, 1, 1, 10)):
        with pytest.raises(ValueError, match="7 plus card values"):
            Setup(plus=bad)
    with pytest.raises(ValueError, match="9 minus card values"):
        Setup(minus=(1,))


def test_a_seed_fixes_the_game_and_the_start_player_is_drawn_from_it():
    assert Game(Setup(seed=5)).public_view() == Game(Setup(seed=5)).public_view()
    assert Game(Setup(seed=5)).deck != Game(Setup(seed=6)).deck
    starters = {Game(Setup(seed=s)).first_player for s in range(20)}
    assert starters == {0, 1}
    chosen = Game(Setup(seed=5, first_player=1))
    assert chosen.first_player == chosen.mover == 1
    assert chosen.deck == Game(Setup(seed=5, first_player=0)).deck  # choosing does not reshuffle


def test_playing_puts_the_card_at_the_far_end_of_the_row():
    game = arrange(hands=("7 7 8 +1 -2", ""), row="5 6")
    play(game, "+1")
    assert codes(game.row) == ["5", "6", "+1"]
    assert codes(game.hands[0]) == ["7", "7", "8", "-2"]
    assert game.mover == 1 and game.public_view().hand_sizes == (4, 5)


def test_taking_removes_the_last_five_cards_from_the_far_end():
    game = arrange(hands=("7 7 8 +1 -2", "6 6 6 8 +3"), row="5 5")
    for code in ("7", "6", "8", "+3", "+1"):
        play(game, code)
    assert codes(game.row) == ["5", "5", "7", "6", "8", "+3", "+1"]
    events = game.apply(Take(1))
    assert isinstance(events[0], Took) and codes(events[0].cards) == ["7", "6", "8", "+3", "+1"]
    assert codes(game.row) == ["5", "5"]
    assert sorted(codes(game.taken[1])) == sorted(["7", "6", "8", "+3", "+1"])
    assert game.public_view().taken[1] == tuple(sorted(cards("7 6 8 +3 +1")))


def test_a_row_shorter_than_five_is_taken_whole():
    game = arrange(row="5 G")
    take(game)
    assert game.row == [] and sorted(game.taken[0]) == sorted(cards("5 G"))


def test_taking_is_allowed_once_a_round_and_play_goes_on_after_it():
    game = arrange(row="5 6")
    take(game)
    play(game, game.hands[1][0].code)
    legal = game.legal_actions(0)
    assert Take(0) not in legal and legal and all(isinstance(a, Play) for a in legal)
    play(game, game.hands[0][0].code)  # the player who took keeps playing
    assert game.took == [True, False]
    finish_round_quietly(game)
    assert game.round == 2 and game.took == [False, False]
    assert Take(game.mover) in game.legal_actions(game.mover)  # a new round, a new take


def test_with_an_empty_hand_the_only_move_is_to_take():
    game = arrange(first=0)
    for _ in range(5):
        play(game, game.hands[0][0].code)
        play(game, game.hands[1][0].code)
    assert game.hands[0] == [] and game.legal_actions(0) == (Take(0),)


def test_each_player_has_six_turns_a_round_alternating_from_the_rounds_first_player():
    game = arrange(first=1)
    movers = []
    while game.round == 1:
        movers.append(game.mover)
        finish_one(game)
    assert movers == [1, 0] * 6
    assert game.starter == 0 and game.mover == 0  # the other player starts the next round


def finish_one(game: Game) -> None:
    legal = game.legal_actions(game.mover)
    plays = [a for a in legal if isinstance(a, Play)]
    game.apply(plays[0] if plays else legal[0])


def test_a_new_round_deals_five_new_cards_each_and_the_row_stays():
    game = arrange(first=0, deck="8 8 8 8 8 +3 +3 -3 -3 -3")
    finish_round_quietly(game)
    row_before = list(game.row)
    assert game.round == 2 and game.row == row_before
    assert game.hands[1] == cards("8 8 8 8 8")  # the new first player is dealt first
    assert game.hands[0] == sorted(cards("+3 +3 -3 -3 -3"))
    assert len(game.deck) == 20
    begun = [e for e in game.history if isinstance(e, RoundBegan)]
    assert [(e.round, e.starter, e.deck) for e in begun] == [(1, 0, 30), (2, 1, 20)]


def test_the_game_ends_after_four_rounds_with_the_deck_used_up():
    game = arrange(aside="G 5 5")  # a grail aside: no grail succession possible
    rounds = []
    while not game.is_over:
        rounds.append(game.round)
        finish_one(game)
    assert set(rounds) == {1, 2, 3, 4} and len(rounds) == 48
    assert game.deck == [] and game.hands == [[], []]
    assert game.outcome is not None and game.outcome.termination is Termination.SCORED
    assert game.turns_played == 48


def test_taking_the_third_grail_wins_at_once():
    game = arrange(first=1, hands=("5 5 5 6 6", "G G 7 7 7"), row="6 G")
    play(game, "7")  # seat 1
    take(game)  # seat 0 takes 6, G, 7: one grail
    for code in ("G", "5", "G", "5", "7", "5", "7", "6"):
        play(game, code)
    take(game)  # seat 1's hand is empty: it takes 5, 7, 5, 7, 6 and leaves G, 5, G
    assert codes(game.row) == ["G", "5", "G"] and not game.is_over
    play(game, "6")
    assert game.round == 2 and game.mover == 0
    events = game.apply(Take(0))  # G, 5, G, 6: the second and third grail
    outcome = game.outcome
    assert outcome is not None and outcome.termination is Termination.GRAIL and outcome.winner == 0
    assert outcome.scores == () and "all three grail cards" in outcome.describe()
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    # everything is shown at the end, the hands of round 2 included
    assert [len(h) for h in ended.hands] == [5, 5] and ended.aside == game.aside
    assert ended.deck == tuple(game.deck) and len(ended.deck) == 20
    view = game.public_view()
    assert view.aside == game.aside and view.hands == ended.hands and view.deck == ended.deck
    assert game.to_act() == () and game.legal_actions(0) == game.legal_actions(1) == ()


def test_grails_in_the_row_are_held_by_nobody():
    game = arrange(first=0, hands=("G G 5 5 6", "7 7 7 8 8"), row="6 G")
    take(game)
    play(game, "7")
    play(game, "G")
    play(game, "7")
    play(game, "G")
    assert codes(game.row).count("G") == 2 and not game.is_over


def test_grails_in_hand_do_not_count():
    # [interpretation] "holds" means taken in front of the player, not in hand
    game = arrange(first=0, hands=("G G 5 5 6", "7 7 7 8 8"), row="6 G")
    take(game)
    assert game.taken[0].count(GRAIL) == 1 and game.hands[0].count(GRAIL) == 2
    assert not game.is_over


def test_equal_totals_are_a_draw():
    import random

    rng = random.Random(0)
    for seed in range(1000):
        game = Game(Setup(seed=seed))
        while not game.is_over:
            legal = game.legal_actions(game.mover)
            game.apply(legal[rng.randrange(len(legal))])
        outcome = game.outcome
        assert outcome is not None
        if outcome.termination is Termination.SCORED and outcome.scores[0].total == outcome.scores[1].total:
            break
    else:
        raise AssertionError("no draw in 1000 random games")
    assert outcome.winner is None
    assert outcome.describe() == f"A draw: both score {outcome.scores[0].total}."


def test_scores_decide_the_winner_after_round_four():
    for seed in range(30):
        game = Game(Setup(seed=seed))
        while not game.is_over:
            finish_one(game)
        outcome = game.outcome
        assert outcome is not None
        if outcome.termination is Termination.SCORED:
            a, b = (s.total for s in outcome.scores)
            assert outcome.winner == (None if a == b else (0 if a > b else 1))


def test_the_house_pass_when_nothing_is_possible():
    """[interpretation] With an empty hand and no take possible, the turn passes.

    A game dealt by the rules never gets there (a player who has played all five
    cards without taking finds at least four in the row), so the position is built."""
    game = Game(Setup(seed=1, first_player=0))
    view = game.view(0)
    pub = dataclasses.replace(view.public, row=(), turn=10, hand_sizes=(0, 1), deck_size=41)
    empty = dataclasses.replace(view, public=pub, hand=())
    pool = list(unseen(empty))  # seat 0's hand and the row now count as unseen
    assert sorted(game.hands[0] + game.row + game.hands[1] + game.deck + list(game.aside)) == pool
    rebuilt = Game.from_view(empty, Hidden(tuple(pool[:1]), tuple(pool[1:1 + pub.deck_size]),
                                           tuple(pool[1 + pub.deck_size:])))
    assert rebuilt.legal_actions(0) == (Pass(0),)
    events = rebuilt.apply(Pass(0))
    assert isinstance(events[0], Passed) and rebuilt.mover == 1 and rebuilt.turn == 11


def test_pass_is_never_needed_in_random_play():
    import random

    rng = random.Random(3)
    for seed in range(200):
        game = Game(Setup(seed=seed))
        while not game.is_over:
            legal = game.legal_actions(game.mover)
            assert Pass(game.mover) not in legal
            game.apply(legal[rng.randrange(len(legal))])


def test_equal_cards_are_offered_once():
    game = arrange(hands=("5 5 5 +2 +2", ""))
    legal = game.legal_actions(0)
    assert [a.card.code for a in legal if isinstance(a, Play)] == ["5", "+2"]
    assert Take(0) in legal
    refused = game.why_illegal(Pass(0))
    assert refused is not None and "play a card" in refused
