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
    Termination,
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


def test_actions_are_read_back_exactly_or_refused_in_exact_words():
    assert action_from_dict({"kind": "pass", "player": 1}) == Pass(1)
    assert action_from_dict({"kind": "take", "player": 0}) == Take(0)
    assert action_from_dict({"kind": "play", "player": 1, "card": "G"}) == Play(1, Card.parse("G"))
    cases = [
        ([], "an action is a JSON object"),
        ({"player": 0}, "the action has no 'kind'"),
        ({"kind": "play"}, "the action has no 'player'"),
        ({"kind": "play", "player": 0}, "the action has no 'card'"),
        ({"kind": "play", "player": 0, "card": 5}, "'card' should be a str, not 5"),
        ({"kind": "play", "player": 0, "card": "4"}, "'4' is not a card: write 5, 6, 7 or 8 for a faction, "
                                                      "+1 to +9 or -1 to -9, or G for a grail"),
        ({"kind": 1, "player": 0}, "'kind' should be a str, not 1"),
        ({"kind": "PASS", "player": 0}, "unknown action kind 'PASS' (play, take or pass)"),
    ]
    for data, words in cases:
        with pytest.raises(MalformedActionError) as caught:
            action_from_dict(data)
        assert str(caught.value) == words


def test_plain_values_encode_as_json_and_unknown_ones_are_refused():
    five, grail = Card.parse("5"), Card.parse("G")
    assert jsonable({1: grail, "x": [five, (2, None)]}) == {"1": "G", "x": ["5", [2, None]]}
    assert jsonable((1.5, True, "t", Termination.GRAIL)) == [1.5, True, "t", "grail"]
    with pytest.raises(TypeError) as caught:
        jsonable(object())
    assert str(caught.value) == "cannot put object into JSON"


def test_any_dataclass_enum_or_container_encodes_by_its_shape():
    # made afresh here, so their encoders are built in this test, not cached earlier
    from dataclasses import dataclass
    from enum import Enum

    class Colour(Enum):
        RED = "red"

    @dataclass(frozen=True)
    class Mark:
        card: Card
        colour: Colour
        notes: tuple[int, ...]

    class Pairs(tuple):  # type: ignore[type-arg]
        pass

    class Table(dict):  # type: ignore[type-arg]
        pass

    assert jsonable(Mark(Card.parse("+3"), Colour.RED, (1, 2))) == {
        "kind": "Mark", "card": "+3", "colour": "red", "notes": [1, 2]}
    assert jsonable(Colour.RED) == "red"
    assert jsonable(Pairs((Card.parse("G"), 3))) == ["G", 3]
    assert jsonable(Table({2: Colour.RED})) == {"2": "red"}


def test_decoding_follows_the_types_and_says_what_does_not_fit():
    from typing import Any

    assert decode(Card, "g") is Card.parse("G") and decode(Termination, "scored") is Termination.SCORED
    assert decode(Any, {"a": 1}) == {"a": 1} and decode(tuple[int, ...], [1, 2]) == (1, 2)
    assert decode(tuple[int, str], [1, "a"]) == (1, "a")
    assert decode(int | None, None) is None and decode(int | None, 4) == 4
    assert decode(bool, False) is False and decode(str, "s") == "s" and decode(type(None), None) is None
    for tp, bad, words in (
        (int, True, "expected a whole number, got True"),
        (int, 1.0, "expected a whole number, got 1.0"),
        (bool, 1, "expected true or false, got 1"),
        (str, 3, "expected text, got 3"),
        (Card, 3, "expected text, got 3"),
        (Card, "banana", "'banana' is not a card: write 5, 6, 7 or 8 for a faction, +1 to +9 or -1 to -9, "
                         "or G for a grail"),
        (Termination, "won", "'won' is not a valid Termination"),
        (type(None), 0, "expected null, got 0"),
        (tuple[int, ...], "ab", "expected a list for tuple[int, ...], got 'ab'"),
        (tuple[int, str], [1], "expected 2 items for tuple[int, str]"),
        (PublicView, [], "expected an object for PublicView"),
        (PublicView, {"kind": "PlayerView"}, "expected PublicView, got PlayerView"),
        (PublicView, {}, "PublicView lacks 'names'"),
        (PublicView, {"kind": "PublicView"}, "PublicView lacks 'names'"),
        (int | None, "x", "no type of int | None fits 'x': [\"expected a whole number, got 'x'\"]"),
    ):
        with pytest.raises(DecodeError) as caught:
            decode(tp, bad)
        assert str(caught.value) == words, (tp, bad)
    with pytest.raises(DecodeError) as caught:
        decode(set[int], [1])
    assert str(caught.value) == "cannot decode set[int]"
    for bad, words in ((None, "expected an object with a 'kind'"), ({"kind": 3}, "expected an object with a 'kind'"),
                       ({"kind": "Nope"}, "unknown kind 'Nope'")):
        with pytest.raises(DecodeError) as caught:
            decode_any(bad)
        assert str(caught.value) == words
