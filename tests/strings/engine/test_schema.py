"""The JSON Schema shipped beside the cards (cards/cards.schema.json, for editors and other tools)
agrees with the loader that `grail-tui cards check` and every game use: every shipped card file
passes both, and a bad card fails both, naming the same field."""

from __future__ import annotations

import json
import re
import tomllib
from importlib import resources
from typing import Any

import jsonschema
import pytest

from grail_tui.games.strings.engine import CardDataError
from grail_tui.games.strings.engine import cards as vocabulary
from grail_tui.games.strings.engine.cards import card_set_from_files

CARDS = resources.files("grail_tui.games.strings").joinpath("cards")
SCHEMA = json.loads(CARDS.joinpath("cards.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)

HEAD = {"format": "pulling-strings-cards/1",
        "set": {"id": "t", "title": "T", "version": "1", "license": "CC-BY-4.0"}}
GROUP = {"id": "G1", "kind": "group", "name": "Test Group", "subtype": "organization", "power": 3,
         "resistance": 4, "arrows_out": 1, "alignments": ["state"]}
PLOT = {"id": "P1", "kind": "plot", "name": "Test Plot", "plot_kind": "operation"}
CABAL = {"id": "C1", "kind": "cabal", "name": "Test Cabal", "power": 9, "global_power": 9,
         "special_goal": {"all": [{"count": "groups", "at_least": 8}]}, "special_goal_text": "Eight groups."}
RESOURCE = {"id": "R1", "kind": "resource", "name": "Test Resource", "resource_kind": "device"}


def schema_fields(document: Any) -> list[str]:
    """Each schema error's field, in the loader's words (``effects[0].do[1].op``), after the card."""
    found = []
    errors = list(VALIDATOR.iter_errors(document))
    while errors:
        error = errors.pop()
        if error.context:  # a selector is a name or a table: what went wrong in the table
            errors += [e for e in error.context if e.validator != "type"]
            continue
        path = list(error.absolute_path)
        if error.validator in ("required", "additionalProperties"):  # the field missing or not allowed
            path += re.findall(r"'([^']+)'", error.message)[:1]
        if path[:1] == ["card"]:
            path = path[2:]
        text = ""
        for part in path:
            text += f"[{part}]" if isinstance(part, int) else f".{part}" if text else str(part)
        found.append(text)
        if isinstance(path[-1:][0] if path else None, int) and "." in text or "[" in text.rsplit(".", 1)[-1]:
            found.append(text.rsplit("[", 1)[0])  # a bad label of a list: the loader names the list
    return found


def loader_field(document: dict[str, Any]) -> str:
    with pytest.raises(CardDataError) as refused:
        card_set_from_files([("mine.toml", document)])
    named = re.search(r": field ([^:]+):", str(refused.value))
    assert named, str(refused.value)
    return named.group(1)


def test_the_schema_is_a_valid_json_schema_naming_the_loaders_vocabularies():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    defs = SCHEMA["$defs"]
    assert SCHEMA["properties"]["format"]["const"] == vocabulary.CARD_FORMAT
    assert defs["alignment"]["enum"] == list(vocabulary.ALIGNMENTS)
    assert defs["trait"]["enum"] == list(vocabulary.TRAITS)
    assert defs["operation"]["properties"]["op"]["enum"] == list(vocabulary.OPS)
    assert defs["effect"]["properties"]["when"]["enum"] == list(vocabulary.WHENS)
    assert defs["effect"]["properties"]["event"]["enum"] == list(vocabulary.EVENTS)
    assert set(defs["context"]["properties"]) == set(vocabulary.CONTEXT_KEYS)
    assert set(defs["selector"]["oneOf"][1]["properties"]) == set(vocabulary.SELECTOR_KEYS)
    for kind, fields in vocabulary.BY_KIND.items():
        assert set(defs[kind]["properties"]) == set(vocabulary.COMMON) | set(fields), kind
    for rule in defs["operation"]["allOf"]:  # each operation's parameters, as the loader knows them
        name = rule["if"]["properties"]["op"]["const"]
        assert set(rule["then"]["properties"]) == {"op", *vocabulary.OPS[name]}, name


@pytest.mark.parametrize("name", sorted(item.name for item in CARDS.joinpath("ps1").iterdir()
                                        if item.name.endswith(".toml")))
def test_every_shipped_card_file_passes_the_schema(name):
    document = tomllib.loads(CARDS.joinpath("ps1").joinpath(name).read_text(encoding="utf-8"))
    assert schema_fields(document) == []
    assert len(document.get("card", [])) > 0 or "set" in document


@pytest.mark.parametrize(("card", "change"), [
    (GROUP, {"power": 13}),
    (GROUP, {"power": True}),
    (GROUP, {"subtype": "crowd"}),
    (GROUP, {"arrows_out": -1}),
    (GROUP, {"alignments": ["state", "state"]}),
    (GROUP, {"traits": ["gossip"]}),
    (GROUP, {"colour": "crimson"}),
    (GROUP, {"name": "Bad [bold]name"}),
    (GROUP, {"name": "   "}),
    (GROUP, {"name": "Trailing newline\n"}),
    (GROUP, {"flavor": "x" * 141}),
    (GROUP, {"max_copies": 0}),
    (GROUP, {"tags": "secret"}),
    (GROUP, {"id": "g1"}),
    (GROUP, {"id": "G1\n"}),
    (GROUP, {"effects": [{"when": "sometimes"}]}),
    (GROUP, {"effects": [{"when": "after", "do": []}]}),
    (GROUP, {"effects": [{"when": "static", "do": [{"op": "teleport"}]}]}),
    (GROUP, {"effects": [{"when": "static", "do": [{"op": "add", "sidee": "attack"}]}]}),
    (GROUP, {"effects": [{"when": "static", "do": [{"op": "named", "id": "nobody"}]}]}),
    (GROUP, {"effects": [{"when": "static", "do": [{"op": "grant", "alignment": "sneaky"}]}]}),
    (GROUP, {"effects": [{"when": "static", "if": {"side": "both"}}]}),
    (GROUP, {"effects": [{"when": "static", "if": {"holder": {"colour": "red"}}}]}),
    (GROUP, {"effects": [{"when": "activated", "cost": {"token": "gold"}}]}),
    (GROUP, {"effects": [{"when": "activated", "cost": {"tokens": 6}}]}),
    (GROUP, {"effects": [{"when": "static", "limit": "twice"}]}),
    (GROUP, {"effects": [{"when": "static", "colour": "red"}]}),
    (GROUP, {"effects": [{"when": "static", "conflicts": "alignment"}]}),
    (GROUP, {}),  # the missing field below
    (RESOURCE, {"unique": "yes"}),
    (RESOURCE, {"resource_kind": "weapon"}),
    (PLOT, {"plot_kind": "prank"}),
    (PLOT, {"strength": 3}),
    (PLOT, {"colour": "crimson"}),
    (PLOT, {"link_to": {"kind": "group"}}),
    (PLOT, {"plot_kind": "strike"}),
    (PLOT, {"plot_kind": "agenda"}),
    (PLOT, {"plot_kind": "agenda", "colour": "teal"}),
    (PLOT, {"plot_kind": "goal"}),
    (PLOT, {"plot_kind": "goal", "condition": {"all": []}}),
    (PLOT, {"plot_kind": "goal", "condition": {"any": [{"count": "groups", "at_least": -1}]}}),
    (PLOT, {"plot_kind": "goal", "condition": {"any": [{"count": "groups", "at_least": "half"}]}}),
    (PLOT, {"plot_kind": "goal", "condition": {"all": [{"named": "nothing"}]}}),
    (PLOT, {"plot_kind": "goal", "condition": {"all": [{"count": "groups", "at_least": "basic_goal\n"}]}}),
    (PLOT, {"plot_kind": "goal", "condition": {"all": [{"count": "groups", "whence": 1}]}}),
    (PLOT, {"plot_kind": "strike", "strength": 21}),
    (CABAL, {"power": 21}),
    (CABAL, {"special_goal_text": ""}),
    (CABAL, {"alignments": ["state", "market", "mundane", "outlaw"]}),
], ids=lambda value: "-".join(map(str, value)) if isinstance(value, dict) else str(value.get("kind")))
def test_a_bad_card_fails_the_schema_and_the_loader_at_the_same_field(card, change):
    raw = {**card, **change}
    if not change:
        del raw["resistance"]
    document = {**HEAD, "card": [raw]}
    field = loader_field(document)
    assert field in schema_fields(document)


def test_cross_field_rules_are_the_loaders_alone():
    """What JSON Schema does not say (the schema's description names them): global power at most
    power, no opposed pair of alignments on one card."""
    for change in ({"global_power": 4}, {"alignments": ["state", "market"]}):
        document = {**HEAD, "card": [{**GROUP, **change}]}
        assert schema_fields(document) == []
        assert loader_field(document) == next(iter(change))
    assert "global power at most power" in SCHEMA["description"]
