"""Where the table's time comes from: the system's clocks in play, a fake clock in tests.

Everything the table times (a wait's limit, a secret round's minimum, a bot's steady answer, a
seat taken over, a standing answer's pace) reads ``now()`` and sets alarms through one ``Clock``
instead of calling ``time.monotonic`` and the event loop directly. In play that is
``SYSTEM_CLOCK``, which does exactly what the table did before. Tests hand the table a
``FakeClock``: time moves only when the test moves it, at once and always in the same order, so a
test asserts the exact second a time limit fires instead of sleeping and hoping it did.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol


class Alarm(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    def now(self) -> float:
        """Seconds on a clock that never goes back (only differences mean anything)."""
        ...

    def wall(self) -> float:
        """Seconds since the epoch, for what people read (a deadline shown, a chat line)."""
        ...

    def call_at(self, when: float, callback: Callable[[], object]) -> Alarm:
        """Call ``callback`` on the event loop once ``now()`` reaches ``when``."""
        ...

    async def sleep_until(self, when: float) -> None:
        """Return once ``now()`` has reached ``when`` (at once if it has)."""
        ...


class SystemClock:
    """The machine's clocks and the running event loop: what the table always used."""

    def now(self) -> float:
        return time.monotonic()

    def wall(self) -> float:
        return time.time()

    def call_at(self, when: float, callback: Callable[[], object]) -> Alarm:
        return asyncio.get_running_loop().call_later(max(0.0, when - self.now()), callback)

    async def sleep_until(self, when: float) -> None:
        rest = when - self.now()
        if rest > 0:
            await asyncio.sleep(rest)


SYSTEM_CLOCK = SystemClock()


@dataclass(order=True)
class _FakeAlarm:
    when: float
    order: int
    callback: Callable[[], object] = field(compare=False)
    cancelled: bool = field(default=False, compare=False)

    def cancel(self) -> None:
        self.cancelled = True


class FakeClock:
    """A clock that stands still until ``advance`` moves it (tests, benchmarks).

    ``advance`` fires every alarm due on the way, in time order (ties in the order they were set),
    and after each one lets the event loop run until it has nothing left to do, so whatever the
    alarm set going (a round applied, a bot's turn) has happened before time moves on.
    """

    def __init__(self, start: float = 1000.0, wall: float = 1_767_225_600.0) -> None:
        self._now = start
        self._wall_offset = wall - start  # 2026-01-01 00:00 UTC when the clock starts
        self._alarms: list[_FakeAlarm] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self._now

    def wall(self) -> float:
        return self._now + self._wall_offset

    def call_at(self, when: float, callback: Callable[[], object]) -> Alarm:
        alarm = _FakeAlarm(when, next(self._order), callback)
        heapq.heappush(self._alarms, alarm)
        return alarm

    async def sleep_until(self, when: float) -> None:
        if when <= self._now:
            return
        woken: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def wake() -> None:
            if not woken.done():
                woken.set_result(None)

        alarm = self.call_at(when, wake)
        try:
            await woken
        finally:
            alarm.cancel()

    def next_alarm(self) -> float | None:
        """When the earliest alarm still set goes off (None: none is set)."""
        while self._alarms and self._alarms[0].cancelled:
            heapq.heappop(self._alarms)
        return self._alarms[0].when if self._alarms else None

    async def advance(self, seconds: float) -> None:
        """Move time on by ``seconds``, firing every alarm due on the way."""
        if seconds < 0:
            raise ValueError("time does not go back")
        await self.advance_to(self._now + seconds)

    async def advance_to(self, when: float) -> None:
        await settle()
        while (due := self.next_alarm()) is not None and due <= when:
            alarm = heapq.heappop(self._alarms)
            self._now = max(self._now, alarm.when)
            alarm.callback()
            await settle()
        self._now = max(self._now, when)
        await settle()

    async def run_until(self, done: Callable[[], bool], within: float) -> float:
        """Fire alarms in order until ``done()`` holds; the time that took. AssertionError if it
        does not hold by ``within`` seconds from now, or if nothing more is due before then."""
        began = self._now
        await settle()
        while not done():
            due = self.next_alarm()
            if due is None or due > began + within:
                raise AssertionError(f"it did not happen within {within} s (next alarm: {due})")
            await self.advance_to(due)
        return self._now - began

    async def run_out(self, within: float) -> None:
        """Fire every alarm due in the next ``within`` seconds, those they set too, until the
        table waits for nothing but people."""
        began = self._now
        while (due := self.next_alarm()) is not None and due <= began + within:
            await self.advance_to(due)


async def settle(rounds: int = 10_000) -> None:
    """Let the event loop run until nothing is ready to run (work in threads or other processes
    is not waited for)."""
    loop = asyncio.get_running_loop()
    for spent in range(rounds):
        await asyncio.sleep(0)
        ready = getattr(loop, "_ready", None)  # asyncio's own loops: the callbacks due now
        if (not ready) if ready is not None else spent >= 100:  # another loop: a fixed number
            return
