"""A screen laid out once for its first frame (app/textual_patches.py) still shows what it must:
notices on every screen, the breakpoint classes, a terminal that changes size."""

from __future__ import annotations

from textual.widgets._toast import Toast, ToastRack

from grail_tui.app.app import GrailApp
from grail_tui.app.screens.help import HelpScreen


def rack(app: GrailApp) -> ToastRack:
    return app.screen.query_one(ToastRack)


async def test_notices_show_on_a_screen_shown_after_them_and_go_when_they_end():
    app = GrailApp(seed=1)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        assert not rack(app).display and not rack(app).query(Toast)  # nothing to show
        app.notify("Something to know.", timeout=30)  # long enough for a loaded machine to look
        await pilot.pause()
        assert rack(app).display and len(rack(app).query(Toast)) == 1
        await app.push_screen(HelpScreen())
        await pilot.pause()
        assert rack(app).display and len(rack(app).query(Toast)) == 1  # shown over the new screen too
        app.clear_notifications()  # its time over (Textual's own timer: ends it as this does)
        for _ in range(100):  # and gone
            if not rack(app).query(Toast):
                break
            await pilot.pause(0.1)
        assert not rack(app).query(Toast)
        app.pop_screen()
        await pilot.pause()
        assert not rack(app).display and not rack(app).query(Toast)


async def test_a_game_screen_takes_its_breakpoints_and_follows_the_terminal():
    from . import scenarios

    scenarios.save(scenarios.midgame())
    app = GrailApp(bot_delay=30, resume=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.has_class("-narrow") and screen.has_class("-short")
        await pilot.resize_terminal(130, 40)
        await pilot.pause()
        assert screen.has_class("-wide") and screen.has_class("-tall")
        assert screen.outer_size == (130, 40)
