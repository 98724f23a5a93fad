"""The clocks the table reads: the fake one moves only when told, in order; the system's one is
the machine's time and the event loop's timers."""

from __future__ import annotations

import asyncio
import time

import pytest
from pytest import approx

from grail_tui.table.settings import TableSettings
from grail_tui.table.timekeeping import SYSTEM_CLOCK, FakeClock

from ..pebbles import Bid, Take, setup
from .helpers import Stores, seats


async def test_a_fake_clock_fires_its_alarms_in_time_order_and_ties_in_the_order_set():
    clock = FakeClock(start=50.0)
    fired: list[tuple[str, float]] = []
    for name, when in (("late", 52.0), ("first", 51.0), ("tie-a", 51.5), ("tie-b", 51.5)):
        clock.call_at(when, lambda name=name: fired.append((name, clock.now())))
    clock.call_at(51.2, lambda: fired.append(("cancelled", clock.now()))).cancel()
    await clock.advance(1.5)
    assert fired == [("first", 51.0), ("tie-a", 51.5), ("tie-b", 51.5)] and clock.now() == 51.5
    assert clock.next_alarm() == 52.0
    await clock.advance(10)
    assert fired[-1] == ("late", 52.0) and clock.now() == 61.5 and clock.next_alarm() is None
    with pytest.raises(ValueError, match="does not go back"):
        await clock.advance(-1)


async def test_a_fake_clock_wakes_a_sleeper_at_its_time_and_not_before():
    clock = FakeClock()
    woke: list[float] = []

    async def sleeper() -> None:
        await clock.sleep_until(clock.now() + 2.0)
        woke.append(clock.now())

    task = asyncio.create_task(sleeper())
    await clock.advance(1.999)
    assert woke == []
    assert await clock.run_until(lambda: bool(woke), 1) == approx(0.001)
    assert woke == [approx(1002.0)]
    await task
    await clock.sleep_until(clock.now() - 5)  # a time already past: at once


async def test_run_until_fails_when_nothing_more_is_due_in_time():
    clock = FakeClock()
    clock.call_at(clock.now() + 5, lambda: None)
    with pytest.raises(AssertionError, match="did not happen within 1 s"):
        await clock.run_until(lambda: False, 1)
    assert clock.now() == 1000.0  # nothing due within the second: time did not move
    with pytest.raises(AssertionError, match="next alarm: None"):
        await clock.run_until(lambda: False, 10)


async def test_the_wall_time_moves_with_the_fake_clock():
    clock = FakeClock(start=10.0, wall=1_000_000.0)
    await clock.advance(2.5)
    assert clock.wall() == 1_000_002.5


async def test_the_system_clock_is_the_machines_and_its_alarms_are_the_loops():
    assert abs(SYSTEM_CLOCK.now() - time.monotonic()) < 1 and abs(SYSTEM_CLOCK.wall() - time.time()) < 1
    rang = asyncio.Event()
    SYSTEM_CLOCK.call_at(SYSTEM_CLOCK.now() - 1, rang.set)  # already due: on the loop's next turn
    await asyncio.wait_for(rang.wait(), 5)
    rung: list[str] = []
    SYSTEM_CLOCK.call_at(SYSTEM_CLOCK.now(), lambda: rung.append("cancelled")).cancel()
    SYSTEM_CLOCK.call_at(SYSTEM_CLOCK.now() + 0.005, lambda: rung.append("kept"))
    started = time.monotonic()
    await SYSTEM_CLOCK.sleep_until(SYSTEM_CLOCK.now() + 0.01)
    assert time.monotonic() - started >= 0.01
    assert rung == ["kept"]


async def test_a_waits_deadline_is_told_in_wall_time_from_when_it_opened(stores: Stores, clock: FakeClock):
    table = stores.table(setup(players=2, seed=2), seats(None, None),
                         TableSettings(bot_delay=0, turn_timeout=30, answer_timeout=10), clock=clock)
    opened = clock.wall()
    await clock.advance(4)
    assert table.update_for(0).deadline == approx(opened + 30)  # the bids: a turn's limit
    table.submit(0, Bid(0, 0), table.seq)
    table.submit(1, Bid(1, 0), table.seq)
    await clock.advance(1)
    table.submit(0, Take(0, 2), table.seq)  # an answer's wait, from when it opened
    await clock.advance(3)
    assert table.update_for(1).deadline == approx(opened + 5 + 10)
    table.close()
