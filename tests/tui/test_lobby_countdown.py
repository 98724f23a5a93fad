"""The lobby counts a turn-based game's time left down by itself, on the app's clock (faked here),
redrawing a row only when its words change: minutes while hours remain, tens of seconds at the end."""

from __future__ import annotations

from dataclasses import replace

from grail_tui.app.app import GrailApp
from grail_tui.app.screens.lobby import LobbyScreen, time_left
from grail_tui.net.protocol import GameSummary, SeatInfo
from grail_tui.table.timekeeping import FakeClock

from .test_lobby_lines import describe_game_lines
from .test_snapshots import ListingSession, lobby_lists

HOUR = 3600.0


def row_of(lobby: LobbyScreen, code: str) -> str:
    return next(line for line in describe_game_lines(lobby) if code in line)


async def lobby_on(clock: FakeClock, pilot, app: GrailApp, lists: dict) -> LobbyScreen:
    app.clock = clock
    await app.push_screen(LobbyScreen(ListingSession(lists), app.g, "this SSH session"))  # type: ignore[arg-type]
    await pilot.pause()
    await pilot.pause()
    lobby = app.screen
    assert isinstance(lobby, LobbyScreen)
    return lobby


def turn_based(clock: FakeClock, left: float, **more) -> dict:
    lists = lobby_lists()
    [mine] = lists["mine"]
    lists["mine"] = (replace(mine, pace="1 d + 12 h per move", deadline=clock.wall() + left, your_move=True,
                             **more),)
    return lists


async def test_the_time_left_counts_down_and_only_the_rows_that_change_are_redrawn():
    clock = FakeClock()
    app = GrailApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        lists = turn_based(clock, 5 * HOUR + 125)
        other = GameSummary("ZZZZ", "hunt", "The Hunt for the Grail", 2, "playing", "turn 1",
                            (SeatInfo("ann"), SeatInfo("bo")), 0.0, pace="1 d + 12 h per move",
                            deadline=clock.wall() + 3 * 86400 + 60)
        lists["mine"] = (*lists["mine"], other)
        lobby = await lobby_on(clock, pilot, app, lists)
        assert row_of(lobby, "KQWX").endswith("· 5 h 3 m left")
        assert row_of(lobby, "ZZZZ").endswith("· 3 d 1 h left")
        assert "next deadline in 5 h 3 m" in str(lobby.query_one("#due").render())
        box = lobby.query_one("#games")
        redrawn: list[str] = []
        replace_prompt = box.replace_option_prompt
        box.replace_option_prompt = lambda code, prompt: (redrawn.append(code), replace_prompt(code, prompt))[1]
        await clock.advance(4.9)  # not a minute's change yet: nothing is redrawn
        await pilot.pause()
        assert redrawn == [] and row_of(lobby, "KQWX").endswith("· 5 h 3 m left")
        await clock.advance(0.2)
        await pilot.pause()
        assert redrawn == ["KQWX"] and row_of(lobby, "KQWX").endswith("· 5 h 2 m left")
        assert "next deadline in 5 h 2 m" in str(lobby.query_one("#due").render())
        await clock.advance(5 * HOUR + 125 - 5.1 - 45)  # into the last minute: tens of seconds
        await pilot.pause()
        assert row_of(lobby, "KQWX").endswith("· 50 s left")
        redrawn.clear()
        await clock.advance(10)
        await pilot.pause()
        assert row_of(lobby, "KQWX").endswith("· 40 s left") and redrawn == ["KQWX"]
        assert row_of(lobby, "ZZZZ").endswith("· 2 d 19 h left")  # 2 d 18 h 59 m 30 s, rounded up


async def test_the_lobby_stops_counting_when_it_is_left():
    clock = FakeClock()
    app = GrailApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await lobby_on(clock, pilot, app, turn_based(clock, 2 * HOUR))
        assert clock.next_alarm() is not None
        app.pop_screen()
        await pilot.pause()
        assert clock.next_alarm() is None  # nothing left ticking for a lobby nobody sees


async def test_your_row_says_answers_are_set_and_that_your_clock_is_low():
    clock = FakeClock()
    app = GrailApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await lobby_on(clock, pilot, app, turn_based(clock, 2 * HOUR, standing=True, clock_low=True,
                                                             clock_left=2 * HOUR))
        row = row_of(lobby, "KQWX")
        assert "answers for you" in row and "your clock is low" in row


def test_time_left_reads_in_the_lobbys_steps():
    assert [time_left(s) for s in (3 * 86400 + 1, 86400, 3 * HOUR, 61, 60, 9, 0)] == \
        ["3 d 1 h", "24 h", "3 h", "2 m", "60 s", "10 s", "0 s"]


async def test_your_row_says_your_clock_is_low_when_it_crosses_the_line_while_you_look():
    clock = FakeClock()
    app = GrailApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await lobby_on(clock, pilot, app, turn_based(clock, 2 * HOUR, clock_left=HOUR + 30,
                                                             clock_line=HOUR, to_move=(0,)))
        assert "clock is low" not in row_of(lobby, "KQWX")
        await clock.advance(29)
        await pilot.pause()
        assert "clock is low" not in row_of(lobby, "KQWX")
        await clock.advance(2)
        await pilot.pause()
        assert row_of(lobby, "KQWX").endswith("· your clock is low: 1 h")  # 59 m 59 s, rounded up


async def test_a_clock_that_does_not_run_is_not_counted_down():
    clock = FakeClock()
    app = GrailApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:  # the game waits on bo: your clock stands
        lobby = await lobby_on(clock, pilot, app, turn_based(clock, 2 * HOUR, clock_left=HOUR + 30,
                                                             clock_line=HOUR, to_move=(1,)))
        await clock.advance(HOUR)
        await pilot.pause()
        assert "clock is low" not in row_of(lobby, "KQWX")
