"""A record's setup, as written to a file: every field under its name, so records written today are
read by the next version, and a setup with every option set comes back the same."""

from __future__ import annotations

import pytest

from grail_tui.games.strings.engine import (
    ROUND_LIMIT,
    Deck,
    Setup,
    card_set,
    decks,
    setup_from_dict,
    setup_to_dict,
)


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


def _brought() -> Deck:
    """A deck list a player brought: one of the shipped lists under an id of its own."""
    shipped = next(iter(decks().values()))
    return Deck(id="my-own", name="My Own", set="ps1", plot=shipped.plot, group=shipped.group)


def test_a_brought_deck_list_travels_with_its_record_and_comes_back_checked():
    mine = _brought()
    setup = Setup(seed=3, decks=("my-own", "old-money"), custom=(mine,))
    written = setup_to_dict(setup)
    assert written["custom_decks"] == [{"id": "my-own", "name": "My Own", "plot": list(mine.plot), "group": list(mine.group)}]
    assert "custom_decks" not in setup_to_dict(Setup())  # none brought: none written
    again = setup_from_dict(written)
    assert again == setup and again.custom[0].cards == mine.cards


def test_a_setup_left_out_takes_its_defaults():
    setup = setup_from_dict({"decks": ["old-money", "low-note"]})
    assert setup == Setup(decks=("old-money", "low-note"))
    assert (setup.seed, setup.card_set, setup.round_limit, setup.goal, setup.first_player, setup.names) == (
        0, "ps1", ROUND_LIMIT, 0, None, ())
    assert (setup.shield_covers_attacks, setup.tourney_two_player, setup.custom) == (True, False, ())
    assert setup_from_dict({"decks": ["old-money", "low-note"], "first_player": None}).first_player is None  # by the dice
    assert setup_from_dict({"decks": ["old-money", "low-note"], "round_limit": 1}).round_limit == 1  # one round: allowed
    six = setup_from_dict({"decks": ["old-money"] * 6, "first_player": 5})
    assert (six.players, six.first_player) == (6, 5)


@pytest.mark.parametrize(("raw", "words"), [
    ([], "there is no setup"),
    ({"decks": "old-money"}, "'decks' should be a list of deck names"),
    ({"decks": ["old-money", 2]}, "'decks' should be a list of deck names"),
    ({"decks": ["old-money"] * 7}, "Pulling Strings is for 2 to 6 players"),
    ({"decks": ["old-money", "low-note"], "card_set": 1}, "'card_set' should be the name of a card set"),
    ({"decks": ["old-money", "low-note"], "card_set": "x" * 60},
     f"the record was played with card set {'x' * 40!r}, which is not installed here (--cards installs a card set)"),
    ({"decks": ["old-money", "low-note"], "seed": "7"}, "'seed' should be a whole number"),
    ({"decks": ["old-money", "low-note"], "first_player": "1"}, "'first_player' should be a whole number"),
    ({"decks": ["old-money", "low-note"], "round_limit": 9.0}, "'round_limit' should be a whole number"),
    ({"decks": ["old-money", "low-note"], "goal": None}, "'goal' should be a whole number"),
    ({"decks": ["old-money", "low-note"], "custom_decks": {}}, "'custom_decks' should be a list of deck lists"),
    ({"decks": ["old-money", "low-note"], "custom_decks": ["mine"]}, "'custom_decks' should be a list of deck lists"),
    ({"decks": ["my-own", "low-note"], "custom_decks": [{"id": "my-own", "name": "Mine", "plot": [], "group": []}]},
     "custom_decks[0]: a deck holds exactly 45 cards, this one 0"),
    ({"decks": ["my-own", "low-note"], "custom_decks": [{"id": "my-own", "plot": "_plot", "group": "_group"}]},
     "custom_decks[0]: field deck.name: should be text of 1 to 60 characters"),
    ({"decks": ["yours", "low-note"], "custom_decks": [{"id": "my-own", "name": "Mine", "plot": "_plot", "group": "_group"}]},
     "no deck 'yours' in card set 'ps1'"),
])
def test_a_setup_refused_says_what_is_wrong(raw, words):
    mine = _brought()
    for deck in raw.get("custom_decks", []) if isinstance(raw, dict) and isinstance(raw.get("custom_decks"), list) else []:
        if isinstance(deck, dict) and deck.get("plot") == "_plot":  # a whole deck list, written here once
            deck.update(plot=list(mine.plot), group=list(mine.group))
    with pytest.raises(ValueError) as refused:
        setup_from_dict(raw)
    assert str(refused.value) == words
