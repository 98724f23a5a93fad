"""The engine's names: fields, initiates, societies, units and proposals in plain words."""

from __future__ import annotations

import pytest

from grail_tui.games.hunt.engine import (
    CENTRE,
    FIELDS,
    HOMES,
    INITIATES,
    SHEET_TOTAL,
    UNITS,
    Field,
    GrailMove,
    Initiate,
    Proposal,
    Society,
    Unit,
    describe_proposal,
)

JB, AC, MA, HA, FM, FV, AR, JF = Initiate


def test_fields_by_square_name_and_title():
    assert Field.at(0, 0) is Field.HQ_TEMPLARS and Field.at(4, 4) is Field.HQ_ROSICRUCIANS
    assert Field.at(4, 0) is Field.HQ_ASSASSINS and Field.at(0, 4) is Field.HQ_ILLUMINATI
    assert Field.at(1, 3) is Field.PRAGUE and (Field.PRAGUE.col, Field.PRAGUE.row) == (1, 3)
    for col, row in ((-1, 0), (5, 0), (0, -1), (0, 5), (5, 5)):
        with pytest.raises(ValueError) as info:
            Field.at(col, row)
        assert str(info.value) == f"({col},{row}) is off the board"
    assert [f.square for f in (Field.HQ_TEMPLARS, Field.TORTOSA, Field.BAGHRAS, Field.HQ_ROSICRUCIANS)] == [
        "a1", "b1", "a2", "e5"]
    for text in ("c3", "C3", " c3 ", "Centre", "centre", "CENTRE", "cEnTrE"):
        assert Field.parse(text) is Field.CENTRE
    assert Field.parse("Rennes-le-Chateau") is Field.RENNES_LE_CHATEAU
    assert Field.parse("rennes_le_chateau") is Field.RENNES_LE_CHATEAU
    assert Field.parse("HQ Templars") is Field.parse("a1") is Field.parse("hq_templars")
    assert Field.parse("e1") is Field.HQ_ASSASSINS and Field.parse("a5") is Field.HQ_ILLUMINATI
    for bad in ("f1", "a6", "a0", "c", "c33", "Atlantis", "", "xx", "aX", "x1", "X1", "b-"):
        with pytest.raises(ValueError) as info:
            Field.parse(bad)
        assert str(info.value) == f"no field called {bad!r}"
    assert Field.AL_AQSA_MOSCHEE.title == "Al-Aqsa Moschee" and CENTRE is Field.CENTRE
    assert [f for f in FIELDS if f.is_hq] == [Field.HQ_TEMPLARS, Field.HQ_ASSASSINS,
                                             Field.HQ_ILLUMINATI, Field.HQ_ROSICRUCIANS]
    assert Field.TORTOSA.neighbours == (Field.AKKON, Field.RENNES_LE_CHATEAU, Field.HQ_TEMPLARS)
    assert Field.HQ_ROSICRUCIANS.neighbours == (Field.TOLEDO, Field.STONEHENGE)
    assert sum(len(f.neighbours) for f in FIELDS) == 80  # 40 borders, counted from both sides


def test_initiates_and_societies():
    assert [i.code for i in INITIATES] == ["JB", "AC", "MA", "HA", "FM", "FV", "AR", "JF"]
    assert AC.title == "Alberto Castellano" and JF.title == "Johann von Fiore"
    assert [i.society for i in (JB, AC, MA, FV, AR)] == [
        Society.TEMPLARS, Society.TEMPLARS, Society.ASSASSINS, Society.ROSICRUCIANS, Society.ILLUMINATI]
    for text in ("AC", "ac", " Ac ", "Alberto Castellano", "alberto castellano"):
        assert Initiate.parse(text) is AC
    for bad in ("XY", "Alberto", ""):
        with pytest.raises(ValueError) as info:
            Initiate.parse(bad)
        assert str(info.value) == f"no initiate called {bad!r}"
    assert [s.title for s in Society] == ["Templars", "Assassins", "Rosicrucians", "Illuminati"]
    assert [s.symbol for s in Society] == ["red cross", "dagger", "golden cross", "green triangle"]
    assert [s.hq for s in Society] == [Field.HQ_TEMPLARS, Field.HQ_ASSASSINS,
                                       Field.HQ_ROSICRUCIANS, Field.HQ_ILLUMINATI]
    assert HOMES == (0, 0, 4, 4, 24, 24, 20, 20)


def test_units_of_a_sheet():
    assert SHEET_TOTAL == 100 and len(UNITS) == 19
    assert [u.index for u in UNITS] == list(range(19))
    assert Unit.parse("a10") == Unit("A", 10) and Unit.parse(" B9 ") == Unit("B", 9)
    assert str(Unit("B", 3)) == "B3" == Unit("B", 3).code
    for bad in ("A11", "B10", "C1", "A0", "10"):
        with pytest.raises(ValueError) as info:
            Unit.parse(bad)
        assert str(info.value) == (f"no unit {bad!r} on a sheet (strip A holds A1-A10, "
                                   "strip B holds B1-B9)")


@pytest.mark.parametrize("proposal, words", [
    (Proposal(AC, Field.AKKON), "Alberto Castellano steps to Akkon"),
    (Proposal(AC, Field.AKKON, GrailMove.CARRY), "Alberto Castellano steps to Akkon with the grail"),
    (Proposal(AC, Field.AKKON, GrailMove.DROP_BEFORE),
     "Alberto Castellano steps to Akkon leaving the grail behind"),
    (Proposal(AC, Field.AKKON, GrailMove.DROP_AFTER),
     "Alberto Castellano steps to Akkon and puts the grail down there"),
    (Proposal(AC, Field.AKKON, GrailMove.PICK_UP),
     "Alberto Castellano steps to Akkon and picks up the grail there"),
    (Proposal(AC, blow=MA), "Alberto Castellano blows the cover of Mansur Al-Hallaj"),
    (Proposal(AC, blow=MA, take_grail=True),
     "Alberto Castellano blows the cover of Mansur Al-Hallaj and takes the grail"),
    (Proposal(AC, Field.AKKON, GrailMove.CARRY, MA, True),
     "Alberto Castellano steps to Akkon with the grail then blows the cover of Mansur Al-Hallaj "
     "and takes the grail"),
])
def test_a_proposal_in_plain_words(proposal: Proposal, words: str) -> None:
    assert describe_proposal(proposal) == words
    assert proposal.is_step == (proposal.step is not None)
    assert proposal.is_blow == (proposal.blow is not None)


def test_every_field_touches_exactly_its_orthogonal_neighbours():
    for field in FIELDS:
        expected = {other for other in FIELDS
                    if abs(other.col - field.col) + abs(other.row - field.row) == 1}
        assert set(field.neighbours) == expected, field
        assert len(field.neighbours) == len(expected)
        # listed clockwise from above: up, right, down, left
        order = [(0, -1), (1, 0), (0, 1), (-1, 0)]
        keys = [order.index((n.col - field.col, n.row - field.row)) for n in field.neighbours]
        assert keys == sorted(keys)
