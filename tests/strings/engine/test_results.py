"""STRINGS.md §22, results (cases 45-50)."""

from __future__ import annotations

from grail_tui.games.strings.engine import (
    AttackKind,
    Commit,
    Declare,
    EndTurn,
    PlayPlot,
    Shelter,
)
from tests.strings.helpers import PATIENCE, A, B, F, Loaded, at_main, hand, pass_windows, reprint, seat


def roll_through(game, *dice):
    game.rolls = Loaded(*dice)
    pass_windows(game)


def test_s22_45_control_moves_the_subtree_with_its_links_and_no_tokens():
    game = at_main(A, B)
    cabal = game.board.cabal[0]
    reprint(game, cabal, power=20)  # the attacks here must be able to succeed
    target = seat(game, 1, "K07", resistance=0, alignments=())  # 2 out-arrows
    first = seat(game, 1, "K08", under=target, alignments=())
    second = seat(game, 1, "K13", under=target, alignments=())
    resource = hand(game, 1, "R08", owner=1)
    game.group_hand[1].remove(resource)
    game.board.resources[1].append(resource)
    game.board.controller[resource] = 1
    game.board.links[resource] = first
    before = (game.board.count_groups(0), game.board.count_groups(1))
    game.apply(Declare(0, cabal, target, AttackKind.CONTROL))
    game.apply(Commit(0))
    roll_through(game, 1, 1)
    assert (game.board.count_groups(0), game.board.count_groups(1)) == (before[0] + 3, before[1] - 3)
    assert all(game.board.controller[c] == 0 and not game.board.tokens.get(c) for c in (target, first, second))
    assert game.board.links[resource] == first and resource in game.board.resources[0]
    assert game.board.master[target] == cabal


def test_s22_46_destroy_sends_the_target_to_my_pile_and_puppets_to_their_owners_hands():
    game = at_main(A, B, F)
    cabal = game.board.cabal[0]
    reprint(game, cabal, power=20)  # the attacks here must be able to succeed
    target = seat(game, 1, "K07", power=0, alignments=())
    puppet = seat(game, 1, "K08", under=target, owner=2, alignments=())
    resource = hand(game, 1, "R08", owner=1)
    game.group_hand[1].remove(resource)
    game.board.resources[1].append(resource)
    game.board.controller[resource] = 1
    game.board.links[resource] = target
    game.apply(Declare(0, cabal, target, AttackKind.DESTROY))
    game.apply(Commit(0))
    roll_through(game, 1, 1)
    assert game.to_act() == (1,) and game.prompt() == "shelter"
    game.apply(Shelter(1))
    assert target in game.destroyed[0]
    assert puppet in game.group_hand[2]
    assert game.board.links[resource] == game.board.cabal[1]


def test_s22_47_a_failed_attack_from_hand_stays_in_the_open_area_until_the_end_of_turn():
    game = at_main(A, B)
    cabal = game.board.cabal[0]
    reprint(game, cabal, power=20)  # the attacks here must be able to succeed
    group = game.board.groups_of(0)[0]
    card = hand(game, 0, "K06", owner=0)
    game.apply(Declare(0, cabal, card, AttackKind.CONTROL))
    game.apply(Commit(0))
    roll_through(game, 6, 6)
    assert card in game.board.open_area
    game.apply(Declare(0, group, card, AttackKind.CONTROL))
    game.apply(Commit(0))
    roll_through(game, 6, 5)
    assert card in game.board.open_area
    game.apply(EndTurn(0))
    for _bottom in range(PATIENCE):
        if game.prompt() != "bottom":
            break
        from grail_tui.games.strings.engine import Bottom

        game.apply(Bottom(0, tuple(game.plot_hand[0][: game.due[1]])))
    assert card in game.discard[0] and card not in game.board.open_area


def test_s22_48_losing_the_last_group_eliminates_at_once_agendas_stay():
    game = at_main(A, B, F)
    cabal = game.board.cabal[0]
    reprint(game, cabal, power=20)  # the attacks here must be able to succeed
    last = game.board.groups_of(1)[0]
    reprint(game, cabal, power=40)
    game.board.arrows[last] = [-1] * len(game.board.arrows[last])
    from dataclasses import replace

    game.defs[last] = replace(game.defs[last], resistance=0)
    agenda = hand(game, 1, "P45", owner=1)
    game.plot_hand[1].remove(agenda)
    game.board.agendas["crimson"] = agenda
    game.board.agenda_by[agenda] = 1
    resource = hand(game, 1, "R08", owner=1)
    game.group_hand[1].remove(resource)
    game.board.resources[1].append(resource)
    game.board.controller[resource] = 1
    game.board.links[resource] = game.board.cabal[1]
    game.board.agents[1].append(hand(game, 1, "CB1", owner=1))
    game.plot_hand[1].remove(game.board.agents[1][0])
    game.apply(Declare(0, cabal, last, AttackKind.CONTROL))
    game.apply(Commit(0))
    game.rolls = Loaded(1, 1)
    game.board.tokens.pop(last, None)
    pass_windows(game)
    assert game.eliminated[1]
    assert not game.board.resources[1] and not game.board.agents[1] and resource not in game.board.controller
    assert game.board.agendas["crimson"] == agenda
    assert game.public_view().seats[1].plot_hand == 0


def test_s22_49_strikes_compare_strength_with_printed_power_ties_to_the_strike():
    game = at_main("masks", B)
    five = seat(game, 1, "K21", owner=0, power=5)  # a Place
    six = seat(game, 1, "E6", owner=None, power=6)  # a Place
    raised = seat(game, 1, "K20", owner=None, power=5)  # a Place
    game.board.temp.append((raised, "power", 4))
    for target, destroyed in ((five, True), (six, False), (raised, True)):
        burn = hand(game, 0, "P22", owner=0)
        game.apply(PlayPlot(0, burn, target))
        pass_windows(game)
        if destroyed:
            assert game.prompt() == "shelter"
            game.apply(Shelter(1))
            pass_windows(game)
        assert game.board.in_structure(target) is not destroyed
        game.discard[0].remove(burn)
        game.plot_deck[0].append(burn)


def test_s22_50_safe_house_and_the_controller_is_asked_even_without_one():
    game = at_main(A, B)
    cabal = game.board.cabal[0]
    reprint(game, cabal, power=20)  # the attacks here must be able to succeed
    target = seat(game, 1, "K07", power=0, alignments=())
    game.plot_hand[1].clear()  # no Safe House: still asked
    game.apply(Declare(0, cabal, target, AttackKind.DESTROY))
    game.apply(Commit(0))
    roll_through(game, 1, 1)
    assert game.prompt() == "shelter" and game.to_act() == (1,)
    game.apply(Shelter(1))
    assert target in game.destroyed[0]
    pass_windows(game)
    other = seat(game, 1, "K08", power=0, alignments=())
    safe = hand(game, 1, "P18", owner=0)
    game.board.tokens[cabal] = 1
    game.called_off.clear()
    game.apply(Declare(0, cabal, other, AttackKind.DESTROY))
    game.apply(Commit(0))
    roll_through(game, 1, 1)
    game.apply(Shelter(1, safe))
    assert other in game.group_hand[game.owner[other]] and other not in game.destroyed[0]
    assert safe in game.discard[0]


def test_counterstrike_after_a_failed_attack_and_the_defender_is_always_asked():
    game = at_main(A, B)
    attacker = seat(game, 0, "K04", alignments=())
    target = seat(game, 1, "K07", alignments=())
    striker = seat(game, 1, "K08", alignments=())
    game.plot_hand[1].clear()
    game.apply(Declare(0, attacker, target, AttackKind.CONTROL))
    game.apply(Commit(0))
    roll_through(game, 6, 6)
    assert game.prompt() == "counter" and game.to_act() == (1,)  # asked with no Counterstrike in hand
    from grail_tui.games.strings.engine import Pass

    game.apply(Pass(1))
    assert game.prompt() == "round table"  # the attack was an action: the lap follows
    pass_windows(game)
    counter = hand(game, 1, "P19", owner=1)
    game.board.tokens[attacker] = 1
    game.called_off.clear()
    game.apply(Declare(0, attacker, target, AttackKind.CONTROL))
    game.apply(Commit(0))
    roll_through(game, 6, 6)
    game.apply(PlayPlot(1, counter, striker))
    assert game.attack is not None and game.attack.player == 1 and game.attack.target == attacker
    assert game.attack.kind is AttackKind.DESTROY and not game.board.tokens.get(striker)
    reprint(game, striker, power=20)
    roll_through(game, 1, 1)
    game.apply(Shelter(0))
    assert attacker in game.destroyed[1] and counter in game.discard[1]
