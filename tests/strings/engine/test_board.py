"""The table and its numbers (engine/board.py), on cards made for each case: the power structures
as trees rooted at a Cabal (§2.5), links and what they hold (§10), alignments (§2.4, HR-52),
statistics with the effects in force (§7, §10.4, HR-11, HR-50) and tokens that buy as a Cabal's (HR-51)."""

from __future__ import annotations

from grail_tui.games.strings.engine.board import Board, relation
from grail_tui.games.strings.engine.cards import CardDef, Effect


def cabal(card_id: str = "C1", **printed) -> CardDef:
    return CardDef(card_id, "cabal", f"Cabal {card_id}", arrows=4, **printed)


def group(card_id: str, arrows: int = 2, **printed) -> CardDef:
    return CardDef(card_id, "group", f"Group {card_id}", arrows=arrows, **printed)


def static(*ops, **condition) -> Effect:
    return Effect("static", "", do=tuple(ops), if_=condition)


def board(*defs: CardDef, players: int = 2) -> Board:
    return Board(list(defs), players)


def test_s2_4_alignments_match_and_oppose_zealots_never_match_and_two_zealots_oppose():
    assert relation(("state", "mundane"), ("state", "mundane", "outlaw")) == (2, 0)
    assert relation(("state", "militant"), ("market", "pacifist")) == (0, 2)
    assert relation(("zealot", "state"), ("zealot", "state")) == (1, 1)
    assert relation(("zealot",), ("outlaw",)) == (0, 0)
    assert relation(("zealot", "militant"), ("zealot", "pacifist")) == (0, 2)  # the Zealots' opposition adds to the rest
    table = board(group("G1", alignments=("state",)), group("G2", alignments=("market", "state")))
    assert table.relation(0, 1) == (1, 1)


def _tree() -> tuple[Board, dict[str, int]]:
    """Player 0's Cabal with G1 (under it G3) on its first arrow and G2 on its second; player 1 has none."""
    table = board(cabal(), group("G1"), group("G2", arrows=1), group("G3", arrows=0))
    table.cabal[0] = 0
    table.arrows[0] = [-1] * 4
    table.controller[0] = 0
    table.attach(1, 0, 0, 0)
    table.attach(2, 0, 1, 0)
    table.attach(3, 1, 1, 0)
    return table, {"C": 0, "G1": 1, "G2": 2, "G3": 3}


def test_s2_5_a_structure_is_a_tree_read_from_the_cabal_down():
    table, card = _tree()
    assert table.groups_of(0) == [card["G1"], card["G3"], card["G2"]] and table.count_groups(0) == 3
    assert table.groups_of(1) == [] and list(table.open_arrows(1)) == []
    assert table.subtree(card["G1"]) == [card["G1"], card["G3"]] and table.subtree(card["G3"]) == [card["G3"]]
    assert [table.depth(card[name]) for name in ("C", "G1", "G2", "G3")] == [0, 1, 1, 2]
    assert table.puppets(card["C"]) == [card["G1"], card["G2"]] and table.puppets(card["G3"]) == []
    assert list(table.open_arrows(0)) == [(0, 2), (0, 3), (1, 0), (2, 0)]
    assert list(table.open_arrows(0, [card["G2"]])) == [(0, 2), (0, 3), (2, 0)]  # the groups the caller has
    assert table.has_open_arrow(card["G1"]) and not table.has_open_arrow(card["G3"])
    assert not table.has_open_arrow(99)  # a card in no structure has no arrow
    assert table.in_structure(card["G3"]) and not table.in_structure(99)
    assert (table.master[card["G3"]], table.controller[card["G3"]]) == (card["G1"], 0)


def test_s9_a_group_leaves_its_masters_arrow_with_its_puppets():
    table, card = _tree()
    table.detach(card["G1"])
    assert table.arrows[card["C"]] == [-1, card["G2"], -1, -1] and card["G1"] not in table.master
    assert table.subtree(card["G1"]) == [card["G1"], card["G3"]]
    assert table.groups_of(0) == [card["G2"]]


def test_s10_links_name_their_holder():
    table = board(group("G1"), CardDef("R1", "resource", "R1"), CardDef("R2", "resource", "R2"))
    table.links.update({1: 0, 2: 0})
    assert table.holder_of(1) == 0 and table.holder_of(0) == -1
    assert table.attachments(0) == [1, 2] and table.attachments(1) == []


def test_s10_4_two_attachments_in_conflict_on_one_holder_are_both_suspended():
    boost = static({"op": "stat", "target": "holder", "stat": "power", "add": 2})
    clash = Effect("static", "", do=({"op": "stat", "target": "holder", "stat": "power", "add": 3},), conflicts=("tag",))
    other = Effect("static", "", do=({"op": "stat", "target": "holder", "stat": "power", "add": 5},), conflicts=("tag",))
    defs = [group("G1", power=4), CardDef("R1", "resource", "R1", effects=(clash,)),
            CardDef("R2", "resource", "R2", effects=(other,)), CardDef("R3", "resource", "R3", effects=(boost,))]
    table = board(*defs)
    table.links.update({1: 0, 3: 0})
    assert table.power(0) == 4 + 3 + 2
    table.links[2] = 0  # a second card of the same tag: both suspended, the untagged one still counts
    assert table.power(0) == 4 + 2
    twin = board(*defs[:2], CardDef("R1", "resource", "R1", effects=(clash,)))
    twin.links.update({1: 0, 2: 0})  # two copies of one card do not conflict with each other
    assert twin.power(0) == 4 + 3 + 3


def test_s10_an_attachment_acts_on_its_holder_only_where_its_condition_holds():
    cond = static({"op": "stat", "target": "holder", "stat": "resistance", "add": 2},
                  holder={"kind": "group", "subtype_any": ["person"]})
    table = board(group("G1", resistance=3, subtype="person"), group("G2", resistance=3, subtype="place"),
                  cabal(resistance=0), CardDef("R1", "resource", "R1", effects=(cond,)),
                  CardDef("R2", "resource", "R2", effects=(cond,)), CardDef("R3", "resource", "R3", effects=(cond,)))
    table.links.update({3: 0, 4: 1, 5: 2})
    assert [table.resistance(uid) for uid in (0, 1, 2)] == [5, 3, 0]
    untargeted = board(group("G1", resistance=3), CardDef("R1", "resource", "R1", effects=(
        static({"op": "stat", "target": "affected", "stat": "resistance", "add": 2}),)))
    untargeted.links[1] = 0  # an operation aimed at another card does nothing to the holder
    assert untargeted.resistance(0) == 3


def test_s19_an_agenda_and_a_master_act_on_the_groups_their_condition_names():
    raise_power = {"op": "stat", "target": "affected", "stat": "power", "add": 1}
    agenda = CardDef("A1", "plot", "Agenda", plot_kind="agenda", colour="amber", effects=(
        static(raise_power, affected={"kind": "group", "subtype_any": ["person"], "alignment_any": ["state"]}),))
    master = group("G0", effects=(static({**raise_power, "add": 2}, affected={"master": "self"}),))
    defs = [agenda, master, group("G1", power=1, subtype="person", alignments=("state",)),
            group("G2", power=1, subtype="place", alignments=("state",)),
            group("G3", power=1, subtype="person", alignments=("market",)), cabal(power=5)]
    table = board(*defs)
    table.agendas["amber"] = 0
    assert [table.power(uid) for uid in (2, 3, 4, 5)] == [2, 1, 1, 5]
    table.arrows[1] = [-1, -1]
    table.attach(3, 1, 0, 0)  # under the master: its effect reaches its own puppets only
    table.master[4] = 5
    assert [table.power(uid) for uid in (3, 4)] == [3, 1]
    silent = board(CardDef("A1", "plot", "Agenda", plot_kind="agenda", effects=(static(raise_power),)), group("G1", power=1))
    silent.agendas["amber"] = 0  # an agenda names what it affects, or affects nothing
    assert silent.power(1) == 1


def test_s7_a_statistic_with_its_changes_set_added_and_until_the_end_of_turn_never_below_zero():
    table = board(group("G1", power=4, global_power=3, resistance=2),
                  CardDef("R1", "resource", "R1", effects=(static({"op": "stat", "target": "holder", "stat": "power",
                                                                     "set": 1}),)),
                  CardDef("R2", "resource", "R2", effects=(static({"op": "stat", "target": "holder", "stat": "resistance",
                                                                     "add": -5}),)))
    assert (table.power(0), table.global_power(0), table.resistance(0)) == (4, 3, 2)
    table.temp.append((0, "power", 2))
    table.temp.append((1, "power", 7))  # another card's change
    table.temp.append((0, "resistance", 1))
    assert (table.power(0), table.resistance(0)) == (6, 3)
    table.links.update({1: 0, 2: 0})
    assert (table.power(0), table.resistance(0)) == (1 + 2, 0)  # set, then this turn's change; never below 0
    assert table.global_power(0) == 3  # HR-50: never more than the power
    table.temp.clear()
    assert table.global_power(0) == 1


def test_s2_4_granted_alignments_and_traits_join_the_printed_ones_an_opposed_grant_is_suspended():
    grants = static({"op": "grant", "target": "holder", "alignment": "market"},
                    {"op": "grant", "target": "holder", "alignment": "mundane"},
                    {"op": "grant", "target": "holder", "alignment": "state"},
                    {"op": "grant", "target": "holder", "trait": "media"},
                    {"op": "grant", "target": "holder", "trait": "occult"})
    table = board(group("G1", alignments=("state",), traits=("occult",)), group("G2"),
                  CardDef("R1", "resource", "R1", effects=(grants,)))
    assert (table.alignments(0), table.traits(0)) == (("state",), ("occult",))
    table.links[2] = 0
    assert table.alignments(0) == ("state", "mundane")  # market opposes the printed state; state is printed already
    assert table.traits(0) == ("occult", "media")
    table.links[2] = 1
    assert (table.alignments(1), table.traits(1)) == (("market", "mundane", "state"), ("media", "occult"))


def test_hr11_a_group_brought_to_power_zero_holds_no_token_unless_printed_so():
    minus = CardDef("R1", "resource", "R1", effects=(static({"op": "stat", "target": "holder", "stat": "power", "add": -9}),))
    table = board(group("G1", power=3), group("G2", power=0), minus, CardDef("R2", "resource", "R2"), cabal(power=0))
    assert all(table.can_hold_tokens(uid) for uid in (0, 1, 3, 4))
    table.links[2] = 0
    assert not table.can_hold_tokens(0) and table.can_hold_tokens(1)


def test_hr51_the_tokens_that_buy_plots_as_a_cabals_do():
    counts = Effect("static", "", do=({"op": "token_counts_as", "as": "cabal"},))
    table = board(cabal(), CardDef("R1", "resource", "R1", action=True), CardDef("R2", "resource", "R2"),
                  group("G1", effects=(counts,)), group("G2"), CardDef("S1", "plot", "Standing", plot_kind="standing",
                                                                     effects=(counts,)),
                  CardDef("R3", "resource", "R3", effects=(counts,)), group("G3"))
    assert [table.counts_as_cabal_token(uid) for uid in range(5)] == [True, True, False, True, False]
    table.links[5] = 4  # a standing plot that says so, linked to the group
    table.links[6] = 7  # a resource with the words does not lend them to its holder
    assert table.counts_as_cabal_token(4) and not table.counts_as_cabal_token(7)


def test_s10_an_effect_for_groups_only_leaves_a_cabal_alone_and_one_for_its_own_puppets_on_an_agenda_reaches_none():
    """An attachment or agenda whose condition names groups does not change a Cabal it touches; an
    agenda's effect on "its own puppets" changes nothing (an agenda holds no puppets)."""
    holder_power = static({"op": "stat", "target": "holder", "stat": "power", "add": 2}, holder={"kind": "group"})
    on_cabal = board(cabal(power=3), group("G1", power=1), CardDef("R1", "resource", "R1", effects=(holder_power,)),
                     CardDef("R2", "resource", "R2", effects=(holder_power,)))
    on_cabal.links.update({2: 0, 3: 1})
    assert [on_cabal.power(0), on_cabal.power(1)] == [3, 3]
    raise_power = {"op": "stat", "target": "affected", "stat": "power", "add": 1}
    groups_only = CardDef("A1", "plot", "Agenda", plot_kind="agenda", colour="amber",
                          effects=(static(raise_power, affected={"kind": "group"}),))
    table = board(groups_only, cabal(power=3), group("G1", power=1))
    table.agendas["amber"] = 0
    assert [table.power(1), table.power(2)] == [3, 2]
    puppets = CardDef("A2", "plot", "Agenda", plot_kind="agenda", colour="azure",
                      effects=(static(raise_power, affected={"master": "self"}),))
    table = board(puppets, cabal(power=3), group("G1", power=1))
    table.agendas["azure"] = 0
    table.arrows[1] = [-1] * 4
    table.attach(2, 1, 0, 0)
    assert [table.power(1), table.power(2)] == [3, 1]


def test_s10_effects_from_an_attachment_an_agenda_and_a_master_add_up_and_a_cabal_numbered_0_is_a_master():
    """Every effect in force on a group counts (§10): its attachment's, an agenda's and its master's
    together; the Cabal that is card number 0 passes its effect to its puppets like any master; a
    card with no master takes none; a change that names a statistic but no number leaves it."""
    raise_power = {"op": "stat", "target": "affected", "stat": "power", "add": 1}
    master_gift = CardDef("C1", "cabal", "Cabal C1", arrows=4, power=3,
                          effects=(static({**raise_power, "add": 2}, affected={"master": "self"}),))
    agenda = CardDef("A1", "plot", "Agenda", plot_kind="agenda", colour="amber",
                     effects=(static(raise_power, affected={"kind": "group"}),))
    resource = CardDef("R1", "resource", "R1", effects=(static({"op": "stat", "target": "holder", "stat": "power", "add": 4}),))
    blank = CardDef("R2", "resource", "R2", effects=(static({"op": "stat", "target": "holder", "stat": "power"}),))
    cabals_up = group("G2", effects=(static(raise_power, affected={"kind": "cabal"}),))
    table = board(master_gift, group("G1", power=1), agenda, resource, blank, cabals_up)
    table.cabal[0] = 0
    table.arrows[0] = [-1] * 4
    table.attach(1, 0, 0, 0)
    table.attach(5, 0, 1, 0)
    assert table.power(1) == 1 + 2  # from the Cabal numbered 0
    table.agendas["amber"] = 2
    assert table.power(1) == 1 + 2 + 1
    table.links[3] = 1
    assert table.power(1) == 1 + 2 + 1 + 4
    table.links[4] = 0
    assert table.power(0) == 3  # no master above the Cabal; a change without a number; G2 is not its master


def test_s17_a_player_out_of_the_game_has_no_structure():
    table, _named = _tree()
    table.cabal[1] = 4  # a Cabal that has left play (§17): no arrows any more
    assert table.groups_of(1) == [] and table.count_groups(1) == 0
