"""The lobby screen keeps itself up to date: nobody presses r to see a new game, a seat taken,
whose move it is or a game that ended, and a seat kept for you is announced."""

from __future__ import annotations

import os
import pwd

from grail_tui.app.app import GrailApp
from grail_tui.app.screens.lobby import LobbyScreen
from grail_tui.net.protocol import Create, Join, Joined, Leave, TableRules
from grail_tui.net.remote import Target

from .helpers import link, next_of
from .test_remote_app import wait

ME = pwd.getpwuid(os.getuid()).pw_name  # who the app is on the server's Unix socket


def rows(lobby: LobbyScreen) -> list[str]:
    box = lobby.query_one("#games")
    return [str(box.get_option_at_index(k).prompt) for k in range(box.option_count)]


def notices(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def test_new_games_seats_and_ends_show_without_a_key_and_a_kept_seat_is_announced(
        server, tmp_path, monkeypatch):
    monkeypatch.setenv("GRAIL_TUI_DATA", str(tmp_path / "client"))
    app = GrailApp(server=Target.unix(server.socket, named=True), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.connected
                   and app.screen._listed.is_set())
        lobby = app.screen
        assert rows(lobby) == ["No games yet: press n to create one."]

        bo, cy = await link(server, "bo"), await link(server, "cy")
        await bo.send(Create(1, "toy", (None, None, None), reserved=(None, None, ME),
                             rules=TableRules(min_round=0)))
        code = (await next_of(bo, Joined)).code
        await wait(pilot, lambda: any(code in row for row in rows(lobby)))
        row = next(row for row in rows(lobby) if code in row)
        assert row.startswith("join ") and f"(for {ME})" in row and "(free)" in row
        assert row.count("›") == 3  # the opening: every seat is asked
        await wait(pilot, lambda: any("kept a seat for you" in n and code in n for n in notices(app)))

        await cy.send(Join(2, code))
        await next_of(cy, Joined)
        await wait(pilot, lambda: any(code in row and "›bench:cy" in row for row in rows(lobby)))

        # nobody pressed a key, and the game leaves the lobby when its host ends it by leaving
        # (an open game with no one seated stays; here it stays listed, seats and all)
        await bo.send(Leave(code))
        await bo.close()
        await wait(pilot, lambda: any(code in row and "bench:bo (away)" in row for row in rows(lobby)))
        await cy.close()
        assert sum("kept a seat for you" in n for n in notices(app)) == 1  # announced once


def test_a_late_answer_about_your_turns_does_not_crash_a_lobby_that_is_not_on_screen():
    """The lobby asks the server which games wait on you in a worker; an answer that comes back
    once the lobby has been left (or before it has drawn) is kept for when it shows, where a
    query for its line used to end the program with a traceback (NoMatches '#due')."""
    from grail_tui.app.screens.lobby import LobbyScreen
    from grail_tui.net.due import Due

    lobby = LobbyScreen(None, None, "here")
    due = Due.of([])
    lobby._set_due(due)
    assert lobby.due is due
    lobby._due_line()
