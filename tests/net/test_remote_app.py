"""The app against a real server process: lobby, a new game, play by keys, chat."""

from __future__ import annotations

import asyncio

from grail_tui.app.app import GrailApp
from grail_tui.app.screens.lobby import FIRST_FRAME_WAIT, LobbyScreen
from grail_tui.games.hunt.screens.game import GameScreen
from grail_tui.games.hunt.situation import Request
from grail_tui.net.remote import Target


def ready(app) -> bool:
    return isinstance(app.screen, GameScreen) and app.screen.client.latest(0) is not None


async def wait(pilot, predicate, timeout: float = 15.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        assert loop.time() < deadline, "timed out"
        await pilot.pause(0.05)


async def test_lobby_new_game_play_and_chat(server, tmp_path, monkeypatch):
    monkeypatch.setenv("GRAIL_TUI_DATA", str(tmp_path / "client"))
    app = GrailApp(server=Target.unix(server.socket, named=True), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.connected)
        await pilot.press("n")
        await pilot.press("enter")  # create with the defaults: you and two heuristic bots
        await wait(pilot, lambda: ready(app))
        screen = app.screen
        client = screen.client
        assert client.remote and client.seats == (0,)
        await wait(pilot, lambda: screen.request() is Request.OPENING)
        await pilot.press("a", "left", "2", "enter")  # one unit on AC
        await wait(pilot, lambda: client.latest(None).view.turn >= 1)
        assert client.latest(0).view.sheet.influence[1] > 0
        await pilot.press("colon")
        await pilot.press(*"hello table", "enter")
        await wait(pilot, lambda: any("[chat]" in line and "hello table" in line
                                      for line in client.log(0).lines))
        names = client.latest(0).names
        assert names[1] == "Gregor" and names[2] == "Inga"


async def test_a_refused_action_comes_back_as_a_message(server, tmp_path, monkeypatch):
    from grail_tui.games.hunt.engine import Object

    monkeypatch.setenv("GRAIL_TUI_DATA", str(tmp_path / "client"))
    app = GrailApp(server=Target.unix(server.socket, named=True), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.connected)
        await pilot.press("n", "enter")
        await wait(pilot, lambda: ready(app))
        from grail_tui.net.protocol import Act

        screen = app.screen
        client = screen.client
        # bypassing the app's own check: the server refuses, and says so to this player only
        client.session.send(Act(client.code, client.latest(0).seq, client.kind.action_to_dict(Object(0, 50))))
        await wait(pilot, lambda: bool(screen.error))
        assert "object or pass" in screen.error
        assert isinstance(app.screen, GameScreen)


async def test_the_host_sets_the_answer_timeout_when_creating(server, tmp_path, monkeypatch):
    monkeypatch.setenv("GRAIL_TUI_DATA", str(tmp_path / "client"))
    app = GrailApp(server=Target.unix(server.socket, named=True), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.connected)
        await pilot.press("n")
        # the last three rows: answer time, minimum round, takeover; up wraps to the last
        await pilot.press("up", "up", "up", "backspace", "backspace", "backspace", "4", "5")
        await pilot.press("down", "down", "3", "0", "enter")
        await wait(pilot, lambda: ready(app))
        assert app.screen.client.remote
    import json as _json
    import sqlite3

    db = sqlite3.connect(server.db)
    settings = _json.loads(db.execute("SELECT settings FROM games").fetchone()[0])
    assert settings["answer_timeout"] == 45 and settings["takeover_after"] == 30


async def test_the_app_reconnects_by_itself_after_the_server_is_killed(tmp_path, monkeypatch):
    import os
    import signal

    from .conftest import start_server

    monkeypatch.setenv("GRAIL_TUI_DATA", str(tmp_path / "client"))
    first = start_server(tmp_path)
    app = GrailApp(server=Target.unix(first.socket, named=True), seed=1)
    second = None
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.connected)
            await pilot.press("n", "enter")
            await wait(pilot, lambda: ready(app))
            screen = app.screen
            client = screen.client
            await wait(pilot, lambda: screen.request() is Request.OPENING)
            await pilot.press("a", "2", "enter")
            await wait(pilot, lambda: client.latest(None).view.turn >= 1)
            before = client.latest(0).seq
            client.chat("before the storm")
            await wait(pilot, lambda: any("before the storm" in line for line in client.log(0).lines))
            os.kill(first.proc.pid, signal.SIGKILL)
            first.proc.wait(5)
            await wait(pilot, lambda: client.notice is not None)  # "Connection lost; reconnecting…"
            assert "reconnecting" in str(screen.query_one("#status").content)
            second = start_server(tmp_path)  # same socket, same database
            await wait(pilot, lambda: client.notice is None and client.session.connected, timeout=20)
            await wait(pilot, lambda: client.latest(0).seq >= before)
            assert client.latest(0).view.sheet.influence[1] > 0  # our assignment survived
            # the chat came back with the fresh start of the log, and the pane shows it
            assert sum("before the storm" in line for line in client.log(0).lines) == 1
            await pilot.press("g")
            await pilot.pause()
            from grail_tui.games.hunt.widgets.panes import LogPane

            shown = " ".join(" ".join(str(line.text).split()) for line in screen.query_one(LogPane).lines)
            assert shown.count("before the storm") == 1
    finally:
        first.stop()
        if second is not None:
            second.stop()


async def test_a_chosen_servers_lobby_is_the_first_screen_and_waits_for_its_connection(tmp_path, monkeypatch):
    """No empty screen while the connection opens: the lobby is drawn at once, says it is
    connecting, and its keys do nothing until it is connected (a server that never answers)."""
    import socket

    from grail_tui.app.screens.server_game import NewGameScreen

    monkeypatch.setenv("GRAIL_TUI_DATA", str(tmp_path / "client"))
    mute = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    mute.bind(str(tmp_path / "mute.sock"))
    mute.listen(1)  # accepts at the kernel's level, never says hello
    try:
        app = GrailApp(server=Target.unix(tmp_path / "mute.sock", named=True), seed=1)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait(pilot, lambda: isinstance(app.screen, LobbyScreen))
            lobby = app.screen
            await pilot.pause(FIRST_FRAME_WAIT)  # past the moment it waits for a quick answer
            assert app.screen_stack == [lobby]  # the first screen: no empty one drawn before it
            title = str(lobby.query_one("#title").content)
            assert f"connecting to {tmp_path / 'mute.sock'}" in title and not lobby.connected
            await pilot.press("n", "j", "r")
            await pilot.pause(0.2)
            assert app.screen is lobby and not isinstance(app.screen, NewGameScreen)
            footer = app.screen.query_one("KeyFooter")
            assert "New game" not in str(footer.render())
            await app.action_quit()
    finally:
        mute.close()
