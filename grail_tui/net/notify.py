"""`serve --notify COMMAND`: the operator's command hears when a person's move is due, when their clock
runs low, or a game ends.

The command runs once per event, with the event as one JSON object on its standard input (to
mail, a chat bridge, a pager). It is told only what the person it names may know: the game, its
title, that their move is due and until when, or how the game ended. Whose move it is comes from
the engine's own list of the seats waited on, read as a spectator reads it, so a secret round's
event goes out when the round opens, for every seat asked alike: never when someone answers.

The server never waits for the command: events queue (at most ``queued``; beyond that they are
dropped, and that is logged once until the queue has room again), at most ``most`` run at once,
each is killed after ``timeout`` seconds, and a failure is logged once and never retried.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import shlex
import signal
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from grail_tui.table.updates import SeatUpdate

if TYPE_CHECKING:
    from .hosting import Hosted

log = logging.getLogger(__name__)


class Notifier:
    def __init__(self, command: Sequence[str], *, timeout: float = 10.0, most: int = 4,
                 queued: int = 200) -> None:
        if not command:
            raise ValueError("the notification command is empty")
        self.command = list(command)
        self.timeout, self.most = timeout, most
        self._queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(queued)
        self._workers: list[asyncio.Task[None]] = []
        self._dropping = False
        self.sent = 0  # commands run to their end (tests, the operator's log)
        self.failed = 0

    @classmethod
    def parse(cls, text: str, **limits: Any) -> Notifier:
        """A command line as the operator types it (split as a shell would, never run by one)."""
        try:
            return cls(shlex.split(text), **limits)
        except ValueError as exc:
            raise ValueError(f"--notify: {exc}") from None

    def tell(self, event: dict[str, Any]) -> None:
        """Queue one event (never waits: the caller is a table, on the event loop)."""
        if not self._workers:
            loop = asyncio.get_running_loop()
            self._workers = [loop.create_task(self._work()) for _ in range(self.most)]
        try:
            self._queue.put_nowait(event)
            self._dropping = False
        except asyncio.QueueFull:
            if not self._dropping:
                log.warning("notifications are coming faster than %s can take them: dropping some",
                            self.command[0])
            self._dropping = True

    async def idle(self) -> None:
        """Return once every event queued so far has been handed to the command (tests)."""
        await self._queue.join()

    async def close(self) -> None:
        for task in self._workers:
            task.cancel()
        for task in self._workers:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._workers = []

    async def _work(self) -> None:
        while True:
            event = await self._queue.get()
            try:
                await self._run(event)
            finally:
                self._queue.task_done()

    async def _run(self, event: dict[str, Any]) -> None:
        data = json.dumps(event).encode() + b"\n"
        try:
            process = await asyncio.create_subprocess_exec(
                *self.command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.DEVNULL,
                stderr=asyncio.subprocess.DEVNULL, start_new_session=True)
        except OSError as exc:
            self.failed += 1
            log.warning("the notification command could not start: %s", exc)
            return
        try:
            await asyncio.wait_for(process.communicate(data), self.timeout)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)  # its own session: whatever it started goes too
            await process.wait()
            self.failed += 1
            log.warning("the notification command took over %s s and was stopped (%s for %s)",
                        self.timeout, event.get("event"), event.get("game"))
            return
        except (BrokenPipeError, ConnectionResetError):
            await process.wait()
        if process.returncode != 0:
            self.failed += 1
            log.warning("the notification command failed (exit %s) for %s in %s; not retried",
                        process.returncode, event.get("event"), event.get("game"))
        else:
            self.sent += 1


def due_moves(hosted: Hosted, notifier: Notifier) -> None:
    """Tell the notifier of each move that becomes due in a hosted game, and of its end.

    It listens as a spectator does (public updates only, which a secret answer never sends), and
    a seat's move is due when a new position waits on it and the one before did not, or was a
    secret round (whose every seat had answered, or timed out, for it to close). What stood when
    the server started was told before it stopped: only what changes afterwards is told."""
    table, kind = hosted.table, hosted.kind
    seen: dict[str, Any] = {"seq": None, "waited": frozenset(), "secret": False}

    def heard(update: SeatUpdate) -> None:
        key = (update.seq, table.over)  # a game ended by a clock ends with no new position
        if key == seen["seq"]:
            return  # chat, presence: nothing due changed
        first = seen["seq"] is None
        waited = frozenset(table.state.to_act()) if not table.over else frozenset()
        before, secret_before = seen["waited"], seen["secret"]
        seen.update(seq=key, waited=waited,
                    secret=bool(kind.secret_rounds and not table.over and kind.hidden_round(table.state)))
        if first:
            return
        flagged = table.banks.flagged if table.banks is not None else set()
        if table.over:
            result = table.result()
            for config in table.seats:
                if config.is_human and config.name:
                    notifier.tell({"event": "game-over", "person": config.name, "game": hosted.code,
                                   "title": kind.title, "result": result.text if result else ""})
            return
        deadline = table.deadline_wall()
        for seat in sorted(waited):
            config = table.seats[seat]
            if not (config.is_human and config.name) or seat in flagged:
                continue
            if seat in before and not secret_before:
                continue  # still their move: they are at it
            answerer = hosted.answerers.get(seat)
            if answerer is not None and answerer.answers_now():
                continue  # their standing answers answer this for them: nobody is woken
            notifier.tell({"event": "your-move", "person": config.name, "game": hosted.code,
                           "title": kind.title, "seat": seat + 1,
                           "deadline": None if deadline is None else round(deadline)})

    table.join(None, heard, person=False)


def low_clocks(hosted: Hosted, notifier: Notifier) -> Callable[[], None]:
    """Tell the notifier when a person's clock in a turn-based game falls below the low line (a
    quarter of the bank the game began with), once each time it crosses it: a move's increment that
    lifts it above the line again arms it anew.

    A clock runs while the game waits on its seat, so the crossing is a moment on the table's clock,
    known in advance: an alarm is set for it, and set again whenever the position changes. What was
    low when the server started was told before it stopped. The event says the time left and the
    deadline of the wait now open: the person's own, nothing of anybody else's."""
    table, kind = hosted.table, hosted.kind
    low: set[int] = set()  # seats told (or found, at start) low, until their clock is above the line
    held: dict[str, Any] = {"alarm": None, "seq": None}

    def check(first: bool = False) -> None:
        alarm = held["alarm"]
        if alarm is not None:
            alarm.cancel()
            held["alarm"] = None
        left = hosted.clocks_left()
        if table.over or left is None:
            return
        line = hosted.low_line()
        flagged = table.banks.flagged if table.banks is not None else set()
        waited = set(table.state.to_act())
        running = table.deadline_wall() is not None  # no clock runs while a seat is still open
        soonest: float | None = None
        for seat, time_left in enumerate(left):
            config = table.seats[seat]
            if not (config.is_human and config.name) or seat in flagged:
                continue
            if time_left >= line:
                low.discard(seat)
                if running and seat in waited:
                    soonest = time_left - line if soonest is None else min(soonest, time_left - line)
            elif seat not in low:
                low.add(seat)
                if not first:
                    deadline = table.deadline_wall()
                    notifier.tell({"event": "clock-low", "person": config.name, "game": hosted.code,
                                   "title": kind.title, "seat": seat + 1, "left": round(time_left),
                                   "deadline": None if deadline is None else round(deadline)})
        if soonest is not None:
            # a moment past the crossing, so the clock reads below the line when it comes
            held["alarm"] = table.clock.call_at(table.clock.now() + soonest + 0.001, check)

    def heard(update: SeatUpdate) -> None:
        key = (update.seq, table.over, table.deadline_wall() is None)
        if key != held["seq"]:  # a new position, the end, or the clocks starting
            first = held["seq"] is None
            held["seq"] = key
            check(first)

    sub = table.join(None, heard, person=False)

    def stop() -> None:  # the table closes (the server stops, or the game leaves memory)
        alarm = held["alarm"]
        if alarm is not None:
            alarm.cancel()
        table.leave(sub)

    return stop
