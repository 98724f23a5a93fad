"""STRINGS.md §22, attacks: legality and arithmetic (cases 18-35)."""

from __future__ import annotations

import pytest

from grail_tui.games.strings.engine import (
    AttackKind,
    AttackTargetError,
    CallOff,
    Commit,
    Declare,
    NoOpenArrowError,
    NoTokenError,
    ShieldError,
    UniquenessError,
    attack_total,
    defence_total,
    succeeds,
)
from grail_tui.games.strings.engine.game import Attack
from grail_tui.games.strings.engine.vocabulary import CABAL_AGENT_BONUS, DEPTH_BONUS, Side
from tests.strings.helpers import A, B, E, F, Loaded, at_main, hand, lift, pass_windows, reprint, seat, uid

CONTROL, DESTROY = AttackKind.CONTROL, AttackKind.DESTROY


def totals(game, attacker, target, kind, player=0):
    attack = Attack(player, attacker, target, kind, False, False)
    return attack_total(game, attack)[0], defence_total(game, attack)[0]


def test_s22_18_control_needs_an_open_arrow_on_the_attacker():
    game = at_main(A, B)
    full = seat(game, 0, "K05")  # no out-arrows at all
    target = game.board.groups_of(1)[0]
    with pytest.raises(NoOpenArrowError, match="no open arrow"):
        game.apply(Declare(0, full, target, CONTROL))
    game.apply(Declare(0, game.board.cabal[0], target, CONTROL))
    assert game.prompt() == "commit"


def test_s22_19_no_token_no_attack_unless_a_plot_starts_it():
    game = at_main(A, B)
    attacker = seat(game, 0, "K04", tokens=0)
    target = game.board.groups_of(1)[0]
    game.apply(Declare(0, attacker, target, DESTROY))
    with pytest.raises(NoTokenError, match="holds no token"):
        game.apply(Commit(0))
    deal = hand(game, 0, "P09", owner=0)
    game.apply(Commit(0, deal))
    assert game.attack is not None and game.attack.committed and game.board.tokens.get(attacker, 0) == 0
    assert deal not in game.plot_hand[0]


def test_s22_20_my_own_group_may_be_destroyed_not_controlled():
    game = at_main(A, B)
    mine = seat(game, 0, "K04", under=game.board.groups_of(0)[0], power=0)  # depth 2: defence 0 + 5
    cabal = game.board.cabal[0]
    with pytest.raises(AttackTargetError, match="only attack it to destroy"):
        game.apply(Declare(0, cabal, mine, CONTROL))
    game.rolls = Loaded(1, 1)
    game.apply(Declare(0, cabal, mine, DESTROY))
    game.apply(Commit(0))
    pass_windows(game)
    assert game.prompt() == "shelter"
    from grail_tui.games.strings.engine import Shelter

    game.apply(Shelter(0))
    assert mine in game.destroyed[0]


def test_s22_21_from_hand_only_to_control_and_never_a_name_in_play():
    game = at_main(A, B)
    cabal = game.board.cabal[0]
    in_hand = hand(game, 0, "K06", owner=0)
    with pytest.raises(AttackTargetError, match="only be attacked to control"):
        game.apply(Declare(0, cabal, in_hand, DESTROY))
    seat(game, 1, "K06", owner=1)
    with pytest.raises(UniquenessError, match="on the table already"):
        game.apply(Declare(0, cabal, in_hand, CONTROL))


def test_s22_22_calling_off_spends_nothing_and_returns_the_group_unless_attacked_before():
    game = at_main(A, B)
    cabal = game.board.cabal[0]
    group = game.board.groups_of(0)[0]
    in_hand = hand(game, 0, "K06", owner=0, )
    reprint(game, in_hand, resistance=15)
    game.apply(Declare(0, cabal, in_hand, CONTROL))
    assert in_hand in game.board.open_area
    game.apply(CallOff(0))
    assert game.board.tokens.get(cabal) == 1 and in_hand in game.group_hand[0]
    # attacked and failed once, then declared again and called off: it stays in the open area
    game.rolls = Loaded(6, 6)
    game.apply(Declare(0, group, in_hand, CONTROL))
    game.apply(Commit(0))
    pass_windows(game)
    assert in_hand in game.board.open_area
    game.board.tokens[group] = 1
    game.called_off.clear()
    game.apply(Declare(0, cabal, in_hand, CONTROL))
    game.apply(CallOff(0))
    assert in_hand in game.board.open_area and in_hand not in game.group_hand[0]


def test_s22_23_cabals_are_never_targets_and_the_first_turn_shield_holds():
    game = at_main(A, B, shields=True)
    cabal = game.board.cabal[0]
    with pytest.raises(AttackTargetError, match="Cabal can never be attacked"):
        game.apply(Declare(0, cabal, game.board.cabal[1], DESTROY))
    target = game.board.groups_of(1)[0]
    with pytest.raises(ShieldError, match="not finished their first turn"):
        game.apply(Declare(0, cabal, target, DESTROY))
    game.attacked.add((1, 0))  # player 2 attacked player 1 already
    game.apply(Declare(0, cabal, target, DESTROY))
    assert game.prompt() == "commit"


def test_s22_24_control_arithmetic_match_and_no_position_bonus_at_depth_3():
    game = at_main(A, B)
    attacker = seat(game, 0, "K04", power=6, alignments=("state", "outlaw"))
    first = seat(game, 1, "K07", alignments=("pacifist",))
    second = seat(game, 1, "K08", under=first, alignments=("pacifist",))
    target = seat(game, 1, "K13", under=second, resistance=4, alignments=("state", "militant"))
    attack, defence = totals(game, attacker, target, CONTROL)
    assert (attack, defence, attack - defence) == (10, 4, 6)


def test_s22_25_opposition_is_minus_4_to_control_and_plus_4_to_destroy():
    game = at_main(A, B)
    attacker = seat(game, 0, "K04", power=5, alignments=("pacifist",))
    target = seat(game, 1, "K13", alignments=("militant",))
    assert totals(game, attacker, target, CONTROL)[0] == 1
    assert totals(game, attacker, target, DESTROY)[0] == 9


def test_s22_26_matches_and_oppositions_sum():
    game = at_main(A, B)
    attacker = seat(game, 0, "K04", power=5, alignments=("state", "progressive", "pacifist"))
    target = seat(game, 1, "K13", alignments=("state", "traditional", "pacifist"))
    assert totals(game, attacker, target, CONTROL)[0] == 5 + 4


def test_s22_27_zealots_oppose_each_other_and_never_match():
    game = at_main(A, B)
    attacker = seat(game, 0, "K04", power=5, alignments=("zealot", "uncanny"))
    master = seat(game, 1, "K07", alignments=("zealot",))
    target = seat(game, 1, "K13", under=master, resistance=4, alignments=("zealot", "uncanny"))
    assert totals(game, attacker, target, CONTROL)[0] == 5 + 4 - 4  # Uncanny matches, Zealot opposes
    assert totals(game, attacker, target, DESTROY)[0] == 5 - 4 + 4
    assert totals(game, attacker, target, CONTROL)[1] == 4 + 5  # depth 2, no N3 through Zealot


def test_s22_28_outlaw_matches_outlaw():
    game = at_main(A, B)
    attacker = seat(game, 0, "K04", power=5, alignments=("outlaw",))
    target = seat(game, 1, "K13", alignments=("outlaw",))
    assert totals(game, attacker, target, CONTROL)[0] == 9


def test_s22_29_destroy_defends_with_power():
    game = at_main(A, B)
    first = seat(game, 1, "K07", alignments=())
    second = seat(game, 1, "K08", under=first, alignments=())
    target = seat(game, 1, "K13", under=second, power=5, resistance=2, alignments=())
    assert totals(game, game.board.cabal[0], target, DESTROY)[1] == 5


def test_s22_30_position_bonus_by_depth():
    game = at_main(A, B)
    first = seat(game, 1, "K07", resistance=3, alignments=())
    second = seat(game, 1, "K08", under=first, resistance=3, alignments=())
    third = seat(game, 1, "K13", under=second, resistance=3, alignments=())
    cabal = game.board.cabal[0]
    assert [totals(game, cabal, g, CONTROL)[1] for g in (first, second, third)] == [13, 8, 3]


def test_s22_31_master_alignment_bonus_once_never_zealot_never_destroy():
    game = at_main(A, B)
    first = seat(game, 1, "K07", alignments=("state", "mundane"))
    second = seat(game, 1, "K08", under=first, alignments=("zealot",))
    target = seat(game, 1, "K13", under=second, resistance=3, alignments=("state", "mundane"))
    zealot = seat(game, 1, "K12", under=game.board.cabal[1], alignments=("zealot",))
    inner = seat(game, 1, "K10", under=zealot, resistance=3, alignments=("zealot",))
    shares = seat(game, 1, "K14", under=first, resistance=3, alignments=("state", "mundane"))
    cabal = game.board.cabal[0]
    assert totals(game, cabal, shares, CONTROL)[1] == 3 + 5 + 4  # +4 once, not +8
    assert totals(game, cabal, inner, CONTROL)[1] == 3 + 5  # sharing only Zealot
    assert totals(game, cabal, shares, DESTROY)[1] == game.board.power(shares) + 5
    del target


def test_s22_32_same_cabal_plus_5_only_between_its_users():
    game = at_main(A, A, B)
    target = seat(game, 1, "K13", alignments=())
    game.board.cabal[1] = game.board.cabal[1]
    assert game.name(game.board.cabal[0]) == game.name(game.board.cabal[1])
    mine = seat(game, 0, "K04", power=4, alignments=())
    theirs = seat(game, 2, "K06", power=4, alignments=())
    assert totals(game, mine, target, CONTROL)[0] == 4 + 5
    assert totals(game, theirs, target, CONTROL, player=2)[0] == 4


def test_s22_33_cabal_agents_plus_3_both_ways():
    game = at_main(A, B)
    agent = hand(game, 0, "CB2", owner=0)
    game.plot_hand[0].remove(agent)
    game.board.agents[0].append(agent)
    game.board.controller[agent] = 0
    mine = seat(game, 0, "K04", power=4, alignments=())
    theirs = seat(game, 1, "K06", power=4, resistance=4, alignments=())
    assert totals(game, mine, theirs, CONTROL)[0] == 4 + 3
    first = seat(game, 0, "K07", alignments=())
    second = seat(game, 0, "K08", under=first, alignments=())
    deep = seat(game, 0, "K13", under=second, resistance=4, alignments=())
    assert totals(game, theirs, deep, CONTROL, player=1)[1] == 4 + 3  # depth 3: no position bonus


def test_s22_33_cabal_agents_count_against_the_first_seats_cabal_too():
    game = at_main(A, B)
    agent = hand(game, 1, "CB1", owner=1)  # names seat 0's Cabal
    game.plot_hand[1].remove(agent)
    game.board.agents[1].append(agent)
    game.board.controller[agent] = 1
    mine = seat(game, 0, "K04", power=4, resistance=4, alignments=())
    theirs = seat(game, 1, "K06", power=4, resistance=4, alignments=())
    assert totals(game, theirs, mine, CONTROL, player=1)[0] == 4 + CABAL_AGENT_BONUS  # M6: seat 1 attacks seat 0
    assert ("M6", CABAL_AGENT_BONUS) in attack_total(game, Attack(1, theirs, mine, CONTROL, False, False))[1]
    assert totals(game, mine, theirs, CONTROL)[1] == 4 + DEPTH_BONUS[1] + CABAL_AGENT_BONUS  # N4: the other way


def test_s22_34_eleven_and_twelve_always_fail():
    assert not succeeds(15, (5, 6)) and not succeeds(15, (6, 6))
    assert succeeds(15, (5, 5))


def test_s22_35_success_iff_the_roll_is_at_most_the_margin():
    assert succeeds(7, (3, 4)) and not succeeds(7, (4, 4))
    assert not any(succeeds(1, (a, b)) for a in range(1, 7) for b in range(1, 7))
    assert sum(succeeds(10, (a, b)) for a in range(1, 7) for b in range(1, 7)) == 33


def test_s8_7_a_cards_bonus_counts_only_for_the_side_its_player_is_on():
    from grail_tui.games.strings.engine.cards import Effect

    def bonus(side, value):
        return (Effect("attack_mod", "", ({"op": "add", "side": side, "value": value},)),)

    game = at_main(A, B)
    mine = seat(game, 0, "K04", power=4, alignments=())
    theirs = seat(game, 1, "K06", power=4, resistance=4, alignments=())
    before = totals(game, mine, theirs, CONTROL)
    reprint(game, theirs, effects=bonus("defence", 3))
    assert totals(game, mine, theirs, CONTROL) == (before[0], before[1] + 3)  # the defender's card, to the defence
    reprint(game, theirs, effects=bonus("attack", 2))
    assert totals(game, mine, theirs, CONTROL) == before  # the defender's card cannot help the attack
    reprint(game, theirs, effects=())
    reprint(game, mine, effects=bonus("defence", 3))
    assert totals(game, mine, theirs, CONTROL) == before  # the attacker's card cannot help the defence
    reprint(game, mine, effects=bonus("attack", 2))
    assert totals(game, mine, theirs, CONTROL) == (before[0] + 2, before[1])


def test_s8_6_card_effects_of_the_cabals_attachments_and_conditions_count_where_they_hold():
    from grail_tui.games.strings.engine.cards import Effect

    def add(side, value, when="attack_mod", **condition):
        return Effect(when, "", ({"op": "add", "side": side, "value": value},), if_=condition)

    game = at_main(A, B)
    mine = seat(game, 0, "K04", power=4, alignments=())
    theirs = seat(game, 1, "K06", power=4, resistance=4, alignments=())
    cabal = game.board.cabal[0]
    before = totals(game, mine, theirs, CONTROL)
    # the first seat's Cabal, its bonus read after one of another kind and one for the other side
    reprint(game, cabal, effects=(add("attack", 5, when="support_mod"),
                                  Effect("attack_mod", "", ({"op": "add", "side": "defence", "value": 7},
                                                            {"op": "add", "side": "attack", "value": 2})),
                                  add("attack", 3, attack_kind="control"), add("attack", 4, attack_kind="destroy")))
    assert totals(game, mine, theirs, CONTROL) == (before[0] + 2 + 3, before[1])
    reprint(game, cabal, effects=())
    # a resource linked to the attacker: its bonus holds where it is held by a group
    resource = uid(game, "R08", 0)
    game.group_deck[0].remove(resource)
    game.board.resources[0].append(resource)
    game.board.controller[resource] = 0
    game.board.links[resource] = mine
    reprint(game, resource, effects=(add("attack", 2, holder={"kind": "group"}),))
    assert totals(game, mine, theirs, CONTROL) == (before[0] + 2, before[1])
    reprint(game, resource, effects=(add("attack", 2, holder={"kind": "cabal"}),))
    assert totals(game, mine, theirs, CONTROL) == before
    reprint(game, mine, effects=(add("attack", 2, holder={"kind": "group"}),))  # a card is not its own holder
    assert totals(game, mine, theirs, CONTROL) == before
    reprint(game, mine, effects=(add("attack", 1, target={"controller": "opponent"}), add("attack", 9, target={"controller": "you"})))
    assert totals(game, mine, theirs, CONTROL) == (before[0] + 1, before[1])


def parts(game, attacker, target, kind, player=0, use_global=False):
    attack = Attack(player, attacker, target, kind, use_global, False)
    return attack_total(game, attack)[1], defence_total(game, attack)[1]


def test_s8_6_the_attack_total_names_each_modifier_as_the_attack_window_shows_it():
    from grail_tui.games.strings.engine.vocabulary import ALIGNMENT_MOD

    game = at_main(A, B)
    mine = seat(game, 0, "K04", power=4, global_power=2, alignments=("market", "militant"), effects=())
    theirs = seat(game, 1, "K06", power=3, resistance=5, alignments=("market", "pacifist"), effects=())
    assert parts(game, mine, theirs, CONTROL)[0] == [("base", 4), ("M1", ALIGNMENT_MOD), ("M2", -ALIGNMENT_MOD)]
    assert parts(game, mine, theirs, DESTROY)[0] == [("base", 4), ("M3", -ALIGNMENT_MOD), ("M4", ALIGNMENT_MOD)]
    assert parts(game, mine, theirs, CONTROL, use_global=True)[0][0] == ("base", 2)
    assert parts(game, mine, theirs, CONTROL)[1][0] == ("base", 5)  # control: resistance
    assert parts(game, mine, theirs, DESTROY)[1][0] == ("base", 3)  # destroy: power


def test_s8_6_m5_the_same_cabal_is_named_and_only_against_a_group_in_a_structure():
    from grail_tui.games.strings.engine import Draw, Place
    from grail_tui.games.strings.engine.vocabulary import SAME_CABAL
    from tests.strings.helpers import choose_cabals, choose_starts, new_game

    game = new_game(A, B)
    choose_cabals(game, "CB2", "CB2")
    choose_starts(game)
    game.apply(Draw(0, False, False))
    game.apply(Place(0, -1))
    pass_windows(game)
    mine = seat(game, 0, "K04", power=4, alignments=(), effects=())
    theirs = seat(game, 1, "K06", power=3, resistance=5, alignments=(), effects=())
    assert ("M5", SAME_CABAL) in parts(game, mine, theirs, CONTROL)[0]
    in_hand = hand(game, 0, "K07", owner=0)
    assert [name for name, _v in parts(game, mine, in_hand, CONTROL)[0]] == ["base"]


def test_s8_7_the_defence_total_names_each_modifier_and_each_side_its_support():
    from grail_tui.games.strings.engine.cards import Effect
    from grail_tui.games.strings.engine.game import Contribution
    from grail_tui.games.strings.engine.vocabulary import MASTER_BONUS

    game = at_main(A, B)
    mine = seat(game, 0, "K04", power=4, alignments=(), effects=())
    master = seat(game, 1, "K06", power=3, resistance=5, alignments=("market",), effects=())
    target = seat(game, 1, "K07", under=master, resistance=2, alignments=("market", "pacifist"), effects=())
    agent = hand(game, 1, "CB1", owner=1)  # names seat 0's Cabal
    game.plot_hand[1].remove(agent)
    game.board.agents[1].append(agent)
    reprint(game, target, effects=(Effect("attack_mod", "", ({"op": "add", "side": "defence", "value": 1},)),))
    reprint(game, mine, effects=(Effect("attack_mod", "", ({"op": "add", "side": "attack", "value": 6},)),))
    attack = Attack(0, mine, target, CONTROL, False, False)
    attack.support += [Contribution(0, game.board.cabal[0], Side.ATTACK, 7, "A1"),
                       Contribution(1, game.board.cabal[1], Side.DEFENCE, 3, "D4")]
    assert attack_total(game, attack)[1] == [("base", 4), ("support", 7), ("cards", 6)]
    assert defence_total(game, attack)[1] == [("base", 2), ("N2", DEPTH_BONUS[2]), ("N3", MASTER_BONUS),
                                              ("N4", CABAL_AGENT_BONUS), ("support", 3), ("cards", 1)]
    reprint(game, master, alignments=("pacifist", "market"))  # two shared alignments: N3 still once
    assert ("N3", MASTER_BONUS) in defence_total(game, attack)[1]
    reprint(game, master, alignments=())
    assert "N3" not in dict(defence_total(game, attack)[1])


def test_s19_an_agendas_attack_bonus_counts_for_its_side_read_by_the_attacker():
    from grail_tui.games.strings.engine.cards import Effect

    def add(towards, value, when="attack_mod", **condition):
        return Effect(when, "", ({"op": "add", "side": towards, "value": value},), if_=condition)

    game = at_main(A, B)
    mine = seat(game, 0, "K04", power=4, alignments=(), effects=())
    theirs = seat(game, 1, "K06", power=3, resistance=5, alignments=(), effects=())
    before = totals(game, mine, theirs, CONTROL)
    agenda, other = uid(game, "P47", 0), uid(game, "P49", 0)
    for colour, card in (("crimson", agenda), ("azure", other)):
        lift(game, card)
        game.board.agendas[colour] = card
        game.board.agenda_by[card] = 1  # whoever played them, they count for everyone
    reprint(game, agenda, effects=(add("attack", 9, when="static"), add("attack", 4),
                                   add("defence", 3, attacker={"controller": "you"}),
                                   add("defence", 5, attacker={"controller": "opponent"})))
    reprint(game, other, effects=(add("attack", 1, attack_kind="control"), add("attack", 7, attack_kind="destroy"),
                                  add("attack", 20, side="attack"), add("attack", 40, side="defence")))
    assert totals(game, mine, theirs, CONTROL) == (before[0] + 4 + 1 + 20, before[1] + 3)


def test_s8_6_a_cards_own_conditions_read_its_side_its_player_and_itself():
    from grail_tui.games.strings.engine.cards import Effect

    def add(towards, value, **condition):
        return Effect("attack_mod", "", ({"op": "add", "side": towards, "value": value},), if_=condition)

    game = at_main(A, B)
    mine = seat(game, 0, "K04", power=4, alignments=(), effects=())
    theirs = seat(game, 1, "K06", power=3, resistance=5, alignments=(), effects=())
    before = totals(game, mine, theirs, CONTROL)
    reprint(game, mine, effects=(add("attack", 1, side="attack"), add("attack", 10, side="defence"),
                                 add("attack", 100, attacker={"controller": "you"}),
                                 add("attack", 1000, attacker={"is": "self"}),
                                 add("attack", 10000, attacker={"is": "holder"})))
    assert totals(game, mine, theirs, CONTROL) == (before[0] + 1101, before[1])


def test_s8_6_the_attackers_cabal_counts_once_against_a_group_from_its_hand():
    from grail_tui.games.strings.engine.cards import Effect

    game = at_main(A, B)
    mine = seat(game, 1, "K06", owner=1, power=4, alignments=(), effects=())
    wanted = hand(game, 1, "K07", owner=1)  # a group from seat 1's own hand: nobody defends it
    reprint(game, wanted, resistance=3, alignments=(), effects=(
        Effect("attack_mod", "", ({"op": "add", "side": "defence", "value": 3},)),))
    before = totals(game, mine, wanted, CONTROL, player=1)
    reprint(game, game.board.cabal[1], effects=(
        Effect("attack_mod", "", ({"op": "add", "side": "attack", "value": 2},)),))
    assert totals(game, mine, wanted, CONTROL, player=1) == (before[0] + 2, before[1])
    assert before[1] == 3 + 3  # its own defence bonus counts for it


def test_s18_the_first_seats_shield_keeps_others_off_but_not_itself():
    from grail_tui.games.strings.engine import PlayPlot, Reveal, ShieldError

    game = at_main(A, B)
    game.finished_first[0] = False
    mine = seat(game, 0, "K04", tokens=1)
    extra = hand(game, 0, "P29", owner=0)  # Overtime: a token on a group of one's own
    game.apply(PlayPlot(0, extra, mine))  # one's own shield never keeps oneself off
    pass_windows(game)
    assert game.board.tokens[mine] == 2
    game.apply(Reveal(0, hand(game, 0, "P01", owner=0)))  # a window: seat 1 may play a strike in it
    strike = hand(game, 1, "P24", owner=0)
    with pytest.raises(ShieldError, match="^Player 1 has not finished their first turn: their groups are shielded.$"):
        game.apply(PlayPlot(1, strike, mine))


def test_the_mirror_court_defends_its_groups_by_6_against_a_pacifist_or_progressive_attacker():
    game = at_main(F, E)  # Open Palm against Masks: The Mirror Court is seat 1's Cabal
    assert game.defs[game.board.cabal[1]].id == "CB5"
    target = seat(game, 1, "E3", alignments=())
    pacifist = seat(game, 0, "F4", alignments=("pacifist",))
    plain = seat(game, 0, "F6", power=game.defs[pacifist].power, alignments=())
    for kind in (CONTROL, DESTROY):
        assert totals(game, pacifist, target, kind)[1] == totals(game, plain, target, kind)[1] + 6
        reprint(game, pacifist, alignments=("progressive",))
        assert totals(game, pacifist, target, kind)[1] == totals(game, plain, target, kind)[1] + 6
        reprint(game, pacifist, alignments=("pacifist",))
    # the Cabal's bonus is its player's alone: Masks' own attack on Open Palm's group gets none
    theirs = seat(game, 0, "F8", alignments=())
    mine = seat(game, 1, "E5", alignments=("pacifist",))
    also = seat(game, 1, "E8", power=game.defs[mine].power, alignments=())
    assert totals(game, mine, theirs, DESTROY, player=1)[1] == totals(game, also, theirs, DESTROY, player=1)[1]
