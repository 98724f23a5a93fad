"""Game records and the action codec: the exact JSON, and a clear word for every damage."""

from __future__ import annotations

import json
from typing import Any

import pytest

from grail_tui.games.hunt.engine import (
    Assign,
    Concede,
    Field,
    GameRecord,
    GrailMove,
    Initiate,
    MalformedActionError,
    Match,
    Object,
    Pass,
    Proposal,
    Propose,
    RecordError,
    ReplayError,
    Setup,
    Unit,
    Variant,
    action_from_dict,
    action_to_dict,
    setup_from_dict,
    setup_to_dict,
)

from .helpers import new_game, opening, step

JB, AC, MA = Initiate.JB, Initiate.AC, Initiate.MA

ACTIONS: list[tuple[Any, dict[str, Any]]] = [
    (Assign(1, ()), {"kind": "assign", "player": 1, "placements": []}),
    (Assign(0, ((Unit.parse("A10"), AC), (Unit.parse("B2"), MA))),
     {"kind": "assign", "player": 0, "placements": [["A10", "AC"], ["B2", "MA"]]}),
    (Propose(2, Proposal(AC, Field.TORTOSA)), {"kind": "propose", "player": 2, "initiate": "AC", "step": "b1"}),
    (Propose(0, Proposal(AC, Field.AKKON, GrailMove.DROP_AFTER, MA, True)),
     {"kind": "propose", "player": 0, "initiate": "AC", "step": "c1", "grail": "drop-after", "blow": "MA",
      "take_grail": True}),
    (Propose(0, Proposal(JB, blow=AC)), {"kind": "propose", "player": 0, "initiate": "JB", "blow": "AC"}),
    (Object(3, 12), {"kind": "object", "player": 3, "amount": 12}),
    (Match(0, 4), {"kind": "match", "player": 0, "amount": 4}),
    (Pass(2), {"kind": "pass", "player": 2}),
    (Concede(0), {"kind": "concede", "player": 0}),
]


@pytest.mark.parametrize("action, data", ACTIONS)
def test_each_action_in_its_json_form_and_back(action: Any, data: dict[str, Any]) -> None:
    assert action_to_dict(action) == data
    assert action_from_dict(data) == action
    assert action_from_dict(json.loads(json.dumps(data))) == action


def test_actions_in_words_players_type():
    typed = {"kind": "propose", "player": 0, "initiate": "Alberto Castellano", "step": "Akkon",
             "grail": "carry", "blow": "ma", "take_grail": False}
    assert action_from_dict(typed) == Propose(0, Proposal(AC, Field.AKKON, GrailMove.CARRY, MA))
    assert action_from_dict({"kind": "propose", "player": 0, "initiate": "AC", "step": None,
                             "blow": None, "blow_grail": 1, "grail": "none"}) == Propose(0, Proposal(AC))


@pytest.mark.parametrize("data, message", [
    ([], "an action is a JSON object"),
    ({"player": 0}, "the action has no 'kind'"),
    ({"kind": "pass"}, "the action has no 'player'"),
    ({"kind": 3, "player": 0}, "'kind' should be a str, not 3"),
    ({"kind": "pass", "player": True}, "'player' should be a int, not True"),
    ({"kind": "pass", "player": "0"}, "'player' should be a int, not '0'"),
    ({"kind": "jump", "player": 0}, "unknown action kind 'jump'"),
    ({"kind": "object", "player": 0}, "the action has no 'amount'"),
    ({"kind": "match", "player": 0, "amount": False}, "'amount' should be a int, not False"),
    ({"kind": "assign", "player": 0, "placements": {}}, "'placements' should be a list, not {}"),
    ({"kind": "assign", "player": 0, "placements": [["A1"]]}, "each placement is a [unit, initiate] pair"),
    ({"kind": "assign", "player": 0, "placements": [("A1", "AC")]}, "each placement is a [unit, initiate] pair"),
    ({"kind": "assign", "player": 0, "placements": [["A11", "AC"]]},
     "no unit 'A11' on a sheet (strip A holds A1-A10, strip B holds B1-B9)"),
    ({"kind": "assign", "player": 0, "placements": [[1, "AC"]]}, "the unit should be text, not 1"),
    ({"kind": "assign", "player": 0, "placements": [["A1", None]]}, "the initiate should be text, not None"),
    ({"kind": "propose", "player": 0}, "the initiate should be text, not None"),
    ({"kind": "propose", "player": 0, "initiate": "ZZ"}, "no initiate called 'ZZ'"),
    ({"kind": "propose", "player": 0, "initiate": "AC", "step": 7}, "the step should be text, not 7"),
    ({"kind": "propose", "player": 0, "initiate": "AC", "step": "z9"}, "no field called 'z9'"),
    ({"kind": "propose", "player": 0, "initiate": "AC", "blow": 2}, "the blow should be text, not 2"),
    ({"kind": "propose", "player": 0, "initiate": "AC", "step": "b1", "grail": "juggle"},
     "grail handling 'juggle' is not one of none, carry, drop-before, drop-after, pick-up"),
    ({"kind": "propose", "player": 0, "initiate": "AC", "blow": "JB", "take_grail": "yes"},
     "'take_grail' should be true or false"),
])
def test_a_damaged_action_says_what_is_wrong(data: Any, message: str) -> None:
    with pytest.raises(MalformedActionError) as info:
        action_from_dict(data)
    assert str(info.value) == message


def test_a_setup_in_json_and_back():
    plain = Setup(players=3)
    assert setup_to_dict(plain) == {"players": 3, "variant": "standard", "seed": 0, "turn_limit": 500}
    full = Setup(players=4, variant=Variant.ORIGINAL, seed=9, turn_limit=7, first_player=2,
                 names=("A", "B", "C", "D"))
    assert setup_to_dict(full) == {"players": 4, "variant": "original", "seed": 9, "turn_limit": 7,
                                   "first_player": 2, "names": ["A", "B", "C", "D"]}
    assert setup_from_dict(setup_to_dict(full)) == full
    assert setup_from_dict({"players": 3}) == plain
    assert setup_from_dict({"players": 2, "first_player": 0}).first_player == 0
    assert setup_from_dict({"players": 2, "first_player": None}).first_player is None


@pytest.mark.parametrize("raw, message", [
    (None, "there is no setup"),
    ([], "there is no setup"),
    ({"players": 3, "names": "Ann"}, "'names' should be a list of names"),
    ({"players": 3, "names": ["Ann", 2, "Cy"]}, "'names' should be a list of names"),
    ({"players": "3"}, "'players' should be a whole number"),
    ({"players": 3, "seed": 1.5}, "'seed' should be a whole number"),
    ({"players": 3, "turn_limit": True}, "'turn_limit' should be a whole number"),
    ({"players": 3, "first_player": "1"}, "'first_player' should be a whole number"),
    # a null seed would make every replay deal differently
    ({"players": 3, "seed": None}, "'seed' should be a whole number"),
    ({"players": None}, "'players' should be a whole number"),
    ({"players": 3, "turn_limit": None}, "'turn_limit' should be a whole number"),
    ({"players": 3, "variant": "chess"}, "unknown variant 'chess'"),
    ({}, "A game has 2 to 8 players, not 0."),
    ({"players": 3, "variant": "original"}, "The Original is played by exactly 4 players."),
    ({"players": 3, "bogus": 1}, None),
])
def test_a_damaged_setup_says_what_is_wrong(raw: Any, message: str | None) -> None:
    if message is None:
        assert setup_from_dict(raw) == Setup(players=3)
        return
    with pytest.raises(ValueError) as info:
        setup_from_dict(raw)
    assert str(info.value) == message


def recorded_game():
    game = new_game(3, names=("Ann", "Bo", "Cy"), seed=4)
    opening(game, {0: {AC: ["A5"]}, 1: {AC: ["A3"]}})
    game.apply(Propose(0, step(AC, Field.TORTOSA)))
    game.apply(Object(1, 2))
    return game


def test_the_record_document():
    game = recorded_game()
    record = GameRecord.of(game)
    data = record.to_dict()
    assert data == {
        "format": "grail-tui-record", "game": "hunt", "version": 1, "setup": setup_to_dict(game.setup),
        "actions": [action_to_dict(a) for a in game.actions],
    }
    assert record.to_json() == json.dumps(data, indent=1)
    record.chat.append({"from": 0, "text": "hello"})
    assert record.to_dict()["chat"] == [{"from": 0, "text": "hello"}]
    again = GameRecord.from_json(record.to_json())
    assert again.chat == record.chat and again.actions == game.actions and again.setup == game.setup
    no_name = dict(data)
    del no_name["game"]
    assert GameRecord.from_dict(no_name).actions == game.actions  # older records name no game
    assert GameRecord.from_json(record.to_json().encode()).setup == game.setup


def damaged(**change: Any) -> dict[str, Any]:
    data = GameRecord.of(recorded_game()).to_dict()
    for key, value in change.items():
        if value is ...:
            del data[key]
        else:
            data[key] = value
    return data


@pytest.mark.parametrize("data, message", [
    ([], "not a game record: the 'format' field is missing or wrong"),
    (damaged(format="other"), "not a game record: the 'format' field is missing or wrong"),
    (damaged(format=...), "not a game record: the 'format' field is missing or wrong"),
    (damaged(game="succession"), "this is a record of another game ('succession')"),
    (damaged(version=2), "record version 2 is not supported (this is version 1)"),
    (damaged(version=...), "record version None is not supported (this is version 1)"),
    (damaged(setup={"players": 1}), "the setup is damaged: A game has 2 to 8 players, not 1."),
    (damaged(actions={}), "the record has no list of actions"),
    (damaged(actions=[{"kind": "pass", "player": 0}, {"kind": "fly", "player": 1}]),
     "action 1 is damaged: unknown action kind 'fly'"),
    (damaged(chat="hi"), "the chat of the record is damaged"),
])
def test_a_damaged_record_says_what_is_wrong(data: Any, message: str) -> None:
    with pytest.raises(RecordError) as info:
        GameRecord.from_dict(data)
    assert str(info.value) == message


def test_a_record_that_is_not_json():
    with pytest.raises(RecordError) as info:
        GameRecord.from_json("{not json")
    assert str(info.value).startswith("not a game record: the file is not valid JSON (Expecting")
    with pytest.raises(RecordError, match="not valid JSON"):
        GameRecord.from_json(b"\xff\xfe")


def test_replay_names_the_first_illegal_action():
    game = recorded_game()
    record = GameRecord.of(game)
    record.actions.append(Object(2, 9))
    with pytest.raises(ReplayError) as info:
        record.replay()
    error = info.value
    assert (error.index, error.action) == (len(game.actions), Object(2, 9))
    assert error.reason == "You have only 0 on Alberto Castellano; you cannot reveal 9."
    assert str(error) == f"action {len(game.actions)}: {error.reason}"
    assert record.replay(upto=len(game.actions)).public_view() == game.public_view()
    assert len(record.replay(upto=2).actions) == 2
