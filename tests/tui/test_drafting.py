"""Composing an assignment: picking, placing and taking back units."""

from __future__ import annotations

from grail_tui.games.hunt.drafting import AssignmentDraft
from grail_tui.games.hunt.engine import UNITS, Initiate, Unit

A10, A9, B9 = Unit.parse("A10"), Unit.parse("A9"), Unit.parse("B9")


def test_the_cursor_starts_on_the_biggest_unit_and_skips_placed_ones():
    draft = AssignmentDraft(UNITS)
    assert draft.cursor == A10
    draft.accept(draft.placing(UNITS, Initiate.AC) or [], UNITS)
    assert draft.pending == [(A10, Initiate.AC)]
    assert draft.cursor == A9  # A10 is placed: the next biggest
    draft.move(UNITS, 1)
    assert draft.cursor not in {A10, A9}


def test_picked_units_go_together_and_undo_takes_back_the_last_initiate():
    draft = AssignmentDraft(UNITS)
    draft.toggle(UNITS)
    draft.move(UNITS, -1)
    draft.toggle(UNITS)
    placed = draft.placing(UNITS, Initiate.MA)
    assert placed is not None and {i for _, i in placed} == {Initiate.MA} and len(placed) == 2
    draft.accept(placed, UNITS)
    draft.accept(draft.placing(UNITS, Initiate.JF) or [], UNITS)
    draft.undo()
    assert draft.pending == placed


def test_nothing_to_place_when_every_unit_is_used():
    draft = AssignmentDraft((A10,))
    draft.accept(draft.placing((A10,), Initiate.JB) or [], (A10,))
    assert draft.cursor is None and draft.placing((A10,), Initiate.JB) is None
