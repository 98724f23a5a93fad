"""Records and encodings stay byte for byte what they were: every record file written before
the games moved onto the kit loads, replays to the same end, writes itself again to the same
bytes, and every view, event and action of its game encodes to the same JSON."""

from __future__ import annotations

import json

import pytest

from grail_tui.games import registry

from .golden import GAMES, GOLDEN, RECORDS, digest, golden_cards, play, record_text

DIGESTS = json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("name", sorted(DIGESTS))
def test_every_encoding_of_a_recorded_game_is_as_it_was(name):
    assert digest(name) == DIGESTS[name]


@pytest.mark.parametrize(("name", "game", "players", "seed", "options", "names"), GAMES,
                         ids=[entry[0] for entry in GAMES])
def test_a_game_played_again_writes_the_same_record_file(name, game, players, seed, options, names):
    kind = registry.get(game)
    with golden_cards():
        assert record_text(kind, play(kind, players, seed, options, names)) == (RECORDS / name).read_text()


@pytest.mark.parametrize("name", sorted(p.name for p in RECORDS.glob("*.json")))
def test_an_old_record_file_loads_and_replays_to_its_end(name):
    with golden_cards():
        kind, record = registry.read_record_file(RECORDS / name)
        state = kind.replay(record.setup, record.actions)
    assert state.is_over and kind.result(state) is not None
    assert record.chat == ({"seat": 0, "text": "gg"},)
    if name == "hunt-legacy-unnamed.json":  # a record from before games had names is the hunt's
        assert kind.name == "hunt"
        assert kind.record(state, record.chat)["game"] == "hunt"


def test_the_strings_record_names_its_frozen_card_set_and_refuses_other_cards():
    """Pulling Strings' golden record pins its cards by set and content hash: without the set it
    says which set is missing; with the set's numbers changed it refuses, never replays silently."""
    data = json.loads((RECORDS / "strings-golden-3.json").read_text())
    assert data["setup"]["card_set"] == "golden" and len(data["setup"]["cards_hash"]) == 64
    kind = registry.get("strings")
    with pytest.raises(ValueError, match="card set 'golden', which is not installed here"):
        kind.read_record(data)
    changed = json.loads(json.dumps(data))
    changed["setup"]["cards_hash"] = "0" * 64
    with golden_cards(), pytest.raises(ValueError, match="another version of card set 'golden'"):
        kind.read_record(changed)
