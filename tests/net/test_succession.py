"""Grail Succession over a real `grail-tui serve`: bench clients, and the app in the lobby."""

from __future__ import annotations

import asyncio

from grail_tui.app.app import GrailApp
from grail_tui.app.screens.lobby import LobbyScreen
from grail_tui.app.screens.start import StartMenu
from grail_tui.games import registry
from grail_tui.games.api import BotLevel
from grail_tui.games.succession.screens.end import EndScreen
from grail_tui.games.succession.screens.game import SuccessionScreen
from grail_tui.games.succession.widgets.cards import HandView
from grail_tui.net.botclient import play_seat
from grail_tui.net.protocol import Create, Error, Join, Joined, Say, State, TableRules, Watch
from grail_tui.net.remote import Target

from .helpers import link, next_of

KIND = registry.get("succession")


def secrets_hidden(state: State) -> None:
    """A state sent before the end shows no hand but the seat's own, and nothing put aside."""
    public = state.view["public"] if state.seat is not None else state.view
    assert public["hands"] is None and public["aside"] is None and public["deck"] is None
    assert state.record is None
    for event in state.events:
        if event["kind"] == "HandDealt":
            assert event["player"] == state.seat, f"seat {state.seat} saw {event}"
    if state.seat is not None:
        assert state.view["player"] == state.seat


def test_two_bench_clients_play_a_whole_card_game_and_a_spectator_sees_no_hand(server):
    async def main():
        ann, bo, cy = [await link(server, n) for n in ("ann", "bo", "cy")]
        await ann.send(Create(1, "succession", (None, None), options={"plus": "3, 3, 3, 3, 3, 3, 3"},
                              rules=TableRules(min_round=0)))
        code = (await next_of(ann, Joined)).code
        await bo.send(Join(2, code))
        assert (await next_of(bo, Joined)).seat == 1
        await cy.send(Watch(3, code))
        assert (await next_of(cy, Joined)).seat is None
        logs: list[list] = [[], [], []]

        async def watch() -> State:
            while True:
                message = await cy.receive()
                logs[2].append(message)
                if isinstance(message, State) and message.result is not None:
                    return message

        bots = [KIND.make_bot(BotLevel.HEURISTIC, k) for k in range(2)]
        results = await asyncio.wait_for(asyncio.gather(
            play_seat(ann, code, KIND, bots[0], log=logs[0]), play_seat(bo, code, KIND, bots[1], log=logs[1]),
            watch()), 120)
        for c in (ann, bo, cy):
            await c.close()
        return results, logs

    results, logs = asyncio.run(main())
    assert all(r.result is not None for r in results)
    assert results[0].result == results[1].result == results[2].result
    record = results[2].record
    assert record["game"] == "succession" and record["setup"]["plus"] == [3] * 7
    data = KIND.read_record(record)
    for log in logs:
        states = [m for m in log if isinstance(m, State)]
        # one state per action of the whole game reached everyone
        assert {s.seq for s in states} >= set(range(1, len(data.actions) + 1))
        for state in states[:-1]:
            secrets_hidden(state)
    game = KIND.replay(data.setup, data.actions)
    assert game.is_over and list(KIND.result(game).winners) == results[0].result["winners"]
    final = results[2].view  # at the end the spectator sees every card
    assert final["aside"] is not None and final["hands"] is not None


async def wait(pilot, predicate, timeout: float = 20.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        assert loop.time() < deadline, "timed out"
        await pilot.pause(0.05)


async def create_in_lobby(app: GrailApp, pilot, *, open_seat: bool) -> SuccessionScreen:
    """n, the Game row to the card game, seat 2 open (or a bot), then create."""
    await wait(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.connected)
    await pilot.press("n")
    menu = app.screen.query_one(StartMenu)

    async def to(row: str) -> None:
        while menu.rows()[menu.row] != row:
            await pilot.press("down")

    await to("game")
    await pilot.press("right")
    assert menu.settings.game == "succession" and len(menu.settings.seats) == 2
    if open_seat:
        await to("seat1")
        await pilot.press("left", "left")
        assert menu.settings.seats[1].bot is None
    while menu.row:
        await pilot.press("up")
    await pilot.press("enter")
    await wait(pilot, lambda: isinstance(app.screen, SuccessionScreen)
               and app.screen.client.latest(0) is not None)
    return app.screen


async def my_turn_by_keys(screen: SuccessionScreen, pilot) -> None:
    view, mine = screen.public, screen.mine
    assert view is not None and mine is not None
    before = screen.client.latest(0).seq
    if not view.took[0] and view.row and (len(view.row) >= 4 or not mine.hand):
        await pilot.press("t", "t")
    elif mine.hand:
        await pilot.press("right", "enter")
    else:
        await pilot.press("n")
    await wait(pilot, lambda: screen.client.latest(0).seq > before or bool(screen.error))
    assert not screen.error, screen.error


async def test_the_app_creates_a_card_game_a_client_joins_a_spectator_watches_and_chat(
        server, tmp_path, monkeypatch):
    monkeypatch.setenv("GRAIL_TUI_DATA", str(tmp_path / "client"))
    app = GrailApp(server=Target.unix(server.socket, named=True), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await create_in_lobby(app, pilot, open_seat=True)
        client = screen.client
        assert client.remote and client.seats == (0,)
        bo, cy = await link(server, "bo"), await link(server, "cy")
        await bo.send(Join(1, client.code))
        await cy.send(Watch(2, client.code))
        watched: list = []

        async def watch() -> None:
            while True:
                message = await cy.receive()
                watched.append(message)
                if isinstance(message, State) and message.result is not None:
                    return

        rival = asyncio.ensure_future(play_seat(bo, client.code, KIND, KIND.make_bot(BotLevel.RANDOM, 2)))
        watcher = asyncio.ensure_future(watch())
        await pilot.press("colon")
        await pilot.press(*"good luck", "enter")
        await wait(pilot, lambda: any("[chat]" in line and "good luck" in line for line in client.log(0).lines))
        await cy.send(Say(client.code, "watching you"))
        await wait(pilot, lambda: any("watching you" in line for line in client.log(0).lines))
        for _ in range(60):
            if isinstance(app.screen, EndScreen):
                break
            await wait(pilot, lambda: isinstance(app.screen, EndScreen) or screen.is_asked())
            if screen.is_asked():
                hand = str(screen.query_one(HandView).render())
                assert all(f"[{c.code:>2}]" in hand for c in screen.mine.hand)
                await my_turn_by_keys(screen, pilot)
        await wait(pilot, lambda: isinstance(app.screen, EndScreen))
        assert "Game over" in str(app.screen.query_one("#end Static").content)
        lines = client.log(0).lines  # the seat was open when the log began: it names who took it
        assert any(line.startswith("bench:bo plays") for line in lines)
        assert not any(line.startswith("Seat 2") for line in lines)
        assert f"{client.code} · " in str(screen.query_one("#status").content)
        await asyncio.wait_for(asyncio.gather(rival, watcher), 20)
        await pilot.press("n")  # a new game, from a server's lobby: back in that lobby
        await wait(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert app.screen_stack == [app.screen]  # the lobby is the first screen: nothing under it
        await bo.close()
        await cy.close()
    states = [m for m in watched if isinstance(m, State)]
    assert any(c.text == "good luck" for s in states for c in s.chat)
    for state in states[:-1]:
        secrets_hidden(state)


async def test_the_app_reconnects_to_a_card_game_after_the_server_is_killed(tmp_path, monkeypatch):
    import os
    import signal

    from .conftest import start_server

    monkeypatch.setenv("GRAIL_TUI_DATA", str(tmp_path / "client"))
    first = start_server(tmp_path)
    app = GrailApp(server=Target.unix(first.socket, named=True), seed=1)
    second = None
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await create_in_lobby(app, pilot, open_seat=False)  # against a bot
            client = screen.client
            for _ in range(3):
                await wait(pilot, lambda: screen.is_asked())
                await my_turn_by_keys(screen, pilot)
            await wait(pilot, lambda: screen.is_asked())
            before = client.latest(0).view
            os.kill(first.proc.pid, signal.SIGKILL)
            first.proc.wait(5)
            await wait(pilot, lambda: client.notice is not None)
            assert "reconnecting" in str(screen.query_one("#status").content)
            second = start_server(tmp_path)  # same socket, same database
            await wait(pilot, lambda: client.notice is None and client.session.connected, timeout=30)
            await wait(pilot, lambda: client.latest(0).seq >= 0 and screen.is_asked())
            assert client.latest(0).view == before  # the same position, the same hand
            await my_turn_by_keys(screen, pilot)  # and the game goes on
    finally:
        first.stop()
        if second is not None:
            second.stop()


async def test_the_app_watches_a_card_game_without_seeing_a_hand(server, tmp_path, monkeypatch):
    monkeypatch.setenv("GRAIL_TUI_DATA", str(tmp_path / "client"))
    ann, bo = await link(server, "ann"), await link(server, "bo")
    await ann.send(Create(1, "succession", (None, None), rules=TableRules(min_round=0)))
    code = (await next_of(ann, Joined)).code
    await bo.send(Join(2, code))
    await next_of(bo, Joined)
    app = GrailApp(server=Target.unix(server.socket, named=True), open_code=("watch", code))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot, lambda: isinstance(app.screen, SuccessionScreen)
                   and app.screen.client.latest(None) is not None)
        screen = app.screen
        await pilot.pause()
        assert screen.client.seats == () and screen.viewer is None and not screen.is_asked()
        assert "watching" in str(screen.query_one("#status").content)
        assert "Hidden" in str(screen.query_one(HandView).render())
        assert "watching" in str(screen.query_one("#prompt-text").content)
        before = screen.client.latest(None).seq
        await pilot.press("t", "p", "enter")  # a spectator's keys change nothing
        await pilot.pause(0.3)
        assert screen.client.latest(None).seq == before
    await ann.close()
    await bo.close()


async def test_a_typed_option_as_long_as_a_deck_reaches_the_game_which_says_what_is_wrong(server):
    host = await link(server, "Ada")
    try:
        deck = ",".join(["3"] * 150)  # 299 characters: the game, not the wire, judges it
        await host.send(Create(1, "succession", (None, "random"), options={"plus": deck}))
        refused = await next_of(host, Error)
        assert refused.error.startswith("Give the 7 plus card values as whole numbers from 1 to")
        await host.send(Create(2, "succession", (None, "random"), options={"plus": "3," * 200 + "3"}))
        assert "longer than 400" in (await next_of(host, Error)).error
        await host.send(Create(3, "succession", (None, "random"), options={"plus": "2,2,2,2,3,3,4"}))
        assert (await next_of(host, Joined)).seat == 0
    finally:
        await host.close()
    server.assert_no_traceback()
