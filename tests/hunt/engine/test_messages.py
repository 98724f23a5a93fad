"""What a player reads when an action is refused: the exact words, for every rule."""

from __future__ import annotations

from types import SimpleNamespace

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
    Variant,
    errors,
)

from .helpers import assert_refused, carry_out, new_game, opening, step

JB, AC, MA, HA, FM, FV, AR, JF = Initiate
F = Field
A1, A5, B10 = Unit.parse("A1"), Unit.parse("A5"), Unit("B", 10)


def over() -> Game:
    game = new_game(2, turn_limit=1)
    opening(game, {})
    game.apply(Assign(0, ()))
    return game


def in_opening() -> Game:
    game = new_game(3)
    game.apply(Assign(0, ((A5, AC),)))
    return game


def on_turn() -> Game:
    game = new_game(3, names=("Ann", "Bo", "Cy"))
    opening(game, {0: {AC: ["A5"], JB: ["A9"], FM: ["A10"]}, 1: {AC: ["A3", "B4"]}, 2: {MA: ["A10"]}})
    return game


def in_objections() -> Game:
    game = on_turn()
    game.apply(Propose(0, step(AC, F.TORTOSA)))
    game.apply(Pass(2))
    return game


def in_reply() -> Game:
    game = in_objections()
    game.apply(Object(1, 7))
    return game


def after_a_rejection() -> Game:
    game = in_reply()
    game.apply(Concede(0))
    return game


def grail_carried_by_jb() -> Game:
    """JB bears the grail on the Centre; AC stands next to it on Golgota; player 0 to move."""
    game = new_game(2)
    opening(game, {0: {AC: ["A10"]}})
    for to, grail in ((F.BAGHRAS, GrailMove.NONE), (F.AVIGNON, GrailMove.NONE),
                      (F.PETERSDOM, GrailMove.NONE), (F.CENTRE, GrailMove.PICK_UP)):
        carry_out(game, step(JB, to, grail))
    for to in (F.TORTOSA, F.AKKON, F.GOLGOTA):
        carry_out(game, step(AC, to))
    carry_out(game, step(MA, F.MASYAF))
    assert game.mover == 0
    return game


def grail_lying_on_centre() -> Game:
    """The grail lies on the Centre; AC stands on Golgota next to it; player 0 to move."""
    game = new_game(2)
    opening(game, {})
    for to in (F.TORTOSA, F.AKKON, F.GOLGOTA):
        carry_out(game, step(AC, to))
    carry_out(game, step(MA, F.MASYAF))
    assert game.mover == 0
    return game


def ac_blown() -> Game:
    game = new_game(3)
    opening(game, {0: {MA: ["A10"]}})
    carry_out(game, step(AC, F.TORTOSA))
    carry_out(game, step(MA, F.MASYAF))
    carry_out(game, step(AC, F.AKKON))
    carry_out(game, Proposal(MA, F.AKKON, blow=AC))
    carry_out(game, step(JB, F.TORTOSA))
    assert game.mover == 2
    return game


E = errors
CASES = [
    # (position, action, error, message)
    (over, Assign(1, ()), E.GameOverError, "The game is over; no more actions are possible."),
    (on_turn, Pass(7), E.UnknownPlayerError, "There is no player 7 in this game."),
    (on_turn, Pass(-1), E.UnknownPlayerError, "There is no player -1 in this game."),
    (on_turn, Pass(3), E.UnknownPlayerError, "There is no player 3 in this game."),
    (on_turn, Pass(True), E.UnknownPlayerError, "There is no player True in this game."),
    (on_turn, "pass", E.UnknownPlayerError, "There is no player None in this game."),
    (in_opening, Assign(0, ()), E.NotYourTurnError, "You have already made your opening assignment."),
    (in_opening, Propose(1, step(AC, F.TORTOSA)), E.WrongPhaseError,
     "You cannot propose now; you are asked the opening assignment."),
    (in_opening, Pass(0), E.NotYourTurnError, "You cannot object or pass now: nothing is asked of you."),
    (on_turn, Assign(1, ()), E.NotYourTurnError, "It is Ann's turn, not yours."),
    (on_turn, Propose(2, step(AC, F.TORTOSA)), E.NotYourTurnError, "It is Ann's turn, not yours."),
    (on_turn, Pass(0), E.WrongPhaseError,
     "You cannot object or pass now; you are asked to assign influence or propose an action."),
    (on_turn, Match(0, 1), E.WrongPhaseError,
     "You cannot match or concede now; you are asked to assign influence or propose an action."),
    (on_turn, Concede(1), E.NotYourTurnError, "You cannot match or concede now: nothing is asked of you."),
    (in_objections, Propose(1, step(JB, F.TORTOSA)), E.WrongPhaseError,
     "You cannot propose now; you are asked to pass or object."),
    (in_objections, Assign(1, ()), E.WrongPhaseError,
     "You cannot assign influence now; you are asked to pass or object."),
    (in_objections, Object(0, 1), E.NotYourTurnError, "You cannot object to your own proposal."),
    (in_objections, Pass(0), E.NotYourTurnError, "You cannot object to your own proposal."),
    (in_objections, Pass(2), E.NotYourTurnError, "You have already answered this objection round."),
    (in_objections, Object(1, 8), E.NotEnoughInfluenceError,
     "You have only 7 on Alberto Castellano; you cannot reveal 8."),
    (in_objections, Object(1, 0), E.MalformedActionError, "An amount is a whole number of at least 1."),
    (in_objections, Object(1, 2.0), E.MalformedActionError, "An amount is a whole number of at least 1."),
    (in_objections, Object(1, False), E.MalformedActionError, "An amount is a whole number of at least 1."),
    (in_reply, Assign(0, ()), E.WrongPhaseError,
     "You cannot assign influence now; you are asked to match the objection or concede."),
    (in_reply, Concede(1), E.NotYourTurnError, "It is Ann's turn, not yours."),
    (in_reply, Match(0, 6), E.AmountError, "To hold your proposal you must show at least the objection of 7."),
    (in_reply, Match(0, 7), E.NotEnoughInfluenceError,
     "You have only 5 on Alberto Castellano; you cannot reveal 7."),
    (after_a_rejection, Assign(0, ()), E.AssignLockedError,
     "A proposal of yours was rejected this turn: you may assign only once every proposal you could "
     "make has been rejected."),
    (after_a_rejection, Propose(0, step(AC, F.TORTOSA)), E.RejectedProposalError,
     "That proposal was already rejected this turn; propose something else."),
    (on_turn, Assign(0, [(A1, JB)]), E.MalformedActionError,  # type: ignore[arg-type]
     "An assignment is a list of unit and initiate pairs."),
    (on_turn, Assign(0, ((A1,),)), E.MalformedActionError,  # type: ignore[arg-type]
     "Each placement pairs one unit with one initiate."),
    (on_turn, Assign(0, ((A1, JB, JB),)), E.MalformedActionError,  # type: ignore[arg-type]
     "Each placement pairs one unit with one initiate."),
    (on_turn, Assign(0, ((B10, JB),)), E.MalformedActionError,
     "Unit(strip='B', points=10) is not a unit of the sheet (strip A: 1-10, strip B: 1-9)."),
    (on_turn, Assign(0, (("A1", JB),)), E.MalformedActionError,  # type: ignore[arg-type]
     "'A1' is not a unit of the sheet (strip A: 1-10, strip B: 1-9)."),
    (on_turn, Assign(0, ((A1, 3),)), E.MalformedActionError, "3 is not an initiate."),  # type: ignore[arg-type]
    (on_turn, Assign(0, ((A1, JB), (A1, AC))), E.UnitUsedError,
     "Unit A1 can go to one initiate only; a unit is never split."),
    (on_turn, Assign(0, ((A5, JB),)), E.UnitUsedError, "You have already crossed out unit A5."),
    (ac_blown, Assign(2, ((A1, AC),)), E.RemovedInitiateError,
     "Alberto Castellano has left the game; influence on it would be lost."),
    (on_turn, Assign(0, ((A1, JB), (Unit.parse("A2"), AC))), None, None),  # small game: fine
    (on_turn, Propose(0, "AC"), E.MalformedActionError,  # type: ignore[arg-type]
     "A proposal names an initiate and a step or a blow."),
    (on_turn, Propose(0, Proposal(1, F.TORTOSA)), E.MalformedActionError,  # type: ignore[arg-type]
     "A proposal names an initiate and a step or a blow."),
    (on_turn, Propose(0, Proposal(AC, 1)), E.MalformedActionError,  # type: ignore[arg-type]
     "A step names the field to step to."),
    (on_turn, Propose(0, Proposal(AC, blow=0)), E.MalformedActionError,  # type: ignore[arg-type]
     "A blow names the initiate whose cover is blown."),
    (on_turn, Propose(0, Proposal(AC, F.TORTOSA, "carry")), E.MalformedActionError,  # type: ignore[arg-type]
     "The grail handling of this proposal is not understood."),
    (on_turn, Propose(0, Proposal(AC, F.TORTOSA, take_grail=1)), E.MalformedActionError,  # type: ignore[arg-type]
     "The grail handling of this proposal is not understood."),
    (ac_blown, Propose(2, step(AC, F.TORTOSA)), E.RemovedInitiateError,
     "Alberto Castellano has left the game and cannot act."),
    (on_turn, Propose(0, Proposal(AC)), E.MalformedActionError, "A proposal needs a step, a blow, or both."),
    (on_turn, Propose(0, Proposal(AC, F.TORTOSA, take_grail=True)), E.MalformedActionError,
     "Taking the grail up after a blow needs a blow."),
    (on_turn, Propose(0, step(AC, F.AKKON)), E.NotAdjacentError,
     "Alberto Castellano stands on HQ Templars; Akkon is not next to it "
     "(a step goes one field up, down, left or right)."),
    (on_turn, Propose(0, Proposal(JB, blow=AC, grail=GrailMove.CARRY)), E.GrailError,
     "Grail handling goes with a step; a blow alone cannot move it."),
    (on_turn, Propose(0, Proposal(JB, blow=JB)), E.BlowError, "Jacques de Barruel cannot blow its own cover."),
    (ac_blown, Propose(2, Proposal(MA, blow=AC)), E.RemovedInitiateError,
     "Alberto Castellano has already left the game."),
    (on_turn, Propose(0, Proposal(JB, blow=MA)), E.BlowError,
     "Mansur Al-Hallaj is not on HQ Templars; a blow reaches only an initiate on the same field "
     "as Jacques de Barruel."),
    (on_turn, Propose(0, Proposal(JB, F.TORTOSA, blow=AC)), E.BlowError,
     "Alberto Castellano is not on Tortosa; a blow reaches only an initiate on the same field "
     "as Jacques de Barruel."),
    (on_turn, Propose(0, Proposal(AC, blow=JB)), E.NotEnoughInfluenceError,
     "Blowing a cover needs at least 10 on Alberto Castellano; you have 5."),
    (on_turn, Propose(0, Proposal(FM, blow=FV, take_grail=True)), E.GrailError,
     "Frater Valentius does not carry the grail, so there is none to take."),
    (on_turn, Propose(0, Proposal(FM, blow=FV)), None, None),
    (on_turn, Propose(0, Proposal(JB, blow=AC)), E.NotEnoughInfluenceError,
     "Blowing a cover needs at least 10 on Jacques de Barruel; you have 9."),
    (grail_carried_by_jb, Propose(0, step(AC, F.CENTRE, GrailMove.PICK_UP)), E.GrailError,
     "The grail is carried by Jacques de Barruel; nobody can take it from another initiate."),
    (grail_carried_by_jb, Propose(0, step(JB, F.AVALON, GrailMove.NONE)), E.GrailError,
     "Jacques de Barruel carries the grail: keep it, drop it before the step, or drop it after."),
    (grail_carried_by_jb, Propose(0, step(JB, F.AVALON, GrailMove.PICK_UP)), E.GrailError,
     "Jacques de Barruel carries the grail: keep it, drop it before the step, or drop it after."),
    (grail_lying_on_centre, Propose(0, step(AC, F.AKKON, GrailMove.PICK_UP)), E.GrailError,
     "The grail does not lie on Akkon."),
    (grail_lying_on_centre, Propose(0, step(AC, F.CENTRE, GrailMove.DROP_BEFORE)), E.GrailError,
     "Alberto Castellano does not carry the grail."),
    (grail_lying_on_centre, Propose(0, step(AC, F.AKKON, GrailMove.CARRY)), E.GrailError,
     "The grail does not lie on Golgota, so Alberto Castellano cannot take it along."),
    (grail_lying_on_centre, Propose(0, step(AC, F.AKKON, GrailMove.DROP_AFTER)), E.GrailError,
     "The grail does not lie on Golgota, so Alberto Castellano cannot take it along."),
    (on_turn, SimpleNamespace(player=0), E.MalformedActionError,
     "namespace(player=0) is not an action of this game."),
]


@pytest.mark.parametrize("case", range(len(CASES)))
def test_each_refusal_says_exactly_what_is_wrong(case: int) -> None:
    position, action, error, message = CASES[case]
    game = position()
    if error is None:
        assert game.why_illegal(action) is None
        return
    said = assert_refused(game, action, error)
    assert game.why_illegal(action) == said == message


def test_large_game_assignment_to_two_initiates():
    game = Game(Setup(players=4, first_player=0))
    opening(game, {})
    said = assert_refused(game, Assign(0, ((A1, JB), (A5, AC))), E.OneInitiateError)
    assert said == "In the large game all the units you assign on a turn go to one initiate."


def test_step_then_blow_in_the_large_game():
    game = Game(Setup(players=4, first_player=0))
    opening(game, {0: {JB: ["A10"]}})
    said = assert_refused(game, Propose(0, Proposal(JB, F.TORTOSA, blow=AC)), E.StepThenBlowError)
    assert said == "In the large game a proposal is a step or a blow, never both."


def test_setup_refusals():
    for kwargs, message in (
        ({"players": 1}, "A game has 2 to 8 players, not 1."),
        ({"players": 9}, "A game has 2 to 8 players, not 9."),
        ({"players": "3"}, "A game has 2 to 8 players, not 3."),
        ({"players": 3, "variant": Variant.ORIGINAL}, "The Original is played by exactly 4 players."),
        ({"players": 3, "turn_limit": 0}, "The turn limit must be a whole number of at least 1."),
        ({"players": 3, "turn_limit": 2.5}, "The turn limit must be a whole number of at least 1."),
        ({"players": 3, "first_player": 3}, "The start player must be a seat from 1 to 3."),
        ({"players": 3, "first_player": -1}, "The start player must be a seat from 1 to 3."),
        ({"players": 3, "names": ("a", "b")}, "Give a name for every seat, or none."),
    ):
        with pytest.raises(ValueError) as info:
            Setup(**kwargs)  # type: ignore[arg-type]
        assert str(info.value) == message
    assert Setup(players=2).players == 2 and Setup(players=8).players == 8
    assert Setup(players=3, first_player=0).first_player == 0
    assert Setup(players=3, first_player=2).first_player == 2
    assert Setup(players=3, turn_limit=1).turn_limit == 1
    assert Setup(players=2, names=("a", "b")).name(1) == "b" and Setup(players=2).name(0) == "Player 1"


def test_nobody_outside_the_game_has_legal_actions():
    for game in (new_game(3), on_turn(), in_objections()):
        for player in (-1, 3, 8):
            assert list(game.legal_actions(player)) == []
            assert Pass(player) not in game.legal_actions(player)
        legal = game.legal_actions(game.to_act()[0])
        assert "propose" not in legal and None not in legal and SimpleNamespace(player=0) not in legal
