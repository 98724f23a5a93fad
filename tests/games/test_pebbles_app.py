"""Pebbles, the tests' toy game, played in the app by keys at 80x24 as a real game is: against
its bot to the end screen and its replay, hot-seat through the hand-off screen, in plain mode.
Its screens (tests/games/plugins/toy_game/screens.py) are the smallest a game can have: the rest
is the platform's one table screen, so what these tests see is the platform's doing."""

from __future__ import annotations

import re

import pytest

from grail_tui.app.app import GrailApp
from grail_tui.app.end_screen import TableEndScreen
from grail_tui.app.replay_screen import TableReplay
from grail_tui.app.screens.prompts import PrivacyScreen
from grail_tui.app.screens.start import StartMenu
from grail_tui.app.table_screen import TableScreen
from grail_tui.games import registry

from ..pilot_table import settle, table_of
from .conftest import PLUGINS

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def pebbles(monkeypatch, tmp_path):
    """Pebbles installed as a package beside grail-tui; the app's data in a folder of the test's."""
    monkeypatch.setenv("GRAIL_TUI_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    monkeypatch.syspath_prepend(str(PLUGINS))
    registry.refresh()
    yield registry.get("toy")
    monkeypatch.undo()
    registry.refresh()


def bonuses_shown(text: str) -> set[int]:
    """Every bonus a screen tells as the reader's own: the pane's line and the log's."""
    return {int(b) for b in re.findall(r"[Ss]ecret bonus(?::| is) (\d)", text)}


def _text(app: GrailApp) -> str:
    """What the terminal shows now, line by line, as a person reads it."""
    return "\n".join(strip.text.rstrip() for strip in app.screen._compositor.render_strips())


async def until_key(pilot, key: str, done, presses: int = 12) -> None:
    """Press ``key`` until ``done()``, a few times at most."""
    for _ in range(presses):
        if done():
            return
        await pilot.press(key)
    assert done(), f"{key} pressed {presses} times, and still not there"


async def start(app: GrailApp, pilot, *, people: int = 1) -> None:
    """The start screen: the Game row to Pebbles, the second seat a person too (hot-seat) if
    ``people`` is 2, then Enter."""
    menu = app.screen.query_one(StartMenu)
    await until_key(pilot, "down", lambda: menu.rows()[menu.row] == "game")
    await until_key(pilot, "right", lambda: app.settings.game == "toy")
    if people == 2:
        await until_key(pilot, "down", lambda: menu.rows()[menu.row] == "seat1")
        await until_key(pilot, "left", lambda: app.settings.seats[1].bot is None)
    await until_key(pilot, "up", lambda: menu.row == 0)
    await pilot.press("enter")
    await settle(app, pilot)
    assert isinstance(app.screen, (TableScreen, PrivacyScreen)), app.screen


async def move(app: GrailApp, pilot, screen: TableScreen, k: int) -> None:
    """Whatever Pebbles asks of the seat at the keyboard, by its keys: a bid, a take (twos while
    the pile lasts), a doubt, a reply."""
    view = screen.public
    stage = view.stage.value
    if stage == "turn":
        await pilot.press("2" if view.pile >= 2 else "1")
    else:
        await pilot.press("y" if k % 2 else "n")


async def test_pebbles_is_played_by_keys_against_its_bot_to_the_end_and_replayed():
    app = GrailApp(seed=3, bot_delay=0, player_name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await start(app, pilot)
        screen = app.screen
        assert type(screen).__name__ == "PebblesScreen" and screen.client.seats == (0,)
        table = table_of(app)
        bonus = table.state.bonuses[0]
        first = _text(app)
        assert "Everyone bids" in first.splitlines()[0]  # the status line, the platform's
        assert f"Your secret bonus: {bonus}" in first
        assert "Bid in secret: y begins with one pebble" in first
        assert "y Yes" in first and "n No" in first and "1 Take 1" not in first  # the key table: what works now
        await pilot.press("1")  # not a bid: the key says why, and nothing changes
        assert screen.error == "y or n answers the question now." and len(table.state.actions) == 0
        assert "y or n answers the question now." in _text(app)
        for k in range(60):
            await settle(app, pilot)
            if isinstance(app.screen, TableEndScreen):
                break
            assert app.screen is screen and screen.is_asked(), _text(app)
            before = len(table.state.actions)
            await move(app, pilot, screen, k)
            await settle(app, pilot)
            assert len(table.state.actions) > before, screen.error
        assert isinstance(app.screen, TableEndScreen)
        game = table.state
        end = _text(app)
        assert "Game over" in end and game.outcome.describe(game.setup.name) in " ".join(end.split())
        assert all(f"= {score}" in end for score in game.outcome.scores)
        await pilot.press("r")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, TableReplay) and replay.index == 0
        await pilot.press("right", "right")
        assert replay.index == 2 and "action 2/" in _text(app)
        await pilot.press("end")
        assert replay.index == len(game.actions) and "Game over" in _text(app)
        await pilot.press("pageup")
        assert replay.index < len(game.actions)


async def test_hot_seat_hands_the_keyboard_over_and_shows_a_bonus_to_its_holder_alone():
    app = GrailApp(seed=4, bot_delay=0, player_name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await start(app, pilot, people=2)
        table = table_of(app)
        names = table.state.setup.names
        bonuses = table.state.bonuses
        assert bonuses[0] != bonuses[1]  # this seed deals two bonuses apart: a leak would show
        handed, seen = 0, set()
        for k in range(80):
            await settle(app, pilot)
            screen = app.screen
            if isinstance(screen, TableEndScreen):
                break
            if isinstance(screen, PrivacyScreen):
                game_screen = app.screen_stack[-2]
                behind = _text(app)
                assert f"Pass the keyboard to {screen.player_name}" in behind
                assert game_screen.viewer is None and not bonuses_shown(behind)
                handed += 1
                await pilot.press("enter")
                continue
            assert isinstance(screen, TableScreen)
            seat = screen.viewer
            assert seat is not None and seat in table.state.to_act(), "a seat's screen is up while another is asked"
            seen.add(seat)
            shown = _text(app)
            assert f"Your secret bonus: {bonuses[seat]}" in shown
            assert f"{names[seat]} at the keyboard" in shown.splitlines()[0]
            assert bonuses_shown(shown) == {bonuses[seat]}, f"another seat's bonus on {names[seat]}'s screen:\n{shown}"
            assert shown.count("ecret bonus is") <= 1, shown  # the log tells one bonus, its reader's
            before = len(table.state.actions)
            await move(app, pilot, screen, k)
            await settle(app, pilot)
            answered = (screen.client.latest(seat) or screen.client.latest(None)).pending is not None
            assert len(table.state.actions) > before or answered, screen.error  # a secret answer waits for the others'
        assert isinstance(app.screen, TableEndScreen)
        assert seen == {0, 1} and handed >= 2


async def test_the_shells_ascii_choice_reaches_the_games_own_glyphs():
    """--ascii: the shell hands its choice to Pebbles' screen, which draws its pile with its own
    ASCII glyphs (the hunt's glyphs are the hunt's; the shell draws no pebble)."""
    for ascii_only, pile in ((True, "oooooooooo"), (False, "●●●●●●●●●●")):
        app = GrailApp(seed=3, bot_delay=0, player_name="Ann", ascii_only=ascii_only)
        async with app.run_test(size=SIZE) as pilot:
            await start(app, pilot)
            assert f"The pile  {pile}  10" in _text(app)
