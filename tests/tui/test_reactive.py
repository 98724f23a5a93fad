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


async def test_a_cursor_move_in_the_composer_repaints_the_composer_alone():
    """Over a slow link every repainted cell is resent: a unit cursor move must not
    repaint the board, the panes or the whole screen."""
    from textual.widget import Widget

    scenarios.save(scenarios.midgame())
    app = GrailApp(bot_delay=30, resume=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        refreshed: list[str] = []
        original = Widget.refresh

        def counted(self, *args, **kwargs):
            refreshed.append(type(self).__name__)
            return original(self, *args, **kwargs)

        Widget.refresh = counted
        try:
            await pilot.press("left")
            await pilot.pause()
        finally:
            Widget.refresh = original
        assert set(refreshed) == {"AssignPad"}, refreshed


async def test_changing_what_is_composed_does_not_repaint_the_board():
    from textual.widget import Widget

    scenarios.save(scenarios.midgame())
    app = GrailApp(bot_delay=30, resume=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause(0.1)
        refreshed: list[str] = []
        original = Widget.refresh

        def counted(self, *args, **kwargs):
            refreshed.append(type(self).__name__)
            return original(self, *args, **kwargs)

        Widget.refresh = counted
        try:
            await pilot.press("a", "escape")
            await pilot.pause()
        finally:
            Widget.refresh = original
        assert "BoardMap" not in refreshed and "GameScreen" not in refreshed, sorted(set(refreshed))
