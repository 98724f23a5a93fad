"""The loader's exact words for every fault it names in a card file or a deck list (the words a
person writing a card set reads), and its limits taken at their edges: the last value allowed
passes, the next one is refused."""

from __future__ import annotations

import copy
import tomllib
from importlib import resources

import pytest

from grail_tui.games.strings.engine import CardDataError, card_set, check_file
from grail_tui.games.strings.engine.cards import (
    CardDef,
    Effect,
    card_from_dict,
    card_set_from_files,
    deck_from_dict,
)

HEAD = {"format": "pulling-strings-cards/1",
        "set": {"id": "t", "title": "T", "version": "1", "license": "CC-BY-4.0"}}
GROUP = {"id": "G1", "kind": "group", "name": "Test Group", "subtype": "organization", "power": 3,
         "resistance": 4, "arrows_out": 1, "alignments": ["state"]}
PLOT = {"id": "P1", "kind": "plot", "name": "Test Plot", "plot_kind": "operation"}
CABAL = {"id": "C1", "kind": "cabal", "name": "Test Cabal", "power": 9, "global_power": 9,
         "special_goal": {"all": [{"count": "groups", "at_least": 8}]}, "special_goal_text": "Eight groups."}


def refusal(*cards: dict) -> str:
    with pytest.raises(CardDataError) as refused:
        card_set_from_files([("mine.toml", {**HEAD, "card": list(cards)})])
    return str(refused.value)


@pytest.mark.parametrize(("card", "change", "words"), [
    (GROUP, {'effects': [{'when': 'static', 'if': {'holder': 3}}]},
     'mine.toml: card G1: field effects[0].if.holder: should be a selector table'),
    (GROUP, {'effects': [{'when': 'static', 'if': {'holder': {'alignment_any': ['state', 'nothing']}}}]},
     "mine.toml: card G1: field effects[0].if.holder.alignment_any: 'nothing' is not one of state, market, progressive, traditional, pacifist, militant, mundane, uncanny, outlaw, zealot"),
    (GROUP, {'effects': [{'when': 'static', 'if': {'holder': {'alignment_any': 'state'}}}]},
     'mine.toml: card G1: field effects[0].if.holder.alignment_any: should be a list of at most 10 different labels'),
    (GROUP, {'effects': [{'when': 'static', 'if': {'holder': {'trait_any': ['media', 'media']}}}]},
     'mine.toml: card G1: field effects[0].if.holder.trait_any: should be a list of at most 8 different labels'),
    (GROUP, {'effects': [{'when': 'static', 'if': {'holder': {'trait_any': ['gossip']}}}]},
     "mine.toml: card G1: field effects[0].if.holder.trait_any: 'gossip' is not one of media, finance, science, occult, cyber, security, faith, transport"),
    (GROUP, {'effects': [{'when': 'static', 'if': {'holder': {'subtype_any': ['crowd']}}}]},
     "mine.toml: card G1: field effects[0].if.holder.subtype_any: 'crowd' is not one of organization, person, place"),
    (GROUP, {'effects': [{'when': 'static', 'if': {'holder': {'subtype_any': ['person', 'place', 'organization', 'person']}}}]},
     'mine.toml: card G1: field effects[0].if.holder.subtype_any: should be a list of at most 3 different labels'),
    (GROUP, {'effects': [{'when': 'static', 'if': {'holder': {'colour': 'red'}}}]},
     "mine.toml: card G1: field effects[0].if.holder.colour: 'colour' is not a selector key (kind, subtype_any, alignment_any, trait_any, controller, owner, depth, depth_min, depth_max, has_token, master, is, played_by)"),
    (GROUP, {'effects': [{'when': 'static', 'if': 'always'}]},
     'mine.toml: card G1: field effects[0].if: should be a table'),
    (GROUP, {'effects': [{'when': 'static', 'if': {'weather': 'rain'}}]},
     "mine.toml: card G1: field effects[0].if.weather: 'weather' is not a condition key (attack_kind, side, step, shared_alignment, attacker, target, supporter, holder, group, affected)"),
    (GROUP, {'effects': [{'when': 'static', 'if': {'attack_kind': 'capture'}}]},
     'mine.toml: card G1: field effects[0].if.attack_kind: should be control or destroy'),
    (GROUP, {'effects': [{'when': 'static', 'if': {'side': 'both'}}]},
     'mine.toml: card G1: field effects[0].if.side: should be attack or defence'),
    (GROUP, {'effects': [{'when': 'static', 'if': {'step': 'roll'}}]},
     'mine.toml: card G1: field effects[0].if.step: should be commit or support'),
    (GROUP, {'effects': [{'when': 'static', 'if': {'shared_alignment': 'yes'}}]},
     'mine.toml: card G1: field effects[0].if.shared_alignment: should be true or false'),
    (GROUP, {'effects': [{'when': 'static', 'if': {'target': {'kind': 'group', 'colour': 1}}}]},
     "mine.toml: card G1: field effects[0].if.target.colour: 'colour' is not a selector key (kind, subtype_any, alignment_any, trait_any, controller, owner, depth, depth_min, depth_max, has_token, master, is, played_by)"),
    (GROUP, {'effects': [{'when': 'activated', 'cost': 'a token'}]},
     'mine.toml: card G1: field effects[0].cost: should be a table'),
    (GROUP, {'effects': [{'when': 'activated', 'cost': {'gold': 1}}]},
     "mine.toml: card G1: field effects[0].cost.gold: 'gold' is not a cost (token, tokens, discard_plots)"),
    (GROUP, {'effects': [{'when': 'activated', 'cost': {'token': 'gold'}}]},
     'mine.toml: card G1: field effects[0].cost.token: should be self, cabal, any or group'),
    (GROUP, {'effects': [{'when': 'activated', 'cost': {'tokens': 6}}]},
     'mine.toml: card G1: field effects[0].cost.tokens: should be a whole number from 0 to 5, not 6'),
    (GROUP, {'effects': [{'when': 'activated', 'cost': {'discard_plots': -1}}]},
     'mine.toml: card G1: field effects[0].cost.discard_plots: should be a whole number from 0 to 5, not -1'),
    (GROUP, {'effects': ['static']},
     'mine.toml: card G1: field effects[0]: should be a table'),
    (GROUP, {'effects': 'static'},
     'mine.toml: card G1: field effects: should be a list of effect tables'),
    (GROUP, {'effects': [{'when': 'static', 'colour': 'red'}]},
     "mine.toml: card G1: field effects[0].colour: 'colour' is not a field of an effect (when, event, if, cost, limit, do, conflicts, text)"),
    (GROUP, {'effects': [{'text': 'no when'}]},
     'mine.toml: card G1: field effects[0].when: is required (one of static, attack_mod, support_mod, activated, play, after, replace, turn_start, turn_end)'),
    (GROUP, {'effects': [{'when': 'sometimes'}]},
     "mine.toml: card G1: field effects[0].when: 'sometimes' is not one of static, attack_mod, support_mod, activated, play, after, replace, turn_start, turn_end"),
    (GROUP, {'effects': [{'when': 'replace'}]},
     'mine.toml: card G1: field effects[0].event: is required (one of plot_announced, strike_announced, attack_committed, attack_failed, attack_succeeded, group_to_destroyed_pile, goal_claimed, support_made, resource_placed, agenda_played)'),
    (GROUP, {'effects': [{'when': 'after'}]},
     'mine.toml: card G1: field effects[0].event: is required (one of plot_announced, strike_announced, attack_committed, attack_failed, attack_succeeded, group_to_destroyed_pile, goal_claimed, support_made, resource_placed, agenda_played)'),
    (GROUP, {'effects': [{'when': 'replace', 'event': 'rain'}]},
     "mine.toml: card G1: field effects[0].event: 'rain' is not one of plot_announced, strike_announced, attack_committed, attack_failed, attack_succeeded, group_to_destroyed_pile, goal_claimed, support_made, resource_placed, agenda_played"),
    (GROUP, {'effects': [{'when': 'static', 'do': {'op': 'add'}}]},
     'mine.toml: card G1: field effects[0].do: should be a list of operations'),
    (GROUP, {'effects': [{'when': 'static', 'do': ['add']}]},
     "mine.toml: card G1: field effects[0].do[0]: should be a table with an 'op'"),
    (GROUP, {'effects': [{'when': 'static', 'do': [{'side': 'attack'}]}]},
     "mine.toml: card G1: field effects[0].do[0]: should be a table with an 'op'"),
    (GROUP, {'effects': [{'when': 'static', 'do': [{'op': 'teleport'}]}]},
     "mine.toml: card G1: field effects[0].do[0].op: 'teleport' is not an operation (add, support_bonus, stat, grant, draw, bottom, look, show, token_add, token_remove, cancel, start_attack, restrict_support, attack, redirect, move, return_to_hand, place_resource, mill, token_counts_as, set_limit, agent_bonus, immune, extra_draw, named)"),
    (GROUP, {'effects': [{'when': 'static', 'do': [{'op': 'add', 'sidee': 'attack'}]}]},
     "mine.toml: card G1: field effects[0].do[0].sidee: 'sidee' is not a parameter of add (side, value)"),
    (GROUP, {'effects': [{'when': 'static', 'do': [{'op': 'named', 'id': 'nobody'}]}]},
     "mine.toml: card G1: field effects[0].do[0].id: no named effect 'nobody' exists (both_sides_of_pairs)"),
    (GROUP, {'effects': [{'when': 'static', 'do': [{'op': 'named'}]}]},
     'mine.toml: card G1: field effects[0].do[0].id: no named effect None exists (both_sides_of_pairs)'),
    (GROUP, {'effects': [{'when': 'static', 'do': [{'op': 'grant', 'alignment': 'sneaky'}]}]},
     "mine.toml: card G1: field effects[0].do[0].alignment: 'sneaky' is not an alignment"),
    (GROUP, {'effects': [{'when': 'static', 'conflicts': 'alignment'}]},
     'mine.toml: card G1: field effects[0].conflicts: should be a list of tags'),
    (GROUP, {'effects': [{'when': 'static', 'conflicts': [1]}]},
     'mine.toml: card G1: field effects[0].conflicts: should be a list of tags'),
    (GROUP, {'effects': [{'when': 'static', 'limit': 'twice'}]},
     "mine.toml: card G1: field effects[0].limit: 'twice' is not one of once_per_turn, once_per_game, once_per_attack"),
    (GROUP, {'effects': [{'when': 'static', 'text': "x" * 401}]},
     'mine.toml: card G1: field effects[0].text: should be text of 1 to 400 characters'),
    (GROUP, {'effects': [{'when': 'static', 'text': 'a [b]'}]},
     'mine.toml: card G1: field effects[0].text: holds a control character or a square bracket (markup is not allowed)'),
    (PLOT, {'plot_kind': 'goal', 'condition': 'win'},
     "mine.toml: card P1: field condition: should be a table with one list, 'all' or 'any'"),
    (PLOT, {'plot_kind': 'goal', 'condition': {'all': [], 'any': []}},
     "mine.toml: card P1: field condition: should be a table with one list, 'all' or 'any'"),
    (PLOT, {'plot_kind': 'goal', 'condition': {'some': []}},
     "mine.toml: card P1: field condition: should be a table with one list, 'all' or 'any'"),
    (PLOT, {'plot_kind': 'goal', 'condition': {'all': []}},
     'mine.toml: card P1: field condition.all: should list at least one condition'),
    (PLOT, {'plot_kind': 'goal', 'condition': {'any': 'groups'}},
     'mine.toml: card P1: field condition.any: should list at least one condition'),
    (PLOT, {'plot_kind': 'goal', 'condition': {'all': ['groups']}},
     'mine.toml: card P1: field condition.all[0]: should be a table naming one of count, sum, exists, none, never, named'),
    (PLOT, {'plot_kind': 'goal', 'condition': {'any': [{'at_least': 3}]}},
     'mine.toml: card P1: field condition.any[0]: should be a table naming one of count, sum, exists, none, never, named'),
    (PLOT, {'plot_kind': 'goal', 'condition': {'all': [{'count': 'groups', 'whence': 1}]}},
     "mine.toml: card P1: field condition.all[0].whence: 'whence' is not a part of a condition"),
    (PLOT, {'plot_kind': 'goal', 'condition': {'all': [{'count': 'groups', 'where': {'colour': 1}}]}},
     "mine.toml: card P1: field condition.all[0].where.colour: 'colour' is not a selector key (kind, subtype_any, alignment_any, trait_any, controller, owner, depth, depth_min, depth_max, has_token, master, is, played_by)"),
    (PLOT, {'plot_kind': 'goal', 'condition': {'all': [{'named': 'nothing'}]}},
     "mine.toml: card P1: field condition.all[0].named: no named condition 'nothing' exists (both_sides_of_pairs)"),
    (PLOT, {'plot_kind': 'goal', 'condition': {'all': [{'count': 'groups', 'at_least': 'half'}]}},
     "mine.toml: card P1: field condition.all[0].at_least: should be a number or 'basic_goal - k'"),
    (PLOT, {'plot_kind': 'goal', 'condition': {'all': [{'count': 'groups', 'at_least': 'basic_goal - x'}]}},
     "mine.toml: card P1: field condition.all[0].at_least: should be a number or 'basic_goal - k'"),
    (PLOT, {'plot_kind': 'goal', 'condition': {'all': [{'count': 'groups', 'at_least': -1}]}},
     'mine.toml: card P1: field condition.all[0].at_least: should be a whole number'),
    (PLOT, {'plot_kind': 'goal', 'condition': {'all': [{'count': 'groups', 'at_least': True}]}},
     'mine.toml: card P1: field condition.all[0].at_least: should be a whole number'),
    (PLOT, {'plot_kind': 'goal', 'condition': {'all': [{'count': 'groups', 'at_least': 2.5}]}},
     'mine.toml: card P1: field condition.all[0].at_least: should be a whole number'),
    (GROUP, {'id': 'g1'},
     'mine.toml: card g1: field id: should be 1 to 12 capitals, digits or dashes, starting with a capital'),
    (GROUP, {'id': 'G1234567890AB'},
     'mine.toml: card G1234567890AB: field id: should be 1 to 12 capitals, digits or dashes, starting with a capital'),
    (GROUP, {'kind': 'monster'},
     "mine.toml: card G1: field kind: 'monster' is not one of cabal, group, resource, plot"),
    (GROUP, {'tags': 'secret'},
     'mine.toml: card G1: field tags: should be a list of labels'),
    (GROUP, {'tags': ['secret', 2]},
     'mine.toml: card G1: field tags: should be a list of labels'),
    (PLOT, {'strength': 3}, 'mine.toml: card P1: field strength: only a strike has this'),
    (PLOT, {'target': 'self'}, 'mine.toml: card P1: field target: only a strike has this'),
    (PLOT, {'colour': 'amber'}, 'mine.toml: card P1: field colour: only an agenda has a colour'),
    (PLOT, {'condition': {'all': [{'never': True}]}}, 'mine.toml: card P1: field condition: only a goal card has a condition'),
    (PLOT, {'link_to': 'self'}, 'mine.toml: card P1: field link_to: only a standing plot is linked'),
    (PLOT, {'plot_kind': 'strike'}, 'mine.toml: card P1: field strength: is required'),
    (PLOT, {'plot_kind': 'strike', 'strength': 2, 'target': 3}, 'mine.toml: card P1: field target: should be a selector table'),
    (PLOT, {'plot_kind': 'strike', 'strength': 2, 'target': {'colour': 1}},
     "mine.toml: card P1: field target.colour: 'colour' is not a selector key (kind, subtype_any, alignment_any, trait_any, controller, owner, depth, depth_min, depth_max, has_token, master, is, played_by)"),
    (PLOT, {'plot_kind': 'standing', 'link_to': 4}, 'mine.toml: card P1: field link_to: should be a selector table'),
    (PLOT, {'plot_kind': 'agenda'}, 'mine.toml: card P1: field colour: is required (one of crimson, azure, amber)'),
    (PLOT, {'plot_kind': 'goal'}, "mine.toml: card P1: field condition: should be a table with one list, 'all' or 'any'"),
    (GROUP, {'id': 5}, 'mine.toml: card ?: field id: should be 1 to 12 capitals, digits or dashes, starting with a capital'),
    (CABAL, {'alignments': ['state', 'mundane', 'outlaw', 'zealot']},
     'mine.toml: card C1: field alignments: should be a list of at most 3 different labels'),
    (CABAL, {'alignments': ['state', 'market']}, 'mine.toml: card C1: field alignments: carries both state and market, an opposed pair'),
    (GROUP, {'alignments': ['mundane', 'uncanny']}, 'mine.toml: card G1: field alignments: carries both mundane and uncanny, an opposed pair'),
    (CABAL, {'special_goal': 'rule'}, "mine.toml: card C1: field special_goal: should be a table with one list, 'all' or 'any'"),
    (CABAL, {'special_goal_text': 'x' * 401}, 'mine.toml: card C1: field special_goal_text: should be text of 1 to 400 characters'),
    (CABAL, {'special_goal_text': ' '}, 'mine.toml: card C1: field special_goal_text: should be text of 1 to 400 characters'),
    (GROUP, {'global_power': 13}, 'mine.toml: card G1: field global_power: should be a whole number from 0 to 12, not 13'),
    (GROUP, {'global_power': 4}, 'mine.toml: card G1: field global_power: 4 is more than the power 3'),
    (GROUP, {'traits': ['media', 'finance', 'science', 'occult', 'cyber', 'security', 'faith', 'transport', 'gossip']},
     'mine.toml: card G1: field traits: should be a list of at most 8 different labels'),
    ({"id": "R1", "kind": "resource", "name": "R", "resource_kind": "relic"}, {'unique': 'yes'},
     'mine.toml: card R1: field unique: should be true or false'),
    ({"id": "R1", "kind": "resource", "name": "R", "resource_kind": "relic"}, {'action': 1},
     'mine.toml: card R1: field action: should be true or false'),
    (PLOT, {'cost': {'gold': 1}}, "mine.toml: card P1: field cost.gold: 'gold' is not a cost (token, tokens, discard_plots)"),
    (GROUP, {'power': 13},
     'mine.toml: card G1: field power: should be a whole number from 0 to 12, not 13'),
    (GROUP, {'power': True},
     'mine.toml: card G1: field power: should be a whole number from 0 to 12, not True'),
    (GROUP, {'power': '3'},
     "mine.toml: card G1: field power: should be a whole number from 0 to 12, not '3'"),
    (GROUP, {'alignments': 'state'},
     'mine.toml: card G1: field alignments: should be a list of at most 3 different labels'),
    (GROUP, {'alignments': ['state', 'mundane', 'outlaw', 'zealot']},
     'mine.toml: card G1: field alignments: should be a list of at most 3 different labels'),
    (GROUP, {'traits': ['gossip']},
     "mine.toml: card G1: field traits: 'gossip' is not one of media, finance, science, occult, cyber, security, faith, transport"),
])
def test_a_bad_card_is_refused_in_these_words(card, change, words):
    assert refusal({**card, **change}) == words


@pytest.mark.parametrize(("field", "last_allowed", "first_refused", "card"), [
    ("power", 12, 13, GROUP), ("resistance", 15, 16, GROUP), ("arrows_out", 3, 4, GROUP),
    ("max_copies", 45, 46, GROUP), ("power", 20, 21, CABAL), ("global_power", 20, 21, CABAL),
])
def test_a_number_at_its_limit_passes_and_one_more_is_refused(field, last_allowed, first_refused, card):
    extra = {"global_power": 0} if card is GROUP else {}
    card_set_from_files([("mine.toml", {**HEAD, "card": [{**card, **extra, field: last_allowed}]})])
    assert f"field {field}: should be a whole number from" in refusal({**card, **extra, field: first_refused})
    low = {"max_copies": 1}.get(field, 0)
    card_set_from_files([("mine.toml", {**HEAD, "card": [{**card, **extra, field: low}]})])
    assert f"not {low - 1}" in refusal({**card, **extra, field: low - 1})


@pytest.mark.parametrize(("field", "limit"), [("name", 40), ("flavor", 140), ("text", 400)])
def test_a_text_at_its_length_passes_and_one_more_is_refused(field, limit):
    card = card_from_dict({**GROUP, field: "x" * limit}, "mine.toml")
    assert getattr(card, field) == "x" * limit
    assert refusal({**GROUP, field: "x" * (limit + 1)}) == \
        f"mine.toml: card G1: field {field}: should be text of 1 to {limit} characters"


def test_costs_at_their_limits():
    for key in ("tokens", "discard_plots"):
        for value in (0, 5):
            card = card_from_dict({**GROUP, "effects": [{"when": "activated", "cost": {key: value}}]}, "mine.toml")
            assert card.effects[0].cost == {key: value}


@pytest.mark.parametrize(("key", "word"), [
    ("attack_kind", "control"), ("attack_kind", "destroy"), ("side", "attack"), ("side", "defence"),
    ("step", "commit"), ("step", "support"), ("shared_alignment", True), ("shared_alignment", False)])
def test_every_word_a_condition_allows_is_kept_as_written(key, word):
    """The card format's words for when an effect applies (docs/strings.md, "Cards as data"):
    each is accepted and kept as the word the rules compare, never read as a card's name."""
    card = card_from_dict({**GROUP, "effects": [{"when": "static", "if": {key: word, "holder": "self"}}]}, "mine.toml")
    assert card.effects[0].if_ == {key: word, "holder": {"is": "self"}}


def test_a_goal_may_ask_for_at_least_none():
    """``at_least`` is a whole number from 0 (a count that always holds is allowed, -1 is not)."""
    goal = card_from_dict({**PLOT, "plot_kind": "goal", "condition": {"all": [{"count": "groups", "at_least": 0}]}},
                          "mine.toml")
    assert goal.condition == {"all": [{"count": "groups", "at_least": 0}]}


def test_an_unknown_named_effect_or_condition_lists_every_one_the_engine_has(monkeypatch):
    monkeypatch.setattr("grail_tui.games.strings.engine.cards.NAMED", ("both_sides_of_pairs", "second_sight"))
    assert refusal({**GROUP, "effects": [{"when": "static", "do": [{"op": "named", "id": "x"}]}]}) == \
        "mine.toml: card G1: field effects[0].do[0].id: no named effect 'x' exists (both_sides_of_pairs, second_sight)"
    assert refusal({**PLOT, "plot_kind": "goal", "condition": {"all": [{"named": "x"}]}}) == \
        "mine.toml: card P1: field condition.all[0].named: no named condition 'x' exists (both_sides_of_pairs, second_sight)"


def test_an_effect_keeps_its_event_and_leaves_what_it_does_not_name_empty():
    card = card_from_dict({**GROUP, "effects": [
        {"when": "after", "event": "attack_failed", "limit": "once_per_game", "do": [{"op": "named", "id": "both_sides_of_pairs"}]},
        {"when": "static"}]}, "mine.toml")
    after, static = card.effects
    assert (after.when, after.event, after.limit) == ("after", "attack_failed", "once_per_game")
    assert after.ops("named") == ({"op": "named", "id": "both_sides_of_pairs"},)
    assert (static.event, static.limit, static.if_, static.cost, static.conflicts, static.do) == ("", "", {}, {}, (), ())


def test_a_number_a_card_must_have_is_required():
    group = {key: value for key, value in GROUP.items() if key != "power"}
    assert refusal(group) == "mine.toml: card G1: field power: is required"


def test_a_set_keeps_its_head_and_refuses_a_head_too_long():
    head = {"id": "t", "title": "T" * 80, "version": "1.2", "license": "CC-BY-4.0"}
    cards = card_set_from_files([("mine.toml", {**HEAD, "set": head, "card": [GROUP]})])
    assert (cards.id, cards.title, cards.version, cards.license) == ("t", "T" * 80, "1.2", "CC-BY-4.0")
    with pytest.raises(CardDataError) as refused:
        card_set_from_files([("mine.toml", {**HEAD, "set": {**head, "license": "L" * 81}, "card": [GROUP]})])
    assert str(refused.value) == "mine.toml: field set.license: should be text of 1 to 80 characters"
    with pytest.raises(CardDataError) as refused:
        card_set_from_files([])
    assert str(refused.value) == "the set: no file has a [set] table"


@pytest.mark.parametrize("payer", ["self", "cabal", "any", "group"])
def test_every_token_a_cost_may_name_is_accepted(payer):
    card = card_from_dict({**GROUP, "effects": [{"when": "activated", "cost": {"token": payer}}]}, "mine.toml")
    assert card.effects[0].cost == {"token": payer}


def test_what_a_good_card_becomes():
    card = card_from_dict({**GROUP, "global_power": 2, "traits": ["media"], "flavor": "Quiet.", "max_copies": 2,
                           "effects": [{"when": "activated", "text": "Look.", "limit": "once_per_turn",
                                        "cost": {"token": "self"}, "conflicts": ["alignment"],
                                        "if": {"holder": "self"},
                                        "do": [{"op": "look", "zone": "plot_hand"}, {"op": "draw", "n": 1}]}]},
                         "mine.toml")
    assert (card.power, card.global_power, card.resistance, card.arrows, card.subtype) == (3, 2, 4, 1, "organization")
    assert (card.alignments, card.traits, card.flavor, card.max_copies) == (("state",), ("media",), "Quiet.", 2)
    assert card.text == "Look."  # no text of its own: its effects' texts
    effect = card.effects[0]
    assert (effect.when, effect.limit, effect.cost, effect.conflicts) == ("activated", "once_per_turn", {"token": "self"},
                                                                          ("alignment",))
    assert effect.if_ == {"holder": {"is": "self"}}  # a bare name is a selector naming one card (kept as one)
    assert effect.ops("look") == ({"op": "look", "zone": "plot_hand"},) and effect.ops("attack") == ()
    assert card.has_op("draw") and card.has_op("look") and not card.has_op("add")
    resource = card_from_dict({"id": "R1", "kind": "resource", "name": "R", "resource_kind": "relic",
                               "unique": True, "action": True}, "mine.toml")
    assert (resource.resource_kind, resource.unique, resource.action, resource.back) == ("relic", True, True, "group")
    plain = card_from_dict({"id": "R2", "kind": "resource", "name": "R2", "resource_kind": "asset"}, "mine.toml")
    assert plain.unique is False and plain.action is False  # neither unless it says so
    assert card_from_dict({**PLOT, "plot_kind": "strike", "strength": 0}, "mine.toml").strength == 0
    strike = card_from_dict({**PLOT, "plot_kind": "strike", "strength": 4, "target": {"kind": "group"},
                             "cost": {"token": "cabal"}}, "mine.toml")
    assert (strike.strength, strike.target, strike.cost, strike.back) == (4, {"kind": "group"}, {"token": "cabal"}, "plot")
    assert card_from_dict({**PLOT, "plot_kind": "strike", "strength": 1}, "mine.toml").target == {}  # no target: any
    standing = card_from_dict({**PLOT, "plot_kind": "standing"}, "mine.toml")
    assert standing.link_to == {"kind": "group", "controller": "you"}
    assert standing.plot_kind == "standing" and standing.cost == {}
    linked = card_from_dict({**PLOT, "plot_kind": "standing", "link_to": {"kind": "group", "controller": "any"}}, "mine.toml")
    assert linked.link_to == {"kind": "group", "controller": "any"}
    agenda = card_from_dict({**PLOT, "plot_kind": "agenda", "colour": "amber"}, "mine.toml")
    assert agenda.colour == "amber"
    goal = card_from_dict({**PLOT, "plot_kind": "goal", "condition": {"any": [
        {"count": "groups", "at_least": 2}, {"exists": "group", "where": "self"}]}}, "mine.toml")
    assert goal.condition == {"any": [{"count": "groups", "at_least": 2}, {"exists": "group", "where": {"is": "self"}}]}
    cabal = card_from_dict({**CABAL, "alignments": ["state", "uncanny"]}, "mine.toml")
    assert (cabal.arrows, cabal.goal_text, cabal.condition) == (4, "Eight groups.", CABAL["special_goal"])
    assert (cabal.alignments, cabal.power, cabal.global_power) == (("state", "uncanny"), 9, 9)
    texts = card_from_dict({**GROUP, "effects": [{"when": "static", "text": "One."}, {"when": "static"},
                                                 {"when": "static", "text": "Two."}]}, "mine.toml")
    assert texts.text == "One. Two."  # the effects' texts, in order, one space between


def test_an_effects_operations_by_name():
    add, draw, more = {"op": "add", "side": "attack", "value": 2}, {"op": "draw", "n": 1}, {"op": "add", "side": "defence", "value": 1}
    effect = Effect("play", "", do=(add, draw, more))
    assert effect.ops("add") == (add, more) and effect.ops("draw") == (draw,) and effect.ops("look") == ()
    card = CardDef("P9", "plot", "Nine", effects=(effect, Effect("static", "", do=({"op": "immune", "to": "strike"},))))
    assert [name for name in ("add", "draw", "immune", "look") if card.has_op(name)] == ["add", "draw", "immune"]
    assert not CardDef("P8", "plot", "Eight").has_op("add")


def test_a_set_is_refused_for_what_is_wrong_with_it_as_a_whole():
    assert refusal(GROUP, {**GROUP, "name": "Other"}) == "mine.toml: card G1: field id: is used by another card of the set"
    assert refusal(GROUP, {**GROUP, "id": "G2"}) == "mine.toml: card G2: field name: is also the name of card G1"
    with pytest.raises(CardDataError, match="^mine.toml: no file has a \\[set\\] table$"):
        card_set_from_files([("mine.toml", {"format": "pulling-strings-cards/1", "card": [GROUP]})])
    with pytest.raises(CardDataError, match="^b.toml: field set: a set is described in one file only$"):
        card_set_from_files([("a.toml", HEAD), ("b.toml", HEAD)])
    for data, words in (({**HEAD, "format": "cards/2"}, "field format: should be 'pulling-strings-cards/1'"),
                        ({**HEAD, "deck": {}}, "field deck: 'deck' is not a part of a card file (format, set, card)"),
                        ({**HEAD, "set": "t"}, "field set: should be a table"),
                        ({**HEAD, "set": {"id": "t"}}, "field set.title: is required"),
                        ({**HEAD, "card": {}}, "field card: should be [[card]] tables"),
                        ({**HEAD, "card": ["G1"]}, "a [[card]] should be a table")):
        with pytest.raises(CardDataError) as refused:
            card_set_from_files([("mine.toml", data)])
        assert str(refused.value) == f"mine.toml: {words}"
    assert card_set_from_files([("mine.toml", {**HEAD, "card": [GROUP]})]).title == "T"


DECK = tomllib.loads(resources.files("grail_tui.games.strings").joinpath("decks/ps1/open-eye.toml")
                     .read_text(encoding="utf-8"))


def _deck(case: str) -> dict:
    deck = copy.deepcopy(DECK)
    cards = card_set().cards
    plots, groups = deck["plot_deck"]["cards"], deck["group_deck"]["cards"]
    if case == "format":
        deck["format"] = "pulling-strings-deck/2"
    elif case == "deck":
        deck["deck"] = "open-eye"
    elif case in ("no id", "no name"):
        del deck["deck"][case[3:]]
    elif case in ("long id", "long name"):
        deck["deck"][case[5:]] = "x" * (41 if case == "long id" else 61)
    elif case == "set":
        deck["deck"]["set"] = "ps2"
    elif case == "plot not list":
        deck["plot_deck"]["cards"] = "CB4"
    elif case == "plot pile missing":
        del deck["plot_deck"]
    elif case == "group pile not a table":
        deck["group_deck"] = groups
    elif case == "group not strings":
        groups[0] = 1
    elif case == "unknown":
        groups[0] = "Z9"
    elif case == "wrong pile":
        plots[2] = "D1"
    elif case == "wrong pile plot":
        groups[0] = "P01"
    elif case == "44":
        groups.pop()
    elif case == "no cabal":
        deck["plot_deck"]["cards"] = ["P01" if cards[c].kind == "cabal" else c for c in plots]
    elif case == "names":
        deck["group_deck"]["cards"] = ["D1"] * 20 + ["D2"] * 4 + ["R04"]
    return deck


@pytest.mark.parametrize(("case", "words"), [
    ('format', "my-deck.toml: field format: should be 'pulling-strings-deck/1'"),
    ('deck', 'my-deck.toml: field deck: should be a table with id, name and set'),
    ('no id', 'my-deck.toml: field deck.id: is required'),
    ('long id', 'my-deck.toml: field deck.id: should be text of 1 to 40 characters'),
    ('set', "my-deck.toml: field deck.set: names set 'ps2', not 'ps1'"),
    ('plot not list', 'my-deck.toml: field plot_deck.cards: should be a list of card ids'),
    ('plot pile missing', 'my-deck.toml: field plot_deck.cards: should be a list of card ids'),
    ('group pile not a table', 'my-deck.toml: field group_deck.cards: should be a list of card ids'),
    ('group not strings', 'my-deck.toml: field group_deck.cards: should be a list of card ids'),
    ('unknown', "my-deck.toml: field group_deck.cards: no card 'Z9' in set ps1"),
    ('wrong pile', 'my-deck.toml: field plot_deck.cards: D1 (Signals Annex) belongs in the group deck'),
    ('wrong pile plot', 'my-deck.toml: field group_deck.cards: P01 (Bribed Official) belongs in the plot deck'),
    ('44', 'my-deck.toml: a deck holds exactly 45 cards, this one 44'),
    ('no cabal', 'my-deck.toml: field plot_deck.cards: the plot deck needs at least one Cabal'),
    ('names', 'my-deck.toml: field group_deck.cards: needs at least 6 different groups, this one has 2'),
    ('no name', 'my-deck.toml: field deck.name: is required'),
    ('long name', 'my-deck.toml: field deck.name: should be text of 1 to 60 characters'),
])
def test_a_bad_deck_list_is_refused_in_these_words(case, words):
    with pytest.raises(CardDataError) as refused:
        deck_from_dict(_deck(case), "my-deck.toml", card_set())
    assert str(refused.value) == words


def test_a_good_deck_list_and_the_copy_limit():
    deck = deck_from_dict({**DECK, "deck": {**DECK["deck"], "public": False}}, "my-deck.toml", card_set())
    assert (deck.id, deck.name, deck.set, deck.public) == ("open-eye", "The Open Eye", "ps1", False)
    assert (deck.plot, deck.group) == (tuple(DECK["plot_deck"]["cards"]), tuple(DECK["group_deck"]["cards"]))
    assert deck.cards == deck.plot + deck.group and len(deck.cards) == 45
    groups = [{**GROUP, "id": f"G{n}", "name": f"Group {n}"} for n in range(1, 7)]
    limited = card_set_from_files([("mine.toml", {**HEAD, "card": [{**CABAL, "max_copies": 2}, *groups]})])
    data = {"format": "pulling-strings-deck/1", "deck": {"id": "d", "name": "D", "set": "t"},
            "plot_deck": {"cards": ["C1", "C1"]}, "group_deck": {"cards": [f"G{n % 6 + 1}" for n in range(43)]}}
    assert deck_from_dict(data, "d.toml", limited).public is True
    data["plot_deck"]["cards"].append("C1")
    data["group_deck"]["cards"].pop()
    with pytest.raises(CardDataError) as refused:
        deck_from_dict(data, "d.toml", limited)
    assert str(refused.value) == "d.toml: card C1: field max_copies: the deck holds 3 copies, at most 2 are allowed"


def test_cards_check_reads_card_files_deck_lists_and_refuses_what_it_cannot_read(tmp_path):
    lone = tmp_path / "extra.toml"  # no [set]: checked as a part of the shipped set
    lone.write_text('format = "pulling-strings-cards/1"\n[[card]]\nid = "ZZ1"\nkind = "group"\nname = "New Group"\n'
                    'subtype = "place"\npower = 2\nresistance = 3\narrows_out = 1\n')
    assert check_file(lone) == f"{lone}: {len(card_set().cards) + 1} cards, all valid."
    clash = tmp_path / "clash.toml"
    clash.write_text(lone.read_text().replace('"ZZ1"', '"A1"'))
    with pytest.raises(CardDataError, match="card A1: field id: is used by another card of the set"):
        check_file(clash)
    deck = tmp_path / "deck.toml"
    deck.write_text(resources.files("grail_tui.games.strings").joinpath("decks/ps1/open-eye.toml").read_text())
    assert check_file(deck) == f"{deck}: deck 'open-eye' (The Open Eye) is legal: 20 plot cards, 25 group cards."
    broken = tmp_path / "broken.toml"
    broken.write_text("format = ")
    with pytest.raises(CardDataError, match=f"^{broken}: not valid TOML"):
        check_file(broken)
    with pytest.raises(CardDataError, match="cannot read it"):
        check_file(tmp_path / "missing.toml")
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe")
    with pytest.raises(CardDataError, match="cannot read it"):
        check_file(binary)
