"""The card game's screen paints once per change, and an action is checked once."""

from __future__ import annotations

from grail_tui.app.app import GrailApp
from grail_tui.games.succession.screens.game import SuccessionScreen

from . import scenarios
from .scenarios import table_of


async def test_one_card_played_paints_once_and_is_checked_once():
    scenarios.save(scenarios.midgame())
    app = GrailApp(bot_delay=30, resume=True)  # the bot takes its time: only the key changes anything
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SuccessionScreen) and screen.is_asked()
        table = table_of(app)
        check = table.state.why_illegal
        checks = 0

        def counted(action):
            nonlocal checks
            checks += 1
            return check(action)

        table.state.why_illegal = counted
        before, played = screen.paints, len(table.state.actions)
        await pilot.press("p")
        await pilot.pause()
        await pilot.pause()
        assert len(table.state.actions) == played + 1
        assert screen.paints - before == 1
        assert checks == 1


async def test_a_burst_of_table_news_is_painted_once():
    scenarios.save(scenarios.midgame())
    app = GrailApp(bot_delay=30, resume=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SuccessionScreen)
        before = screen.paints
        for _ in range(5):
            screen.client.on_change()
        await pilot.pause()
        await pilot.pause()
        assert screen.paints - before == 1


async def test_keys_that_arrive_in_one_burst_all_land():
    """Over SSH a player's keys arrive together: t then t takes."""
    from textual import events

    scenarios.save(scenarios.midgame())
    app = GrailApp(bot_delay=30, resume=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = table_of(app)
        for key in ("t", "t"):
            app.post_message(events.Key(key, key))
        await pilot.pause()
        await pilot.pause()
        assert table.state.took[0]
