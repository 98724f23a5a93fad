"""Keys that arrive together — over SSH or any slow link they do — act in the order typed.

Textual hands each key to the widget focused when it arrives; a key that opens a field
opens it only later, so the keys after it went to the board (textualize/textual#6605).
The app holds them until the key before has been dealt with (app/keyorder.py).
"""

from __future__ import annotations

from textual import events
from textual.widgets import Input

from grail_tui.app.app import GrailApp
from grail_tui.app.screens.prompts import TextPrompt
from grail_tui.app.screens.start import StartMenu, StartScreen
from grail_tui.games.hunt.screens.game import GameScreen
from grail_tui.games.hunt.situation import Request

from . import scenarios
from .scenarios import table_of

KEYS = {"backspace": "\x7f", "enter": "\r", "left": None, "home": None}


def arrive_together(app: GrailApp, *keys: str) -> None:
    """Post keys to the app the way its driver does, all at once: no waiting between them."""
    for key in keys:
        app.post_message(events.Key(key, KEYS.get(key, key)))


async def settle(pilot, app: GrailApp) -> None:
    """Until the app holds no key back (each held key waits for a paint)."""
    for _ in range(100):
        await pilot.pause()
        if not getattr(app, "key_order", None) or (not app.key_order.busy and not app.key_order.held):
            await pilot.pause()
            return
    raise AssertionError("keys still held")


async def answer_with(scenario, *keys: str) -> GrailApp:
    scenarios.save(scenario)
    app = GrailApp(bot_delay=30, resume=True)  # the bots take their time: only these keys act
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.request() is not None
        arrive_together(app, *keys)
        await settle(pilot, app)
    return app


async def test_an_objection_typed_in_one_burst_reveals_the_amount_typed():
    app = await answer_with(scenarios.proposed(), "o", "1", "2", "enter")
    assert table_of(app).state.public_view().known[0][1] == 12  # not the 1 filled in, nor 112


async def test_a_raise_typed_in_one_burst_reveals_the_amount_typed():
    app = await answer_with(scenarios.objected_to(), "r", "1", "2", "enter")
    assert table_of(app).state.public_view().known[0][1] == 12  # not the 4 filled in


async def test_an_objection_edited_in_one_burst_is_the_amount_typed():
    scenarios.save(scenarios.bidding())
    app = GrailApp(bot_delay=30, resume=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.request() is Request.OBJECTION
        await pilot.press("o")  # the amount field opens at the least that beats the showing, 5
        arrive_together(app, "backspace", "6", "enter")  # Backspace first, then 6, then Enter
        await settle(pilot, app)
        assert table_of(app).state.public_view().known[0][1] == 6  # an objection of 6, not "" or 56


async def test_the_field_opened_by_a_burst_shows_each_key_before_the_next_acts():
    scenarios.save(scenarios.proposed())
    app = GrailApp(bot_delay=30, resume=True)
    shown: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        amount = app.screen.query_one(Input)
        real_render_line = type(amount).render_line

        def render_line(self, y):  # what the terminal is sent for the field, line by line
            if self.display and (not shown or shown[-1] != self.value):
                shown.append(self.value)
            return real_render_line(self, y)

        type(amount).render_line = render_line
        try:
            arrive_together(app, "o", "1", "2", "enter")
            await settle(pilot, app)
        finally:
            type(amount).render_line = real_render_line
    assert shown[-1] == "12" and table_of(app).state.public_view().known[0][1] == 12


async def test_a_name_typed_in_one_burst_is_the_name_typed():
    app = GrailApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen.query_one(StartMenu)
        menu.row = menu.rows().index("seat0")
        arrive_together(app, "n", *"Zoe", "enter")  # n opens the name prompt
        await settle(pilot, app)
        assert isinstance(app.screen, StartScreen) and app.settings.seats[0].name == "Zoe"


async def test_a_line_edited_in_one_burst_reads_as_typed():
    app = GrailApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        answers: list[str | None] = []
        app.push_screen(TextPrompt("Name?", "ab"), answers.append)
        await pilot.pause()
        arrive_together(app, "backspace", "c", "home", "x", "enter")
        await settle(pilot, app)
        assert answers == ["xc"]  # (the field starts with "ab" selected: Backspace clears it)


async def test_enter_before_the_amount_showed_reveals_nothing():
    scenarios.save(scenarios.proposed())
    app = GrailApp(bot_delay=30, resume=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        arrive_together(app, "o", "enter")  # the 1 filled in was not yet on the screen
        await settle(pilot, app)
        table = table_of(app)
        assert table.state.public_view().contest.rounds == ()  # nothing revealed, still asked
        assert "Nothing revealed" in str(screen.query_one("#prompt-error").render())
        await pilot.press("enter")  # now it has been seen: Enter reveals it
        await settle(pilot, app)
        assert table.state.public_view().known[0][1] == 1
