"""STRINGS.md §22, the turn and tokens (cases 8-17)."""

from __future__ import annotations

import pytest

from grail_tui.games.strings.engine import (
    AttackKind,
    Bottom,
    Buy,
    Commit,
    CostError,
    Declare,
    Draw,
    DrawGroup,
    EndTurn,
    HandLimitError,
    NoTokenError,
    OncePerTurnError,
    Place,
    PlaceResource,
    PlayPlot,
    Side,
    Support,
    UniquenessError,
)
from tests.strings.helpers import A, B, E, Loaded, at_main, clear_hands, hand, pass_windows, seat, set_up


def test_s22_08_refresh_gives_one_token_to_cards_that_hold_none():
    game = set_up(A, B)
    holding = seat(game, 0, "K04", tokens=1)
    empty = seat(game, 0, "K06", under=holding, tokens=0)
    held_at_zero = seat(game, 0, "K12", under=empty, tokens=0)  # printed power 3
    place = seat(game, 0, "B3", tokens=0)  # printed power 0
    game.board.temp.append((held_at_zero, "power", -3))  # a lasting effect holding it at 0
    game.apply(Draw(0, False, False))
    game.apply(Place(0, -1))
    tokens = game.board.tokens
    assert tokens.get(holding) == 1 and tokens.get(empty) == 1 and tokens.get(place) == 1
    assert tokens.get(held_at_zero, 0) == 0


def test_s22_09_power_cut_to_zero_removes_the_token_at_once():
    game = at_main(E, B)
    target = seat(game, 1, "K09", tokens=1)  # printed power 1
    weak = seat(game, 1, "K11", tokens=1)  # printed power 2
    cut = hand(game, 0, "P31", owner=0)
    game.apply(PlayPlot(0, cut, weak))
    pass_windows(game)
    assert game.board.tokens.get(weak, 0) == 0 and game.board.power(weak) == 0
    assert game.board.tokens.get(target) == 1


def test_s22_10_free_placement_of_a_name_already_in_play_is_illegal():
    game = set_up(A, B)
    seat(game, 1, "K05", owner=1)
    copy = hand(game, 0, "K05", owner=0)
    game.apply(Draw(0, False, False))
    cabal = game.board.cabal[0]
    with pytest.raises(UniquenessError, match="on the table already"):
        game.apply(Place(0, copy, cabal, 1))


def test_s22_11_one_resource_by_free_placement_one_more_in_the_main_phase_then_no_more():
    game = set_up(A, B)
    first, second, third = (hand(game, 0, r, owner=0) for r in ("R07", "R08", "R09"))
    game.apply(Draw(0, False, False))
    game.apply(Place(0, first))
    pass_windows(game)
    game.apply(PlaceResource(0, second))
    pass_windows(game)
    with pytest.raises(OncePerTurnError, match="placed your resource"):
        game.apply(PlaceResource(0, third))


def test_s22_12_a_second_group_draw_for_a_token_is_illegal():
    game = at_main(A, B)
    cabal = game.board.cabal[0]
    game.apply(DrawGroup(0, cabal))
    pass_windows(game)
    group = game.board.groups_of(0)[0]
    with pytest.raises(OncePerTurnError, match="drawn your group card"):
        game.apply(DrawGroup(0, group))


def test_s22_13_a_plot_card_costs_a_cabal_token_or_two_group_tokens():
    game = at_main(A, B)
    cabal = game.board.cabal[0]
    first = game.board.groups_of(0)[0]
    second = seat(game, 0, "K04")
    third = seat(game, 0, "K06")
    before = len(game.plot_hand[0])
    game.apply(Buy(0, (cabal,)))
    pass_windows(game)
    game.apply(Buy(0, (first, second)))
    pass_windows(game)
    assert len(game.plot_hand[0]) == before + 2
    with pytest.raises(CostError, match="one Cabal token or two group tokens"):
        game.apply(Buy(0, (third,)))



def test_s22_14_outside_my_turn_with_five_plot_cards_buying_is_illegal():
    game = at_main(A, B)
    clear_hands(game)
    for card_id in ("P13", "P16", "P19", "P21", "P25"):
        hand(game, 1, card_id, owner=1)
    game.board.tokens[game.board.cabal[1]] = 1
    game.apply(DrawGroup(0, game.board.cabal[0]))  # an action: the round-table lap opens for player 2
    assert game.to_act() == (1,) and game.prompt() == "round table"
    with pytest.raises(HandLimitError, match="beyond 5 plot cards"):
        game.apply(Buy(1, (game.board.cabal[1],)))


def test_s22_15_seven_plot_cards_at_the_end_of_my_turn_two_go_to_the_bottom():
    game = at_main(A, B)
    while len(game.plot_hand[0]) < 7:
        game.plot_hand[0].append(game.plot_deck[0].pop())
    game.apply(EndTurn(0))
    assert game.prompt() == "bottom" and game.to_act() == (0,)
    with pytest.raises(HandLimitError, match="exactly 2"):
        game.apply(Bottom(0, (game.plot_hand[0][0],)))
    chosen = tuple(c for c in game.plot_hand[0] if game.defs[c].plot_kind != "goal")[:2]
    events = game.apply(Bottom(0, chosen))
    public = [e for e in events if e.audience is None and getattr(e, "what", "") == "put on the bottom"]
    assert len(public) == 1 and public[0].number == 2 and public[0].cards == ()
    assert len(game.plot_hand[0]) == 5


def test_s22_16_a_group_placed_by_free_placement_attacks_the_same_turn():
    game = set_up(A, B)
    game.finished_first = [True, True]
    placed = hand(game, 0, "K04", owner=0)
    game.apply(Draw(0, False, False))
    game.apply(Place(0, placed, game.board.cabal[0], 1))
    pass_windows(game)
    assert game.board.tokens.get(placed) == 1
    target = game.board.groups_of(1)[0]
    game.apply(Declare(0, placed, target, AttackKind.DESTROY))
    game.apply(Commit(0))
    assert game.board.tokens.get(placed, 0) == 0 and game.prompt() == "support"


def test_s22_17_a_group_captured_this_turn_cannot_aid_its_tokens_are_gone():
    game = at_main(A, B)
    cabal = game.board.cabal[0]
    other = seat(game, 1, "K04", tokens=1)
    target = seat(game, 1, "K05", under=other, tokens=1, resistance=0)  # depth 2: defence 0 + 5
    game.rolls = Loaded(1, 1)
    game.apply(Declare(0, cabal, target, AttackKind.CONTROL))
    game.apply(Commit(0))
    pass_windows(game)
    assert game.board.controller[target] == 0 and game.board.tokens.get(target, 0) == 0
    game.apply(Declare(0, game.board.groups_of(0)[0], other, AttackKind.DESTROY))
    game.apply(Commit(0))
    with pytest.raises(NoTokenError, match="holds no token"):
        game.apply(Support(0, target, Side.ATTACK))
