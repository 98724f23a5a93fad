"""Standing answers: set from the bidding war (w), given for the player at a person's pace
through the same path as a key press, gone at the end of the turn."""

from __future__ import annotations

import pytest
from pytest import approx

import grail_tui.table.client as client_module
from grail_tui.app.app import GrailApp
from grail_tui.games.hunt.engine import Initiate, Object, Pass
from grail_tui.games.hunt.screens.game import GameScreen
from grail_tui.games.hunt.situation import Compose, Request
from grail_tui.games.hunt.standing import StandingAnswers
from grail_tui.games.hunt.widgets.panes import ContestPane
from grail_tui.table.timekeeping import FakeClock

from . import scenarios
from .scenarios import table_of

SIZE = (80, 24)
PACE = 0.3


async def answered(pilot, clock: FakeClock, seen: list, seat: int) -> None:
    """A standing answer answers for ``seat`` PACE after the question, not a moment sooner (the
    table's time is a fake clock: no wait on a busy machine)."""
    await clock.advance(PACE - 0.01)
    assert not any(who == seat for who, _, _ in seen), "answered sooner than a person could"
    assert await clock.run_until(lambda: any(who == seat for who, _, _ in seen), 1) == approx(0.01)
    await pilot.pause()


def on_fake_time(app: GrailApp) -> FakeClock:
    app.clock = FakeClock()
    return app.clock


@pytest.fixture(autouse=True)
def quick_pace(monkeypatch):
    monkeypatch.setattr(client_module, "STANDING_PACE", PACE)


def watch_submits(table):
    """Every action the table is handed, with the seq it answers: a key press and a
    standing answer must arrive alike."""
    seen = []
    submit = table.submit

    def recorded(seat, action, seq):
        seen.append((seat, action, seq == table.seq))
        return submit(seat, action, seq)

    table.submit = recorded
    return seen


async def test_pass_on_everything_answers_at_a_persons_pace_and_ends_with_the_turn():
    scenarios.save(scenarios.bidding())  # Gregor proposes AC to Akkon; Ann is asked
    app = GrailApp(bot_delay=0, resume=True)
    clock = on_fake_time(app)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.request() is Request.OBJECTION
        table = table_of(app)
        seen = watch_submits(table)
        turn = table.state.turn
        await pilot.press("w")
        assert screen.mode is Compose.STANDING
        await pilot.press("enter")  # "Pass on every proposal"
        await pilot.pause()
        assert screen.mode is Compose.IDLE
        assert "Standing: pass on every proposal" in str(screen.query_one(ContestPane).content)
        assert "standing answer will pass" in str(screen.query_one("#prompt-text").content)
        assert not seen, "a standing answer never answers at once"
        await answered(pilot, clock, seen, 0)
        assert seen and seen[0][:2] == (0, Pass(0)) and seen[0][2]  # through table.submit, like a key
        await clock.run_until(lambda: table.state.turn != turn, 60)  # every later proposal is passed on too
        assert all(action == Pass(0) for seat, action, _ in seen if seat == 0)
        await pilot.pause()
        assert screen.client.standing(0) is None  # cleared with the turn


async def test_keep_objecting_up_to_an_amount_then_pass():
    scenarios.save(scenarios.bidding())  # the mover shows 4 on AC; Ann holds 15 on it
    app = GrailApp(bot_delay=0, resume=True)
    clock = on_fake_time(app)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        table = table_of(app)
        seen = watch_submits(table)
        await pilot.press("w")
        await pilot.press("down")  # "Object to AC up to…": the initiate on the table comes first
        await pilot.press("enter")
        assert screen.mode is Compose.STANDING_AMOUNT
        await pilot.press("backspace", "backspace", "9", "9", "enter")
        assert "Type an amount from 1 to 15" in screen.error  # no more than Ann has
        await pilot.press("backspace", "backspace", "6", "enter")
        assert screen.mode is Compose.IDLE
        standing = screen.client.standing(0)
        assert isinstance(standing, StandingAnswers) and standing.limit(Initiate.AC) == 6
        await answered(pilot, clock, seen, 0)
        assert seen[0][:2] == (0, Object(0, 6))  # the whole limit at once, not the mover's 4 plus 1
        await clock.run_out(60)  # until the table waits for Ann herself
        ann = [action for seat, action, _ in seen if seat == 0]
        assert all(isinstance(a, (Object, Pass)) for a in ann)
        assert all(a.amount <= 6 for a in ann if isinstance(a, Object))  # never past the limit
        assert len(ann) <= 2  # one objection, then (once matched) a pass: not a round per point


def test_a_standing_objection_shows_its_limit_in_one_step_and_no_more_than_is_held():
    game = scenarios.bidding()  # the mover shows 4 on AC; Ann holds 15 on it
    view = game.view(0)
    assert (view.public.contest.showing, view.sheet.influence[Initiate.AC]) == (4, 15)
    answers = StandingAnswers(game.turn)
    assert answers.objecting(Initiate.AC, 9).answer(view) == Object(0, 9)
    assert answers.objecting(Initiate.AC, 100).answer(view) == Object(0, 15)  # all Ann holds
    assert answers.objecting(Initiate.AC, 4).answer(view) == Pass(0)  # the mover shows as much


def test_a_standing_answer_asks_the_person_for_what_it_does_not_cover():
    from grail_tui.games.hunt.engine import Field, Proposal, Propose

    game = scenarios.midgame()
    game.apply(Propose(0, Proposal(Initiate.JB, Field.AVIGNON)))  # Ann proposes; Gregor is asked
    standing = StandingAnswers(game.turn).objecting(Initiate.AC, 5)
    assert standing.answer(game.view(1)) is None  # JB is not covered: Gregor is asked
    assert standing.passing().answer(game.view(1)) == Pass(1)
    assert StandingAnswers(game.turn - 1).passing().answer(game.view(1)) is None  # an old turn's
    assert standing.passing().answer(game.view(0)) is None  # never for the mover


async def test_standing_answers_are_offered_only_for_others_proposals():
    scenarios.save(scenarios.midgame())  # Ann's own turn
    app = GrailApp(bot_delay=30, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.request() is Request.TURN
        await pilot.press("w")
        assert screen.mode is Compose.IDLE


async def test_in_hot_seat_a_standing_answer_needs_no_handover():
    from grail_tui.app.screens.prompts import PrivacyScreen
    from grail_tui.table.seats import SeatConfig

    scenarios.save(scenarios.midgame(), [SeatConfig("Ann"), SeatConfig("Gregor"), scenarios.SEATS[2]])
    app = GrailApp(bot_delay=0, resume=True)
    clock = on_fake_time(app)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Ann takes the keyboard
        await pilot.press("p", "1", "enter")  # Ann proposes with JB
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        await pilot.press("enter")  # Gregor
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.viewer == 1
        table = table_of(app)
        seen = watch_submits(table)
        await pilot.press("w", "enter")  # pass on every proposal this turn
        await pilot.pause()
        assert screen.viewer is None and not isinstance(app.screen, PrivacyScreen)  # keyboard free
        await answered(pilot, clock, seen, 1)
        assert (1, Pass(1), True) in seen  # answered for Gregor, through the table like a key
