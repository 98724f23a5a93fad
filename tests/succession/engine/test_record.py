"""The record: a versioned JSON file of the setup and every action, which replays."""

from __future__ import annotations

import json
import random

import pytest

from grail_tui.games.succession.engine import (
    Game,
    GameRecord,
    RecordError,
    ReplayError,
    Setup,
    Take,
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
