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
