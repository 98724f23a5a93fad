"""STRINGS.md §22, set-up and secrecy (cases 1-7)."""

from __future__ import annotations

import pytest

from grail_tui.games.strings.engine import (
    CODEC,
    Bottom,
    CardDataError,
    ChooseCabal,
    ChooseStart,
    Phase,
    card_set,
    decks,
)
from grail_tui.games.strings.engine.cards import deck_from_dict
from tests.strings.helpers import A, B, F, Loaded, choose_cabals, lift, new_game, set_up, uid


def encoded(value: object) -> str:
    return str(CODEC.jsonable(value))


def test_s22_01_same_cabal_is_legal_and_the_choice_is_sealed():
    game = new_game(A, B)
    before = (encoded(game.view(1)), encoded(game.public_view()))
    ledger_0 = uid(game, "CB1", 0)
    game.apply(ChooseCabal(0, ledger_0))
    # P2 sees neither P1's choice nor that P1 has chosen
    assert (encoded(game.view(1)), encoded(game.public_view())) == before
    assert game.public_view().to_act == (0, 1)
    assert game.view(0).choice is not None and game.view(0).choice.uid == ledger_0
    game.apply(ChooseCabal(1, uid(game, "CB1", 1)))
    names = [game.name(game.board.cabal[p]) for p in (0, 1)]
    assert names == ["The Velvet Ledger", "The Velvet Ledger"]
    assert game.phase is Phase.START


def _pick(game, player, card_id):
    game.apply(ChooseStart(player, uid(game, card_id, player, zone=game.group_deck[player])))


def test_s22_02_a_clash_bars_the_name_and_a_single_pick_is_kept():
    # decks A, B and F all hold Crossword Compilers' Guild (K05) and Airport Authority (K07)
    game = new_game(A, B, F)
    choose_cabals(game)
    _pick(game, 0, "K05")
    _pick(game, 1, "K05")
    _pick(game, 2, "K07")
    assert [game.name(g) for g in game.board.groups_of(2)] == ["Airport Authority"]
    assert game.board.groups_of(0) == [] and game.board.groups_of(1) == []
    assert "Crossword Compilers' Guild" in game.barred
    assert uid(game, "K05", 0, zone=game.group_deck[0]) >= 0  # back in the deck
    for card_id in ("K05", "K07"):
        with pytest.raises(Exception) as refused:
            _pick(game, 0, card_id)
        assert "barred" in str(refused.value) or "on the table" in str(refused.value)


def test_s22_03_after_three_clashing_rounds_the_choice_is_open_and_barred_names_return():
    game = new_game(A, B)
    choose_cabals(game)
    for card_id in ("K05", "K06", "K07"):
        _pick(game, 0, card_id)
        _pick(game, 1, card_id)
    assert game.phase is Phase.OPEN_START and game.to_act() == (0,)
    _pick(game, 0, "K05")  # barred in the secret rounds, allowed now
    assert game.name(game.board.groups_of(0)[0]) == "Crossword Compilers' Guild"
    with pytest.raises(Exception, match="on the table"):
        _pick(game, 1, "K05")


def test_s22_04_the_start_draw_takes_six_or_the_whole_group_deck():
    game = new_game(A, B)
    choose_cabals(game)
    keep = uid(game, "B1", 1, zone=game.group_deck[1])
    for card in [c for c in game.group_deck[1] if c != keep][4:]:  # player 2 keeps 5 cards in the group deck
        lift(game, card)
    _pick(game, 0, "A1")
    _pick(game, 1, "B1")  # leaves 4
    assert len(game.group_hand[1]) == 4 and not game.group_deck[1]
    assert len(game.group_hand[0]) == 6 and len(game.group_deck[0]) == 25 - 1 - 6


def test_s22_05_tied_turn_order_rolls_are_rolled_again_among_the_tied():
    game = new_game(A, B, F, first=None)
    choose_cabals(game)
    game.rolls = Loaded(4, 5, 5, 4, 2, 2, 1, 1, 6, 6)  # 9, 9, 4; then the two 9s again: 2 and 12
    for player, card_id in ((0, "A1"), (1, "B1"), (2, "F1")):
        _pick(game, player, card_id)
    assert game.order == [1, 0, 2]


def test_s22_06_a_deck_with_five_group_names_is_refused_naming_the_field():
    cards = card_set()
    data = {"format": "pulling-strings-deck/1", "deck": {"id": "thin", "name": "Thin", "set": "ps1"},
            "plot_deck": {"cards": list(decks()[A].plot)},
            "group_deck": {"cards": ["A1", "A2", "A3", "A4", "A5"] * 5}}
    with pytest.raises(CardDataError, match=r"thin.toml: field group_deck.cards: needs at least 6 different groups"):
        deck_from_dict(data, "thin.toml", cards)


def test_s22_07_hands_show_as_counts_and_my_deck_bottom_only_to_me():
    game = set_up(A, B)
    seen_by_other = game.view(1)
    seat = seen_by_other.public.seats[0]
    assert (seat.plot_hand, seat.group_hand, seat.revealed) == (3, 6, ())
    assert {f.uid for f in seen_by_other.plot_hand}.isdisjoint(game.plot_hand[0])
    mine = game.view(0)
    assert {f.uid for f in mine.plot_hand} == set(game.plot_hand[0])
    assert mine.plot_bottom == ()
    bottom = tuple(game.plot_hand[0][:2])
    game.due = (0, 2)
    game.apply(Bottom(0, bottom))
    assert [f.uid for f in game.view(0).plot_bottom] == [bottom[1], bottom[0]]  # the last named lowest
    assert game.view(1).public.seats[0].bottom == 2
    assert game.view(1).plot_bottom == ()
