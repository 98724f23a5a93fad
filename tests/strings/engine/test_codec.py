"""Actions in the compact form records and the wire use (engine/codec.py): each field under its
name (a Declare's kind as ``attack``), and a damaged action refused in words that say which field
is wrong and what it should be."""

from __future__ import annotations

import pytest

from grail_tui.games.strings.engine import (
    CODEC,
    Activate,
    Answer,
    AttackKind,
    Bottom,
    Declare,
    DecodeError,
    Draw,
    MalformedActionError,
    Pass,
    PlayPlot,
    Side,
    Support,
    action_from_dict,
    action_to_dict,
)


@pytest.mark.parametrize(("action", "data"), [
    (Declare(0, 3, 7, AttackKind.DESTROY, True),
     {"kind": "declare", "player": 0, "attacker": 3, "target": 7, "attack": "destroy", "use_global": True}),
    (Support(1, 4, Side.DEFENCE), {"kind": "support", "player": 1, "card": 4, "side": "defence"}),
    (PlayPlot(2, 5), {"kind": "playplot", "player": 2, "card": 5, "target": -1, "seat": -1, "side": None}),
    (Bottom(0, (4, 2)), {"kind": "bottom", "player": 0, "cards": [4, 2]}),
    (Activate(1, 9, 0, "plot"), {"kind": "activate", "player": 1, "card": 9, "seat": 0, "deck": "plot"}),
    (Answer(1, True, (3,), ()), {"kind": "answer", "player": 1, "accept": True, "back": [3], "bottom": []}),
])
def test_an_action_is_written_field_by_field_and_read_back(action, data):
    assert action_to_dict(action) == data
    assert action_from_dict(data) == action


def test_a_field_left_out_takes_its_default_and_one_without_a_default_is_needed():
    assert action_from_dict({"kind": "playplot", "player": 2, "card": 5}) == PlayPlot(2, 5)
    assert action_from_dict({"kind": "declare", "player": 0, "attacker": 3, "target": 7, "attack": "control"}) == \
        Declare(0, 3, 7, AttackKind.CONTROL, False)
    assert action_from_dict({"kind": "playplot", "player": 2, "card": 5, "side": "attack"}) == PlayPlot(2, 5, side=Side.ATTACK)
    assert action_from_dict({"kind": "playplot", "player": 2, "card": 5, "target": 1, "seat": 0, "side": None}) == \
        PlayPlot(2, 5, 1, 0, None)  # a plot's side left open


@pytest.mark.parametrize(("data", "words"), [
    ([], "an action is a JSON object"),
    ({"kind": "teleport"}, "unknown action kind 'teleport' (choosecabal, choosestart, draw, place, declare, commit, "
     "calloff, support, agent, playplot, buy, drawgroup, placeresource, move, link, give, placeagent, reveal, bottom, "
     "shelter, activate, offer, answer, pass, endturn, swap, discard)"),
    ({"kind": "draw", "player": 0, "plot": True}, "a Draw needs 'group'"),
    ({"kind": "declare", "player": 0, "attacker": 3, "target": 7}, "a Declare needs 'attack'"),
    ({"kind": "declare", "player": 0, "attacker": 3, "target": 7, "attack": "steal"}, "'attack' cannot be 'steal'"),
    ({"kind": "support", "player": 0, "card": 3, "side": None}, "'side' cannot be None"),
    ({"kind": "playplot", "player": 0, "card": 3, "side": "middle"}, "'side' cannot be 'middle'"),
    ({"kind": "declare", "player": 0, "attacker": 3, "target": 7, "attack": None}, "'attack' cannot be None"),
    ({"kind": "support", "player": 0, "card": 3, "side": "middle"}, "'side' cannot be 'middle'"),
    ({"kind": "bottom", "player": 0, "cards": 3}, "'cards' should be a list of card numbers"),
    ({"kind": "bottom", "player": 0, "cards": [3, True]}, "'cards' should be a list of card numbers"),
    ({"kind": "buy", "player": 0, "payers": ["3"]}, "'payers' should be a list of card numbers"),
    ({"kind": "answer", "player": 0, "accept": True, "back": [1.0]}, "'back' should be a list of card numbers"),
    ({"kind": "answer", "player": 0, "accept": True, "bottom": "1"}, "'bottom' should be a list of card numbers"),
    ({"kind": "answer", "player": 0, "accept": 1}, "'accept' should be true or false"),
    ({"kind": "activate", "player": 0, "card": 1, "seat": 0, "deck": 5}, "'deck' should be text"),
    ({"kind": "pass", "player": True}, "'player' should be a whole number"),
    ({"kind": "pass", "player": 1.0}, "'player' should be a whole number"),
])
def test_a_damaged_action_is_refused_in_words(data, words):
    with pytest.raises(MalformedActionError) as refused:
        action_from_dict(data)
    assert str(refused.value) == words


def test_a_declare_travels_in_a_view_in_its_compact_form():
    declare = Declare(1, 2, 3, AttackKind.CONTROL)
    data = CODEC.jsonable(declare)
    assert data == action_to_dict(declare)
    assert CODEC.decode(Declare, data) == declare
    with pytest.raises(DecodeError) as refused:
        CODEC.decode(Declare, {"kind": "declare", "player": 1})
    assert str(refused.value) == "a Declare needs 'attacker'"
    with pytest.raises(DecodeError) as refused:
        CODEC.decode(Declare, action_to_dict(Pass(0)) | {"note": "x" * 80})
    assert str(refused.value) == "expected a declare, not " + str(action_to_dict(Pass(0)) | {"note": "x" * 80})[:40]
    assert action_from_dict(action_to_dict(Draw(0, True, False))) == Draw(0, True, False)
