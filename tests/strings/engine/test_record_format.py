"""A record's setup, as written to a file: every field under its name, so records written today are
read by the next version, and a setup with every option set comes back the same."""

from __future__ import annotations

import pytest

from grail_tui.games.strings.engine import Setup, card_set, setup_from_dict, setup_to_dict


def test_a_records_setup_names_every_field():
    setup = Setup(seed=7, decks=("old-money", "masks", "open-eye"), names=("Ann", "Bo", "Cy"), first_player=2,
                  round_limit=9, goal=5, shield_covers_attacks=False, tourney_two_player=True)
    written = setup_to_dict(setup)
    assert {key: written[key] for key in ("players", "seed", "decks", "card_set", "cards_hash", "round_limit", "goal",
                                          "shield_covers_attacks", "tourney_two_player")} == {
        "players": 3, "seed": 7, "decks": ["old-money", "masks", "open-eye"], "card_set": "ps1",
        "cards_hash": card_set().digest(), "round_limit": 9, "goal": 5, "shield_covers_attacks": False,
        "tourney_two_player": True}
    assert setup_from_dict(written) == setup


@pytest.mark.parametrize(("change", "words"), [
    ({"shield_covers_attacks": "no"}, "'shield_covers_attacks' should be true or false"),
    ({"tourney_two_player": 1}, "'tourney_two_player' should be true or false"),
    ({"round_limit": 0}, "'round_limit' should be at least 1"),
    ({"decks": ["old-money", "nobody"]}, "no deck 'nobody' in card set 'ps1'"),
    ({"decks": ["old-money"]}, "Pulling Strings is for 2 to 6 players"),
    ({"cards_hash": "0" * 64}, "the record was played with another version of card set 'ps1': its cards' text or numbers differ from the set installed here"),
])
def test_a_damaged_setup_is_refused_with_its_reason(change, words):
    with pytest.raises(ValueError) as refused:
        setup_from_dict({**setup_to_dict(Setup()), **change})
    assert str(refused.value) == words
