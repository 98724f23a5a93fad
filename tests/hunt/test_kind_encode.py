"""A server encodes one position's public view once for every seat (HuntKind.encode): each
seat's data is still exactly its own view, whatever was encoded before it."""

from __future__ import annotations

import json
import os
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from grail_tui.games.hunt.bots.random_bot import play_random_game
from grail_tui.games.hunt.engine import Setup, jsonable
from grail_tui.games.hunt.kind import KIND


@settings(max_examples=int(os.environ.get("GRAIL_EXAMPLES", 15)), deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6))
def test_every_seats_view_encodes_as_itself_with_the_public_part_shared(seed, players):
    game, _ = play_random_game(Setup(players=players, seed=seed, turn_limit=40), random.Random(seed))
    position = game
    public = position.public_view()
    encoded = [KIND.encode(position.view(seat, public)) for seat in range(players)]
    for seat, data in enumerate(encoded):
        assert data == jsonable(position.view(seat))  # the same as encoding it alone
        assert data["player"] == seat and data["sheet"] == jsonable(position.view(seat).sheet)
    assert all(data["public"] is encoded[0]["public"] for data in encoded)  # made once
    # a new position's public view is encoded anew, never the last one's
    other, _ = play_random_game(Setup(players=players, seed=seed + 1, turn_limit=40), random.Random(seed + 1))
    assert KIND.encode(other.view(0))["public"] == jsonable(other.public_view())
    json.dumps(encoded)
