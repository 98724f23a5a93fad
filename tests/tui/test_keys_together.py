"""Keys that arrive together — over SSH or any slow link they do — act in the order typed."""

from __future__ import annotations

from textual import events

from grail_tui.app.app import GrailApp
from grail_tui.app.screens.prompts import TextPrompt
from grail_tui.games.hunt.screens.game import GameScreen
from grail_tui.games.hunt.situation import Request

from . import scenarios
from .scenarios import table_of

KEYS = {"backspace": "\x7f", "enter": "\r", "left": None, "home": None}


def arrive_together(app: GrailApp, *keys: str) -> None:
    """Post keys to the app the way its driver does, all at once: no waiting between them."""
    for key in keys:
        app.post_message(events.Key(key, KEYS.get(key, key)))


async def test_an_objection_typed_in_one_burst_is_the_amount_typed():
    scenarios.save(scenarios.bidding())
    app = GrailApp(bot_delay=30, resume=True)  # the bots take their time: only these keys act
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.request() is Request.OBJECTION
        await pilot.press("o")  # the amount field opens at the least that beats the showing, 5
        arrive_together(app, "backspace", "6", "enter")  # Backspace first, then 6, then Enter
        await pilot.pause()
        await pilot.pause()
        assert table_of(app).state.public_view().known[0][1] == 6  # an objection of 6, not "" or 56


async def test_a_line_edited_in_one_burst_reads_as_typed():
    app = GrailApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        answers: list[str | None] = []
        app.push_screen(TextPrompt("Name?", "ab"), answers.append)
        await pilot.pause()
        arrive_together(app, "backspace", "c", "home", "x", "enter")
        await pilot.pause()
        await pilot.pause()
        assert answers == ["xc"]  # (the field starts with "ab" selected: Backspace clears it)
