"""Every illegal action named in RULES raises its own error and changes nothing."""

import pytest

from grail_tui.games.hunt.engine import (
    Assign,
    Concede,
    Field,
    Game,
    GrailMove,
    Initiate,
    Match,
    Object,
    Pass,
    Proposal,
    Propose,
    Setup,
    Unit,
    errors,
)

from .helpers import assert_refused, carry_out, new_game, opening, step

JB, AC, MA, HA, FM, FV, AR, JF = Initiate


def test_out_of_turn_proposal():
    game = new_game(3)
    opening(game, {})
    msg = assert_refused(game, Propose(1, step(AC, Field.TORTOSA)), errors.NotYourTurnError)
    assert "Player 1's turn" in msg


def test_out_of_turn_answer_and_mover_objecting():
    game = new_game(3)
    opening(game, {0: {AC: ["A5"]}, 1: {AC: ["A3"]}})
    game.apply(Propose(0, step(AC, Field.TORTOSA)))
    assert_refused(game, Object(0, 1), errors.NotYourTurnError, "own proposal")
    game.apply(Pass(1))
    assert_refused(game, Pass(1), errors.NotYourTurnError, "already answered")
    assert_refused(game, Match(0, 1), errors.NotYourTurnError)  # the mover is not asked now


def test_reveal_more_than_you_have():
    game = new_game(3)
    opening(game, {0: {AC: ["A5"]}, 1: {AC: ["A3", "B4"]}})
    game.apply(Propose(0, step(AC, Field.TORTOSA)))
    msg = assert_refused(game, Object(1, 8), errors.NotEnoughInfluenceError)
    assert msg == "You have only 7 on Alberto Castellano; you cannot reveal 8."
    game.apply(Object(1, 7))
    game.apply(Pass(2))
    assert_refused(game, Match(0, 7 + 1), errors.NotEnoughInfluenceError)
    assert_refused(game, Match(0, 6), errors.AmountError)  # below the objection
    assert Match(0, 5) not in game.legal_actions(0)  # 5 < 7


def test_objection_must_beat_the_showing():
    game = new_game(2)
    opening(game, {0: {AC: ["A5"]}, 1: {AC: ["A9"]}})
    game.apply(Propose(0, step(AC, Field.TORTOSA)))
    game.apply(Object(1, 3))
    game.apply(Match(0, 4))
    assert_refused(game, Object(1, 4), errors.AmountError, "more than the mover's 4")
    assert_refused(game, Object(1, 0), errors.MalformedActionError)
    assert_refused(game, Object(1, True), errors.MalformedActionError)


def test_reusing_a_unit():
    game = new_game(3)
    opening(game, {0: {AC: ["A5"]}})
    assert_refused(game, Assign(0, ((Unit.parse("A5"), JB),)), errors.UnitUsedError, "already crossed out")


def test_splitting_a_unit():
    game = new_game(3)
    action = Assign(0, ((Unit.parse("A5"), JB), (Unit.parse("A5"), AC)))
    assert_refused(game, action, errors.UnitUsedError, "never split")


def test_units_that_are_not_on_a_sheet():
    with pytest.raises(ValueError):
        Unit.parse("A11")
    game = new_game(3)
    assert_refused(game, Assign(0, ((Unit("B", 10), JB),)), errors.MalformedActionError)


def _blow_ac(game: Game) -> None:
    """Player 0 (10 on MA) brings MA next to AC and blows its cover."""
    carry_out(game, step(AC, Field.TORTOSA))  # p0
    carry_out(game, step(MA, Field.MASYAF))  # p1
    carry_out(game, step(AC, Field.AKKON))  # p2
    game.apply(Propose(0, Proposal(MA, Field.AKKON, blow=AC)))
    for p in game.to_act():
        game.apply(Pass(p))


def test_assigning_to_a_removed_initiate():
    game = new_game(3)
    opening(game, {0: {MA: ["A10"]}})
    _blow_ac(game)
    assert game.mover == 1
    assert_refused(game, Assign(1, ((Unit.parse("A1"), AC),)), errors.RemovedInitiateError, "left the game")
    assert_refused(game, Propose(1, step(AC, Field.TORTOSA)), errors.RemovedInitiateError)


def test_second_initiate_in_a_large_game_assignment():
    game = new_game(4)
    # the opening is unrestricted, also in the large game
    game.apply(Assign(0, ((Unit.parse("A1"), JB), (Unit.parse("A2"), AC))))
    for p in (1, 2, 3):
        game.apply(Assign(p, ()))
    action = Assign(0, ((Unit.parse("A3"), JB), (Unit.parse("A4"), AC)))
    assert_refused(game, action, errors.OneInitiateError, "one initiate")
    game.apply(Assign(0, ((Unit.parse("A3"), JB), (Unit.parse("A4"), JB))))


def test_several_initiates_in_a_small_game_turn():
    game = new_game(3)
    opening(game, {})
    game.apply(Assign(0, ((Unit.parse("A3"), JB), (Unit.parse("A4"), AC))))
    assert game.view(0).sheet.influence[JB] == 3


def test_non_adjacent_step():
    game = new_game(3)
    opening(game, {})
    msg = assert_refused(game, Propose(0, step(AC, Field.RENNES_LE_CHATEAU)), errors.NotAdjacentError)
    assert "HQ Templars" in msg
    assert_refused(game, Propose(0, step(AC, Field.AKKON)), errors.NotAdjacentError)


def test_taking_the_grail_from_another_initiate():
    game = new_game(3)
    opening(game, {})
    carry_out(game, step(JB, Field.BAGHRAS))
    carry_out(game, step(JB, Field.AVIGNON))
    carry_out(game, step(JB, Field.PETERSDOM))
    carry_out(game, step(JB, Field.CENTRE, GrailMove.PICK_UP))
    assert game.public_view().bearer == JB
    carry_out(game, step(AC, Field.TORTOSA))
    carry_out(game, step(AC, Field.AKKON))
    carry_out(game, step(AC, Field.GOLGOTA))
    # AC stands next to JB's field; JB carries the grail on the Centre
    msg = assert_refused(game, Propose(game.mover, step(AC, Field.CENTRE, GrailMove.PICK_UP)), errors.GrailError)
    assert "nobody can take it from another initiate" in msg
    carry_out(game, step(AC, Field.CENTRE))
    assert_refused(game, Propose(game.mover, step(AC, Field.GOLGOTA, GrailMove.CARRY)), errors.GrailError)


def test_blow_with_less_than_ten():
    game = new_game(3)
    opening(game, {0: {AC: ["A9"]}})
    msg = assert_refused(game, Propose(0, Proposal(AC, blow=JB)), errors.NotEnoughInfluenceError)
    assert msg == "Blowing a cover needs at least 10 on Alberto Castellano; you have 9."


def test_blow_onto_another_field():
    game = new_game(3)
    opening(game, {0: {AC: ["A10"]}})
    assert_refused(game, Propose(0, Proposal(AC, blow=MA)), errors.BlowError, "not on HQ Templars")
    assert_refused(game, Propose(0, Proposal(AC, blow=AC)), errors.BlowError, "own cover")
    # step then blow: the target must stand on the destination
    assert_refused(game, Propose(0, Proposal(AC, Field.TORTOSA, blow=JB)), errors.BlowError)


def test_step_then_blow_in_the_large_game():
    game = new_game(4)
    opening(game, {0: {MA: ["A10"]}})
    carry_out(game, step(AC, Field.TORTOSA))
    carry_out(game, step(AC, Field.AKKON))
    carry_out(game, step(MA, Field.MASYAF))
    carry_out(game, step(JB, Field.BAGHRAS))
    assert game.mover == 0
    action = Propose(0, Proposal(MA, Field.AKKON, blow=AC))
    assert_refused(game, action, errors.StepThenBlowError, "never both")


def test_reproposing_a_rejected_proposal_and_assign_lock():
    game = new_game(2)
    opening(game, {1: {AC: ["A1"]}})
    proposal = step(AC, Field.TORTOSA)
    game.apply(Propose(0, proposal))
    game.apply(Object(1, 1))
    game.apply(Concede(0))
    assert_refused(game, Propose(0, proposal), errors.RejectedProposalError)
    assert_refused(game, Assign(0, ()), errors.AssignLockedError, "every proposal")
    game.apply(Propose(0, step(AC, Field.BAGHRAS)))  # a different proposal is fine


def test_acting_after_the_end():
    game = new_game(2, turn_limit=1)
    opening(game, {})
    game.apply(Assign(0, ()))
    assert game.outcome is not None
    assert_refused(game, Assign(1, ()), errors.GameOverError)
    assert len(game.legal_actions(1)) == 0


def test_unknown_player_and_non_actions():
    game = new_game(3)
    assert_refused(game, Assign(5, ()), errors.UnknownPlayerError)
    assert_refused(game, "propose", errors.UnknownPlayerError)
    opening(game, {})
    assert_refused(game, Propose(0, Proposal(AC)), errors.MalformedActionError, "step, a blow")
    assert_refused(game, Propose(0, Proposal(AC, Field.TORTOSA, take_grail=True)),
                   errors.MalformedActionError)


def test_wrong_phase_answers():
    game = new_game(3)
    opening(game, {})
    assert_refused(game, Pass(1), errors.NotYourTurnError)
    assert_refused(game, Concede(0), errors.WrongPhaseError, "assign influence or propose")
    assert_refused(game, Object(0, 1), errors.WrongPhaseError)


def test_an_action_checked_already_is_carried_out_as_if_checked_again():
    """The table checks an action once (``why_illegal``) and applies it with ``checked=True``."""
    checked, again = Game(Setup(players=3, seed=4)), Game(Setup(players=3, seed=4))
    for _ in range(40):
        if checked.is_over:
            break
        seat = checked.to_act()[0]
        action = checked.legal_actions(seat)[-1]
        assert checked.why_illegal(action) is None
        assert checked.apply(action, checked=True) == again.apply(action)
        assert checked.public_view() == again.public_view()
