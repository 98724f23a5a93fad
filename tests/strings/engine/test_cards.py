"""The cards as data: the shipped set and decks load; a bad card file or deck list is refused
naming the file, the card and the field; `grail-tui cards check` says so."""

from __future__ import annotations

import pytest

from grail_tui.cli import run
from grail_tui.games.strings.engine import CardDataError, card_set, decks
from grail_tui.games.strings.engine.cards import card_set_from_files

HEAD = {"format": "pulling-strings-cards/1",
        "set": {"id": "t", "title": "T", "version": "1", "license": "CC-BY-4.0"}}
GROUP = {"id": "G1", "kind": "group", "name": "Test Group", "subtype": "organization", "power": 3,
         "resistance": 4, "arrows_out": 1, "alignments": ["state"]}


def test_the_starter_set_has_140_cards_and_six_legal_decks():
    cards = card_set()
    kinds = [c.kind for c in cards.cards.values()]
    assert (kinds.count("cabal"), kinds.count("group"), kinds.count("resource"), kinds.count("plot")) == (6, 72, 12, 50)
    assert cards.license == "CC-BY-4.0"
    assert len(decks()) == 6 and all(len(d.cards) == 45 for d in decks().values())


@pytest.mark.parametrize(("change", "message"), [
    ({"global_power": 4}, "card G1: field global_power: 4 is more than the power 3"),
    ({"alignments": ["state", "market"]}, "card G1: field alignments: carries both state and market"),
    ({"name": "Bad [bold]name"}, "card G1: field name: holds a control character or a square bracket"),
    ({"colour": "crimson"}, "card G1: field colour: 'colour' is not a field of a group card"),
    ({"effects": [{"when": "static", "do": [{"op": "teleport"}]}]},
     "card G1: field effects[0].do[0].op: 'teleport' is not an operation"),
    ({"effects": [{"when": "static", "do": [{"op": "add", "sidee": "attack"}]}]},
     "card G1: field effects[0].do[0].sidee: 'sidee' is not a parameter of add"),
])
def test_a_bad_card_is_refused_naming_file_card_and_field(change, message):
    with pytest.raises(CardDataError) as refused:
        card_set_from_files([("mine.toml", {**HEAD, "card": [{**GROUP, **change}]})])
    assert str(refused.value).startswith("mine.toml: ") and message in str(refused.value)


def test_cards_check_command(tmp_path, capsys):
    good = tmp_path / "good.toml"
    good.write_text('format = "pulling-strings-cards/1"\n[set]\nid = "t"\ntitle = "T"\nversion = "1"\n'
                    'license = "CC-BY-4.0"\n[[card]]\nid = "G1"\nkind = "group"\nname = "Test Group"\n'
                    'subtype = "place"\npower = 2\nresistance = 3\narrows_out = 1\n')
    assert run(["cards", "check", str(good)]) == 0
    assert "1 cards, all valid" in capsys.readouterr().out
    bad = tmp_path / "bad.toml"
    bad.write_text(good.read_text().replace("power = 2", "power = 99"))
    from grail_tui.cli.common import CommandError

    with pytest.raises(CommandError, match=r"bad.toml: card G1: field power: should be a whole number from 0 to 12"):
        run(["cards", "check", str(bad)])
