"""A record of a game played on an earlier version of the starter set replays with that version's
cards: a balance change bumps the set's version and keeps the earlier card files beside it
(``cards/ps1/versions/``), so no record of a shipped version stops replaying."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grail_tui.games.strings.engine import GameRecord, RecordError, card_set, catalogue, sets
from grail_tui.games.strings.engine.catalogue import decks, kept_version

# Low Note against Masks with heuristic players on set 1.1.0 (seed 3): Low Note wins by Body Count
RECORD = Path(__file__).parent / "records" / "ps1-1.1.0-low-note-masks.json"


@pytest.fixture(autouse=True)
def read_afresh():
    """Each test reads the kept files itself, past the caches that an earlier test filled: a
    mutation run sees which tests read them, and a mutant switched on after they were filled."""
    for cached in (catalogue._shipped_set, catalogue._shipped_decks, catalogue._shipped_ids):
        cached.cache_clear()
    yield
    for cached in (catalogue._shipped_set, catalogue._shipped_decks, catalogue._shipped_ids):
        cached.cache_clear()


def test_a_record_of_set_1_1_0_replays_with_its_own_cards_and_writes_back_as_it_was():
    text = RECORD.read_text()
    written = json.loads(text)["setup"]
    assert written["card_set"] == "ps1" and written["cards_hash"] != card_set().digest()  # not today's cards
    record = GameRecord.from_json(text)
    assert record.setup.card_set == "ps1@1.1.0"
    game = record.replay()
    assert game.cards.version == "1.1.0" and game.cards.digest() == written["cards_hash"]  # 1.1.0's numbers
    assert game.outcome is not None and (game.outcome.winners, game.outcome.reason) == ((0,), "Body Count")
    assert json.loads(GameRecord.of(game).to_json()) == json.loads(text)


def test_a_kept_version_is_found_by_its_cards_only_and_never_offered_as_a_set_to_play():
    assert card_set().version != "1.1.0" and card_set("ps1@1.1.0").version == "1.1.0"
    assert kept_version("ps1", card_set("ps1@1.1.0").digest()) == "ps1@1.1.0"
    assert kept_version("ps1", "0" * 64) is None and kept_version("nowhere", card_set().digest()) is None
    assert kept_version("ps1@1.1.0", card_set("ps1@1.1.0").digest()) is None  # a kept version keeps none
    assert list(decks("ps1@1.1.0")) == list(decks())  # the same deck lists, on the older cards
    assert all("@" not in s for s in sets())


def test_a_record_whose_cards_match_no_kept_version_is_still_refused():
    data = json.loads(RECORD.read_text())
    data["setup"]["cards_hash"] = "0" * 64
    with pytest.raises(RecordError, match="another version of card set 'ps1'"):
        GameRecord.from_dict(data)
