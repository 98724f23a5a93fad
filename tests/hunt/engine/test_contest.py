"""RULES §4-§5 step by step: the exact events, record and views of turns and contests."""

from __future__ import annotations

from grail_tui.games.hunt.engine import (
    Assign,
    Assigned,
    Concede,
    Conceded,
    ContestView,
    CoverBlown,
    Field,
    Game,
    GameStarted,
    HqDealt,
    Initiate,
    Match,
    Matched,
    Object,
    ObjectionsRevealed,
    Pass,
    Phase,
    Proposal,
    ProposalCarried,
    Propose,
    Proposed,
    Setup,
    Society,
    Stepped,
    TurnBegan,
    Unit,
    UnitsPlaced,
    Variant,
    visible_to,
)

from .helpers import carry_out, new_game, opening, step

JB, AC, MA, HA, FM, FV, AR, JF = Initiate
F = Field


def test_the_opening_and_a_turn_of_assigning_in_events():
    game = Game(Setup(players=3, first_player=2, names=("Ann", "Bo", "Cy")))
    assert game.history == [GameStarted(3, Variant.STANDARD, 2)]
    start = game.public_view()
    assert (start.turn, start.mover, start.phase, start.contest, start.assign_log) == (0, 2, Phase.OPENING,
                                                                                       None, ())
    assert start.losses == ((None,) * 8,) * 3 and start.known == ((0,) * 8,) * 3
    assert start.costs == ((0,) * 8,) * 3 and game.view(1).sheet.costs == (0,) * 8
    a10 = ((Unit.parse("A10"), AC),)
    assert game.apply(Assign(1, a10)) == [UnitsPlaced(1, a10)]
    assert game.apply(Assign(0, ())) == [UnitsPlaced(0, ())]
    assert game.apply(Assign(2, ())) == [UnitsPlaced(2, ()), Assigned(0, True), Assigned(1, True),
                                         Assigned(2, True), TurnBegan(2, 1)]
    assert (game.phase, game.turn, game.mover, game.to_act()) == (Phase.TURN, 1, 2, (2,))
    b1 = ((Unit.parse("B1"), MA), (Unit.parse("B2"), JB))
    assert game.apply(Assign(2, b1)) == [Assigned(2, False), UnitsPlaced(2, b1), TurnBegan(0, 2)]
    assert game.apply(Assign(0, ())) == [Assigned(0, False), UnitsPlaced(0, ()), TurnBegan(1, 3)]
    view = game.public_view()
    assert view.assign_log == ((0, 0), (0, 1), (0, 2), (1, 2), (2, 0))
    assert (view.turn, view.mover, view.first_player, view.to_act) == (3, 1, 2, (1,))
    assert game.view(2).sheet.placed == (2, 0, 1, 0, 0, 0, 0, 0) and game.view(1).sheet.placed[AC] == 10
    assert game.view(2).sheet.remaining == 97 and game.view(1).sheet.remaining == 90


def test_an_unopposed_proposal_in_events():
    game = new_game(4)
    opening(game, {})
    proposal = step(AC, F.TORTOSA)
    assert game.apply(Propose(0, proposal)) == [Proposed(0, proposal)]
    assert game.apply(Pass(3)) == [] and game.apply(Pass(1)) == []
    assert game.apply(Pass(2)) == [
        ObjectionsRevealed(1, (), (1, 2, 3), None, 0), ProposalCarried(0, proposal),
        Stepped(AC, F.HQ_TEMPLARS, F.TORTOSA), TurnBegan(1, 2)]
    view = game.public_view()
    assert view.contest is None and view.rejected == () and view.phase is Phase.TURN


def test_a_contest_round_by_round():
    game = new_game(4)
    opening(game, {0: {AC: ["A9", "A3"]}, 1: {AC: ["A6"]}, 2: {AC: ["A8"]}, 3: {AC: ["A4"]}})
    carry_out(game, step(JB, F.TORTOSA))  # player 0
    proposal = step(AC, F.TORTOSA)
    game.apply(Propose(1, proposal))
    assert game.public_view().contest == ContestView(1, proposal, 1, 0, 0, None, (2, 3, 0), (), (0, 0, 0, 0))
    game.apply(Object(0, 5))
    game.apply(Object(3, 4))
    events = game.apply(Object(2, 5))
    # clockwise from the mover (1): 2, 3, 0; the first of the tied 5s holds
    assert events == [ObjectionsRevealed(1, ((2, 5), (3, 4), (0, 5)), (), 2, 5)]
    assert (game.phase, game.to_act(), game.high, game.holder) == (Phase.REPLY, (1,), 5, 2)
    view = game.public_view()
    assert view.contest == ContestView(1, proposal, 1, 0, 5, 2, (1,), tuple(events), (5, 0, 5, 4))
    assert [row[AC] for row in view.known] == [5, 0, 5, 4]
    assert game.apply(Match(1, 6)) == [Matched(1, 6)]
    assert (game.phase, game.round, game.showing, game.to_act()) == (Phase.OBJECTIONS, 2, 6, (2, 3, 0))
    contest = game.public_view().contest
    assert contest is not None and contest.round == 2 and contest.showing == 6 and contest.awaiting == (2, 3, 0)
    assert contest.shown == (5, 6, 5, 4) and game.public_view().known[1][AC] == 6
    game.apply(Pass(3))
    game.apply(Object(0, 12))
    events = game.apply(Object(2, 8))
    assert events == [ObjectionsRevealed(2, ((2, 8), (0, 12)), (3,), 0, 12)]
    assert [row[AC] for row in game.public_view().known] == [12, 6, 8, 4]
    assert game.public_view().contest.shown == (12, 6, 8, 4)  # type: ignore[union-attr]
    assert game.apply(Concede(1)) == [Conceded(1, proposal)]
    view = game.public_view()
    assert (view.phase, view.mover, view.turn, view.contest, view.rejected) == (Phase.TURN, 1, 2, None,
                                                                                 (proposal,))
    assert (game.showing, game.high, game.holder, game.round, game.answers) == (0, 0, None, 0, {})
    carry_out(game, step(AC, F.BAGHRAS))
    assert game.public_view().rejected == () and game.mover == 2
    assert [row[AC] for row in game.public_view().known] == [12, 6, 8, 4]  # the record stays


def test_known_at_least_only_rises_and_the_matching_mover_holds_on_a_tie():
    game = new_game(2)
    opening(game, {0: {AC: ["A9"]}, 1: {AC: ["A7"]}})
    game.apply(Propose(0, step(AC, F.TORTOSA)))
    game.apply(Object(1, 7))
    game.apply(Match(0, 9))
    game.apply(Pass(1))
    assert game.public_view().known == ((0, 9, 0, 0, 0, 0, 0, 0), (0, 7, 0, 0, 0, 0, 0, 0))
    game.apply(Propose(1, step(AC, F.AKKON)))
    game.apply(Object(0, 1))
    game.apply(Match(1, 1))
    events = game.apply(Object(0, 2))
    assert events == [ObjectionsRevealed(2, ((0, 2),), (), 0, 2)]
    assert game.public_view().known == ((0, 9, 0, 0, 0, 0, 0, 0), (0, 7, 0, 0, 0, 0, 0, 0))
    game.apply(Match(1, 2))  # equal to the objection: enough
    assert game.phase is Phase.OBJECTIONS and game.to_act() == (0,)


def test_a_blow_in_events_and_in_the_record():
    game = new_game(3)
    opening(game, {0: {MA: ["A10", "A4"], AC: ["A2"]}, 1: {AC: ["A6"], MA: ["A1"]}, 2: {AC: ["B9"]}})
    carry_out(game, step(AC, F.TORTOSA))
    carry_out(game, step(MA, F.MASYAF))
    carry_out(game, step(AC, F.AKKON))
    game.apply(Propose(0, Proposal(MA, F.AKKON, blow=AC)))
    game.apply(Object(1, 1))
    game.apply(Pass(2))
    game.apply(Match(0, 13))
    game.apply(Pass(1))
    events = game.apply(Pass(2))
    assert events[2:] == [Stepped(MA, F.MASYAF, F.AKKON), CoverBlown(MA, AC, F.AKKON, 0, (2, 6, 9)),
                          TurnBegan(1, 5)]
    view = game.public_view()
    assert [row[MA] for row in view.known] == [3, 1, 0]  # 13 shown, 10 paid
    assert [row[AC] for row in view.known] == [2, 6, 9]  # losses are published
    assert view.losses == tuple((None, loss, None, None, None, None, None, None) for loss in (2, 6, 9))
    assert [row[MA] for row in view.costs] == [10, 0, 0]
    assert game.view(0).sheet.influence[MA] == 4 and game.view(0).sheet.costs[MA] == 10
    assert game.view(0).sheet.influence[AC] == 0 and game.view(0).sheet.placed[AC] == 2
    assert game.influence(1, AC) == 0 and game.sheets[1].influence(AC) == 6


def test_a_paid_blow_never_takes_known_at_least_below_zero():
    game = new_game(2)
    opening(game, {0: {JB: ["A10", "A1"]}, 1: {JB: ["A2"]}})
    game.apply(Propose(0, Proposal(JB, blow=AC)))
    game.apply(Object(1, 2))
    game.apply(Match(0, 3))
    game.apply(Pass(1))
    assert game.public_view().known[0][JB] == 0 and game.influence(0, JB) == 1


def test_the_original_deals_each_player_one_secret_hq():
    game = Game(Setup(players=4, variant=Variant.ORIGINAL, seed=12, first_player=1))
    owners = game.hq_owner
    assert owners is not None and sorted(owners) == [0, 1, 2, 3]
    dealt = [e for e in game.history if isinstance(e, HqDealt)]
    assert dealt == [HqDealt(owners[s], Society(s)) for s in range(4)]
    for event in dealt:
        assert [p for p in range(4) if visible_to(event, p)] == [event.player]
        assert not visible_to(event, None)
        assert game.view(event.player).hq is event.society
    assert Game(Setup(players=4, variant=Variant.ORIGINAL, seed=12, first_player=1)).hq_owner == owners
    assert {Game(Setup(players=4, variant=Variant.ORIGINAL, seed=s)).hq_owner for s in range(30)} != {owners}
    assert Game(Setup(players=4)).hq_owner is None and game.view(0).hq is not None
    assert new_game(4).view(0).hq is None


def test_views_say_who_is_waiting_and_who_may_assign():
    game = new_game(3)
    assert [game.view(p).waiting for p in range(3)] == [True, True, True]
    opening(game, {1: {AC: ["A3"]}})
    assert [game.view(p).waiting for p in range(3)] == [True, False, False]
    assert [game.view(p).may_assign for p in range(3)] == [True, False, False]
    game.apply(Propose(0, step(AC, F.TORTOSA)))
    assert [game.view(p).waiting for p in range(3)] == [False, True, True]
    assert [game.view(p).may_assign for p in range(3)] == [False, False, False]
    game.apply(Object(1, 3))
    assert [game.view(p).answer for p in range(3)] == [None, 3, None]
    assert [game.view(p).waiting for p in range(3)] == [False, False, True]
    game.apply(Pass(2))
    assert [game.view(p).waiting for p in range(3)] == [True, False, False]
    assert [game.view(p).answer for p in range(3)] == [None, None, None]
    game.apply(Concede(0))
    assert [game.view(p).may_assign for p in range(3)] == [False, False, False]  # locked: others remain
    assert game.view(0).waiting


def test_the_public_view_of_a_finished_game_shows_every_sheet():
    game = new_game(2, turn_limit=1, names=("Ann", "Bo"))
    opening(game, {0: {AC: ["A4"]}, 1: {JB: ["B2"]}})
    assert game.public_view().sheets is None
    game.apply(Assign(0, ((Unit.parse("A1"), MA),)))
    view = game.public_view()
    assert view.sheets == (game.view(0).sheet, game.view(1).sheet)
    assert view.sheets[0].placements == ((Unit.parse("A1"), MA), (Unit.parse("A4"), AC))
    assert view.sheets[1].influence == (2, 0, 0, 0, 0, 0, 0, 0)
    assert (view.names, view.players, view.small, view.turn_limit) == (("Ann", "Bo"), 2, True, 1)
    assert view.variant is Variant.STANDARD and view.hq_owner is None and view.phase is Phase.OVER
    assert view.to_act == () and game.to_act() == () and game.asked() == ()
