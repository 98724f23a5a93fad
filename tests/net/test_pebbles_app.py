"""Pebbles, the tests' toy game, played in the app against a real `grail-tui serve`, as the real
games are (test_succession.py): created in the lobby with a seat open, joined by a second client,
played by keys to the end. What one seat's screen shows hides the other's bonus, and the bytes
the other seat receives never carry the first one's."""

from __future__ import annotations

import asyncio
import re

from grail_tui.app.app import GrailApp
from grail_tui.app.end_screen import TableEndScreen
from grail_tui.app.screens.lobby import LobbyScreen
from grail_tui.app.screens.start import StartMenu
from grail_tui.app.table_screen import TableScreen
from grail_tui.net.botclient import play_seat
from grail_tui.net.protocol import Join, Joined, State, Watch
from grail_tui.net.remote import Target

from ..pebbles import GREEDY, KIND, installed
from .helpers import link, next_of

SIZE = (80, 24)


async def wait(pilot, predicate, timeout: float = 20.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        assert loop.time() < deadline, "timed out"
        await pilot.pause(0.05)


def text_of(app: GrailApp) -> str:
    return "\n".join(strip.text.rstrip() for strip in app.screen._compositor.render_strips())


async def create_in_lobby(app: GrailApp, pilot) -> TableScreen:
    """n, the Game row to Pebbles, the second seat open, then create (as the card game's test does)."""
    await wait(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.connected)
    await pilot.press("n")
    menu = app.screen.query_one(StartMenu)

    async def to(row: str) -> None:
        for _ in range(20):
            if menu.rows()[menu.row] == row:
                return
            await pilot.press("down")
        raise AssertionError(f"no row {row} in the form")

    await to("game")
    for _ in range(6):  # the games a terminal offers, in turn
        if menu.settings.game != KIND.name:
            await pilot.press("right")
    assert menu.settings.game == KIND.name, "Pebbles is not offered"
    await to("seat1")
    for _ in range(4):  # its bots, then open
        if menu.settings.seats[1].bot is not None:
            await pilot.press("left")
    assert menu.settings.seats[1].bot is None
    for _ in range(12):
        if menu.row:
            await pilot.press("up")
    await pilot.press("enter")
    await wait(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.client.latest(0) is not None)
    return app.screen


async def test_the_app_creates_pebbles_a_second_client_joins_and_they_play_it_to_the_end(
        server, tmp_path, monkeypatch):
    monkeypatch.setenv("GRAIL_TUI_DATA", str(tmp_path / "client"))
    with installed(monkeypatch):
        app = GrailApp(server=Target.unix(server.socket, named=True), seed=1)
        async with app.run_test(size=SIZE) as pilot:
            screen = await create_in_lobby(app, pilot)
            client = screen.client
            assert client.remote and client.seats == (0,)
            bea = await link(server, "bea")
            await bea.send(Join(1, client.code))
            assert (await next_of(bea, Joined)).seat == 1
            cy = await link(server, "cy")  # a spectator
            await cy.send(Watch(2, client.code))
            assert (await next_of(cy, Joined)).seat is None
            heard: list = []
            watched: list = []

            async def watch() -> None:
                while True:
                    message = await cy.receive()
                    watched.append(message)
                    if isinstance(message, State) and message.result is not None:
                        return

            rival = asyncio.ensure_future(play_seat(bea, client.code, KIND, KIND.make_bot(GREEDY, 2), log=heard))
            watcher = asyncio.ensure_future(watch())
            await wait(pilot, lambda: screen.is_asked())
            await pilot.pause()
            mine = screen.mine.bonus
            assert f"Your secret bonus: {mine}" in text_of(app)
            def asked() -> bool:  # and the screen shows the latest update (it reads it once posted)
                latest = client.latest(0)
                return screen.is_asked() and latest is not None and screen.mine == latest.view

            for k in range(60):
                await wait(pilot, lambda: isinstance(app.screen, TableEndScreen) or asked())
                if isinstance(app.screen, TableEndScreen):
                    break
                shown = text_of(app)
                told = {int(b) for b in re.findall(r"[Ss]ecret bonus(?::| is) (\d)", shown)}
                assert told == {mine}, shown  # the pane's and the log's: this seat's own, no other
                assert shown.count("ecret bonus is") <= 1, shown  # the log tells one bonus, its reader's
                view = screen.public
                before = client.latest(0).seq
                await pilot.press(("2" if view.pile >= 2 else "1") if view.stage.value == "turn" else "yn"[k % 2])
                await wait(pilot, lambda before=before: client.latest(0).seq > before or client.latest(0).pending is not None
                           or bool(screen.error))
                assert not screen.error, screen.error
            await wait(pilot, lambda: isinstance(app.screen, TableEndScreen))
            final = await asyncio.wait_for(rival, 20)
            await asyncio.wait_for(watcher, 20)
            await wait(pilot, lambda: "Game over" in text_of(app))  # the end screen is drawn after it is pushed
            end = text_of(app)
            assert "Game over" in end and f"{client.code} · " not in end  # the end screen, not the table
            assert final.result is not None
            assert KIND.replay(KIND.read_record(final.record).setup, []).bonuses[0] == mine
            await bea.close()
            await cy.close()
    states = [m for m in heard if isinstance(m, State)]
    assert states and all(s.seat == 1 for s in states)
    assert any(e.get("kind") == "Dealt" for s in states for e in s.events)  # her own bonus reached her
    seen = [m for m in watched if isinstance(m, State)]
    assert seen and seen[-1].view["bonuses"] is not None  # the spectator sees every bonus at the end
    for state in seen[:-1]:  # and none before
        assert state.view["bonuses"] is None and not any(e.get("kind") == "Dealt" for e in state.events)
    for state in states[:-1]:  # before the end, the other seat's bonus reaches Bea nowhere
        assert state.view["public"]["bonuses"] is None
        assert all(e.get("player") == 1 for e in state.events if e.get("kind") == "Dealt"), state.events
