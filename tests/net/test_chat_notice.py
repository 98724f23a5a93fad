"""New chat is seen at 80x24 in both games, where the log is one pane of several: a line said
while the log is hidden shows as a notice, as typed; with the log in front, the log shows it."""

from __future__ import annotations

import pytest

from grail_tui.app.app import GrailApp
from grail_tui.app.screens.lobby import LobbyScreen
from grail_tui.net.protocol import Joined, Say, Watch
from grail_tui.net.remote import Target

from .helpers import link, next_of
from .test_remote_app import ready, wait
from .test_succession import create_in_lobby


async def open_game(app: GrailApp, pilot, game: str):
    if game == "succession":
        return await create_in_lobby(app, pilot, open_seat=False)
    await wait(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.connected)
    await pilot.press("n", "enter")
    await wait(pilot, lambda: ready(app))
    return app.screen


def told(app: GrailApp) -> list[str]:
    return [str(n.message) for n in app._notifications]


@pytest.mark.parametrize("game", ["hunt", "succession"])
async def test_chat_said_while_the_log_is_hidden_shows_as_a_notice(server, tmp_path, monkeypatch, game):
    monkeypatch.setenv("GRAIL_TUI_DATA", str(tmp_path / "client"))
    app = GrailApp(server=Target.unix(server.socket, named=True), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, pilot, game)
        client = screen.client
        assert screen.pane != "log"  # 80 columns: another pane is in front of the log
        cy = await link(server, "cy")
        await cy.send(Watch(1, client.code))
        await next_of(cy, Joined)
        await cy.send(Say(client.code, "[b]psst[/b] look at AC"))
        await wait(pilot, lambda: any("look at AC" in line for line in client.log(0).lines))
        await wait(pilot, lambda: any("look at AC" in m for m in told(app)))
        assert any(m.endswith("cy: [b]psst[/b] look at AC") for m in told(app))
        assert not any(n.markup for n in app._notifications if "psst" in n.message)  # as typed
        # the player's own line is not told back to them
        await pilot.press("colon")
        await pilot.press(*"mine", "enter")
        await wait(pilot, lambda: any(line.endswith(": mine") for line in client.log(0).lines))
        await pilot.pause()
        assert not any(m.endswith("mine") for m in told(app))
        # with the log in front the log shows it: no notice
        app.clear_notifications()
        await pilot.press("g")
        await pilot.pause()
        assert screen.pane == "log"
        await cy.send(Say(client.code, "second line"))
        await wait(pilot, lambda: any("second line" in line for line in client.log(0).lines))
        await pilot.pause()
        assert not any("second line" in m for m in told(app))
        await cy.close()
