"""The legal-action list and the rule check agree on every action near a boundary,
and every grail option does what RULES §6 says."""

from __future__ import annotations

from itertools import product

import pytest

from grail_tui.games.hunt.engine import (
    UNITS,
    Assign,
    Concede,
    Field,
    Game,
    GrailDropped,
    GrailMove,
    GrailTaken,
    Initiate,
    Match,
    Object,
    Pass,
    Phase,
    Proposal,
    Propose,
    Stepped,
)

from .helpers import assign_until_mover, carry_out, new_game, opening, snapshot, step

JB, AC, MA, HA, FM, FV, AR, JF = Initiate
F = Field
BLOWS: tuple[Initiate | None, ...] = (None, *Initiate)


def walk(game: Game, initiate: Initiate, fields: list[Field], grail: GrailMove = GrailMove.NONE) -> None:
    for to in fields:
        carry_out(game, step(initiate, to, grail))


def every_proposal(game: Game, player: int):
    """Every proposal near the boundary: each initiate, a step to each neighbour, to its own
    field, to a far field or none, with every grail handling and every blow, taking or not."""
    for initiate in Initiate:
        here = game.positions[initiate]
        steps = (None, Field(here), Field((here + 12) % 25), *Field(here).neighbours)
        for to, grail, blow, take in product(steps, GrailMove, BLOWS, (False, True)):
            yield Propose(player, Proposal(initiate, to, grail, blow, take))


def assert_list_matches_check(game: Game) -> int:
    """Every proposal, answer and single assignment: listed exactly when the check allows it."""
    checked = 0
    for player in range(game.players):
        legal_actions = game.legal_actions(player)
        listed = set(legal_actions)
        assert len(listed) == len(legal_actions)  # nothing listed twice
        other = (player + 1) % game.players
        assert Pass(other) not in legal_actions and Assign(other, ()) not in legal_actions
        candidates: list[object] = [Pass(player), Concede(player), Assign(player, ())]
        candidates += [Assign(player, ((u, i),)) for u in UNITS for i in Initiate]
        if game.phase is Phase.TURN and player == game.mover:
            candidates += list(every_proposal(game, player))
        if game.proposal is not None:
            have = game.influence(player, game.proposal.initiate)
            top = max(have, game.showing, game.high) + 2
            candidates += [Object(player, a) for a in range(0, top)]
            candidates += [Match(player, a) for a in range(0, top)]
        for action in candidates:
            legal = game.is_legal(action)
            assert (action in listed) == legal, (action, game.why_illegal(action))
            assert (action in legal_actions) == legal
            checked += legal
    return checked


def positions():
    """Positions that sit on the boundaries: grail lying, carried, carried by another,
    dropped; influence just below, at and above a blow's 10; initiates sharing a field."""
    game = new_game(3)
    opening(game, {0: {MA: ["A9"], AC: ["A10"]}, 1: {MA: ["A10"], JB: ["A5", "A6"], AC: ["A2"]},
                   2: {MA: ["A10", "A1"], AC: ["A3"]}})
    yield "start", game.copy()
    walk(game, AC, [F.TORTOSA, F.AKKON])
    walk(game, MA, [F.MASYAF, F.AKKON])
    yield "sharing a field", game.copy()
    walk(game, JB, [F.BAGHRAS, F.AVIGNON, F.PETERSDOM])
    yield "grail next door", game.copy()
    walk(game, JB, [F.CENTRE], GrailMove.NONE)
    yield "grail on the origin", game.copy()
    walk(game, JB, [F.GOLGOTA], GrailMove.CARRY)
    yield "bearer next to two initiates", game.copy()
    walk(game, JB, [F.AKKON], GrailMove.CARRY)
    yield "bearer among others", game.copy()
    walk(game, JB, [F.TORTOSA], GrailMove.DROP_BEFORE)
    yield "grail left behind", game.copy()
    game.apply(Propose(game.mover, step(AC, F.GOLGOTA)))
    yield "objection round", game.copy()
    mover = game.mover
    for p in game.to_act():
        game.apply(Object(p, 1))
    assert game.phase is Phase.REPLY
    yield "reply", game.copy()
    game.apply(Match(mover, game.influence(mover, AC)))
    yield "second round", game.copy()
    paid = new_game(2)
    opening(paid, {0: {JB: ["A10", "A4"], AC: ["A9"]}, 1: {AC: ["A10"], MA: ["B9", "B1"]}})
    carry_out(paid, Proposal(JB, blow=AC))  # player 0 pays 10 of 14; AC leaves the game
    carry_out(paid, step(MA, F.MASYAF))
    walk(paid, MA, [F.AKKON, F.TORTOSA, F.HQ_TEMPLARS])
    assign_until_mover(paid, 0)  # 4 left on JB, beside MA: too little to blow
    yield "after a blow: a paid cost and an empty place", paid
    large = new_game(4)
    opening(large, {0: {AC: ["A10"]}, 1: {AC: ["A4"]}})
    walk(large, AC, [F.TORTOSA, F.AKKON])
    walk(large, MA, [F.MASYAF, F.AKKON])
    yield "large game, sharing a field", large


POSITIONS = ["start", "sharing a field", "grail next door", "grail on the origin",
             "bearer next to two initiates", "bearer among others", "grail left behind",
             "objection round", "reply", "second round",
             "after a blow: a paid cost and an empty place", "large game, sharing a field"]


def test_every_position_is_checked():
    assert [name for name, _ in positions()] == POSITIONS


@pytest.mark.sweep
@pytest.mark.parametrize("name", POSITIONS)
def test_listed_actions_are_exactly_the_legal_ones(name: str) -> None:
    game = dict(positions())[name]
    before = snapshot(game)
    assert assert_list_matches_check(game) > 0
    assert snapshot(game) == before  # asking changes nothing


def test_the_amount_boundaries_of_a_contest():
    game = new_game(3)
    opening(game, {0: {AC: ["A7"]}, 1: {AC: ["A5"]}, 2: {AC: ["A3"]}})
    game.apply(Propose(0, step(AC, F.TORTOSA)))
    assert [a.amount for a in game.legal_actions(1) if isinstance(a, Object)] == [1, 2, 3, 4, 5]
    assert [a.amount for a in game.legal_actions(2) if isinstance(a, Object)] == [1, 2, 3]
    assert list(game.legal_actions(0)) == []
    game.apply(Object(1, 4))
    game.apply(Object(2, 3))
    assert [a.amount for a in game.legal_actions(0) if isinstance(a, Match)] == [4, 5, 6, 7]
    assert list(game.legal_actions(0))[0] == Concede(0)
    game.apply(Match(0, 4))
    assert [a.amount for a in game.legal_actions(1) if isinstance(a, Object)] == [5]
    assert list(game.legal_actions(2)) == [Pass(2)]
    assert_list_matches_check(game)


def grail_situations():
    """(name, game, initiate, origin) with the mover to choose a step of ``initiate``."""
    game = new_game(2)
    opening(game, {})
    walk(game, JB, [F.BAGHRAS, F.AVIGNON, F.PETERSDOM])
    yield "on the destination", game.copy(), JB, F.PETERSDOM
    walk(game, AC, [F.TORTOSA, F.AKKON, F.GOLGOTA])
    yield "elsewhere", game.copy(), AC, F.GOLGOTA
    walk(game, JB, [F.CENTRE])
    yield "on the origin", game.copy(), JB, F.CENTRE
    walk(game, JB, [F.AL_AQSA_MOSCHEE], GrailMove.CARRY)
    yield "carried", game.copy(), JB, F.AL_AQSA_MOSCHEE
    walk(game, AC, [F.CENTRE])
    yield "carried by another", game.copy(), AC, F.CENTRE


EXPECTED_OPTIONS = {
    "on the destination": {GrailMove.NONE, GrailMove.PICK_UP},
    "elsewhere": {GrailMove.NONE},
    "on the origin": {GrailMove.NONE, GrailMove.CARRY, GrailMove.DROP_AFTER},
    "carried": {GrailMove.CARRY, GrailMove.DROP_BEFORE, GrailMove.DROP_AFTER},
    "carried by another": {GrailMove.NONE},
}


@pytest.mark.parametrize("name", list(EXPECTED_OPTIONS))
def test_every_grail_option_where_the_grail_is(name: str) -> None:
    situations = {n: (g, i, o) for n, g, i, o in grail_situations()}
    game, initiate, origin = situations[name]
    mover = game.mover
    dest = {F.PETERSDOM: F.CENTRE, F.GOLGOTA: F.AKKON, F.CENTRE: F.AVALON,
            F.AL_AQSA_MOSCHEE: F.GIZEH}[origin]
    options = {g for g in GrailMove if game.is_legal(Propose(mover, step(initiate, dest, g)))}
    assert options == EXPECTED_OPTIONS[name]
    before = game.public_view()
    lying = before.grail_field if before.bearer is None else None
    for grail in GrailMove:
        trial = game.copy()
        if grail not in options:
            assert not trial.is_legal(Propose(mover, step(initiate, dest, grail)))
            continue
        trial.apply(Propose(mover, step(initiate, dest, grail)))
        events = trial.apply(Pass(1 - mover))
        moved = [e for e in events if isinstance(e, (Stepped, GrailTaken, GrailDropped))]
        after = trial.public_view()
        assert after.positions[initiate] == dest
        took, left = GrailTaken(initiate, origin), GrailDropped(initiate, origin)
        walked = Stepped(initiate, origin, dest)
        expected = {
            ("on the destination", GrailMove.NONE): ([walked], None, F.CENTRE),
            ("on the destination", GrailMove.PICK_UP): ([walked, GrailTaken(initiate, dest)], initiate, dest),
            ("elsewhere", GrailMove.NONE): ([walked], None, lying),
            ("on the origin", GrailMove.NONE): ([walked], None, origin),
            ("on the origin", GrailMove.CARRY): ([took, walked], initiate, dest),
            ("on the origin", GrailMove.DROP_AFTER): ([took, walked, GrailDropped(initiate, dest)], None, dest),
            ("carried", GrailMove.CARRY): ([walked], initiate, dest),
            ("carried", GrailMove.DROP_BEFORE): ([left, walked], None, origin),
            ("carried", GrailMove.DROP_AFTER): ([walked, GrailDropped(initiate, dest)], None, dest),
            ("carried by another", GrailMove.NONE): ([walked], before.bearer, before.grail_field),
        }[(name, grail)]
        assert (moved, after.bearer, after.grail_field) == expected
        assert game.public_view() == before  # the copy played; the game did not move


def test_every_blow_with_and_without_taking():
    game = new_game(3)
    opening(game, {0: {AC: ["A10"]}, 1: {AC: ["A9"], MA: ["A10"]}, 2: {MA: ["A2"], JB: ["A3"]}})
    walk(game, MA, [F.MASYAF, F.AKKON, F.GOLGOTA])
    walk(game, MA, [F.CENTRE], GrailMove.PICK_UP)
    walk(game, MA, [F.GOLGOTA, F.AKKON], GrailMove.CARRY)
    walk(game, AC, [F.TORTOSA])
    walk(game, JB, [F.TORTOSA])
    assert game.mover == 2
    game.apply(Assign(2, ()))
    # player 0: AC (10) on Tortosa with JB; MA bears the grail on Akkon next door
    blows = {(a.proposal.step, a.proposal.blow, a.proposal.take_grail)
             for a in game.legal_actions(0) if isinstance(a, Propose) and a.proposal.blow is not None}
    assert blows == {(None, JB, False), (F.AKKON, MA, False), (F.AKKON, MA, True)}
    assert_list_matches_check(game)
    for take in (False, True):
        trial = game.copy()
        carry_out(trial, Proposal(AC, F.AKKON, blow=MA, take_grail=take))
        view = trial.public_view()
        assert view.positions[MA] is None and view.positions[AC] == F.AKKON
        assert (view.bearer, view.grail_field) == ((AC, F.AKKON) if take else (None, F.AKKON))
        assert view.losses[1][MA] == 10 and view.losses[2][MA] == 2 and view.losses[0][MA] == 0
        assert trial.view(0).sheet.influence[AC] == 0 and view.costs[0][AC] == 10
