"""Views, events and actions survive JSON, so a network client renders what the engine made."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grail_tui.games.succession.engine import (
    Card,
    DecodeError,
    Game,
    MalformedActionError,
    Pass,
    Play,
    PlayerView,
    PublicView,
    Setup,
    Take,
    action_from_dict,
    action_to_dict,
    decode,
    decode_any,
    jsonable,
)


def wire(value):
    return json.loads(json.dumps(jsonable(value)))


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_views_events_and_actions_round_trip_through_json(seed):
    rng = random.Random(seed)
    game = Game(Setup(seed=seed, plus=(1, 2, 3, 4, 5, 6, 7)))
    for event in game.history:
        assert decode_any(wire(event)) == event
    while True:
        for p in (0, 1):
            assert decode(PlayerView, wire(game.view(p))) == game.view(p)
        assert decode(PublicView, wire(game.public_view())) == game.public_view()
        if game.is_over:
            break
        legal = game.legal_actions(game.mover)
        action = legal[rng.randrange(len(legal))]
        assert action_from_dict(json.loads(json.dumps(action_to_dict(action)))) == action
        for event in game.apply(action):
            assert decode_any(wire(event)) == event


def test_cards_are_written_as_players_write_them():
    assert [c.code for c in map(Card.parse, ["5", "8", "+3", "-2", "g", "Grail"])] == \
        ["5", "8", "+3", "-2", "G", "G"]
    assert action_to_dict(Play(1, Card.parse("-3"))) == {"kind": "play", "player": 1, "card": "-3"}
    assert action_to_dict(Take(0)) == {"kind": "take", "player": 0}
    assert action_to_dict(Pass(0)) == {"kind": "pass", "player": 0}
    for bad in ("4", "9", "+0", "-10", "x", ""):
        with pytest.raises(ValueError, match="not a card"):
            Card.parse(bad)


def test_malformed_actions_are_refused_with_a_reason():
    cases = [
        (None, "a JSON object"),
        ({"kind": "play", "player": 0}, "no 'card'"),
        ({"kind": "play", "player": 0, "card": "4"}, "not a card"),
        ({"kind": "play", "player": "0", "card": "5"}, "'player' should be a int"),
        ({"kind": "take", "player": True}, "'player' should be a int"),
        ({"kind": "steal", "player": 0}, "unknown action kind 'steal'"),
        ({"player": 0}, "no 'kind'"),
    ]
    for data, words in cases:
        with pytest.raises(MalformedActionError, match=words):
            action_from_dict(data)


def test_garbage_is_refused_with_a_decode_error():
    for bad in (None, 3, "x", {"kind": "Nope"}, {"kind": "PlayerView"}, []):
        with pytest.raises(DecodeError):
            decode_any(bad)
    good = wire(Game(Setup(seed=1)).view(0))
    good["hand"] = ["5", "banana"]
    with pytest.raises(DecodeError):
        decode(PlayerView, good)
