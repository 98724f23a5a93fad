"""New chat is seen at 80x24 in both games, where the log is one pane of several: lines said
while the log is hidden are counted on the status line, with the key that shows the log; a notice
would cover the player's own sheet."""

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


def status(screen) -> str:
    return str(screen.query_one("#status").render())


@pytest.mark.parametrize("game", ["hunt", "succession"])
async def test_chat_said_while_the_log_is_hidden_is_marked_on_the_status_line(
        server, tmp_path, monkeypatch, game):
    monkeypatch.setenv("GRAIL_TUI_DATA", str(tmp_path / "client"))
    app = GrailApp(server=Target.unix(server.socket, named=True), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, pilot, game)
        client = screen.client
        assert screen.pane != "log"  # 80 columns: another pane is in front of the log
        cy = await link(server, "cy")
        await cy.send(Watch(1, client.code))
        await next_of(cy, Joined)
        await cy.send(Say(client.code, "psst"))
        await cy.send(Say(client.code, "look at AC"))
        await wait(pilot, lambda: "2 new chat lines: g shows the log" in status(screen))
        # the player's own line is not counted
        await pilot.press("colon")
        await pilot.press(*"mine", "enter")
        await wait(pilot, lambda: any(line.endswith(": mine") for line in client.log(0).lines))
        await pilot.pause()
        assert "2 new chat lines" in status(screen)
        await pilot.press("g")  # the log in front: read, the marker goes
        await wait(pilot, lambda: "new chat" not in status(screen))
        await cy.send(Say(client.code, "second"))  # said with the log in front: nothing to mark
        await wait(pilot, lambda: any(line.endswith(": second") for line in client.log(0).lines))
        await pilot.pause()
        assert "new chat" not in status(screen)
        await pilot.press("tab")  # another pane in front again
        await cy.send(Say(client.code, "third"))
        await wait(pilot, lambda: "1 new chat line: g shows the log" in status(screen))
        await cy.close()
