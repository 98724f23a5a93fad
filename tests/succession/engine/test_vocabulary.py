"""The cards: their notation, names, points, order and how a list of them is read out."""

from __future__ import annotations

import pickle

from grail_tui.games.succession.engine import (
    CARD_KINDS,
    FACTION_CARDS,
    GRAIL,
    Card,
    Setup,
    Suit,
    all_cards,
    describe_cards,
)

from ..helpers import cards


def test_each_card_has_its_notation_its_name_and_its_points():
    table = [(Card(Suit.FACTION, 7), "7", "7", 0), (Card(Suit.PLUS, 2), "+2", "+2", 2),
             (Card(Suit.MINUS, -3), "-3", "-3", -3), (GRAIL, "G", "grail", 0)]
    for card, code, title, points in table:
        assert (card.code, card.title, card.points, repr(card)) == (code, title, points, f"Card({code!r})")
        assert Card.parse(code) is card and pickle.loads(pickle.dumps(card)) is card
    assert Card.parse(" +2 ") is Card(Suit.PLUS, 2) and Card.parse("grail") is GRAIL is Card.parse("g")


def test_cards_sort_by_suit_then_value():
    five, eight, plus, minus = cards("5 8 +1 -3")
    ordered = [five, eight, plus, minus, GRAIL]
    assert sorted([GRAIL, minus, plus, eight, five]) == ordered
    assert five < eight and not eight < five and not five < five
    assert five <= five and five <= eight and not eight <= five
    assert eight > five and not five > eight and not five > five
    assert five >= five and eight >= five and not five >= eight
    assert cards("-3 -1") == sorted(cards("-1 -3")) and cards("+1 +3") == sorted(cards("+3 +1"))


def test_every_kind_of_card_a_game_may_hold_is_known():
    assert FACTION_CARDS == tuple(cards("5 6 7 8"))
    assert len(CARD_KINDS) == len(set(CARD_KINDS)) == 4 + 9 + 9 + 1
    assert set(all_cards((9,) * 7, (9,) * 9)) | set(Setup().cards()) <= set(CARD_KINDS)


def test_cards_are_read_out_in_words():
    assert describe_cards([]) == "nothing"
    assert describe_cards(cards("G")) == "grail"
    assert describe_cards(cards("5 G")) == "5 and grail"
    assert describe_cards(cards("5 7 +2 G")) == "5, 7, +2 and grail"
    assert describe_cards(iter(cards("-3 8 8"))) == "-3, 8 and 8"
