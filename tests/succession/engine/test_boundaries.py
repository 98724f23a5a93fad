"""The legal-action list and the rule check agree on every action near every boundary:
a row of none to seven cards, the take used or not, a hand of none, one or five cards
(pairs among them), and the seat not on turn; and a take removes exactly what it should."""

from __future__ import annotations

from itertools import product

import pytest

from grail_tui.games.succession.engine import CARD_KINDS, Pass, Play, Take, Took

from ..helpers import cards, codes, position

ROW = "5 6 7 8 +1 -2 G"  # far end last
HANDS = {"none": "", "one": "8", "five": "5 5 +3 -3 G"}


def candidates(player: int) -> list:
    return [Play(player, c) for c in CARD_KINDS] + [Take(player), Pass(player)]


def assert_list_matches_check(game) -> None:
    """Each seat's list holds exactly what the check allows, each once, plays in card order."""
    for player in (0, 1):
        legal = game.legal_actions(player)
        assert len(set(legal)) == len(legal)
        allowed = [a for a in candidates(player) if game.why_illegal(a) is None]
        assert set(legal) == set(allowed)
        assert all(game.is_legal(a) == (a in legal) for a in candidates(player))
        plays = [a.card for a in legal if isinstance(a, Play)]
        assert plays == sorted(plays)


@pytest.mark.parametrize("length, took, hand", list(product(range(8), (False, True), HANDS)))
def test_the_list_and_the_check_agree_at_every_boundary(length, took, hand):
    row = " ".join(ROW.split()[:length])
    game = position(turn=2, starter=0, row=row, hands=(HANDS[hand], "6 6"), took=(took, False))
    assert_list_matches_check(game)
    legal = game.legal_actions(0)
    expected = [Play(0, c) for c in dict.fromkeys(sorted(cards(HANDS[hand])))]
    if not took and length:
        expected.append(Take(0))
    if not expected:
        expected.append(Pass(0))  # an empty hand, and no take to make: the turn passes
    assert list(legal) == expected
    assert game.legal_actions(1) == ()  # not on turn: nothing at all


@pytest.mark.parametrize("length", range(1, 8))
def test_a_take_removes_the_last_five_cards_or_the_whole_shorter_row(length):
    row = ROW.split()[:length]
    game = position(turn=2, starter=0, row=" ".join(row), hands=("7", "6"))
    window = game.public_view().window()
    events = game.apply(Take(0))
    kept, gone = row[:max(0, length - 5)], row[max(0, length - 5):]
    assert codes(window) == gone
    assert events == [Took(0, tuple(cards(" ".join(gone))))]
    assert codes(game.row) == kept
    assert codes(game.taken[0]) == gone and game.took == [True, False]
    assert game.public_view().taken[0] == tuple(sorted(cards(" ".join(gone))))
    assert_list_matches_check(game)  # the other seat's turn now
    assert Take(1) in game.legal_actions(1) if kept else Take(1) not in game.legal_actions(1)


def test_taken_cards_are_added_to_what_the_seat_held_before():
    game = position(turn=2, starter=0, row="5 6 7", taken=("8 8", "5"), hands=("7", "6"))
    game.apply(Take(0))
    assert codes(game.taken[0]) == ["8", "8", "5", "6", "7"] and codes(game.taken[1]) == ["5"]


def test_the_take_comes_back_with_the_next_round_and_not_before():
    game = position(turn=10, starter=0, row="5 6", hands=("7", ""), took=(True, True),
                    deck="5 5 5 6 6 6 6 6 7 7")
    assert_list_matches_check(game)
    assert game.legal_actions(0) == (Play(0, cards("7")[0]),)
    game.apply(Play(0, cards("7")[0]))
    assert game.legal_actions(1) == (Pass(1),)  # an empty hand, the take used: the turn passes
    game.apply(Pass(1))
    assert game.round == 2 and game.took == [False, False] and game.mover == 1
    assert Take(1) in game.legal_actions(1)
    assert_list_matches_check(game)


def test_with_an_empty_hand_the_only_way_on_is_the_take_or_else_the_pass():
    for took, row, only in ((False, "5", Take(0)), (True, "5", Pass(0)), (False, "", Pass(0))):
        game = position(turn=2, starter=0, row=row, hands=("", "6"), took=(took, False))
        assert game.legal_actions(0) == (only,)
        assert_list_matches_check(game)
