"""After a server game: ratings, the finished games' library, the lobby's screens, `grail-tui stats`.

One real server process for the module; two bench clients play a game to the end on it.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys

import pytest

from grail_tui.app.app import GrailApp
from grail_tui.app.screens.library import LibraryScreen
from grail_tui.app.screens.lobby import LobbyScreen
from grail_tui.app.screens.ratings import RatingsScreen
from grail_tui.games import registry
from grail_tui.games.hunt.bots import RandomBot
from grail_tui.games.hunt.screens.story import StoryScreen
from grail_tui.net.botclient import play_seat
from grail_tui.net.protocol import (
    Create,
    Error,
    Games,
    Join,
    Joined,
    ListGames,
    Ratings,
    RatingsReply,
    Record,
    RecordReply,
    TableRules,
)
from grail_tui.net.remote import Target

from .conftest import start_server
from .helpers import link, next_of

HUNT = registry.get("hunt")  # these tests are about the hunt on purpose


async def ask(conn, message, kind):
    await conn.send(message)
    return await next_of(conn, kind)


async def ratings_of(server, name: str) -> RatingsReply:
    conn = await link(server, name)
    try:
        reply = await ask(conn, Ratings(7), RatingsReply)
        assert reply.ref == 7
        return reply
    finally:
        await conn.close()


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A server on which bench:ann and bench:bo have finished one game; its code."""
    server = start_server(tmp_path_factory.mktemp("after"))

    async def play() -> str:
        before = await ratings_of(server, "ann")
        assert before.rows == () and before.you is None
        ann, bo = await link(server, "ann"), await link(server, "bo")
        await ann.send(Create(1, "hunt", (None, None), options={"turn_limit": 12},
                              rules=TableRules(min_round=0)))
        code = (await next_of(ann, Joined)).code
        await bo.send(Join(2, code))
        await next_of(bo, Joined)
        await asyncio.wait_for(asyncio.gather(play_seat(ann, code, HUNT, RandomBot(1)),
                                              play_seat(bo, code, HUNT, RandomBot(2))), 120)
        await ann.close()
        await bo.close()
        return code

    try:
        code = asyncio.run(play())
        yield server, code
    finally:
        server.stop()


def test_a_finished_game_between_two_people_changes_both_ratings(played):
    server, code = played
    reply = asyncio.run(ratings_of(server, "ann"))
    rated = {row.identity: row for row in reply.rows}
    assert set(rated) == {"bench:ann", "bench:bo"}
    assert all(row.games == 1 and row.sigma < 25 / 3 for row in rated.values())
    assert [row.place for row in reply.rows] == [1, 2]
    assert reply.you is not None and reply.you.identity == "bench:ann"
    [change] = reply.history
    assert change.game == code and change.seats == 2
    assert change.sigma_after < change.sigma_before
    stranger = asyncio.run(ratings_of(server, "cy"))
    assert stranger.you is None and stranger.history == () and len(stranger.rows) == 2


def test_the_finished_game_is_listed_with_its_outcome_and_its_record_can_be_had(played):
    server, code = played

    async def main():
        conn = await link(server, "cy")
        try:
            games = await ask(conn, ListGames(1, "finished"), Games)
            mine = await ask(conn, ListGames(2, "finished", player="bench:ann"), Games)
            nobody = await ask(conn, ListGames(3, "finished", player="bench:zed"), Games)
            record = await ask(conn, Record(4, code.lower()), RecordReply)
            missing = await ask(conn, Record(5, "ZZZZ"), Error)
            return games, mine, nobody, record, missing
        finally:
            await conn.close()

    games, mine, nobody, record, missing = asyncio.run(main())
    [game] = games.games
    assert game.code == code and game.status == "over"
    assert game.outcome and game.length.endswith("actions")
    assert [g.code for g in mine.games] == [code] and nobody.games == ()
    assert record.code == code and len(record.record["actions"]) == int(game.length.split(", ")[1].split()[0])
    assert HUNT.read_record(record.record).setup.names == ("bench:ann", "bench:bo")
    assert missing.ref == 5 and "no finished game ZZZZ" in missing.error


async def wait(pilot, predicate, timeout: float = 15.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        assert loop.time() < deadline, "timed out"
        await pilot.pause(0.05)


async def test_the_lobby_shows_the_leaderboard_and_the_finished_games_story(played, tmp_path, monkeypatch):
    server, code = played
    monkeypatch.setenv("GRAIL_TUI_DATA", str(tmp_path / "client"))
    app = GrailApp(server=Target.unix(server.socket, named=True), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.connected)
        await pilot.press("t")
        assert isinstance(app.screen, RatingsScreen)
        await wait(pilot, lambda: app.screen.reply is not None)
        board = str(app.screen.query_one("#leaderboard").content)
        assert "bench:ann" in board and "bench:bo" in board
        assert "are not rated yet" in str(app.screen.query_one("#you").content)  # this OS account
        await pilot.press("escape", "l")
        assert isinstance(app.screen, LibraryScreen)
        await wait(pilot, lambda: bool(app.screen.entries))
        assert [e.key for e in app.screen.entries] == [code]
        assert app.screen.entries[0].names == ("bench:ann", "bench:bo")
        await pilot.press("enter")
        await wait(pilot, lambda: isinstance(app.screen, StoryScreen))
        assert app.screen.story.finished and app.screen.story.name(1) == "bench:bo"


def grail(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "grail_tui", *args], capture_output=True, text=True,
                          timeout=60)


def test_stats_asks_the_running_server(played):
    server, _ = played
    done = grail("stats", "--socket", str(server.socket))
    assert done.returncode == 0, done.stderr
    assert "bench:ann" in done.stdout and "bench:bo" in done.stdout
    assert "are not rated yet" in done.stdout  # the account running the test played no game
    data = json.loads(grail("stats", "--socket", str(server.socket), "--json").stdout)
    assert {row["identity"] for row in data["leaderboard"]} == {"bench:ann", "bench:bo"}
    assert data["leaderboard"][0]["conservative"] >= data["leaderboard"][1]["conservative"]


def test_stats_reads_a_database_for_an_operator(played):
    server, code = played
    data = json.loads(grail("stats", "--db", str(server.db), "--who", "bench:bo", "--json").stdout)
    assert data["you"]["identity"] == "bench:bo" and data["history"][0]["game"] == code


def test_stats_says_plainly_when_there_is_no_server(tmp_path):
    done = grail("stats", "--socket", str(tmp_path / "none.sock"))
    assert done.returncode != 0 and "no grail-tui server answers" in done.stderr
    assert "Traceback" not in done.stderr
    done = grail("stats", "--db", str(tmp_path / "none.db"))
    assert done.returncode != 0 and "none.db" in done.stderr and "Traceback" not in done.stderr
