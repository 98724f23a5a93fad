"""The record: a versioned JSON file of the setup and every action, which replays."""

from __future__ import annotations

import json
import random

import pytest

from grail_tui.games.succession.engine import (
    Game,
    GameRecord,
    Pass,
    RecordError,
    ReplayError,
    Setup,
    Take,
    setup_from_dict,
    setup_to_dict,
)


def played(seed: int, upto: int | None = None) -> Game:
    rng = random.Random(seed)
    game = Game(Setup(seed=seed, names=("Ann", "Bo"), plus=(3, 3, 3, 3, 3, 3, 3)))
    while not game.is_over and (upto is None or len(game.actions) < upto):
        legal = game.legal_actions(game.mover)
        game.apply(legal[rng.randrange(len(legal))])
    return game


def test_a_record_names_its_game_and_version_and_replays_to_the_same_position():
    game = played(4)
    data = json.loads(GameRecord.of(game).to_json())
    assert (data["format"], data["game"], data["version"]) == ("grail-tui-record", "succession", 1)
    assert data["setup"]["plus"] == [3] * 7 and data["setup"]["names"] == ["Ann", "Bo"]
    again = GameRecord.from_dict(data).replay()
    assert again.history == game.history and again.public_view() == game.public_view()
    half = GameRecord.from_dict(data).replay(upto=10)
    assert half.public_view() == played(4, upto=10).public_view()


def test_damaged_records_are_refused_with_a_reason():
    good = GameRecord.of(played(2)).to_dict()
    cases = {
        "not a game record": {"hello": 1},
        "another game": {**good, "game": "hunt"},
        "version 9": {**good, "version": 9},
        "setup is damaged": {**good, "setup": {**good["setup"], "plus": [1, 2]}},
        "2 players": {**good, "setup": {**good["setup"], "players": 3}},
        "action 0 is damaged": {**good, "actions": [{"kind": "fly", "player": 0}]},
        "no list of actions": {**good, "actions": None},
    }
    for words, data in cases.items():
        with pytest.raises(RecordError, match=words):
            GameRecord.from_dict(data)
    with pytest.raises(RecordError, match="not valid JSON"):
        GameRecord.from_json("{nope")


def test_an_illegal_action_in_a_record_is_named():
    game = Game(Setup(seed=3, first_player=0))
    record = GameRecord.of(game)
    record.actions = [Take(0), Take(1), Take(0)]
    with pytest.raises(ReplayError) as caught:
        GameRecord.from_dict(json.loads(record.to_json())).replay()
    assert caught.value.index == 1 and "row is empty" in caught.value.reason


def test_a_record_is_written_field_by_field_one_to_a_line():
    game = Game(Setup(seed=3, first_player=0, names=("Ann", "Bo")))
    game.apply(Take(0))
    record = GameRecord.of(game)
    assert record.to_dict() == {
        "format": "grail-tui-record", "game": "succession", "version": 1,
        "setup": {"players": 2, "seed": 3, "plus": [1, 1, 2, 2, 2, 3, 3], "minus": [1, 1, 1, 2, 2, 2, 3, 3, 3],
                  "first_player": 0, "names": ["Ann", "Bo"]},
        "actions": [{"kind": "take", "player": 0}]}
    assert record.to_json() == json.dumps(record.to_dict(), indent=1)
    assert record.to_json().splitlines()[:3] == ["{", ' "format": "grail-tui-record",', ' "game": "succession",']
    plain = GameRecord(Setup(seed=5)).to_dict()
    assert plain["setup"] == {"players": 2, "seed": 5, "plus": [1, 1, 2, 2, 2, 3, 3],
                              "minus": [1, 1, 1, 2, 2, 2, 3, 3, 3]} and "chat" not in plain


def test_the_chat_is_kept_with_the_record():
    chat = [{"who": "Ann", "text": "good luck", "at": 1.5}]
    record = GameRecord(Setup(seed=1), [Take(0)], chat)
    data = json.loads(record.to_json())
    assert data["chat"] == chat
    again = GameRecord.from_dict(data)
    assert again.chat == chat and again.actions == [Take(0)] and again.setup == Setup(seed=1)
    assert GameRecord.from_dict({**data, "chat": []}).chat == []
    assert GameRecord.from_dict({k: v for k, v in data.items() if k != "chat"}).chat == []


def test_a_setup_is_read_with_its_defaults():
    assert setup_from_dict({}) == Setup()
    assert setup_from_dict({"seed": 4}) == Setup(seed=4)
    assert setup_from_dict({"players": 2, "first_player": 1, "names": ["A", "B"], "plus": [9] * 7,
                            "minus": [8] * 9}) == Setup(first_player=1, names=("A", "B"), plus=(9,) * 7,
                                                        minus=(8,) * 9)
    assert setup_from_dict(setup_to_dict(Setup(seed=-2, first_player=0))) == Setup(seed=-2, first_player=0)
    assert setup_from_dict({"players": 2, "first_player": None}) == Setup()  # null: the seed chooses


def test_every_kind_of_damage_is_named_in_exact_words():
    good = GameRecord.of(played(2, upto=3)).to_dict()

    def damaged_setup(**changes):
        return {**good, "setup": {**good["setup"], **changes}}

    cases = [
        ([], "not a game record: the 'format' field is missing or wrong"),
        ({**good, "format": "other"}, "not a game record: the 'format' field is missing or wrong"),
        ({**good, "game": "hunt"}, "this is a record of another game ('hunt')"),
        ({k: v for k, v in good.items() if k != "game"}, "this is a record of another game (None)"),
        ({**good, "version": 2}, "record version 2 is not supported (this is version 1)"),
        ({**good, "setup": None}, "the setup is damaged: there is no setup"),
        (damaged_setup(players=3), "the setup is damaged: Grail Succession is for 2 players, not 3"),
        (damaged_setup(names="Ann"), "the setup is damaged: 'names' should be a list of names"),
        (damaged_setup(names=["Ann", 2]), "the setup is damaged: 'names' should be a list of names"),
        (damaged_setup(seed="1"), "the setup is damaged: 'seed' should be a whole number"),
        (damaged_setup(seed=True), "the setup is damaged: 'seed' should be a whole number"),
        (damaged_setup(seed=None), "the setup is damaged: The seed must be a whole number."),
        (damaged_setup(first_player="1"), "the setup is damaged: 'first_player' should be a whole number"),
        (damaged_setup(first_player=True), "the setup is damaged: 'first_player' should be a whole number"),
        (damaged_setup(first_player=2), "the setup is damaged: The start player must be seat 1 or 2."),
        (damaged_setup(plus="1"), "the setup is damaged: 'plus' should be a list of card values"),
        (damaged_setup(minus=[1]), "the setup is damaged: Give the 9 minus card values as whole numbers "
                                   "from 1 to 9."),
        ({**good, "actions": {}}, "the record has no list of actions"),
        ({**good, "actions": [good["actions"][0], {"kind": "fly", "player": 0}]},
         "action 1 is damaged: unknown action kind 'fly' (play, take or pass)"),
        ({**good, "chat": "hi"}, "the chat of the record is damaged"),
    ]
    for data, words in cases:
        with pytest.raises(RecordError) as caught:
            GameRecord.from_dict(data)
        assert str(caught.value) == words
    with pytest.raises(RecordError) as caught:
        GameRecord.from_json(b"\xff")
    assert str(caught.value).startswith("not a game record: the file is not valid JSON (")


def test_the_first_illegal_action_is_named_with_its_number_and_reason():
    record = GameRecord(Setup(seed=3, first_player=0), [Take(0), Pass(1)])
    with pytest.raises(ReplayError) as caught:
        record.replay()
    error = caught.value
    reason = "You may pass only when you can neither play nor take: play a card from your hand."
    assert (error.index, error.action, error.reason) == (1, Pass(1), reason)
    assert str(error) == f"action 1: {reason}"
    assert record.replay(upto=1).actions == [Take(0)]
