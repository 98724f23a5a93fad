"""The card vocabulary's selectors, conditions and goal atoms as the rules read them (the card
format in docs/strings.md): each key on a card that fits and one that does not, read by a player."""

from __future__ import annotations

import pytest

from grail_tui.games.strings.engine.cards import Effect
from grail_tui.games.strings.engine.game import Attack
from grail_tui.games.strings.engine.rules import claims_of, condition_met, context_ok, selector_ok
from grail_tui.games.strings.engine.vocabulary import AttackKind, Side
from tests.strings.helpers import A, B, at_main, clear_hands, hand, reprint, seat, uid


def table():
    """Seat 0: Cabal, K04 (depth 1, a token), under it K06 (depth 2, none); seat 1: K09 (depth 1);
    a K10 of seat 1 still in its deck; a resource of seat 0 linked to its Cabal. Only K04 is a
    person, market or media (printed here for the case)."""
    game = at_main(A, B)
    top = seat(game, 0, "K04", tokens=1, subtype="person", alignments=("market",), traits=("media",))
    low = seat(game, 0, "K06", under=top, tokens=0, subtype="place", alignments=("pacifist",))
    theirs = seat(game, 1, "K09", owner=1, tokens=1)
    deck = uid(game, "K10", 1)
    resource = uid(game, "R08", 0)
    game.group_deck[0].remove(resource)
    game.board.resources[0].append(resource)
    game.board.controller[resource] = 0
    game.board.links[resource] = game.board.cabal[0]
    for card in (theirs, deck):
        reprint(game, card, subtype="place", alignments=(), traits=())
    reprint(game, game.board.cabal[0], alignments=())
    return game, {"top": top, "low": low, "theirs": theirs, "deck": deck, "resource": resource,
                  "cabal": game.board.cabal[0]}


SELECTORS = [
    # (selector, cards that fit it, read by seat 0)
    ({"kind": "group"}, {"top", "low", "theirs", "deck"}),
    ({"kind": "resource"}, {"resource"}),
    ({"subtype_any": ["person", "organization"]}, {"top"}),
    ({"alignment_any": ["market", "secret"]}, {"top"}),
    ({"trait_any": ["media"]}, {"top"}),
    ({"controller": "you"}, {"top", "low", "resource", "cabal"}),
    ({"controller": "opponent"}, {"theirs"}),
    ({"controller": "none"}, {"deck"}),
    ({"owner": "you"}, {"top", "low", "resource", "cabal"}),
    ({"owner": "opponent"}, {"theirs", "deck"}),
    ({"depth": 1}, {"top", "theirs"}),
    ({"depth": 2}, {"low"}),
    ({"depth_min": 1}, {"top", "low", "theirs"}),
    ({"depth_min": 2}, {"low"}),
    ({"depth_max": 1}, {"top", "theirs", "cabal"}),
    ({"depth_max": 0}, {"cabal"}),
    ({"has_token": True}, {"top", "theirs", "cabal"}),
    ({"has_token": False}, {"low", "deck", "resource"}),
    ({"kind": "group", "controller": "you", "has_token": False}, {"low"}),
]


@pytest.mark.parametrize(("selector", "fits"), SELECTORS, ids=[str(s) for s, _f in SELECTORS])
def test_card_format_each_selector_key_picks_the_cards_it_names(selector, fits):
    game, cards = table()
    game.board.tokens[cards["cabal"]] = 1
    found = {name for name, card in cards.items() if selector_ok(game, selector, card, 0)}
    assert found == fits


def test_card_format_master_is_and_played_by_name_cards_by_where_they_stand():
    game, cards = table()
    top, low = cards["top"], cards["low"]
    assert selector_ok(game, {"master": "self"}, low, 0, source=top)
    assert not selector_ok(game, {"master": "self"}, top, 0, source=top)
    assert selector_ok(game, {"is": "self"}, top, 0, source=top)
    assert not selector_ok(game, {"is": "self"}, low, 0, source=top)
    assert selector_ok(game, {"is": "holder"}, low, 0, holder=low)
    assert not selector_ok(game, {"is": "holder"}, low, 0)
    assert selector_ok(game, {"is": "event.target"}, low, 0, event={"event.target": low})
    assert not selector_ok(game, {"is": "event.target"}, low, 0, event={"event.attacker": low})
    agenda = uid(game, "P47", 0)
    game.board.agenda_by[agenda] = 0
    assert selector_ok(game, {"played_by": "you"}, agenda, 0)
    assert not selector_ok(game, {"played_by": "you"}, agenda, 1)
    assert not selector_ok(game, {"played_by": "you"}, uid(game, "P49", 0), 0)


def attack_on(game, attacker, target, kind=AttackKind.CONTROL, player=0):
    return Attack(player, attacker, target, kind, False, False)


def effect(**condition):
    return Effect("attack_mod", "", ({"op": "add", "side": "attack", "value": 1},), if_=condition)


def test_card_format_conditions_read_the_attack_they_are_asked_about():
    game, cards = table()
    attack = attack_on(game, cards["top"], cards["theirs"])
    yes = lambda **c: context_ok(game, effect(**c), attack, Side.ATTACK, 0)  # noqa: E731
    assert yes(attack_kind="control") and not yes(attack_kind="destroy")
    assert yes(side="attack") and not yes(side="defence")
    assert yes(step="support") and not yes(step="commit")
    assert context_ok(game, effect(step="commit"), attack, Side.ATTACK, 0, step="commit")
    assert yes(attacker={"controller": "you"}) and not yes(attacker={"controller": "opponent"})
    assert yes(target={"controller": "opponent"}) and not yes(target={"controller": "you"})
    assert not yes(group={"kind": "group"}) and not yes(affected={"kind": "group"})
    assert yes(attacker={"is": "event.attacker"}) and yes(target={"is": "event.target"})
    assert not yes(attacker={"is": "event.target"})
    # without an attack, what names the attack is not met
    assert not context_ok(game, effect(attack_kind="control"), None, Side.ATTACK, 0)
    assert not context_ok(game, effect(side="attack"), attack, None, 0)
    assert not context_ok(game, effect(target={"kind": "group"}), None, Side.ATTACK, 0)
    assert not context_ok(game, effect(attacker={"kind": "group"}), None, Side.ATTACK, 0)
    assert not context_ok(game, effect(shared_alignment=True), None, Side.ATTACK, 0)
    # the supporter and the holder are the cards the effect is read for
    assert context_ok(game, effect(supporter={"depth": 2}), attack, Side.ATTACK, 0, supporter=cards["low"])
    assert not context_ok(game, effect(supporter={"depth": 2}), attack, Side.ATTACK, 0, supporter=cards["top"])
    assert not context_ok(game, effect(supporter={"depth": 2}), attack, Side.ATTACK, 0)
    assert context_ok(game, effect(holder={"kind": "cabal"}), attack, Side.ATTACK, 0, holder=cards["cabal"])
    assert not context_ok(game, effect(holder={"kind": "cabal"}), attack, Side.ATTACK, 0, holder=cards["top"])
    assert not context_ok(game, effect(holder={"kind": "cabal"}), attack, Side.ATTACK, 0)


def test_card_format_shared_alignment_asks_whether_attacker_and_target_share_one():
    game, cards = table()
    reprint(game, cards["theirs"], alignments=("market",))
    shared = attack_on(game, cards["top"], cards["theirs"])
    apart = attack_on(game, cards["low"], cards["theirs"])
    assert context_ok(game, effect(shared_alignment=True), shared, Side.ATTACK, 0)
    assert not context_ok(game, effect(shared_alignment=False), shared, Side.ATTACK, 0)
    assert context_ok(game, effect(shared_alignment=False), apart, Side.ATTACK, 0)
    assert not context_ok(game, effect(shared_alignment=True), apart, Side.ATTACK, 0)


def test_s16_goal_atoms_count_what_they_name_against_their_number():
    game, cards = table()
    groups = game.board.count_groups(0)
    met = lambda *atoms, how="all": condition_met(game, 0, {how: list(atoms)})  # noqa: E731
    assert met({"count": "groups", "at_least": groups}) and not met({"count": "groups", "at_least": groups + 1})
    assert met({"count": "groups", "where": {"has_token": True}, "at_least": groups - 1})
    assert not met({"count": "groups", "where": {"has_token": True}, "at_least": groups})
    assert met({"count": "resources", "at_least": 1}) and not met({"count": "resources", "at_least": 2})
    goal = game.basic_goal()
    assert groups < goal
    assert met({"count": "groups", "at_least": f"basic_goal - {goal - groups}"})
    assert not met({"count": "groups", "at_least": f"basic_goal - {goal - groups - 1}"})
    assert not met({"count": "groups", "at_least": "basic_goal"})
    assert not met({"count": "nothing we know", "at_least": 0})
    game.destroyed[0].extend([cards["deck"]])
    power = game.defs[cards["deck"]].power
    assert met({"count": "destroyed_pile", "at_least": 1}) and not met({"count": "destroyed_pile", "at_least": 2})
    assert met({"sum": "printed_power", "at_least": power}) and not met({"sum": "printed_power", "at_least": power + 1})
    assert met({"count": "cabal_agents", "at_least": 0}) and not met({"count": "cabal_agents", "at_least": 1})
    game.board.agents[0].append(uid(game, "CB2", 0))
    assert met({"count": "cabal_agents", "at_least": 1})
    agenda = uid(game, "P47", 0)
    game.board.agendas["x"] = agenda
    game.board.agenda_by[agenda] = 1
    assert not met({"count": "agendas", "at_least": 1})
    game.board.agenda_by[agenda] = 0
    assert met({"count": "agendas", "at_least": 1})
    assert met({"exists": True, "where": {"depth": 2}}) and not met({"exists": True, "where": {"depth": 3}})
    assert met({"none": True, "where": {"depth": 3}}) and not met({"none": True, "where": {"depth": 2}})
    assert met({"never": "destroy"})
    game.destroy_tried[0] = True
    assert not met({"never": "destroy"})
    assert not met({"something": "else"})
    # all needs every atom, any needs one
    assert met({"count": "resources", "at_least": 1}, {"count": "resources", "at_least": 2}, how="any")
    assert not met({"count": "resources", "at_least": 1}, {"count": "resources", "at_least": 2})
    assert not condition_met(game, 0, {})


def test_s16_both_sides_of_pairs_counts_opposed_pairs_held():
    game, cards = table()
    both = {"named": "both_sides_of_pairs", "params": {"pairs": 1}}
    reprint(game, cards["low"], alignments=("pacifist",))
    reprint(game, cards["top"], alignments=("militant",))
    assert condition_met(game, 0, {"all": [both]})
    assert not condition_met(game, 0, {"all": [{**both, "params": {"pairs": 2}}]})
    assert not condition_met(game, 0, {"all": [{"named": "both_sides_of_pairs"}]})  # two pairs by default
    reprint(game, cards["top"], alignments=("market",))
    assert not condition_met(game, 0, {"all": [both]})


def test_s16_an_atom_without_a_number_asks_for_none_and_the_default_pairs_are_two():
    game, cards = table()
    assert condition_met(game, 0, {"all": [{"count": "cabal_agents"}]})  # at least none
    reprint(game, cards["top"], alignments=("militant", "market"))
    reprint(game, cards["low"], alignments=("pacifist", "state"))
    assert condition_met(game, 0, {"all": [{"named": "both_sides_of_pairs"}]})
    agenda = uid(game, "P47", 0)
    game.board.agendas["x"] = agenda
    game.board.agenda_by[agenda] = 0
    assert not condition_met(game, 0, {"all": [{"count": "agendas", "at_least": 2}]})


def test_s16_the_basic_goal_as_a_number_on_a_card():
    game = at_main(A, B)
    groups = game.board.count_groups(0)
    game = at_main(A, B, goal=groups + 1)
    assert not condition_met(game, 0, {"all": [{"count": "groups", "at_least": "basic_goal"}]})
    assert condition_met(game, 0, {"all": [{"count": "groups", "at_least": "basic_goal - 1"}]})


def test_s16_what_a_player_may_claim_the_basic_goal_the_special_goal_a_goal_card():
    game = at_main(A, B)
    groups = game.board.count_groups(0)
    game = at_main(A, B, goal=groups)
    clear_hands(game)
    always = {"all": [{"count": "resources", "at_least": 0}]}
    never = {"all": [{"count": "resources", "at_least": 99}]}
    cabal = game.board.cabal[0]
    reprint(game, cabal, condition=never)
    assert claims_of(game, 0) == [("the basic goal", -1)]
    reprint(game, cabal, condition=always)
    assert claims_of(game, 0) == [("the basic goal", -1), ("the special goal", -1)]
    met, unmet, plain = (hand(game, 0, card_id, owner=0) for card_id in ("P40", "P44", "P01"))
    reprint(game, met, condition=always)
    reprint(game, unmet, condition=never)
    reprint(game, plain, condition=always)
    assert claims_of(game, 0) == [("the basic goal", -1), ("the special goal", -1), (game.name(met), met)]
    game = at_main(A, B, goal=groups + 1)
    assert claims_of(game, 0) == []


def test_card_format_a_conditions_selectors_read_the_effects_card_holder_player_and_attack():
    game, cards = table()
    top, theirs, cabal = cards["top"], cards["theirs"], cards["cabal"]
    attack = attack_on(game, top, theirs)

    def holds(condition, you=0, source=-1, holder=-1, supporter=-1, attack=attack):
        return context_ok(game, effect(**condition), attack, Side.ATTACK, you, source=source, holder=holder,
                          supporter=supporter)

    # the holder, read by the effect's player, by its own card, and by the attack's cards
    assert holds({"holder": {"controller": "you"}}, holder=top)
    assert not holds({"holder": {"controller": "you"}}, you=1, holder=top)
    assert holds({"holder": {"is": "self"}}, source=top, holder=top)
    assert not holds({"holder": {"is": "self"}}, source=cabal, holder=top)
    assert holds({"holder": {"is": "holder"}}, holder=top)
    assert holds({"holder": {"is": "event.target"}}, holder=theirs)
    assert not holds({"holder": {"is": "event.target"}}, holder=top)
    # the attacker, the target and the supporter the same way
    assert holds({"attacker": {"is": "self"}}, source=top) and not holds({"attacker": {"is": "self"}}, source=cabal)
    assert holds({"target": {"is": "holder"}}, holder=theirs) and not holds({"target": {"is": "holder"}}, holder=top)
    assert holds({"supporter": {"is": "event.attacker"}}, supporter=top)
    assert not holds({"supporter": {"is": "event.attacker"}}, supporter=theirs)
    assert holds({"target": {"controller": "you"}}, you=1) and not holds({"target": {"controller": "you"}})
    # the first card of the game (uid 0, seat 0's Cabal here) is a card like any other
    assert cabal == 0
    assert holds({"supporter": {"kind": "cabal"}}, supporter=cabal)
    # without an attack there is no attacker or target to read, whatever card comes first
    assert not holds({"target": {"kind": "cabal"}}, attack=None)
    assert not holds({"attacker": {"kind": "cabal"}}, attack=None)


def test_card_format_controller_and_is_read_only_cards_in_play_and_names_they_know():
    game, cards = table()
    theirs, top = cards["theirs"], cards["top"]
    assert selector_ok(game, {"controller": "opponent"}, top, 1)  # seat 0 is seat 1's opponent
    assert not selector_ok(game, {"controller": "opponent"}, theirs, 1)
    agent = uid(game, "CB2", 0)  # a Cabal agent is held, not in a structure or linked
    game.plot_deck[0].remove(agent)
    game.board.agents[0].append(agent)
    game.board.controller[agent] = 0
    assert selector_ok(game, {"controller": "none"}, agent, 0)
    assert not selector_ok(game, {"controller": "you"}, agent, 0)
    assert not any(selector_ok(game, {"is": "somebody"}, card, 0, source=card, holder=card) for card in range(4))
