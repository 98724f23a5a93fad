"""The game screen paints once per change, and reads a change once."""

from __future__ import annotations

from grail_tui.app.app import GrailApp
from grail_tui.games.hunt.screens.game import GameScreen
from grail_tui.games.hunt.situation import Request

from . import scenarios
from .scenarios import table_of


async def test_one_enter_on_an_objection_paints_once():
    scenarios.save(scenarios.bidding())
    app = GrailApp(bot_delay=30, resume=True)  # the bots take their time: only the Enter changes anything
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.request() is Request.OBJECTION
        await pilot.press("o", "backspace", "6")  # compose an objection of 6
        await pilot.pause()
        rule_checks = 0
        table = table_of(app)
        check = table.state.why_illegal

        def counted(action):
            nonlocal rule_checks
            rule_checks += 1
            return check(action)

        table.state.why_illegal = counted
        before = screen.paints
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert table.state.public_view().known[0][1] == 6  # the objection was taken, the round shown
        assert screen.paints - before == 1
        assert rule_checks == 1  # the action was checked once, by the table


async def test_a_burst_of_table_news_is_painted_once():
    scenarios.save(scenarios.midgame())
    app = GrailApp(bot_delay=0, resume=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        before = screen.paints
        for _ in range(5):
            screen.client.on_change()  # five updates arrive together
        await pilot.pause()
        await pilot.pause()
        assert screen.paints - before == 1


async def test_keys_that_arrive_in_one_burst_all_land():
    """Over SSH a player's keys arrive together: each must find its widget shown and focused."""
    from textual import events

    scenarios.save(scenarios.midgame())
    app = GrailApp(bot_delay=30, resume=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.request() is Request.TURN
        table = table_of(app)
        turn = table.state.turn
        for key in ("a", "2", "enter"):  # assign the biggest unit to AC, confirm: no pause between
            app.post_message(events.Key(key, key if len(key) == 1 else None))
        await pilot.pause()
        await pilot.pause()
        assert table.state.turn == turn + 1  # the assignment was made and the turn passed on
