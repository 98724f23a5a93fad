"""A low clock in a turn-based game, on a fake clock over real sockets: the notification command
hears "clock-low" once as a person's clock crosses a quarter of the bank the game began with (again
only after a move's increment has lifted it above), for that person alone, with nothing secret; the
person's own list says so, with their time left. These tests are about the hunt on purpose."""

from __future__ import annotations

from pathlib import Path

from pytest import approx

from grail_tui.games.hunt.engine import Propose
from grail_tui.net.protocol import Act, Games, ListGames, State
from grail_tui.table.timekeeping import FakeClock

from .helpers import next_of, seated
from .test_turn_based import DAY, HOUR, HUNT, Site

PEOPLE = ("ann", "bo")
LOW_KEYS = {"event", "person", "game", "title", "seat", "left", "deadline"}


def low_events(events: list[dict]) -> list[tuple[str, int]]:
    for event in events:
        if event["event"] == "clock-low":
            assert set(event) == LOW_KEYS, event
    return [(e["person"].removeprefix("bench:"), e["left"]) for e in events if e["event"] == "clock-low"]


async def test_the_notification_command_hears_once_when_a_clock_runs_low(tmp_path: Path):
    clock = FakeClock()
    site = Site(tmp_path, clock)
    await site.start()
    try:
        conns, code = await seated(site, PEOPLE, game="hunt", pace="day")  # 1 d + 12 h: low below 6 h
        table = site.server.games[code].table
        await site.new_events()
        await clock.advance(18 * HOUR - 1)  # the opening waits on both: 6 h and a second left
        assert low_events(await site.new_events()) == []
        await clock.advance(2)
        assert sorted(low_events(await site.new_events())) == [("ann", 6 * HOUR), ("bo", 6 * HOUR)]  # at the line
        await clock.advance(3 * HOUR)
        assert low_events(await site.new_events()) == []  # once per crossing, not again and again
        await conns[0].send(ListGames(1, "mine"))
        [row] = (await next_of(conns[0], Games, 10)).games
        assert row.clock_low and row.clock_left == approx(3 * HOUR - 1, abs=1)
        for seat, conn in enumerate(conns):  # both answer the opening: the increment lifts them
            await conn.send(Act(code, table.seq, HUNT.action_to_dict(HUNT.default_action(table.state, seat,
                                                                                          pass_turn=True))))
            await next_of(conn, State, 10)
        await clock.advance(0)
        assert not HUNT.hidden_round(table.state)
        [mover] = table.state.to_act()
        await conns[0].send(ListGames(2, "mine"))
        [row] = (await next_of(conns[0], Games, 10)).games
        assert not row.clock_low and row.clock_left == approx(15 * HOUR - 1, abs=1)
        await site.new_events()
        await clock.advance(9 * HOUR)  # the mover's turn: only the mover's clock runs
        assert low_events(await site.new_events()) == [(PEOPLE[mover], 6 * HOUR)]
        proposal = next(a for a in table.state.legal_actions(mover) if isinstance(a, Propose))
        await conns[mover].send(Act(code, table.seq, HUNT.action_to_dict(proposal)))
        await next_of(conns[mover], State, 10)
        await clock.advance(0)
        assert HUNT.hidden_round(table.state)  # the objection round waits on the other alone
        await site.new_events()
        await clock.advance(9 * HOUR)  # their 15 h less a second falls to 6 h; the mover's stands
        assert low_events(await site.new_events()) == [(PEOPLE[1 - mover], 6 * HOUR)]
        for conn in conns:
            await conn.close()
    finally:
        await site.stop()


async def test_a_low_clock_told_before_a_restart_is_not_told_again(tmp_path: Path):
    clock = FakeClock()
    site = Site(tmp_path, clock)
    await site.start()
    try:
        conns, code = await seated(site, PEOPLE, game="hunt", pace="day")
        await clock.advance(18 * HOUR + 1)
        assert len(low_events(await site.new_events())) == 2
        for conn in conns:
            await conn.close()
        await site.stop()
        await site.start()
        await clock.advance(HOUR)
        assert low_events(await site.new_events()) == []
    finally:
        await site.stop()


async def test_a_clock_still_low_after_a_small_increment_is_not_told_again(tmp_path: Path):
    from grail_tui.table.pace import Pace

    clock = FakeClock()
    site = Site(tmp_path, clock)
    await site.start()
    site.server.presets = (Pace("quick", 4 * HOUR, HOUR / 2),)  # low below an hour
    try:
        conns, code = await seated(site, PEOPLE, game="hunt", pace="quick")
        table = site.server.games[code].table
        await clock.advance(3.5 * HOUR + 60)
        assert sorted(low_events(await site.new_events())) == [("ann", HOUR), ("bo", HOUR)]
        for seat, conn in enumerate(conns):  # half an hour left, and half an hour more: still low
            await conn.send(Act(code, table.seq, HUNT.action_to_dict(HUNT.default_action(table.state, seat,
                                                                                          pass_turn=True))))
            await next_of(conn, State, 10)
        await clock.advance(0)
        assert not HUNT.hidden_round(table.state)
        await clock.advance(10 * 60)
        assert low_events(await site.new_events()) == []
        for conn in conns:
            await conn.close()
    finally:
        await site.stop()


async def test_a_seat_out_of_time_has_no_clock_to_be_low(tmp_path: Path):
    from grail_tui.net.protocol import Create, Join, Joined, TableRules

    from .helpers import link

    clock = FakeClock()
    site = Site(tmp_path, clock)
    await site.start()
    try:
        conns = [await link(site, name) for name in PEOPLE]
        await conns[0].send(Create(1, "hunt", (None, None), rules=TableRules(pace="day", on_flag="skip")))
        code = (await next_of(conns[0], Joined, 10)).code
        await conns[1].send(Join(2, code))
        await next_of(conns[1], Joined, 10)
        table = site.server.games[code].table
        await clock.advance(DAY + 1)  # the opening closes unanswered: whose turn it is has 12 h
        [mover] = table.state.to_act()
        await clock.advance(12 * HOUR + 1)  # and lets them run out: their seat is skipped now
        assert mover in table.banks.flagged
        await conns[mover].send(ListGames(3, "mine"))
        [row] = (await next_of(conns[mover], Games, 10)).games
        assert (row.clock_low, row.clock_left) == (False, None)
        for conn in conns:
            await conn.close()
    finally:
        await site.stop()
