"""Views and events survive JSON, so a network client renders what the engine made."""

from __future__ import annotations

import json
import os
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from grail_tui.games.hunt.engine import (
    DecodeError,
    Game,
    PlayerView,
    PublicView,
    Setup,
    Variant,
    decode,
    decode_any,
    jsonable,
)

from .helpers import action_bound


@settings(max_examples=int(os.environ.get("GRAIL_EXAMPLES", 15)), deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 10_000), original=st.booleans())
def test_views_and_events_round_trip_through_json(players, seed, original):
    variant = Variant.ORIGINAL if original else Variant.STANDARD
    if original:
        players = 4
    rng = random.Random(seed)
    game = Game(Setup(players=players, seed=seed, variant=variant, turn_limit=25))
    for _ in range(action_bound(game)):
        for p in range(players):
            view = game.view(p)
            wire = json.loads(json.dumps(jsonable(view)))
            assert decode(PlayerView, wire) == view
        public = game.public_view()
        assert decode(PublicView, json.loads(json.dumps(jsonable(public)))) == public
        if game.is_over:
            break
        p = game.to_act()[0]
        legal = game.legal_actions(p)
        for event in game.apply(legal[rng.randrange(len(legal))]):
            assert decode_any(json.loads(json.dumps(jsonable(event)))) == event


def test_garbage_is_refused_with_a_decode_error():
    import pytest

    for bad in (None, 3, "x", {"kind": "Nope"}, {"kind": "PlayerView"}, []):
        with pytest.raises(DecodeError):
            decode_any(bad)
    with pytest.raises(DecodeError):
        decode(PublicView, {"kind": "PublicView", "players": "three"})


def test_plain_values_encode_as_json_and_unknown_ones_are_refused():
    import pytest

    from grail_tui.games.hunt.engine import Field, Initiate, Society, Unit

    assert jsonable({1: Field.CENTRE, "x": [Initiate.AC, Society.ILLUMINATI]}) == {
        "1": "c3", "x": ["AC", "illuminati"]}
    assert jsonable((Unit.parse("B3"), 2.5, None, True, "t")) == ["B3", 2.5, None, True, "t"]
    assert jsonable(Variant.ORIGINAL) == "original"
    with pytest.raises(TypeError, match="cannot put object into JSON"):
        jsonable(object())


def test_decoding_follows_the_types():
    from typing import Any

    import pytest

    from grail_tui.games.hunt.engine import Field, Initiate, Society, Unit

    assert decode(float, 2) == 2.0 and isinstance(decode(float, 2), float) and decode(float, 1.5) == 1.5
    assert decode(Any, {"a": 1}) == {"a": 1}
    assert decode(list[int], [1, 2]) == [1, 2]
    assert decode(tuple[int, ...], [1, 2]) == (1, 2)
    assert decode(tuple[int, str], [1, "a"]) == (1, "a")
    assert decode(int | None, None) is None and decode(int | None, 4) == 4
    assert decode(Field, "Tortosa") is Field.TORTOSA and decode(Field, "b1") is Field.TORTOSA
    assert decode(Initiate, "AC") is Initiate.AC and decode(Society, "assassins") is Society.ASSASSINS
    assert decode(Unit, "A3") == Unit("A", 3) and decode(Variant, "original") is Variant.ORIGINAL
    assert decode(bool, False) is False and decode(str, "s") == "s" and decode(type(None), None) is None
    for tp, bad, message in (
        (float, True, "expected a number, got True"),
        (float, "1", "expected a number, got '1'"),
        (int, True, "expected a whole number, got True"),
        (int, 1.0, "expected a whole number, got 1.0"),
        (bool, 1, "expected true or false, got 1"),
        (str, 3, "expected text, got 3"),
        (type(None), 0, "expected null, got 0"),
        (list[int], (1,), "expected a list, got (1,)"),
        (tuple[int, ...], "ab", "expected a list for tuple[int, ...], got 'ab'"),
        (tuple[int, str], [1], "expected 2 items for tuple[int, str]"),
        (tuple[int, str], "ab", "expected 2 items for tuple[int, str]"),
        (PublicView, [], "expected an object for PublicView"),
        (PublicView, {"kind": "PlayerView"}, "expected PublicView, got PlayerView"),
        (PublicView, {"kind": "Nope"}, "expected PublicView, got Nope"),
        (PublicView, {}, "PublicView lacks 'players'"),
        (int | None, "x", "no type of int | None fits 'x': [\"expected a whole number, got 'x'\"]"),
    ):
        with pytest.raises(DecodeError) as info:
            decode(tp, bad)
        assert str(info.value) == message
    with pytest.raises(DecodeError, match="cannot decode"):
        decode(set[int], [1])
    for bad, message in ((None, "expected an object with a 'kind'"), ({"kind": 3}, "expected an object with a 'kind'"),
                         ({"kind": "Nope"}, "unknown kind 'Nope'")):
        with pytest.raises(DecodeError) as info:
            decode_any(bad)
        assert str(info.value) == message


def test_any_dataclass_enum_or_container_encodes_by_its_shape():
    # made afresh here, so their encoders are built in this test, not cached earlier
    from dataclasses import dataclass
    from enum import Enum

    import pytest

    from grail_tui.games.hunt.engine import Field

    class Colour(Enum):
        RED = "red"

    @dataclass(frozen=True)
    class Mark:
        where: Field
        colour: Colour
        notes: tuple[int, ...]

    class Pairs(tuple):  # type: ignore[type-arg]
        pass

    class Table(dict):  # type: ignore[type-arg]
        pass

    assert jsonable(Mark(Field.TORTOSA, Colour.RED, (1, 2))) == {
        "kind": "Mark", "where": "b1", "colour": "red", "notes": [1, 2]}
    assert jsonable(Colour.RED) == "red"
    assert jsonable(Pairs((Field.CENTRE, 3))) == ["c3", 3]
    assert jsonable(Table({2: Colour.RED})) == {"2": "red"}
    with pytest.raises(DecodeError) as info:
        decode_any({"kind": "GrailMove"})
    assert str(info.value) == "unknown kind 'GrailMove'"
    with pytest.raises(DecodeError):
        decode_any({"kind": "Field"})


def test_views_put_themselves_into_json():
    game = Game(Setup(players=2, seed=1))
    public, mine = game.public_view(), game.view(0)
    assert public.to_dict() == jsonable(public) and public.to_dict()["kind"] == "PublicView"
    assert mine.to_dict() == jsonable(mine) and mine.to_dict()["kind"] == "PlayerView"
    assert decode(PlayerView, mine.to_dict()) == mine
