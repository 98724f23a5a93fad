"""The one table screen under both games: what every game's screen does alike is done alike."""

from __future__ import annotations

import pytest

from grail_tui.app.app import GrailApp
from grail_tui.app.screens.help import HelpScreen
from grail_tui.app.table_screen import TableScreen
from grail_tui.games.hunt.screens.game import GameScreen
from grail_tui.games.succession.screens.game import SuccessionScreen

from ..succession.tui import scenarios as cards
from . import scenarios as hunt

SIZE = (80, 24)
GAMES = {"hunt": (lambda: hunt.save(hunt.midgame()), GameScreen),
         "succession": (lambda: cards.save(cards.midgame()), SuccessionScreen)}


async def opened(app: GrailApp, pilot, game: str) -> TableScreen:
    for _ in range(5):
        await pilot.pause()
    screen = app.screen
    assert isinstance(screen, GAMES[game][1]) and screen.mine is not None
    return screen


@pytest.mark.parametrize("game", GAMES)
async def test_a_failed_computer_player_is_told_once_in_the_log_in_every_game(game):
    """Both games tell it the same way: one line in the log (it stays where the game's story is
    told), never a toast that covers the side pane and goes."""
    GAMES[game][0]()
    app = GrailApp(bot_delay=30, resume=True)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        screen = await opened(app, pilot, game)
        app.client.table.error = RuntimeError("boom")
        for _ in range(3):
            screen._sync()
            await pilot.pause()
        lines = screen.client.log(0).lines
        assert sum("A computer player failed (RuntimeError: boom)" in line for line in lines) == 1
        assert not app._notifications


async def test_help_from_the_whole_log_is_this_games_help():
    """? on the whole log (f) shows the hunt's keys and rules, as ? on the board does, not every
    game's."""
    GAMES["hunt"][0]()
    app = GrailApp(bot_delay=30, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(app, pilot, "hunt")
        await pilot.press("f")
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.kinds == (screen.client.kind,)
