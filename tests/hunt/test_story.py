"""The story of a game, on games whose story is known by construction."""

from __future__ import annotations

import json
import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grail_tui.games.hunt.bots.random_bot import play_random_game
from grail_tui.games.hunt.engine import (
    Assign,
    Concede,
    Field,
    Game,
    GameRecord,
    GrailMove,
    Initiate,
    Match,
    Object,
    Pass,
    Proposal,
    Propose,
    ReplayError,
    Setup,
    Variant,
)
from grail_tui.games.hunt.story import WarEnd, ceilings, tell
from grail_tui.games.registry import get

from .engine.helpers import carry_out, new_game, opening, step
from .engine.test_worked_example import GREGOR, INGA, MANUEL, setup_example

JB, AC, MA, AR = Initiate.JB, Initiate.AC, Initiate.MA, Initiate.AR

SECRET_SEAT = 2  # the seat whose secrets differ between twin games
SWAP = {i: Initiate((i + 2) % 8) for i in Initiate}  # its placements moved to other initiates


def story_of(game: Game, viewer: int | None = None):
    return tell(game.setup, game.actions, viewer)


# -- the booklet's worked example (RULES §9): a game still in progress ----------------------


def worked_example(turn_limit: int | None = None) -> Game:
    """RULES §9 move by move; with a turn limit of 6 the game ends right after Inga's blow."""
    if turn_limit is None:
        game = setup_example()
    else:  # setup_example's opening and approach moves, with a turn limit
        game = new_game(3, names=("Gregor", "Manuel", "Inga"), turn_limit=turn_limit)
        opening(game, {GREGOR: {AC: ["A10", "A5"]}, MANUEL: {AC: ["A10", "A2"], MA: ["A5"]},
                       INGA: {MA: ["A10"]}})
        for initiate, to in ((AC, Field.TORTOSA), (MA, Field.MASYAF), (AR, Field.MALTA)):
            carry_out(game, step(initiate, to))
    game.apply(Propose(GREGOR, step(AC, Field.AKKON)))
    for objection in (1, 2, 5, 10):
        game.apply(Pass(INGA))
        game.apply(Object(MANUEL, objection))
        game.apply(Match(GREGOR, objection))
    game.apply(Object(MANUEL, 12))
    game.apply(Pass(INGA))
    game.apply(Concede(GREGOR))
    carry_out(game, step(AR, Field.PRAGUE))
    carry_out(game, step(AC, Field.AKKON))
    game.apply(Propose(INGA, Proposal(MA, Field.AKKON, blow=AC)))
    game.apply(Pass(GREGOR))
    game.apply(Pass(MANUEL))
    return game


def test_worked_example_gregor_gave_in_holding_more():
    story = story_of(worked_example(turn_limit=6))
    assert story.finished and story.outcome.startswith("No winner")
    [war] = story.wars
    assert war.mover == GREGOR and war.end is WarEnd.REJECTED
    assert (war.holder, war.high, war.showing, war.rounds) == (MANUEL, 12, 10, 5)
    assert war.held == (15, 12, 0) and war.gave_in == (GREGOR,)
    text = "\n".join(story.lines())
    assert "Gregor conceded at Manuel's 12, holding 15 on AC, no less than any rival." in text
    rows = [(s.assigned, s.revealed, s.lost, s.paid, s.held, s.left) for s in story.spending]
    assert rows == [(15, 10, 15, 0, 0, 85), (17, 12, 12, 0, 5, 83), (10, 0, 0, 10, 0, 90)]


def test_worked_example_in_play_gregor_sees_his_own_holding_only():
    story = story_of(worked_example(), viewer=GREGOR)
    assert not story.finished
    [war] = story.wars
    assert war.held == (15, None, None)
    assert war.gave_in == ()  # it compares secret sheets: told at the end


def test_worked_example_the_blow_and_what_it_cost():
    story = story_of(worked_example(), viewer=INGA)
    [blow] = story.blows
    assert (blow.payer, blow.active, blow.target, blow.field) == (INGA, MA, AC, Field.AKKON)
    assert blow.losses == (15, 12, 0) and not blow.grail
    assert "Lost: Gregor 15, Manuel 12." in "\n".join(story.lines())
    gregor, manuel, inga = story.spending
    assert (gregor.revealed, gregor.lost, gregor.paid) == (10, 15, 0)
    assert (manuel.revealed, manuel.lost, manuel.paid) == (12, 12, 0)
    assert (inga.assigned, inga.revealed, inga.paid, inga.held, inga.left) == (10, 0, 10, 0, 90)
    assert gregor.assigned is None and manuel.left is None  # others' sheets stay secret


def test_worked_example_tracks_true_beside_known():
    story = story_of(worked_example(), viewer=GREGOR)
    ac = story.tracks[AC]
    turns = [m.turn for m in story.moments]
    assert turns == [0, 1, 2, 3, 4, 5, 6]
    assert ac.true[GREGOR][:6] == (15,) * 6  # what Gregor really had ...
    assert ac.known[GREGOR][:6] == (0, 0, 0, 0, 10, 10)  # ... and what the table knew
    assert ac.true[MANUEL] == (None,) * 7
    assert ac.known[MANUEL][4] == 12
    assert ac.lost == (15, 12, 0) and turns[ac.out_from] == 6
    assert ac.known[GREGOR][6] == 15  # a blow publishes the exact figure


def test_an_unfinished_story_tells_no_secret_without_a_viewer():
    data = story_of(worked_example()).to_dict()
    assert data["viewer"] is None
    for track in data["tracks"]:
        assert all(v is None for row in track["true"] for v in row)
    assert all(s["assigned"] is None and s["assignments"] is None for s in data["spending"])
    assert data["wars"][0]["gave_in"] == []


def test_an_open_round_is_left_out_until_everyone_has_answered():
    game = worked_example()
    before = story_of(game, viewer=GREGOR).to_dict()
    game.apply(Propose(GREGOR, step(JB, Field.TORTOSA)))
    game.apply(Pass(MANUEL))  # Inga has not answered: how many did is nobody's to know
    assert story_of(game, viewer=GREGOR).to_dict()["actions"] == len(game.actions) - 1
    game2 = worked_example()
    game2.apply(Propose(GREGOR, step(JB, Field.TORTOSA)))
    assert story_of(game2, viewer=GREGOR).to_dict() == story_of(game, viewer=GREGOR).to_dict()
    assert story_of(game2, viewer=GREGOR).to_dict() != before  # the proposal itself is public


# -- a delivery whose control became knowable -----------------------------------------


ANNA, BEN = 0, 1


def delivery() -> Game:
    game = new_game(2, names=("Anna", "Ben"))
    opening(game, {
        ANNA: {JB: ["A10"]},
        BEN: {AC: ["A10", "A9", "A8", "A7", "A6", "A5", "B9", "B8", "B7"],  # 69
              JB: ["B6", "B5", "B4", "B3", "B2"]},  # 20: Ben leads on JB at first
    })
    game.apply(Propose(ANNA, step(AC, Field.TORTOSA)))  # turn 1
    game.apply(Object(BEN, 69))  # Ben shows his whole stake on AC
    game.apply(Concede(ANNA))
    carry_out(game, step(JB, Field.TORTOSA))
    carry_out(game, step(JB, Field.AKKON))  # turn 2, Ben
    game.apply(Assign(ANNA, tuple((u, JB) for u in _units("B9", "A9", "A8", "A7"))))  # turn 3: 43
    carry_out(game, step(JB, Field.GOLGOTA))  # turn 4, Ben
    game.apply(Propose(ANNA, step(JB, Field.CENTRE, GrailMove.PICK_UP)))  # turn 5
    game.apply(Object(BEN, 15))
    game.apply(Match(ANNA, 35))  # now Ben can never hold more than 100 - 69 = 31 on JB
    game.apply(Pass(BEN))
    for to in (Field.GOLGOTA, Field.AKKON, Field.TORTOSA, Field.HQ_TEMPLARS):  # turns 6-9
        carry_out(game, step(JB, to, GrailMove.CARRY))
    assert game.is_over
    return game


def _units(*codes: str):
    from grail_tui.games.hunt.engine import Unit

    return [Unit.parse(c) for c in codes]


def test_delivery_the_winner_held_the_bearer_from_her_assignment():
    story = story_of(delivery())
    control = story.control
    assert story.finished and control is not None
    assert (control.winner, control.bearer, control.held) == (ANNA, JB, (43, 20))
    assert control.held_from == 3  # Ben led with 20 to her 10 until Anna's assignment


def test_delivery_control_was_knowable_once_she_showed_more_than_bens_ceiling():
    control = story_of(delivery()).control
    assert control.knowable_from == 5
    assert (control.shown, control.ceiling) == (35, 31)
    lines = story_of(delivery()).lines()
    assert any("could know it from turn 5" in line and "more than 31" in line for line in lines)


def test_delivery_spending_adds_up():
    anna, ben = story_of(delivery()).spending
    assert (anna.assigned, anna.revealed, anna.lost, anna.paid, anna.held, anna.left) == (43, 35, 0, 0, 43, 57)
    assert (ben.assigned, ben.revealed, ben.held, ben.left) == (89, 84, 89, 11)
    assert [(a.turn, a.initiate, a.points) for a in anna.assignments] == [(0, JB, 10), (3, JB, 33)]


def test_delivery_wars_went_with_the_sheets():
    wars = story_of(delivery()).wars
    assert [(w.turn, w.end, w.gave_in) for w in wars] == [(1, WarEnd.REJECTED, ()), (5, WarEnd.CARRIED, ())]


def test_ceilings_count_what_a_rival_has_shown_elsewhere_and_paid():
    known = ((0,) * 8, (5, 69, 0, 0, 0, 0, 0, 0))
    costs = ((0,) * 8, (10, 0, 0, 0, 0, 0, 0, 0))
    assert ceilings(known, costs, JB) == (100, 100 - 69 - 10)
    assert ceilings(known, costs, AC) == (100, 100 - 15)


# -- a game with no winner: wars against the sheets, a blow ---------------------------------

ADA, BO, CY = 0, 1, 2


def no_winner() -> Game:
    game = new_game(3, names=("Ada", "Bo", "Cy"), turn_limit=6)
    opening(game, {ADA: {AC: ["A10", "A5"]}, BO: {AC: ["A10", "A2"], MA: ["A5"]},
                   CY: {MA: ["A10"], JB: ["A9", "A3"]}})
    game.apply(Propose(ADA, step(AC, Field.TORTOSA)))  # turn 1
    game.apply(Object(BO, 12))
    game.apply(Pass(CY))
    game.apply(Concede(ADA))  # holding 15: she could have matched
    carry_out(game, step(JB, Field.TORTOSA))
    game.apply(Propose(BO, step(MA, Field.QUM)))  # turn 2
    game.apply(Object(CY, 1))
    game.apply(Pass(ADA))
    game.apply(Match(BO, 5))
    game.apply(Pass(CY))  # holding 10: she could have objected again
    game.apply(Pass(ADA))
    carry_out(game, Proposal(JB, Field.HQ_TEMPLARS, blow=AC))  # turn 3, Cy
    for player in (ADA, BO, CY):  # turns 4-6
        game.apply(Assign(player, ()))
    assert game.is_over and game.outcome.winner is None
    return game


def test_no_winner_wars_against_the_sheets_name_who_gave_in():
    story = story_of(no_winner())
    first, second = story.wars
    assert (first.turn, first.mover, first.end, first.gave_in) == (1, ADA, WarEnd.REJECTED, (ADA,))
    assert (second.turn, second.mover, second.end, second.gave_in) == (2, BO, WarEnd.CARRIED, (CY,))
    assert story.proposals == 4 and story.control is None
    text = "\n".join(story.lines())
    assert "2 went against the sheets" in text
    assert "Cy (10) let it pass, holding more on MA than Bo's 5." in text
    assert "No winner" in text


def test_no_winner_spending_and_the_blow():
    story = story_of(no_winner())
    [blow] = story.blows
    assert (blow.turn, blow.payer, blow.active, blow.target, blow.losses) == (3, CY, JB, AC, (15, 12, 0))
    rows = [(s.assigned, s.revealed, s.lost, s.paid, s.held, s.left) for s in story.spending]
    assert rows == [(15, 0, 15, 0, 0, 85), (17, 17, 12, 0, 5, 83), (22, 1, 0, 10, 12, 78)]
    ac = story.tracks[AC]
    assert [story.moments[m].turn for m in range(len(story.moments))][ac.out_from] == 3
    assert ac.true[ADA][:3] == (15, 15, 15) and ac.known[ADA][:3] == (0, 0, 0)


# -- any game --------------------------------------------------------------------------


def random_game(seed: int, players: int = 3, variant: Variant = Variant.STANDARD, turn_limit: int = 80) -> Game:
    game, _ = play_random_game(Setup(players=players, seed=seed, variant=variant, turn_limit=turn_limit),
                               random.Random(seed))
    return game


@settings(max_examples=int(os.environ.get("GRAIL_EXAMPLES", 20)), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6))
def test_every_story_adds_up(seed: int, players: int) -> None:
    game = random_game(seed, players)
    story = story_of(game)
    for s, sheet in zip(story.spending, game.sheets, strict=True):
        assert s.assigned == s.held + s.lost + s.paid == sum(sheet.totals)
        assert s.assigned + s.left == 100
    for track in story.tracks:
        for p in range(players):
            for m, (true, known) in enumerate(zip(track.true[p], track.known[p], strict=True)):
                if track.out_from is None or m < track.out_from:
                    assert known <= true  # known at least is a floor
    control = story.control
    if control is not None and control.knowable_action is not None:
        # what the table could prove was true: the winner really led then
        replayed = GameRecord(game.setup, game.actions[: control.knowable_action + 1]).replay()
        mine = replayed.influence(control.winner, control.bearer)
        assert all(mine > replayed.influence(p, control.bearer) for p in range(players) if p != control.winner)
    json.dumps(story.to_dict())
    assert story.lines()


def test_the_original_tells_that_the_headquarters_decided():
    game = random_game(0, 4, Variant.ORIGINAL, turn_limit=500)  # this seed reaches an HQ
    story = story_of(game)
    assert story.finished and story.control is None
    assert "holds that HQ and wins" in story.outcome
    assert any("headquarters decided" in line for line in story.lines())


def test_a_story_of_nothing_yet():
    game = new_game(3)
    story = story_of(game, viewer=0)
    assert story.moments and story.actions == 0 and story.wars == ()
    assert story.lines()


def test_a_broken_record_names_the_action():
    game = new_game(3)
    opening(game, {})
    actions = [*game.actions, Propose(0, step(AC, Field.AKKON))]  # not next to it
    with pytest.raises(ReplayError) as info:
        tell(game.setup, actions)
    assert info.value.index == 3


def test_the_kind_tells_a_story_from_record_data():
    kind = get("hunt")
    story = kind.story(GameRecord.of(delivery()).to_dict())
    assert story.control.winner == ANNA


# -- secrets ---------------------------------------------------------------------------


@settings(max_examples=int(os.environ.get("GRAIL_EXAMPLES", 10)), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_an_unfinished_story_is_the_same_whatever_the_others_hold(seed: int) -> None:
    """Twin games: the same public history, the secret seat's placements moved elsewhere."""
    rng = random.Random(seed)
    setup = Setup(players=4, seed=seed, turn_limit=40)
    a, b = Game(setup), Game(setup)
    for _ in range(rng.randrange(8, 120)):
        player = a.to_act()[rng.randrange(len(a.to_act()))]
        legal_b = b.legal_actions(player)
        choices = [x for x in a.legal_actions(player)
                   if not (isinstance(x, Propose) and x.proposal.blow is not None)
                   and (Assign(player, ()) in legal_b if isinstance(x, Assign) else x in legal_b)]
        if not choices:
            break
        action = other = choices[rng.randrange(len(choices))]
        if player == SECRET_SEAT and isinstance(action, Assign):
            other = Assign(player, tuple((u, SWAP[i]) for u, i in action.placements))
            if other not in legal_b:
                action = other = Assign(player, ())
        a.apply(action)
        b.apply(other)
        if a.is_over:
            return
    for viewer in (None, 0, 1, 3):
        assert story_of(a, viewer).to_dict() == story_of(b, viewer).to_dict()
    mine = story_of(a, SECRET_SEAT).to_dict()["spending"][SECRET_SEAT]
    assert mine["assigned"] == sum(a.sheets[SECRET_SEAT].totals)  # a seat's own story tells its own sheet


@pytest.mark.parametrize("seed", [0, 1, 3, 4])
def test_held_from_is_where_the_winners_lead_began_for_good(seed: int) -> None:
    from grail_tui.games.hunt.bots import make_bot

    game = Game(Setup(players=3, seed=seed))
    bots = [make_bot("heuristic", seed * 10 + p) for p in range(3)]
    while not game.is_over:
        player = game.to_act()[0]
        game.apply(bots[player].decide(game.view(player), game.legal_actions(player)))
    control = story_of(game).control
    assert control is not None

    def leads(actions: int) -> bool:
        position = GameRecord(game.setup, game.actions[:actions]).replay()
        mine = position.influence(control.winner, control.bearer)
        return all(mine > position.influence(p, control.bearer) for p in range(3) if p != control.winner)

    if control.held_from is None:
        assert game.outcome.tie_broken  # the final proposer won a tie (perhaps without a share in it)
        return
    start = control.held_action
    assert all(leads(k) for k in range(start + 1, len(game.actions) + 1))
    assert start == 0 or not leads(start)


def test_the_story_and_the_ratings_are_pure():
    """No UI, event loop or database comes along with the story or the rating book."""
    import subprocess
    import sys

    forbidden = ("textual", "rich", "asyncio", "sqlite3", "platformdirs", "grail_tui.app",
                 "grail_tui.net", "grail_tui.table")
    code = (
        "import sys, grail_tui.games.hunt.story, grail_tui.games.hunt.story_walk, "
        "grail_tui.games.hunt.story_text, grail_tui.ratings\n"
        f"bad = [m for m in sys.modules if any(m == f or m.startswith(f + '.') for f in {forbidden!r})]\n"
        "print(','.join(sorted(bad)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
