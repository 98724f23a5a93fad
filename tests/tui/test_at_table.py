"""What every game's table does the same way, in both games at 80x24: nothing acts behind the
"too small" notice, Ctrl+Q says how to come back, a key that does nothing says why, the key
line says how to switch panes."""

from __future__ import annotations

import pytest

from grail_tui.app.app import GrailApp
from grail_tui.app.screens.at_table import AtTable
from grail_tui.app.screens.start import StartScreen
from grail_tui.games.hunt.screens.game import GameScreen
from grail_tui.games.succession.screens.game import SuccessionScreen
from grail_tui.table.files import saves_dir

from ..succession.tui import scenarios as cards
from . import scenarios as hunt

SIZE = (80, 24)
GAMES = {"hunt": (lambda: hunt.save(hunt.midgame()), GameScreen),
         "succession": (lambda: cards.save(cards.midgame()), SuccessionScreen)}


async def settle(app: GrailApp, pilot) -> None:
    await pilot.pause()
    if app.client is not None:
        table = app.client.table
        for _ in range(50):
            if not table.busy():
                break
            await table.settle()
            await pilot.pause()
    await pilot.pause()


async def open_saved(app: GrailApp, pilot, game: str) -> AtTable:
    await settle(app, pilot)
    screen = app.screen
    assert isinstance(screen, GAMES[game][1]) and screen.mine is not None
    return screen


@pytest.mark.parametrize("game", GAMES)
async def test_no_key_acts_behind_the_too_small_notice(game):
    GAMES[game][0]()
    app = GrailApp(resume=True, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_saved(app, pilot, game)
        actions = len(app.client.table.state.actions)
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert app.has_class("-too-small")
        # p proposes or plays, Enter confirms, t takes, n passes: none of them may act unseen
        await pilot.press("p", "enter", "t", "enter", "n", "a", "enter", "colon", "question_mark")
        await settle(app, pilot)
        assert app.screen is screen
        assert len(app.client.table.state.actions) == actions
        assert screen.mode.name == "IDLE"
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert not app.has_class("-too-small")
        await pilot.press("p")  # the same key acts again once the screen shows: propose, or play
        await pilot.pause()
        assert screen.mode.name != "IDLE" or len(app.client.table.state.actions) > actions


async def test_no_key_acts_behind_the_too_small_notice_on_the_start_screen():
    app = GrailApp(seed=5, bot_delay=0)
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "f", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert app.client is None


@pytest.mark.parametrize("game", GAMES)
async def test_ctrl_q_in_a_game_says_it_is_saved_and_how_to_continue(game):
    GAMES[game][0]()
    app = GrailApp(resume=True, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await open_saved(app, pilot, game)
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.exit_message is not None
    assert "saved" in app.exit_message and "grail-tui --continue" in app.exit_message
    assert list(saves_dir().glob("*.jsonl"))  # and it is


async def test_ctrl_q_outside_a_game_says_nothing():
    app = GrailApp(seed=5, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.exit_message is None
