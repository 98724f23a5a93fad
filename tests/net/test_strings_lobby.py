"""Pulling Strings on a server: Esc goes back to the lobby with the seat kept, as in the hunt
(docs/turn-based.md: "Esc to the lobby"); with a list open, Esc only backs out of it."""

from __future__ import annotations

from grail_tui.app.app import GrailApp
from grail_tui.app.keyline import KeyFooter
from grail_tui.app.screens.lobby import LobbyScreen
from grail_tui.games.strings.screens.game import StringsScreen
from grail_tui.net.remote import Target

from .helpers import create, link
from .test_remote_app import wait


def keys(app) -> str:
    return " ".join(str(app.screen.query_one(KeyFooter).content).split())


async def test_esc_takes_a_pulling_strings_player_back_to_the_lobby_keeping_the_seat(server, tmp_path, monkeypatch):
    monkeypatch.setenv("GRAIL_TUI_DATA", str(tmp_path / "client"))
    bo = await link(server, "bo")
    code = await create(bo, (None, None, "heuristic"), game="strings", answer_timeout=600, turn_timeout=600)
    app = GrailApp(server=Target.unix(server.socket, named=True), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.connected
                   and any(g.code == code for g, _ in app.screen.shown))
        lobby = app.screen
        await pilot.press("enter")  # the one game listed: its free seat
        await wait(pilot, lambda: isinstance(app.screen, StringsScreen) and app.screen.client.seats == (1,)
                   and app.screen.client.latest(1) is not None and app.screen.asked())
        screen = app.screen
        await pilot.press("enter")  # the secret Cabal choice: a list opens
        await wait(pilot, lambda: screen.menu is not None)
        await pilot.press("escape")  # backs out of the list, and only that
        await wait(pilot, lambda: screen.menu is None)
        assert app.screen is screen
        await wait(pilot, lambda: "Esc Lobby" in keys(app))
        await pilot.press("escape")
        await wait(pilot, lambda: app.screen is lobby)
        await wait(pilot, lambda: any(g.code == code for g, _ in lobby.shown))
        assert next(v for g, v in lobby.shown if g.code == code) == "open"  # still your seat
        await pilot.press("enter")
        await wait(pilot, lambda: isinstance(app.screen, StringsScreen) and app.screen.client.seats == (1,))
    await bo.close()
