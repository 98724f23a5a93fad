"""Games rebuilt from a seat's view (bots, remote clients), what-if turns and copies."""

from __future__ import annotations

import json
import random

import pytest

from grail_tui.games.hunt.engine import (
    Assign,
    Field,
    Game,
    GrailMove,
    Initiate,
    Match,
    Object,
    Pass,
    Phase,
    Proposal,
    Propose,
    Setup,
    Sheet,
    Society,
    Unit,
    Variant,
    jsonable,
)

from .helpers import carry_out, new_game, opening, snapshot, step

JB, AC, MA, HA, FM, FV, AR, JF = Initiate


def encoded(value: object) -> str:
    return json.dumps(jsonable(value), sort_keys=True)


def play(setup: Setup, seed: int, steps: int):
    """A random legal game; yields the game before each action and the action."""
    rng = random.Random(seed)
    game = Game(setup)
    for _ in range(steps):
        if game.is_over:
            return
        player = game.to_act()[rng.randrange(len(game.to_act()))]
        legal = game.legal_actions(player)
        action = legal[rng.randrange(len(legal))]
        yield game, action
        game.apply(action)


SETUPS = [
    Setup(players=2, seed=1, names=("Ann", "Bo")),
    Setup(players=3, seed=2, turn_limit=40),
    Setup(players=5, seed=3, first_player=4),
    Setup(players=4, seed=4, variant=Variant.ORIGINAL),
]


@pytest.mark.sweep
@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: f"{s.players}p-{s.variant.value}")
def test_a_seat_rebuilt_from_its_view_sees_and_may_do_the_same(setup: Setup) -> None:
    for game, action in play(setup, setup.seed, 90):
        for seat in range(game.players):
            view = game.view(seat)
            rebuilt = Game.from_view(view)
            assert encoded(rebuilt.view(seat)) == encoded(view)
            assert list(rebuilt.legal_actions(seat)) == list(game.legal_actions(seat))
            assert rebuilt.setup.names == setup.names and rebuilt.history == []
            assert rebuilt.setup.turn_limit == setup.turn_limit
            # the others' sheets are unknown: empty; their pending answers: not given yet
            assert all(rebuilt.sheets[p].remaining == 100 for p in range(game.players) if p != seat)
            asked = game.asked()
            if game.phase in (Phase.OPENING, Phase.OBJECTIONS):
                assert rebuilt.to_act() == tuple(p for p in asked if p != seat or view.waiting)
            else:
                assert rebuilt.to_act() == game.to_act()
        if game.phase is not Phase.OPENING and game.phase is not Phase.OBJECTIONS:
            # with every sheet given, the rebuilt game plays on exactly as the game
            full = Game.from_view(game.view(game.mover), sheets=game.sheets)
            assert encoded(full.public_view()) == encoded(game.public_view())
            assert [[full.influence(p, i) for i in Initiate] for p in range(game.players)] == [
                [game.influence(p, i) for i in Initiate] for p in range(game.players)]
            events = full.apply(action)
            assert encoded(events) == encoded(game.copy().apply(action))


def test_a_rebuilt_original_deals_the_unknown_hqs_in_seat_order():
    game = Game(Setup(players=4, variant=Variant.ORIGINAL, seed=8, first_player=0))
    owners = game.hq_owner
    assert owners is not None
    for seat in range(4):
        rebuilt = Game.from_view(game.view(seat))
        assert rebuilt.hq_owner is not None and rebuilt.view(seat).hq == game.view(seat).hq
        others = iter(p for p in range(4) if p != seat)
        assert rebuilt.hq_owner == tuple(seat if owners[s] == seat else next(others) for s in Society)
        told = (3, 2, 1, 0)
        assert Game.from_view(game.view(seat), hq_owner=told).hq_owner == told


def test_a_rebuilt_game_keeps_the_contest_and_the_own_answer():
    game = new_game(3)
    opening(game, {0: {AC: ["A7"]}, 1: {AC: ["A5"]}, 2: {AC: ["A3"]}})
    game.apply(Propose(0, step(AC, Field.TORTOSA)))
    game.apply(Object(1, 4))
    game.apply(Pass(2))
    game.apply(Match(0, 5))
    game.apply(Pass(2))
    rebuilt = Game.from_view(game.view(2))
    assert rebuilt.view(2).answer == 0 and rebuilt.to_act() == (1,)
    assert (rebuilt.showing, rebuilt.high, rebuilt.holder, rebuilt.round) == (5, 4, 1, 2)
    assert rebuilt.public_view().contest == game.public_view().contest
    blind = Game.from_view(game.view(1))
    assert blind.to_act() == (1, 2) and blind.view(1).answer is None
    # the seat that answered already is not asked again in its rebuilt game
    with pytest.raises(Exception, match="already answered"):
        rebuilt.apply(Pass(2))


def test_what_if_turn_steps_back_to_the_choice_and_credits_a_blow():
    game = new_game(3)
    opening(game, {0: {AC: ["A7"]}, 1: {AC: ["A5"]}})
    game.apply(Propose(0, step(AC, Field.TORTOSA)))
    game.apply(Object(1, 4))
    game.apply(Pass(2))
    before = snapshot(game)
    what_if = game.what_if_turn(0)
    assert what_if.phase is Phase.TURN and what_if.mover == 0 and what_if.to_act() == (0,)
    assert what_if.public_view().contest is None and what_if.history == [] and what_if.actions == []
    assert what_if.view(0).may_assign and what_if.influence(0, AC) == 7
    assert what_if.copy().to_act() == (0,)  # a searching bot plays it out in copies
    carry_out(what_if, step(AC, Field.TORTOSA))
    assert what_if.public_view().positions[AC] == Field.TORTOSA
    assert snapshot(game) == before
    blow = Proposal(AC, blow=JB)
    nine = new_game(2)
    opening(nine, {1: {AC: ["A9"]}})
    assert nine.what_if_turn(1, blow).influence(1, AC) == 10
    for mover, have, credited in ((0, 7, 10), (1, 5, 10), (2, 0, 10)):
        trial = game.what_if_turn(mover, blow)
        assert trial.mover == mover and trial.influence(mover, AC) == credited
        assert Propose(mover, blow) in trial.legal_actions(mover)
        assert game.influence(mover, AC) == have
    rich = new_game(2)
    opening(rich, {0: {AC: ["A10"]}, 1: {AC: ["A10", "A4"]}})
    assert rich.what_if_turn(0, blow).influence(0, AC) == 10
    assert rich.what_if_turn(1, blow).influence(1, AC) == 14
    assert rich.what_if_turn(1, step(AC, Field.TORTOSA)).influence(1, AC) == 14
    assert new_game(2).what_if_turn(1, step(AC, Field.TORTOSA)).influence(1, AC) == 0


def test_a_copy_is_independent_and_may_drop_history_or_swap_sheets():
    game = new_game(3)
    opening(game, {0: {AC: ["A7"]}, 1: {AC: ["A5"]}})
    game.apply(Propose(0, step(AC, Field.TORTOSA)))
    game.apply(Object(1, 4))
    before = snapshot(game)
    twin = game.copy()
    assert snapshot(twin) == before and twin.history == game.history and twin.actions == game.actions
    twin.apply(Pass(2))
    twin.apply(Match(0, 7))
    twin.apply(Pass(1))
    twin.apply(Pass(2))
    twin.apply(Assign(1, ((Unit.parse("A1"), JB),)))
    assert snapshot(game) == before
    starting = new_game(3)
    starting.apply(Assign(1, ()))
    early = starting.copy()
    early.apply(Assign(0, ()))
    assert starting.to_act() == (0, 2) and early.to_act() == (2,)
    bare = game.copy(history=False)
    assert bare.history == [] and bare.actions == [] and bare.public_view() == game.public_view()
    sheet = Sheet()
    sheet.place(Unit.parse("A9"), AC)
    swapped = game.copy(sheets=[sheet, Sheet(), Sheet()])
    assert swapped.influence(0, AC) == 9 and game.influence(0, AC) == 7
    swapped.sheets[0].place(Unit.parse("A1"), AC)
    assert sheet.totals[AC] == 9  # the sheets given were copied


def test_where_initiates_stand_and_whose_units_lie_where():
    game = new_game(2, names=("Ann", "Bo"))
    opening(game, {0: {AC: ["A7", "B2"], JB: ["A1"]}})
    assert game.initiates_on(Field.HQ_TEMPLARS) == [JB, AC]
    assert game.initiates_on(Field.CENTRE) == []
    carry_out(game, step(AC, Field.TORTOSA))
    assert game.initiates_on(Field.TORTOSA) == [AC] and game.initiates_on(Field.HQ_TEMPLARS) == [JB]
    view = game.public_view()
    assert view.initiates_on(Field.TORTOSA) == [AC] and view.initiates_on(Field.HQ_ASSASSINS) == [MA, HA]
    assert (view.name(0), view.name(1)) == ("Ann", "Bo")
    assert new_game(2).public_view().name(1) == "Player 2"
    assert game.sheets[0].units_on(AC) == [Unit.parse("A7"), Unit.parse("B2")]
    assert game.sheets[0].units_on(MA) == []
    again = Sheet.from_view(game.view(0).sheet)
    assert (again.owner, again.totals, again.costs) == (game.sheets[0].owner, game.sheets[0].totals,
                                                       game.sheets[0].costs)


def test_a_rebuilt_game_with_the_grail_borne_and_an_initiate_gone():
    game = new_game(3)
    opening(game, {0: {MA: ["A10"]}, 1: {AC: ["A4"]}})
    for proposal in (step(AC, Field.TORTOSA), step(MA, Field.MASYAF), step(AC, Field.AKKON),
                     Proposal(MA, Field.AKKON, blow=AC), step(MA, Field.GOLGOTA),
                     step(MA, Field.CENTRE, GrailMove.PICK_UP)):
        carry_out(game, proposal)
    assert game.public_view().bearer == MA and game.public_view().positions[AC] is None
    for seat in range(3):
        view = game.view(seat)
        rebuilt = Game.from_view(view)
        assert encoded(rebuilt.view(seat)) == encoded(view)
        assert rebuilt.public_view().bearer == MA and rebuilt.public_view().grail_field == Field.CENTRE
        assert list(rebuilt.legal_actions(seat)) == list(game.legal_actions(seat))
        assert rebuilt.initiates_on(Field.CENTRE) == [MA] and rebuilt.initiates_on(Field.AKKON) == []
    carry_out(game, step(MA, Field.GOLGOTA, GrailMove.DROP_BEFORE))
    rebuilt = Game.from_view(game.view(game.mover))
    assert (rebuilt.public_view().bearer, rebuilt.public_view().grail_field) == (None, Field.CENTRE)
    assert list(rebuilt.legal_actions(game.mover)) == list(game.legal_actions(game.mover))
