"""A server game never gets lost: its code on screen, back to the lobby and in again,
who drops and comes back, a seat kept for someone, chat after a reconnect."""

from __future__ import annotations

from grail_tui.app.app import GrailApp
from grail_tui.app.keyline import KeyFooter
from grail_tui.app.screens.lobby import LobbyScreen
from grail_tui.games import registry
from grail_tui.games.hunt.screens.game import GameScreen
from grail_tui.net.protocol import Error, Games, Join, ListGames, Open, Say
from grail_tui.net.remote import Target
from grail_tui.table.client import SeatMirror, presence_notes
from grail_tui.table.updates import SeatUpdate

from .helpers import create, link, next_of
from .test_remote_app import ready, wait

HUNT = registry.get("hunt")  # these tests drive the hunt's screens over the server

ZOE = "zoe"


def status(app) -> str:
    return str(app.screen.query_one("#status").content)


async def test_the_code_is_shown_and_esc_goes_to_the_lobby_keeping_the_seat(server, tmp_path, monkeypatch):
    monkeypatch.setenv("GRAIL_TUI_DATA", str(tmp_path / "client"))
    app = GrailApp(server=Target.unix(server.socket, named=True), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.connected)
        lobby = app.screen
        await pilot.press("n", "enter")
        await wait(pilot, lambda: ready(app))
        code = app.screen.client.code
        await wait(pilot, lambda: status(app).startswith(f"Game {code} · "))
        assert "Esc Lobby" in str(app.screen.query_one("#keys").content)
        await pilot.press("escape")
        await wait(pilot, lambda: app.screen is lobby)
        await wait(pilot, lambda: any(g.code == code for g, _ in lobby.shown))
        verb = next(v for g, v in lobby.shown if g.code == code)
        assert verb == "open"  # still your seat: Enter opens it
        await pilot.press("enter")
        await wait(pilot, lambda: ready(app) and app.screen.client.code == code)
        assert app.screen.client.seats == (0,)


async def test_everyone_sees_a_person_drop_and_come_back(server, tmp_path, monkeypatch):
    monkeypatch.setenv("GRAIL_TUI_DATA", str(tmp_path / "client"))
    bo = await link(server, "bo")
    code = await create(bo, (None, None, "heuristic"), game="hunt", answer_timeout=600, turn_timeout=600)
    app = GrailApp(server=Target.unix(server.socket, named=True), seed=1, open_code=("join", code))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.client.seats == (1,)
                   and app.screen.client.latest(1) is not None)
        client = app.screen.client
        assert "away" not in status(app)
        await bo.close()
        await wait(pilot, lambda: any("bo has left the table." in line for line in client.log(1).lines))
        name = client.latest(1).names[0]
        await wait(pilot, lambda: status(app).endswith(f"away: {name}"))
        bo = await link(server, "bo")
        await bo.send(Open(1, code))
        await wait(pilot, lambda: any("bo is at the table." in line for line in client.log(1).lines))
        await wait(pilot, lambda: "away" not in status(app))
        await bo.close()


async def test_a_seat_kept_for_someone_is_theirs_alone(server, tmp_path, monkeypatch):
    monkeypatch.setenv("GRAIL_TUI_DATA", str(tmp_path / "client"))
    app = GrailApp(server=Target.unix(server.socket, named=True), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.connected)
        await pilot.press("n")
        menu = app.screen.query_one("StartMenu")
        rows = menu.rows()
        menu.row = rows.index("seat1")
        await pilot.press("right", "right")  # seat 2: heuristic, strong, then an open seat
        assert app.screen.settings.seats[1].bot is None
        await pilot.press("n")  # keep it for someone
        await pilot.press(*ZOE, "enter")
        assert app.screen.settings.seats[1].reserved == ZOE
        assert f"kept for {ZOE}" in str(menu.render())
        menu.row = 0
        await pilot.press("enter")  # create
        await wait(pilot, lambda: ready(app))
        code = app.screen.client.code
    other = await link(server, "ann")
    await other.send(Join(5, code))
    refused = await next_of(other, Error)
    assert "no seat free for you" in refused.error  # kept for zoe, not for anyone
    await other.send(ListGames(6, "live"))
    games = await next_of(other, Games)
    game = next(g for g in games.games if g.code == code)
    assert game.seats[1].name is None and game.seats[1].reserved == ZOE
    await other.close()


async def test_chat_is_there_again_after_leaving_and_coming_back(server, tmp_path, monkeypatch):
    monkeypatch.setenv("GRAIL_TUI_DATA", str(tmp_path / "client"))
    app = GrailApp(server=Target.unix(server.socket, named=True), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.connected)
        await pilot.press("n", "enter")
        await wait(pilot, lambda: ready(app))
        code = app.screen.client.code
        app.screen.client.session.send(Say(code, "remember this"))
        await wait(pilot, lambda: any("remember this" in line for line in app.screen.client.log(0).lines))
        await pilot.press("escape")  # to the lobby: the subscription ends
        await wait(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.connected)
        await wait(pilot, lambda: any(g.code == code for g, _ in app.screen.shown))
        await pilot.press("enter")
        await wait(pilot, lambda: ready(app))
        screen = app.screen
        await wait(pilot, lambda: any("[chat]" in line and "remember this" in line
                                      for line in screen.client.log(0).lines))
        from grail_tui.games.hunt.widgets.panes import LogPane

        await pilot.press("g")

        def shown() -> str:
            return " ".join(" ".join(str(line.text).split()) for line in screen.query_one(LogPane).lines)

        await wait(pilot, lambda: "remember this" in shown())  # in the log pane too, not only in the book


def test_presence_notes_name_who_left_and_who_is_back():
    before = SeatUpdate(1, 0, None, names=("ann", "bo", "cy"), present=(True, True, True))
    gone = SeatUpdate(2, 0, None, names=("ann", "bo", "cy"), present=(True, False, True))
    assert presence_notes(before, gone) == ["bo has left the table."]
    assert presence_notes(gone, before) == ["bo is at the table."]
    me_gone = SeatUpdate(2, 0, None, names=("ann", "bo", "cy"), present=(False, True, True))
    assert presence_notes(before, me_gone) == []  # never about the reader
    mirror = SeatMirror(HUNT)
    mirror.receive(before)
    mirror.receive(gone)
    assert mirror.log(0).lines[-1] == "bo has left the table."


async def test_a_spectators_sheet_pane_says_it_is_a_spectators(server, tmp_path, monkeypatch):
    from grail_tui.games.hunt.widgets.panes import SheetPane

    monkeypatch.setenv("GRAIL_TUI_DATA", str(tmp_path / "client"))
    bo = await link(server, "bo")
    code = await create(bo, (None, "heuristic", "heuristic"), game="hunt")
    app = GrailApp(server=Target.unix(server.socket, named=True), seed=1, open_code=("watch", code))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.client.latest(None))
        await pilot.press("s")
        await pilot.pause()
        sheet = str(app.screen.query_one(SheetPane).content)
        assert sheet.startswith("Sheets") and "You are watching" in sheet and "Your sheet" not in sheet
        assert "watching" in status(app)
    await bo.close()


def test_the_log_names_a_seat_taken_after_it_began():
    from grail_tui.games.hunt.engine import Game, Setup, TurnBegan

    game = Game(Setup(players=3, seed=1, first_player=1))
    mirror = SeatMirror(HUNT)
    names = ("ann", "Seat 2 (open)", "cy")
    mirror.receive(SeatUpdate(1, 0, game.view(0), names=names, reset=True))
    mirror.receive(SeatUpdate(2, 0, game.view(0), names=("ann", "bo", "cy"),
                              events=(TurnBegan(1, 1),)))
    assert mirror.log(0).lines[-1] == "== Turn 1: bo"


async def test_the_lobby_is_the_first_screen_and_follows_the_terminal_when_it_resizes(server, tmp_path, monkeypatch):
    monkeypatch.setenv("GRAIL_TUI_DATA", str(tmp_path / "client"))
    app = GrailApp(server=Target.unix(server.socket, named=True), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.connected)
        lobby = app.screen
        assert app.screen_stack == [lobby]  # no empty screen under it, drawn first while connecting
        assert "you are " in str(lobby.query_one("#title").content)
        for width, height in ((100, 30), (80, 24)):
            await pilot.resize_terminal(width, height)
            await wait(pilot, lambda bottom=height - 1: lobby.query_one(KeyFooter).region.y == bottom)
            assert lobby.query_one("#games").region.width == width
            assert lobby.query_one("#title").region.width == width
