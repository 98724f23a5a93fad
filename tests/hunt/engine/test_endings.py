"""RULES §7: every way a game ends, each with its winner, its position and its last events."""

from __future__ import annotations

from grail_tui.games.hunt.engine import (
    Assign,
    CoverBlown,
    Field,
    Game,
    GameEnded,
    GrailDropped,
    GrailMove,
    GrailTaken,
    Initiate,
    Outcome,
    Pass,
    Phase,
    Proposal,
    ProposalCarried,
    Propose,
    Setup,
    Society,
    Stepped,
    Termination,
    TurnBegan,
    Variant,
)

from .helpers import assign_until_mover, carry_out, new_game, opening, step

JB, AC, MA, HA, FM, FV, AR, JF = Initiate
F = Field


def walk(game: Game, initiate: Initiate, fields: list[Field], grail: GrailMove = GrailMove.NONE) -> None:
    for to in fields:
        carry_out(game, step(initiate, to, grail))


def jb_takes_the_grail(game: Game) -> None:
    """JB walks from its HQ to the Centre and picks the grail up there."""
    walk(game, JB, [F.BAGHRAS, F.AVIGNON, F.PETERSDOM])
    walk(game, JB, [F.CENTRE], GrailMove.PICK_UP)


def finale(game: Game, proposal: Proposal) -> list:
    """The mover proposes; the events of the round that carries it."""
    game.apply(Propose(game.mover, proposal))
    events: list = []
    for p in game.to_act():
        events = game.apply(Pass(p))
    return events


def test_delivery_by_stepping_home_with_the_grail():
    game = new_game(3)
    opening(game, {0: {JB: ["A3"]}, 1: {JB: ["A9", "B1"]}, 2: {JB: ["A5"], AC: ["A10"]}})
    jb_takes_the_grail(game)
    walk(game, JB, [F.PETERSDOM, F.AVIGNON, F.BAGHRAS], GrailMove.CARRY)
    mover, turn = game.mover, game.turn
    events = finale(game, step(JB, F.HQ_TEMPLARS, GrailMove.CARRY))
    assert game.outcome == Outcome(Termination.DELIVERED, 1, JB, F.HQ_TEMPLARS, (3, 10, 5), False, mover)
    assert game.phase is Phase.OVER and game.to_act() == () and game.turn == turn
    assert isinstance(events[1], ProposalCarried)
    assert events[2:] == [Stepped(JB, F.BAGHRAS, F.HQ_TEMPLARS), GameEnded(game.outcome)]
    view = game.public_view()
    assert view.positions[JB] == F.HQ_TEMPLARS and view.bearer == JB and view.grail_field == F.HQ_TEMPLARS
    assert view.outcome == game.outcome and view.contest.proposal == step(JB, F.HQ_TEMPLARS, GrailMove.CARRY)
    assert game.outcome.describe(("Ann", "Bo", "Cy").__getitem__) == (
        "Jacques de Barruel brought the grail to HQ Templars; Bo wins with 10 influence on the bearer.")
    assert game.outcome.describe() == (
        "Jacques de Barruel brought the grail to HQ Templars; Player 2 wins with 10 influence on the bearer.")


def test_delivery_by_picking_the_grail_up_on_the_own_hq():
    game = new_game(2)
    opening(game, {0: {JB: ["A2"]}, 1: {JB: ["A1"]}})
    # MA carries the grail to the Templars' HQ and puts it down: another society's HQ ends nothing
    walk(game, MA, [F.MASYAF, F.AKKON, F.GOLGOTA])
    walk(game, MA, [F.CENTRE], GrailMove.PICK_UP)
    walk(game, MA, [F.GOLGOTA, F.AKKON, F.TORTOSA], GrailMove.CARRY)
    walk(game, JB, [F.TORTOSA])
    walk(game, MA, [F.HQ_TEMPLARS], GrailMove.DROP_AFTER)
    assert game.outcome is None and game.public_view().grail_field == F.HQ_TEMPLARS
    events = finale(game, step(JB, F.HQ_TEMPLARS, GrailMove.PICK_UP))
    assert events[-3:] == [Stepped(JB, F.TORTOSA, F.HQ_TEMPLARS), GrailTaken(JB, F.HQ_TEMPLARS),
                           GameEnded(game.outcome)]
    assert game.outcome.termination is Termination.DELIVERED and game.outcome.winner == 0
    assert game.outcome.influence == (2, 1) and game.public_view().bearer == JB


def test_taking_the_grail_along_from_the_own_hq_ends_before_the_step():
    game = new_game(2)
    opening(game, {1: {JB: ["A1"]}})
    walk(game, MA, [F.MASYAF, F.AKKON, F.GOLGOTA])
    walk(game, MA, [F.CENTRE], GrailMove.PICK_UP)
    walk(game, MA, [F.GOLGOTA, F.AKKON, F.TORTOSA], GrailMove.CARRY)
    walk(game, MA, [F.HQ_TEMPLARS], GrailMove.DROP_AFTER)
    assert game.public_view().positions[JB] == F.HQ_TEMPLARS
    events = finale(game, step(JB, F.BAGHRAS, GrailMove.CARRY))
    # JB takes the grail up on its own HQ: that instant decides, the step is void
    assert events[-2:] == [GrailTaken(JB, F.HQ_TEMPLARS), GameEnded(game.outcome)]
    assert game.outcome == Outcome(Termination.DELIVERED, 1, JB, F.HQ_TEMPLARS, (0, 1), False, game.mover)
    assert game.public_view().positions[JB] == F.HQ_TEMPLARS


def test_taking_the_grail_along_onto_the_own_hq():
    game = new_game(2)
    opening(game, {0: {JB: ["A4"]}})
    walk(game, MA, [F.MASYAF, F.AKKON, F.GOLGOTA])
    walk(game, MA, [F.CENTRE], GrailMove.PICK_UP)
    walk(game, MA, [F.GOLGOTA, F.AKKON, F.TORTOSA], GrailMove.CARRY)
    walk(game, JB, [F.TORTOSA])
    walk(game, MA, [F.AKKON], GrailMove.DROP_BEFORE)  # the grail stays on Tortosa with JB
    assert game.public_view().grail_field == F.TORTOSA and game.public_view().bearer is None
    events = finale(game, step(JB, F.HQ_TEMPLARS, GrailMove.DROP_AFTER))
    assert events[-3:] == [GrailTaken(JB, F.TORTOSA), Stepped(JB, F.TORTOSA, F.HQ_TEMPLARS),
                           GameEnded(game.outcome)]
    assert game.outcome.winner == 0 and game.public_view().bearer == JB  # the drop is void


def test_a_tie_among_the_leaders_goes_to_the_final_proposer():
    game = new_game(3)
    opening(game, {0: {JB: ["A5"]}, 1: {JB: ["B5"]}, 2: {JB: ["A4"]}})
    jb_takes_the_grail(game)
    walk(game, JB, [F.PETERSDOM, F.AVIGNON, F.BAGHRAS], GrailMove.CARRY)
    assign_until_mover(game, 1)
    finale(game, step(JB, F.HQ_TEMPLARS, GrailMove.CARRY))
    assert game.outcome == Outcome(Termination.DELIVERED, 1, JB, F.HQ_TEMPLARS, (5, 5, 4), True, 1)
    assert game.outcome.describe() == ("Jacques de Barruel brought the grail to HQ Templars; the most "
                                       "influence (5) was tied, so Player 2, who made the final proposal, wins.")


def test_a_clear_leader_wins_even_when_the_mover_holds_less():
    game = new_game(3)
    opening(game, {0: {JB: ["A5"]}, 1: {JB: ["A6"]}, 2: {JB: ["A5"]}})
    jb_takes_the_grail(game)
    walk(game, JB, [F.PETERSDOM, F.AVIGNON, F.BAGHRAS], GrailMove.CARRY)
    assign_until_mover(game, 2)
    finale(game, step(JB, F.HQ_TEMPLARS, GrailMove.CARRY))
    assert game.outcome.winner == 1 and not game.outcome.tie_broken and game.outcome.final_proposer == 2


def original(seed: int = 3) -> Game:
    game = Game(Setup(players=4, variant=Variant.ORIGINAL, seed=seed, first_player=0))
    opening(game, {})
    return game


def test_the_original_is_won_by_the_hq_owner_not_by_influence():
    game = Game(Setup(players=4, variant=Variant.ORIGINAL, seed=3, first_player=0))
    owners = game.hq_owner
    assert owners is not None
    templars = owners[Society.TEMPLARS]
    rich = (templars + 1) % 4  # the most influence on the bearer, but not the owner
    opening(game, {rich: {AC: ["A10"]}, templars: {AC: ["A1"]}})
    walk(game, AC, [F.TORTOSA, F.AKKON, F.GOLGOTA])
    walk(game, AC, [F.CENTRE], GrailMove.PICK_UP)
    walk(game, AC, [F.GOLGOTA, F.AKKON, F.TORTOSA], GrailMove.CARRY)
    mover = game.mover
    events = finale(game, step(AC, F.HQ_TEMPLARS, GrailMove.DROP_AFTER))
    influence = tuple(10 if p == rich else 1 if p == templars else 0 for p in range(4))
    assert game.outcome == Outcome(Termination.HQ_REACHED, templars, AC, F.HQ_TEMPLARS, influence,
                                   False, mover, templars)
    assert events[-2:] == [Stepped(AC, F.TORTOSA, F.HQ_TEMPLARS), GameEnded(game.outcome)]
    assert game.public_view().bearer == AC  # the drop after the step is void
    names = ("Ann", "Bo", "Cy", "Di")
    assert game.outcome.describe(names.__getitem__) == (
        f"Alberto Castellano brought the grail to HQ Templars; {names[templars]} holds that HQ and wins.")


def test_the_original_ends_on_any_hq_and_the_pick_up_decides():
    game = original(seed=11)
    owners = game.hq_owner
    assert owners is not None
    walk(game, MA, [F.QUM, F.GIZEH])
    walk(game, JB, [F.BAGHRAS, F.AVIGNON, F.PETERSDOM])
    walk(game, JB, [F.CENTRE], GrailMove.PICK_UP)
    walk(game, JB, [F.AL_AQSA_MOSCHEE], GrailMove.CARRY)
    walk(game, JB, [F.GIZEH], GrailMove.DROP_AFTER)
    assert game.outcome is None and game.public_view().grail_field == F.GIZEH
    # Gizeh is no HQ: nothing ends. MA, standing there, takes it along to the Assassins' HQ.
    walk(game, MA, [F.QUM], GrailMove.CARRY)
    assert game.outcome is None
    finale(game, step(MA, F.HQ_ASSASSINS, GrailMove.CARRY))
    assert game.outcome.termination is Termination.HQ_REACHED
    assert game.outcome.winner == owners[Society.ASSASSINS] == game.outcome.hq_owner
    assert game.public_view().hq_owner == owners


def test_in_the_original_a_pick_up_or_a_blow_off_the_hqs_ends_nothing():
    game = original(seed=5)
    owners = game.hq_owner
    assert owners is not None
    assert game.turn == 1
    walk(game, AC, [F.TORTOSA, F.AKKON, F.MASYAF, F.HQ_ASSASSINS])
    walk(game, JB, [F.BAGHRAS, F.AVIGNON, F.PETERSDOM])
    walk(game, JB, [F.CENTRE], GrailMove.PICK_UP)
    walk(game, JB, [F.AL_AQSA_MOSCHEE, F.GIZEH], GrailMove.CARRY)
    walk(game, JB, [F.QUM], GrailMove.DROP_AFTER)
    finale(game, step(AC, F.QUM, GrailMove.PICK_UP))
    assert game.outcome is None and game.public_view().bearer == AC
    finale(game, step(AC, F.HQ_ASSASSINS, GrailMove.CARRY))
    assert game.outcome.winner == owners[Society.ASSASSINS]


def test_the_turn_limit_ends_after_the_last_turn_with_no_winner():
    game = new_game(2, turn_limit=3)
    opening(game, {})
    carry_out(game, step(JB, F.BAGHRAS))
    game.apply(Assign(game.mover, ()))
    assert game.turn == 3 and game.outcome is None
    events = finale(game, step(JB, F.AVIGNON))
    assert game.outcome == Outcome(Termination.TURN_LIMIT, None)
    assert events[-2:] == [Stepped(JB, F.BAGHRAS, F.AVIGNON), GameEnded(game.outcome)]
    assert not [e for e in events if isinstance(e, TurnBegan)]
    assert game.turn == 3 and game.phase is Phase.OVER
    assert game.outcome.describe() == "No winner: the turn limit was reached."
    assert Outcome(Termination.NO_INITIATES, None).describe() == "No winner: no initiate is left in play."


def test_a_game_of_one_turn():
    game = new_game(3, turn_limit=1)
    opening(game, {})
    assert game.turn == 1
    game.apply(Assign(0, ()))
    assert game.outcome == Outcome(Termination.TURN_LIMIT, None) and game.turn == 1


def test_the_blow_on_the_bearer_at_the_own_hq_and_taking_decides():
    game = new_game(2)
    opening(game, {0: {JB: ["A10", "A1"]}, 1: {JB: ["A9"], MA: ["A3"]}})
    walk(game, MA, [F.MASYAF, F.AKKON, F.GOLGOTA])
    walk(game, MA, [F.CENTRE], GrailMove.PICK_UP)
    walk(game, MA, [F.GOLGOTA, F.AKKON, F.TORTOSA, F.HQ_TEMPLARS], GrailMove.CARRY)
    assign_until_mover(game, 0)
    events = finale(game, Proposal(JB, blow=MA, take_grail=True))
    assert game.outcome == Outcome(Termination.DELIVERED, 1, JB, F.HQ_TEMPLARS, (1, 9), False, 0)
    assert events[-4:] == [CoverBlown(JB, MA, F.HQ_TEMPLARS, 0, (0, 3)), GrailDropped(MA, F.HQ_TEMPLARS),
                           GrailTaken(JB, F.HQ_TEMPLARS), GameEnded(game.outcome)]


def test_a_blow_without_taking_leaves_the_grail_on_the_field():
    game = new_game(2)
    opening(game, {0: {JB: ["A10"]}, 1: {MA: ["A3"]}})
    walk(game, MA, [F.MASYAF, F.AKKON, F.GOLGOTA])
    walk(game, MA, [F.CENTRE], GrailMove.PICK_UP)
    walk(game, MA, [F.GOLGOTA, F.AKKON, F.TORTOSA, F.HQ_TEMPLARS], GrailMove.CARRY)
    assign_until_mover(game, 0)
    finale(game, Proposal(JB, blow=MA))
    view = game.public_view()
    assert game.outcome is None and view.bearer is None and view.grail_field == F.HQ_TEMPLARS
    assert view.positions[MA] is None and view.losses[1][MA] == 3 and view.known[1][MA] == 3
    assert game.mover == 1 and game.phase is Phase.TURN and game.to_act() == (1,)


def test_each_blow_costs_ten_again():
    game = new_game(2)
    opening(game, {0: {JB: ["A10", "A9", "A6"]}})
    walk(game, HA, [F.MASYAF, F.AKKON, F.TORTOSA, F.HQ_TEMPLARS])
    assign_until_mover(game, 0)
    finale(game, Proposal(JB, blow=AC))
    finale(game, Proposal(MA, F.MASYAF))
    finale(game, Proposal(JB, blow=HA))
    view = game.public_view()
    assert view.costs[0][JB] == 20 and game.view(0).sheet.costs[JB] == 20
    assert game.influence(0, JB) == 5 and view.positions[AC] is None and view.positions[HA] is None
