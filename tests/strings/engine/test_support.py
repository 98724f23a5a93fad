"""STRINGS.md §22, support (cases 36-44)."""

from __future__ import annotations

import pytest

from grail_tui.games.strings.engine import (
    Agent,
    AgentError,
    AttackKind,
    Commit,
    Declare,
    Pass,
    PlayPlot,
    Side,
    SideLockError,
    Support,
    SupportError,
    support_value,
)
from tests.strings.helpers import (
    A,
    B,
    D,
    F,
    Loaded,
    at_main,
    clear_hands,
    faces,
    hand,
    pass_until,
    pass_windows,
    reprint,
    seat,
)

ATTACK, DEFENCE = Side.ATTACK, Side.DEFENCE


def committed(game, attacker, target, kind=AttackKind.CONTROL):
    game.apply(Declare(0, attacker, target, kind))
    game.apply(Commit(0))
    return game.attack


def test_s22_36_aid_by_match_or_global_power_and_no_zero_offers():
    game = at_main(A, B, F)
    target = seat(game, 1, "K13", alignments=("state",))
    matching = seat(game, 2, "K04", power=3, global_power=1, alignments=("state",))
    distant = seat(game, 2, "K06", power=2, global_power=1, alignments=("uncanny",))
    nothing = seat(game, 2, "K05", power=1, global_power=0, alignments=())
    attack = committed(game, game.board.cabal[0], target)
    assert support_value(game, attack, 2, matching, ATTACK) == (3, "A2")
    assert support_value(game, attack, 2, distant, ATTACK) == (1, "A1")
    assert support_value(game, attack, 2, nothing, ATTACK) == (0, "")
    game.apply(Pass(0))
    game.apply(Pass(1))
    assert Support(2, nothing, ATTACK) not in game.legal_actions(2)
    with pytest.raises(SupportError, match="would add nothing"):
        game.apply(Support(2, nothing, ATTACK))


def test_s22_37_destroy_aid_by_opposition():
    game = at_main(A, B, F)
    target = seat(game, 1, "K13", alignments=("militant",))
    opposed = seat(game, 2, "K04", power=3, global_power=0, alignments=("pacifist",))
    attack = committed(game, game.board.cabal[0], target, AttackKind.DESTROY)
    assert support_value(game, attack, 2, opposed, ATTACK) == (3, "A3")


def test_s22_38_defence_target_tokens_master_puppet_and_match():
    game = at_main(A, B, F)
    master = seat(game, 1, "K07", power=4, global_power=0, alignments=())
    target = seat(game, 1, "K08", under=master, tokens=2, power=3, alignments=("market",))
    puppet = seat(game, 1, "K13", under=target, power=2, global_power=0, alignments=())
    unrelated = seat(game, 2, "K10", power=3, global_power=0, alignments=("market",))
    attack = committed(game, game.board.cabal[0], target)
    assert support_value(game, attack, 1, target, DEFENCE) == (6, "D1")
    assert support_value(game, attack, 1, master, DEFENCE) == (4, "D2")
    assert support_value(game, attack, 1, puppet, DEFENCE) == (2, "D2")
    assert support_value(game, attack, 2, unrelated, DEFENCE) == (3 + 2, "D3")  # + the Gentle Hand's perk
    game.apply(Pass(0))
    game.apply(Support(1, target, DEFENCE))
    assert game.board.tokens.get(target, 0) == 0  # D1 spends every token


def test_s22_39_one_agent_per_side_third_player_may_defend_never_the_controller():
    game = at_main(A, B, F)
    target = seat(game, 1, "K05", owner=1)
    first = hand(game, 0, "K05", owner=0)
    copy = hand(game, 1, "K05", owner=2)  # the target's controller holds a copy
    attack = committed(game, game.board.cabal[0], target)
    game.apply(Agent(0, first, ATTACK))
    assert attack.support[-1].value == 10
    with pytest.raises(AgentError, match="own power structure"):
        game.apply(Agent(1, copy, DEFENCE))
    game.group_hand[1].remove(copy)
    game.group_hand[2].append(copy)
    game.apply(Pass(1))
    game.apply(Agent(2, copy, DEFENCE))
    assert attack.support[-1].value == 6
    game.group_hand[0].append(copy)  # a second attack agent, player 1 asked next
    with pytest.raises(AgentError, match="one per side"):
        game.apply(Agent(0, copy, ATTACK))


def test_s22_40_who_aided_the_attack_may_not_resist_it():
    game = at_main(A, B, F)
    target = seat(game, 1, "K13", alignments=("state",))
    aid = seat(game, 2, "K04", power=3, global_power=1, alignments=("state",))
    resist = seat(game, 2, "K06", power=2, global_power=1, alignments=())
    committed(game, game.board.cabal[0], target)
    game.apply(Pass(0))
    game.apply(Pass(1))
    game.apply(Support(2, aid, ATTACK))
    game.apply(Pass(0))
    game.apply(Pass(1))
    with pytest.raises(SideLockError, match="attack side"):
        game.apply(Support(2, resist, DEFENCE))


def test_s22_41_support_loop_starts_with_the_attacker_and_ends_after_all_pass_in_succession():
    game = at_main(A, B, F)
    target = seat(game, 1, "K13", alignments=())
    helper = seat(game, 1, "K07", power=4, global_power=2, alignments=())
    committed(game, game.board.cabal[0], target)
    asked = [game.to_act()[0]]
    game.apply(Pass(0))
    asked.append(game.to_act()[0])
    game.apply(Support(1, helper, DEFENCE))  # restarts the count
    for _ in range(2):
        asked.append(game.to_act()[0])
        game.apply(Pass(game.to_act()[0]))
    assert game.prompt() == "support"  # 2 passes after the contribution: not closed yet
    asked.append(game.to_act()[0])
    game.rolls = Loaded(6, 6)
    game.apply(Pass(game.to_act()[0]))
    assert asked == [0, 1, 2, 0, 1] and game.attack is None


def test_s22_42_closed_door_meeting_shuts_out_third_players():
    game = at_main(E_DECK := "masks", B, F)
    target = seat(game, 1, "K13", alignments=("state",))
    third = seat(game, 2, "K04", power=3, global_power=1, alignments=("state",))
    meeting = hand(game, 0, "P10", owner=0)
    game.apply(Declare(0, game.board.cabal[0], target, AttackKind.CONTROL))
    game.apply(Commit(0, meeting))
    game.apply(Pass(0))
    game.apply(Pass(1))
    with pytest.raises(SideLockError, match="Closed-Door Meeting"):
        game.apply(Support(2, third, ATTACK))
    del E_DECK


def test_s22_43_a_contribution_counts_after_its_card_is_destroyed():
    game = at_main(A, B, F)
    target = seat(game, 1, "K13", alignments=())
    helper = seat(game, 0, "K04", power=3, global_power=3, alignments=())
    strike = hand(game, 2, "P24", owner=2)  # strength 3 against any group
    attack = committed(game, game.board.cabal[0], target)
    game.apply(Support(0, helper, ATTACK))
    game.apply(Pass(1))
    game.apply(PlayPlot(2, strike, helper))
    pass_windows_until(game, lambda: game.prompt() == "shelter")
    from grail_tui.games.strings.engine import Shelter

    game.apply(Shelter(0))
    assert not game.board.in_structure(helper)
    assert [c.value for c in attack.support if c.card == helper] == [3]


def test_s22_44_target_destroyed_by_a_strike_the_attack_ends_without_a_roll():
    game = at_main(A, B, F)
    target = seat(game, 1, "K13", alignments=())
    strike = hand(game, 2, "P24", owner=2)
    cabal = game.board.cabal[0]
    committed(game, cabal, target)
    game.apply(Pass(0))
    game.apply(Pass(1))
    game.apply(PlayPlot(2, strike, target))
    pass_windows_until(game, lambda: game.prompt() == "shelter")
    from grail_tui.games.strings.engine import Shelter

    game.apply(Shelter(1))
    rolls_before = len([e for e in game.history if type(e).__name__ == "Rolled"])
    pass_windows(game)
    assert game.attack is None and game.board.tokens.get(cabal, 0) == 0
    assert len([e for e in game.history if type(e).__name__ == "Rolled"]) == rolls_before
    assert any(getattr(e, "what", "") == "attack fails without a roll" for e in game.history)


def pass_windows_until(game, done):
    pass_until(game, done)


def test_s4_hands_show_others_only_counts_a_contributor_struck_back_into_a_hand_is_not_named():
    """§4: of a hand, the others see only how many cards of each back it holds. A group that
    aided an attack and was then sent to its owner's hand (its master struck down) still counts
    (§8.5), but the attack no longer names it in any view but its owner's hand (found by
    hypothesis: players=6, seed=54278)."""
    from grail_tui.games.strings.engine import Shelter

    game = at_main(A, B, F)
    target = seat(game, 1, "K13", alignments=())
    master = seat(game, 0, "K07", power=1, global_power=0, alignments=(), tokens=0)
    helper = seat(game, 0, "K04", under=master, power=3, global_power=3, alignments=())
    strike = hand(game, 2, "P24", owner=2)  # strength 3 against any group
    attack = committed(game, game.board.cabal[0], target)
    game.apply(Support(0, helper, ATTACK))
    game.apply(Pass(1))
    game.apply(PlayPlot(2, strike, master))
    pass_windows_until(game, lambda: game.prompt() == "shelter")
    game.apply(Shelter(0))
    assert helper in game.group_hand[0] and [c.value for c in attack.support if c.card == helper] == [3]
    public = game.public_view()
    assert public.attack is not None
    assert [(h.player, h.card, h.value, h.how) for h in public.attack.support] == [(0, None, 3, "A1")]
    for other in (1, 2):
        assert helper not in faces(game.view(other))
    assert helper in {face.uid for face in game.view(0).group_hand}


def test_s8_5_a_card_adds_nothing_once_used_without_a_token_or_not_its_players_own():
    game = at_main(A, B)
    attacker = seat(game, 0, "K04", tokens=2, alignments=())
    helper = seat(game, 0, "K06", tokens=1, power=3, global_power=3, alignments=())
    empty = seat(game, 0, "K07", tokens=0, power=3, global_power=3, alignments=())
    target = seat(game, 1, "K09", owner=1, alignments=())
    attack = committed(game, attacker, target)
    assert support_value(game, attack, 0, helper, ATTACK) == (3, "A1")
    assert support_value(game, attack, 0, attacker, ATTACK) == (0, "")  # the attacker is on it already
    assert support_value(game, attack, 0, empty, ATTACK) == (0, "")  # no token
    assert support_value(game, attack, 1, helper, ATTACK) == (0, "")  # not seat 1's
    in_hand = hand(game, 0, "K08", owner=0)
    game.board.controller[in_hand] = 0
    game.board.tokens[in_hand] = 1
    assert support_value(game, attack, 0, in_hand, ATTACK) == (0, "")  # not in a structure
    attack.used.add(helper)
    assert support_value(game, attack, 0, helper, ATTACK) == (0, "")  # it has contributed (HR-16)


def test_hr_53_a_group_one_destroys_oneself_is_not_defended_by_its_own_tokens_or_master():
    game = at_main(A, B)
    master = seat(game, 0, "K04", tokens=1, power=2, global_power=0, alignments=())
    target = seat(game, 0, "K06", under=master, tokens=1, power=3, global_power=0, alignments=())
    attack = committed(game, game.board.cabal[0], target, AttackKind.DESTROY)
    assert support_value(game, attack, 0, target, DEFENCE) == (0, "")  # D1 is not seat 0's
    assert support_value(game, attack, 0, master, DEFENCE) == (0, "")  # nor D2
    attack.player = 1  # were another player destroying it, both would defend it
    assert support_value(game, attack, 0, target, DEFENCE) == (3, "D1")
    assert support_value(game, attack, 0, master, DEFENCE) == (2, "D2")


def test_s8_5_a_contributions_bonus_comes_from_the_card_what_it_holds_and_its_players_cabal():
    from grail_tui.games.strings.engine.cards import Effect

    def bonus(value, when="support_mod", **condition):
        return Effect(when, "", ({"op": "support_bonus", "value": value},), if_=condition)

    game = at_main(A, B)
    attacker = seat(game, 0, "K04", tokens=1, alignments=())
    helper = seat(game, 0, "K06", tokens=1, power=3, global_power=3, alignments=())
    target = seat(game, 1, "K09", owner=1, alignments=())
    attack = committed(game, attacker, target)
    assert support_value(game, attack, 0, helper, ATTACK) == (3, "A1")
    reprint(game, helper, effects=(bonus(5, when="attack_mod"), bonus(1), bonus(2, side="defence")))
    assert support_value(game, attack, 0, helper, ATTACK) == (3 + 1, "A1")
    resource = next(c for c in game.group_deck[0] if game.defs[c].kind == "resource")
    game.group_deck[0].remove(resource)
    game.board.resources[0].append(resource)
    game.board.controller[resource] = 0
    game.board.links[resource] = helper
    reprint(game, resource, effects=(bonus(2, holder={"kind": "group"}), bonus(4, holder={"kind": "cabal"})))
    assert support_value(game, attack, 0, helper, ATTACK) == (3 + 1 + 2, "A1")
    cabal = game.board.cabal[0]
    reprint(game, cabal, effects=(bonus(3, supporter={"depth": 1}), bonus(9, holder={"kind": "group"})))
    assert support_value(game, attack, 0, helper, ATTACK) == (3 + 1 + 2 + 3, "A1")
    game.board.links[resource] = cabal  # held elsewhere: no longer the helper's
    assert support_value(game, attack, 0, helper, ATTACK) == (3 + 1 + 3, "A1")
    reprint(game, helper, effects=(Effect("support_mod", "", ({"op": "support_bonus"},)),  # no value: nothing
                                   bonus(10, supporter={"is": "self"})))
    assert support_value(game, attack, 0, helper, ATTACK) == (3 + 10 + 3, "A1")


def test_hr_15_who_may_take_which_side_in_the_players_words():
    from grail_tui.games.strings.engine.rules import may_take_side

    game = at_main(A, B, F)
    attacker = seat(game, 0, "K04", tokens=1, alignments=())
    target = seat(game, 1, "K09", owner=1, alignments=())
    attack = committed(game, attacker, target)
    assert may_take_side(game, attack, 0, DEFENCE) == "You are on the attack side of this attack and stay on it."
    assert may_take_side(game, attack, 1, ATTACK) == "You are on the defence side of this attack and stay on it."
    assert may_take_side(game, attack, 0, ATTACK) is None and may_take_side(game, attack, 1, DEFENCE) is None
    assert may_take_side(game, attack, 2, ATTACK) is None and may_take_side(game, attack, 2, DEFENCE) is None
    attack.sides[2] = DEFENCE
    assert may_take_side(game, attack, 2, ATTACK) == "You are on the defence side of this attack and stay on it."
    attack.closed = True
    assert may_take_side(game, attack, 2, DEFENCE) == \
        "A Closed-Door Meeting is on this attack: only its two sides' players may support it."
    assert may_take_side(game, attack, 1, DEFENCE) is None


def test_s8_5_each_line_of_support_is_named_and_the_best_one_taken():
    from grail_tui.games.strings.engine.cards import Effect

    game = at_main(A, B, F)
    attacker = seat(game, 0, "K04", tokens=1, alignments=())
    helper = seat(game, 0, "K06", tokens=1, power=5, global_power=1, alignments=("militant",))
    target = seat(game, 1, "K09", owner=1, alignments=("pacifist",))
    third = seat(game, 2, "K06", owner=2, tokens=1, power=4, global_power=2, alignments=())
    reprint(game, game.board.cabal[2], effects=())  # its own support bonus aside
    control = committed(game, attacker, target)
    assert support_value(game, control, 0, helper, ATTACK) == (1, "A1")  # an opposition helps only a destroy
    assert support_value(game, control, 2, third, DEFENCE) == (2, "D4")
    control.kind = AttackKind.DESTROY
    assert support_value(game, control, 0, helper, ATTACK) == (5, "A3")
    control.kind = AttackKind.CONTROL
    reprint(game, third, effects=(Effect("support_mod", "", ({"op": "support_bonus", "value": 2},),
                                         if_={"attack_kind": "control"}),))
    assert support_value(game, control, 2, third, DEFENCE) == (4, "D4")


def test_hr_80_a_plot_names_its_side_and_only_one_for_either_side_lets_a_player_choose():
    """§8.5 A5/D6, HR-80: a plot that adds "to either side" is played for the side its player
    names; one printed for one side is played for that side only. A card for the attack is never
    offered, nor taken, "for the defence": it would add to the attack all the same."""
    from grail_tui.games.strings.engine import PlotTargetError

    game = at_main(A, B, D)
    target = seat(game, 1, "K09", owner=1)
    committed(game, seat(game, 0, "K04", tokens=2), target)  # a control attack, whose plots all apply
    for_attack, for_defence, for_either = (hand(game, 2, card_id) for card_id in ("P01", "P06", "P03"))
    pass_until(game, lambda: game.to_act() == (2,))
    plays = {(a.card, a.side) for a in game.legal_actions(2) if isinstance(a, PlayPlot)}
    assert plays == {(for_attack, ATTACK), (for_defence, DEFENCE), (for_either, ATTACK), (for_either, DEFENCE)}
    name = game.name(for_attack)
    with pytest.raises(PlotTargetError, match=f"^{name} does not help the defence.$"):
        game.apply(PlayPlot(2, for_attack, side=DEFENCE))
    with pytest.raises(PlotTargetError, match=f"^Say which side {name} helps.$"):
        game.apply(PlayPlot(2, for_attack))
    with pytest.raises(PlotTargetError, match=f"^Say which side {game.name(for_either)} helps.$"):
        game.apply(PlayPlot(2, for_either))
    game.apply(PlayPlot(2, for_attack, side=ATTACK))
    pass_until(game, lambda: any(c.card == for_attack for c in game.attack.support))
    (added,) = [c for c in game.attack.support if c.card == for_attack]
    assert (added.player, added.side, added.how) == (2, ATTACK, "A5") and added.value > 0


def test_s8_5_d6_emergency_session_names_the_plot_it_discards_and_adds_to_the_defence():
    """A defence plot whose cost is another plot card of the hand is played naming that card, which
    goes to the bottom of the plot deck (its play names no side: the side is printed), for each
    other plot held."""
    game = at_main(A, B)
    clear_hands(game)
    target = seat(game, 1, "K09", owner=1)  # under its Cabal: at depth 1
    committed(game, seat(game, 0, "K04", tokens=2), target)
    session, *others = (hand(game, 1, card_id) for card_id in ("P12", "P16", "P02"))
    pass_until(game, lambda: game.to_act() == (1,))
    plays = {a for a in game.legal_actions(1) if isinstance(a, PlayPlot) and a.card == session}
    assert plays == {PlayPlot(1, session, other) for other in others}
    game.apply(PlayPlot(1, session, others[0]))
    assert game.plot_deck[1][0] == others[0] and others[0] not in game.plot_hand[1]  # to the bottom of the deck
    pass_until(game, lambda: any(c.card == session for c in game.attack.support))
    (added,) = [c for c in game.attack.support if c.card == session]
    assert (added.player, added.side, added.how) == (1, DEFENCE, "D6") and added.value > 0


def test_s14_cold_feet_takes_back_a_help_it_names():
    """A plot that cancels a contribution names it; once the plot resolves the help no longer
    counts, and the attack goes on."""
    game = at_main(A, B)
    clear_hands(game)
    attacker = seat(game, 0, "K04", tokens=2)
    helper = seat(game, 0, "K06", tokens=1, global_power=2, power=2)
    target = seat(game, 1, "K09", owner=1)
    feet = hand(game, 1, "P16")
    committed(game, attacker, target)
    game.apply(Support(0, helper, ATTACK))
    assert PlayPlot(1, feet, helper) in game.legal_actions(1)
    game.apply(PlayPlot(1, feet, helper))
    pass_until(game, lambda: game.prompt() == "support")
    assert game.attack is not None and not any(c.card == helper for c in game.attack.support)
    assert feet in game.discard[game.owner[feet]]
