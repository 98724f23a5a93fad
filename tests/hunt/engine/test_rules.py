"""The rules of RULES.md, one behaviour at a time."""

from grail_tui.games.hunt.engine import (
    Assign,
    Assigned,
    Concede,
    Field,
    Game,
    GameRecord,
    GrailMove,
    Initiate,
    Match,
    Object,
    ObjectionsRevealed,
    Pass,
    Phase,
    Proposal,
    Propose,
    Setup,
    Society,
    Termination,
    Unit,
    UnitsPlaced,
    Variant,
    visible_to,
)

from .helpers import assign, assign_until_mover, carry_out, everyone_passes, new_game, opening, step

JB, AC, MA, HA, FM, FV, AR, JF = Initiate


def test_setup_positions_grail_and_sheets():
    game = new_game(5)
    view = game.public_view()
    assert view.positions == (Field.HQ_TEMPLARS,) * 2 + (Field.HQ_ASSASSINS,) * 2 + (
        Field.HQ_ROSICRUCIANS,) * 2 + (Field.HQ_ILLUMINATI,) * 2
    assert view.grail_field == Field.CENTRE and view.bearer is None
    sheet = game.view(0).sheet
    assert len(sheet.free) == 19 and sheet.remaining == 100
    assert sorted(u.points for u in sheet.free) == sorted(list(range(1, 11)) + list(range(1, 10)))


def test_board_adjacency_is_orthogonal():
    assert set(Field.CENTRE.neighbours) == {Field.GOLGOTA, Field.AL_AQSA_MOSCHEE, Field.AVALON, Field.PETERSDOM}
    assert set(Field.HQ_TEMPLARS.neighbours) == {Field.TORTOSA, Field.BAGHRAS}
    assert Field.AKKON in Field.TORTOSA.neighbours and Field.AKKON in Field.MASYAF.neighbours
    assert Field.PRAGUE in Field.MALTA.neighbours
    assert Field.parse("c3") is Field.CENTRE and Field.parse("Tortosa") is Field.TORTOSA


def test_opening_is_simultaneous_and_secret():
    game = new_game(3, first_player=1)
    assert game.phase is Phase.OPENING and set(game.to_act()) == {0, 1, 2}
    before = game.public_view()
    assign(game, 2, {AC: ["A10"]})
    assert game.phase is Phase.OPENING and set(game.to_act()) == {0, 1}
    # nobody learns who has made an opening assignment until all have
    assert game.public_view() == before and game.view(0).public == before
    assert not [e for e in game.history if visible_to(e, None) and isinstance(e, Assigned)]
    assert game.view(2).waiting is False and game.view(0).waiting is True
    assign(game, 0, {})
    assign(game, 1, {JB: ["B1"]})
    assert game.phase is Phase.TURN and game.mover == 1 and game.turn == 1
    placed = [e for e in game.history if isinstance(e, UnitsPlaced)]
    assert all(not visible_to(e, None) for e in placed)
    assert [e.player for e in game.history if isinstance(e, Assigned)] == [0, 1, 2]
    assert game.public_view().known[2][AC] == 0  # assigning reveals nothing


def test_zero_unit_assignment_is_a_turn():
    game = new_game(3)
    opening(game, {})
    game.apply(Assign(0, ()))
    assert game.mover == 1 and game.turn == 2
    assert (1, 0) in game.public_view().assign_log


def test_start_player_is_seeded():
    firsts = {Game(Setup(players=4, seed=s)).first_player for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert Game(Setup(players=4, seed=9)).first_player == Game(Setup(players=4, seed=9)).first_player


def test_unopposed_proposal_happens_and_turn_passes():
    game = new_game(3)
    opening(game, {})
    carry_out(game, step(AC, Field.TORTOSA))
    assert game.public_view().positions[AC] == Field.TORTOSA
    assert game.mover == 1 and game.turn == 2


def test_ties_favour_the_mover_and_all_objections_are_public():
    game = new_game(4)
    opening(game, {0: {AC: ["A9"]}, 1: {AC: ["A6"]}, 2: {AC: ["A6"]}, 3: {AC: ["A4"]}})
    game.apply(Propose(0, step(AC, Field.TORTOSA)))
    game.apply(Object(3, 4))
    game.apply(Object(2, 6))
    assert game.phase is Phase.OBJECTIONS  # answers are collected until the last
    assert game.public_view().known[2][AC] == 0  # not shown before the round is complete
    game.apply(Object(1, 6))
    revealed = game.history[-1]
    assert isinstance(revealed, ObjectionsRevealed)
    assert revealed.objections == ((1, 6), (2, 6), (3, 4))  # clockwise from the mover
    assert revealed.holder == 1  # tie between objectors: first clockwise holds
    known = game.public_view().known
    assert (known[1][AC], known[2][AC], known[3][AC]) == (6, 6, 4)
    game.apply(Match(0, 6))  # a tie favours the mover
    everyone_passes(game)
    assert game.public_view().positions[AC] == Field.TORTOSA
    assert game.public_view().known[0][AC] == 6


def test_revealing_more_than_needed_is_allowed():
    game = new_game(2)
    opening(game, {0: {AC: ["A9"]}, 1: {AC: ["A6"]}})
    game.apply(Propose(0, step(AC, Field.TORTOSA)))
    game.apply(Object(1, 2))
    game.apply(Match(0, 9))
    assert [a.amount for a in game.legal_actions(1) if isinstance(a, Object)] == []
    game.apply(Pass(1))
    assert game.public_view().positions[AC] == Field.TORTOSA


def test_player_without_influence_can_only_pass():
    game = new_game(3)
    opening(game, {0: {AC: ["A3"]}, 1: {AC: ["A3"]}})
    game.apply(Propose(0, step(AC, Field.TORTOSA)))
    assert list(game.legal_actions(2)) == [Pass(2)]
    assert game.to_act() == (1, 2)  # still asked: no instant auto-pass
    game.apply(Object(1, 2))
    game.apply(Pass(2))
    game.apply(Match(0, 3))
    assert list(game.legal_actions(1)) == [Pass(1)]  # 3 on AC does not beat 3


def test_concession_rejects_and_allows_other_proposals():
    game = new_game(2)
    opening(game, {1: {AC: ["A2"]}})
    game.apply(Propose(0, step(AC, Field.TORTOSA)))
    game.apply(Object(1, 1))
    assert [type(a).__name__ for a in game.legal_actions(0)] == ["Concede"]
    game.apply(Concede(0))
    assert game.phase is Phase.TURN and game.mover == 0
    assert game.public_view().rejected == (step(AC, Field.TORTOSA),)
    carry_out(game, step(JB, Field.TORTOSA))
    assert game.mover == 1 and game.public_view().rejected == ()


def test_assigning_after_every_proposal_was_rejected():
    game = new_game(2)
    # player 1 holds 1 on every initiate; player 0 holds nothing
    codes = ["A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8"]
    opening(game, {1: {i: [c] for i, c in zip(Initiate, codes, strict=True)}})
    rejected = 0
    for _ in range(100):
        proposals = [a for a in game.legal_actions(0) if isinstance(a, Propose)]
        if not proposals:
            break
        assert (Assign(0, ()) in game.legal_actions(0)) == (rejected == 0)
        game.apply(proposals[0])
        game.apply(Object(1, 1))
        game.apply(Concede(0))
        rejected += 1
    assert rejected == 16  # every initiate's two steps out of its HQ; no blow (nothing on any)
    assert game.view(0).may_assign
    game.apply(Assign(0, ((Unit.parse("A10"), JB),)))
    assert game.mover == 1


def test_grail_take_along_and_drop_after():
    game = new_game(2)
    opening(game, {})
    carry_out(game, step(JB, Field.BAGHRAS))
    carry_out(game, step(JB, Field.AVIGNON))
    carry_out(game, step(JB, Field.PETERSDOM))
    carry_out(game, step(JB, Field.CENTRE))  # NONE: the grail stays lying
    assert game.public_view().bearer is None
    options = {a.proposal.grail for a in game.legal_actions(game.mover)
               if isinstance(a, Propose) and a.proposal.initiate == JB and a.proposal.blow is None}
    assert options == {GrailMove.NONE, GrailMove.CARRY, GrailMove.DROP_AFTER}
    carry_out(game, step(JB, Field.GOLGOTA, GrailMove.DROP_AFTER))
    view = game.public_view()
    assert view.bearer is None and view.grail_field == Field.GOLGOTA
    carry_out(game, step(JB, Field.CENTRE))
    carry_out(game, step(JB, Field.GOLGOTA, GrailMove.PICK_UP))
    assert game.public_view().bearer == JB
    options = {a.proposal.grail for a in game.legal_actions(game.mover)
               if isinstance(a, Propose) and a.proposal.initiate == JB and a.proposal.blow is None}
    assert options == {GrailMove.CARRY, GrailMove.DROP_BEFORE, GrailMove.DROP_AFTER}
    carry_out(game, step(JB, Field.AKKON, GrailMove.DROP_BEFORE))
    view = game.public_view()
    assert view.bearer is None and view.grail_field == Field.GOLGOTA
    assert view.positions[JB] == Field.AKKON


def _walk(game, initiate, fields, grail=GrailMove.NONE):
    for f in fields:
        carry_out(game, step(initiate, f, grail))


def test_delivery_to_own_hq_ends_and_most_influence_wins():
    game = new_game(3)
    opening(game, {0: {JB: ["A3"]}, 1: {JB: ["A9"]}, 2: {JB: ["A5"]}})
    _walk(game, JB, [Field.BAGHRAS, Field.AVIGNON, Field.PETERSDOM])
    _walk(game, JB, [Field.CENTRE], GrailMove.PICK_UP)
    _walk(game, JB, [Field.PETERSDOM, Field.AVIGNON, Field.BAGHRAS], GrailMove.CARRY)
    mover = game.mover
    game.apply(Propose(mover, step(JB, Field.HQ_TEMPLARS, GrailMove.DROP_AFTER)))
    everyone_passes(game)
    out = game.outcome
    assert out is not None and out.termination is Termination.DELIVERED
    assert out.winner == 1 and out.influence == (3, 9, 5) and not out.tie_broken
    assert game.public_view().bearer == JB  # the rest of the proposal (the drop) is void
    assert game.public_view().sheets is not None  # all sheets public at the end
    assert game.phase is Phase.OVER


def test_tie_for_the_most_goes_to_the_final_proposer():
    game = new_game(3)
    opening(game, {0: {JB: ["A5"]}, 1: {JB: ["B5"]}, 2: {}})
    _walk(game, JB, [Field.BAGHRAS, Field.AVIGNON, Field.PETERSDOM])
    _walk(game, JB, [Field.CENTRE], GrailMove.PICK_UP)
    _walk(game, JB, [Field.PETERSDOM, Field.AVIGNON, Field.BAGHRAS], GrailMove.CARRY)
    assign_until_mover(game, 2)
    # player 2 holds nothing on JB, so is not among the tied
    carry_out(game, step(JB, Field.HQ_TEMPLARS, GrailMove.CARRY))
    out = game.outcome
    assert out.tie_broken and out.winner == 2 and out.final_proposer == 2
    assert "tied" in out.describe()


def test_another_societys_hq_does_not_end_the_game():
    game = new_game(2)
    opening(game, {})
    _walk(game, AC, [Field.TORTOSA, Field.AKKON, Field.GOLGOTA])
    _walk(game, AC, [Field.CENTRE], GrailMove.PICK_UP)
    _walk(game, AC, [Field.AL_AQSA_MOSCHEE, Field.GIZEH, Field.QUM], GrailMove.CARRY)
    _walk(game, AC, [Field.HQ_ASSASSINS], GrailMove.DROP_AFTER)
    assert game.outcome is None
    assert game.public_view().grail_field == Field.HQ_ASSASSINS


def test_step_then_blow_on_the_grail_bearer_takes_the_grail():
    game = new_game(3)
    opening(game, {0: {AC: ["A10", "A9"]}, 1: {MA: ["A1"]}})
    _walk(game, MA, [Field.MASYAF, Field.DSCHEBEL_ANSARIEH, Field.AL_AQSA_MOSCHEE])
    _walk(game, MA, [Field.CENTRE], GrailMove.PICK_UP)
    _walk(game, MA, [Field.GOLGOTA], GrailMove.CARRY)
    _walk(game, AC, [Field.TORTOSA, Field.AKKON])
    assign_until_mover(game, 0)
    game.apply(Propose(0, Proposal(AC, Field.GOLGOTA, blow=MA, take_grail=True)))
    everyone_passes(game)
    view = game.public_view()
    assert view.positions[AC] == Field.GOLGOTA and view.positions[MA] is None
    assert view.bearer == AC
    assert view.losses[1][MA] == 1 and view.losses[0][MA] == 0
    assert game.view(0).sheet.influence[AC] == 9
    assert game.outcome is None


def test_blow_drops_the_grail_and_take_on_own_hq_ends_the_game():
    game = new_game(2)
    opening(game, {0: {JB: ["A10"]}, 1: {MA: ["A3"], JB: ["A4"]}})
    _walk(game, MA, [Field.MASYAF, Field.DSCHEBEL_ANSARIEH, Field.AL_AQSA_MOSCHEE])
    _walk(game, MA, [Field.CENTRE], GrailMove.PICK_UP)
    _walk(game, MA, [Field.GOLGOTA, Field.AKKON, Field.TORTOSA, Field.HQ_TEMPLARS], GrailMove.CARRY)
    assert game.public_view().positions[MA] == Field.HQ_TEMPLARS and game.outcome is None
    if game.mover != 0:
        game.apply(Assign(game.mover, ()))
    game.apply(Propose(0, Proposal(JB, blow=MA, take_grail=True)))
    everyone_passes(game)
    out = game.outcome
    assert out is not None and out.bearer == JB and out.field == Field.HQ_TEMPLARS
    assert out.influence == (0, 4)  # player 0 paid 10 of 10 for the blow
    assert out.winner == 1


def test_step_ending_the_game_voids_the_blow():
    game = new_game(2)
    opening(game, {0: {JB: ["A10"]}})
    _walk(game, JB, [Field.BAGHRAS, Field.AVIGNON, Field.PETERSDOM])
    _walk(game, JB, [Field.CENTRE], GrailMove.PICK_UP)
    _walk(game, JB, [Field.PETERSDOM, Field.AVIGNON, Field.BAGHRAS], GrailMove.CARRY)
    if game.mover != 0:
        game.apply(Assign(game.mover, ()))
    game.apply(Propose(0, Proposal(JB, Field.HQ_TEMPLARS, GrailMove.CARRY, blow=AC)))
    everyone_passes(game)
    assert game.outcome is not None and game.outcome.winner == 0
    assert game.public_view().positions[AC] == Field.HQ_TEMPLARS  # AC was not blown
    assert game.view(0).sheet.influence[JB] == 10  # no cost was paid


def test_blow_cost_lowers_known_at_least():
    game = new_game(2)
    opening(game, {0: {JB: ["A10", "A5"]}, 1: {JB: ["A1"]}})
    game.apply(Propose(0, Proposal(JB, blow=AC)))
    game.apply(Object(1, 1))
    game.apply(Match(0, 12))
    game.apply(Pass(1))
    view = game.public_view()
    assert view.known[0][JB] == 2  # 12 shown, minus the 10 paid
    assert game.view(0).sheet.influence[JB] == 5
    assert view.positions[AC] is None and view.losses[0][AC] == 0 and view.losses[1][AC] == 0


def test_the_original_hq_owner_wins_and_is_secret_until_the_end():
    setup = Setup(players=4, variant=Variant.ORIGINAL, seed=3, first_player=0)
    game = Game(setup)
    owners = game.hq_owner
    assert sorted(owners) == [0, 1, 2, 3]
    assert game.public_view().hq_owner is None
    assert game.view(2).hq == Society(owners.index(2))
    opening(game, {0: {JB: ["A10"]}})
    _walk(game, JB, [Field.BAGHRAS, Field.AVIGNON, Field.PETERSDOM])
    _walk(game, JB, [Field.CENTRE], GrailMove.PICK_UP)
    _walk(game, JB, [Field.AL_AQSA_MOSCHEE, Field.GIZEH, Field.QUM], GrailMove.CARRY)
    _walk(game, JB, [Field.HQ_ASSASSINS], GrailMove.CARRY)  # not JB's home: in The Original any HQ
    out = game.outcome
    assert out.termination is Termination.HQ_REACHED
    assert out.winner == owners[Society.ASSASSINS] == out.hq_owner
    assert game.public_view().hq_owner == owners


def test_the_original_needs_four_players():
    import pytest

    with pytest.raises(ValueError, match="exactly 4"):
        Setup(players=3, variant=Variant.ORIGINAL)
    assert not Setup(players=4, variant=Variant.ORIGINAL).small


def test_player_counts_and_game_size():
    import pytest

    for bad in (1, 9):
        with pytest.raises(ValueError, match="2 to 8"):
            Setup(players=bad)
    assert Setup(players=3).small and not Setup(players=4).small


def test_turn_limit_ends_with_no_winner():
    game = new_game(3, turn_limit=5)
    opening(game, {})
    for _ in range(5):
        game.apply(Assign(game.mover, ()))
    assert game.outcome.termination is Termination.TURN_LIMIT and game.outcome.winner is None
    assert "turn limit" in game.outcome.describe()


def test_record_round_trip_replays_to_the_same_state():
    game = new_game(3, names=("Ann", "Bo", "Cy"))
    opening(game, {0: {AC: ["A5"]}, 1: {AC: ["A3"]}})
    game.apply(Propose(0, step(AC, Field.TORTOSA)))
    game.apply(Object(1, 2))
    game.apply(Pass(2))
    game.apply(Match(0, 3))
    record = GameRecord.of(game)
    again = GameRecord.from_json(record.to_json()).replay()
    assert again.public_view() == game.public_view()
    assert [again.view(p) for p in range(3)] == [game.view(p) for p in range(3)]
    assert again.setup.names == ("Ann", "Bo", "Cy")
    assert len(GameRecord.from_json(record.to_json()).replay(upto=3).actions) == 3


def test_an_objection_round_shows_nobody_who_has_answered():
    game = new_game(4)
    opening(game, {1: {AC: ["A10"]}, 2: {AC: ["A5"]}})
    mover = game.mover
    proposal = next(a for a in game.legal_actions(mover)
                    if isinstance(a, Propose) and a.proposal.initiate == AC and a.proposal.step)
    game.apply(proposal)
    answerers = list(game.to_act())
    before = game.public_view()
    others = {p: game.view(p) for p in answerers}
    first = answerers[0]
    have = game.influence(first, AC)
    events = game.apply(Object(first, have) if have else Pass(first))
    assert not [e for e in events if visible_to(e, None)]
    assert game.public_view() == before
    assert before.to_act == tuple(answerers) and before.contest is not None
    assert before.contest.awaiting == tuple(answerers)
    for p in answerers[1:]:
        assert game.view(p) == others[p]  # the others' views do not move
    assert game.view(first).answer == have and not game.view(first).waiting
