"""Ordinary succession: majorities, sets, plus and minus cards (the booklet's example first)."""

from __future__ import annotations

from grail_tui.games.succession.engine import score

from ..helpers import cards


def holding(fives: int, sixes: int, sevens: int, eights: int, extra: str = "") -> list:
    return cards(" ".join(["5"] * fives + ["6"] * sixes + ["7"] * sevens + ["8"] * eights) + " " + extra)


def test_the_booklets_worked_example():
    a, b = score([holding(4, 2, 3, 2), holding(0, 3, 3, 6)])
    assert (a.majority, a.sets, a.total) == (5, 2, 15)  # the 5s, and two full sets
    assert (b.majority, b.sets, b.total) == (14, 0, 14)  # the 6s and the 8s; no 5 means no set
    assert a.factions == (4, 2, 3, 2) and b.factions == (0, 3, 3, 6)


def test_a_tied_faction_scores_for_nobody():
    a, b = score([holding(2, 0, 0, 0), holding(2, 0, 0, 0)])
    assert a.majority == b.majority == 0


def test_sets_count_the_scarcest_faction():
    a, _ = score([holding(3, 3, 3, 3), []])
    assert a.sets == 3 and a.total == 5 + 6 + 7 + 8 + 15
    a, _ = score([holding(3, 3, 3, 1), holding(0, 0, 0, 2)])
    assert a.sets == 1 and a.majority == 5 + 6 + 7 and a.total == 18 + 5


def test_plus_and_minus_cards_add_up_and_grails_count_nothing():
    a, b = score([cards("+3 +1 -2 G G"), cards("-3 -3 G")])
    assert (a.cards, a.total) == (2, 2)
    assert (b.cards, b.total) == (-6, -6)
