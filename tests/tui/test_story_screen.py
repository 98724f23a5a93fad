"""The story screen, reached by keys alone from the end of a game (80x24)."""

from __future__ import annotations

import asyncio
import re

from textual_plotext import PlotextPlot

from grail_tui.app.app import GrailApp
from grail_tui.games.api import BotLevel
from grail_tui.games.hunt.screens.end import EndScreen
from grail_tui.games.hunt.screens.story import StoryScreen
from grail_tui.table.seats import SeatConfig

from ..hunt.test_story import delivery
from . import scenarios

SEATS = [SeatConfig("Anna"), SeatConfig("Ben", BotLevel.RANDOM)]


async def until(pilot, predicate, timeout: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        assert loop.time() < deadline, "timed out"
        await pilot.pause(0.05)


def text_of(screen, selector: str) -> str:
    return str(screen.query_one(selector).content)


def showing(screen, pane: str) -> bool:
    return screen.query_one(f"#story-{pane}").display


async def test_the_end_screen_opens_the_story_and_keys_walk_through_it():
    scenarios.save(delivery(), SEATS)
    app = GrailApp(seed=1, bot_delay=0, player_name="Anna", resume=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        await pilot.press("s")
        screen = app.screen
        assert isinstance(screen, StoryScreen)
        assert "Anna wins with 43 influence" in text_of(screen, "#story-outcome")
        # the bearer's track comes first, drawn as a plot; the legend gives the end in numbers
        assert "JB Jacques de Barruel" in text_of(screen, "#track-head")
        assert screen.query(PlotextPlot) and "Anna 43(35)" in text_of(screen, "#track-legend")
        await pilot.press("right")
        assert "AC Alberto Castellano" in text_of(screen, "#track-head")
        assert "Ben 69(69)" in text_of(screen, "#track-legend")
        await pilot.press("t")
        assert showing(screen, "turns") and not showing(screen, "plot")
        turns = str(screen.query_one("#story-turns Static").content)
        assert "Anna held the most on Jacques de Barruel from turn 3 to the end" in turns
        assert "The table could know it from turn 5" in turns
        await pilot.press("s")
        assert showing(screen, "spending") and not showing(screen, "turns")
        spending = str(screen.query_one("#story-spending Static").content)
        assert "assigned" in spending and "Ben" in spending
        await pilot.press("tab")  # back round to the plot
        assert showing(screen, "plot")
        await pilot.press("escape")
        assert isinstance(app.screen, EndScreen)


async def test_ascii_shows_the_track_as_numbers_every_turn_it_changed():
    scenarios.save(delivery(), SEATS)
    app = GrailApp(seed=1, bot_delay=0, player_name="Anna", resume=True, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        await pilot.press("s")
        screen = app.screen
        assert not screen.query(PlotextPlot)
        table = text_of(screen, "#track-table").splitlines()
        rows = {line.split()[0]: re.findall(r"(\d+)\(\s*(\d+)\)", line) for line in table[1:] if re.match(r"\s*(open|\d+) ", line)}
        # JB, (true, known) for Anna and Ben: Ben leads 20 to 10 after the opening; Anna's
        # assignment in turn 3 makes it 43; in turn 5 she shows 35 of it against Ben's 15
        assert rows["open"] == [("10", "0"), ("20", "0")]
        assert rows["3"] == [("43", "0"), ("20", "0")]
        assert rows["5"] == [("43", "35"), ("20", "15")]
        assert list(rows) == ["open", "3", "5", "9"]  # only the turns in which something changed


async def test_no_color_also_shows_numbers(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    scenarios.save(delivery(), SEATS)
    app = GrailApp(seed=1, bot_delay=0, player_name="Anna", resume=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        await pilot.press("s")
        assert app.no_color and not app.screen.query(PlotextPlot)
        assert "43(35)" in text_of(app.screen, "#track-table")


async def test_a_large_terminal_shows_all_three_at_once():
    scenarios.save(delivery(), SEATS)
    app = GrailApp(seed=1, bot_delay=0, player_name="Anna", resume=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        await pilot.press("s")
        assert all(showing(app.screen, pane) for pane in ("plot", "turns", "spending"))
        await pilot.press("right")  # no pane takes the arrows for itself
        assert "AC Alberto Castellano" in text_of(app.screen, "#track-head")
