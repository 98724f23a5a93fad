"""What happened, and who may see it (engine/events.py, §4), and the setup's own words
(engine/vocabulary.py): an event with an audience is that seat's alone, a roll's margin, a seat
called by its name or its number, the basic goal by the table's size unless the setup sets it."""

from __future__ import annotations

from grail_tui.games.strings.engine import (
    AttackKind,
    GameEnded,
    Happened,
    Outcome,
    Rolled,
    Saw,
    Setup,
    visible_to,
)
from grail_tui.games.strings.engine.vocabulary import Ending


def test_s4_an_event_with_an_audience_is_that_seats_alone_every_other_is_public():
    drew = Saw(1, "drew", (4,), ("P01",))
    looked = Saw(0, "looked", (7,), ("K01",), about=1)
    assert (drew.audience, looked.audience, looked.about, drew.about) == (1, 0, 1, -1)
    assert [visible_to(drew, seat) for seat in (None, 0, 1, 2)] == [False, False, True, False]
    rolled = Rolled(3, 5, AttackKind.CONTROL, 9, 4, (2, 3), True)
    ended = GameEnded(Outcome(Ending.GOAL, (0,), "the basic goal"), (), ())
    for public in (Happened(0, "drew", number=1), rolled, ended):
        assert public.audience is None and all(visible_to(public, seat) for seat in (None, 0, 1))


def test_s9_a_rolls_margin_is_its_attack_less_its_defence():
    assert Rolled(3, 5, AttackKind.DESTROY, 9, 4, (2, 3), True).margin == 5
    assert Rolled(3, 5, AttackKind.DESTROY, 4, 9, (6, 6), False).margin == -5


def test_an_outcome_names_its_one_winner_or_none():
    assert Outcome(Ending.GOAL, (2,), "the basic goal").winner == 2
    assert Outcome(Ending.GOAL, (0,), "the basic goal").winner == 0
    assert Outcome(Ending.ROUND_LIMIT, (0, 1), "").winner is None and Outcome(Ending.GOAL, (), "").winner is None


def test_s16_1_the_basic_goal_by_the_tables_size_unless_the_setup_sets_it():
    assert [Setup(decks=("a",) * n).basic_goal for n in (2, 3, 4, 5, 6)] == [12, 12, 11, 10, 10]
    assert Setup(decks=("a", "b"), goal=7).basic_goal == 7
    assert Setup(decks=("a", "b", "c")).players == 3


def test_a_seat_is_called_by_its_name_or_else_its_number():
    setup = Setup(decks=("a", "b", "c"), names=("Ann",))
    assert [setup.name(p) for p in range(3)] == ["Ann", "Player 2", "Player 3"]
