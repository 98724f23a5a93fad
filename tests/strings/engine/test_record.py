"""Codec and record round trips: every action a game offers encodes and decodes to itself; a
record replays to the same position, dice and all; damaged input is refused with its reason."""

from __future__ import annotations

import json
import random

import pytest

from grail_tui.games.strings.engine import (
    CODEC,
    Declare,
    Game,
    GameRecord,
    MalformedActionError,
    PlayerView,
    PublicView,
    RecordError,
    ReplayError,
    Setup,
    action_from_dict,
    action_to_dict,
    decode,
)
from tests.strings.helpers import A, B, F

pytestmark = pytest.mark.sweep  # each plays a game or more
STEPS = 5_000


def played(seed: int, players: int = 3) -> Game:
    game = Game(Setup(seed=seed, decks=(A, B, F)[:players], round_limit=6))
    rng = random.Random(seed)
    for _step in range(STEPS):  # random play ends within its round limit, far sooner than this
        if game.is_over:
            return game
        legal = game.legal_actions(game.to_act()[0])
        for action in legal[:5]:
            assert action_from_dict(json.loads(json.dumps(action_to_dict(action)))) == action
        game.apply(legal[rng.randrange(len(legal))])
    raise AssertionError(f"six rounds of random play did not end in {STEPS} actions")


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_record_replays_exactly(seed):
    game = played(seed)
    text = GameRecord.of(game).to_json()
    again = GameRecord.from_json(text).replay()
    assert again.outcome == game.outcome
    assert [CODEC.jsonable(e) for e in again.history] == [CODEC.jsonable(e) for e in game.history]


def test_views_round_trip_through_the_codec():
    game = played(3, players=2)
    public = game.public_view()
    assert decode(PublicView, json.loads(json.dumps(CODEC.jsonable(public)))) == public
    view = game.view(1)
    assert decode(PlayerView, json.loads(json.dumps(CODEC.jsonable(view)))) == view


def test_damaged_actions_and_records_are_refused_with_their_reason():
    with pytest.raises(MalformedActionError, match="unknown action kind"):
        action_from_dict({"kind": "teleport", "player": 0})
    with pytest.raises(MalformedActionError, match="'card' should be a whole number"):
        action_from_dict({"kind": "chooseCabal".lower(), "player": 0, "card": "x"})
    data = GameRecord.of(played(4, players=2)).to_dict()
    data["setup"]["cards_hash"] = "0" * 64
    with pytest.raises(RecordError, match="another version of card set"):
        GameRecord.from_dict(data)
    data = GameRecord.of(played(5, players=2)).to_dict()
    data["actions"][3]["card"] = 10_000
    with pytest.raises(ReplayError, match="action 3"):
        GameRecord.from_dict(data).replay()


def test_a_view_offering_an_attack_round_trips_through_the_codec():
    """A Declare's own 'kind' (control or destroy) once overwrote the codec's class name, and a
    client on a server could not read its view as soon as it might attack."""
    game = Game(Setup(seed=2, decks=(A, B), round_limit=6))
    rng = random.Random(2)
    for _step in range(STEPS):
        legal = game.legal_actions(game.to_act()[0])
        if any(isinstance(a, Declare) for a in legal):
            break
        game.apply(legal[rng.randrange(len(legal))])
    assert any(isinstance(a, Declare) for a in game.legal_actions(game.to_act()[0]))
    view = game.view(game.to_act()[0])
    assert decode(PlayerView, json.loads(json.dumps(CODEC.jsonable(view)))) == view
