"""Bots think outside the event loop that serves people, and answer in a steady time.

A searching bot that holds nothing on the active initiate has one legal
answer and would reply at once; one that holds something thinks for its
whole budget. Seen from across the table that difference gives a secret
away (RULES §8: timing). So every decision of a bot takes the table's bot
delay plus the bot's budget, counted from the moment a worker took it up:
how long it waited for a free worker depends on the other games, never on
what this bot holds.

Searching bots think in a pool of worker processes sized to the machine, so
a search never slows a person's round trip or the app's repaint; at most one
search per worker runs at once, the rest queue. The workers run at a lower
priority (nice), so when the machine is busy the process that serves people
is given the processor first. Rule-of-thumb bots (no
budget) decide on the event loop: about a millisecond, less than sending the
answer costs. With no processes (tests) searches run in a thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import select
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from grail_tui.games import registry
from grail_tui.games.api import Action, Bot, View

from .timekeeping import SYSTEM_CLOCK, Clock


def _decide(game: str, bot: Bot, view: View, seat: int) -> tuple[Action, Bot, float]:
    """In a worker: the bot's decision from the seat's view alone, the bot (its
    random state moved on), and when the worker took the decision up."""
    started = time.monotonic()  # CLOCK_MONOTONIC: the same clock in every process
    kind = registry.get(game)
    legal = list(kind.legal_from_view(view, seat))
    return bot.decide(view, legal), bot, started


WORKER_NICENESS = 10


def _worker_start(owner: int) -> None:
    """In each worker as it starts: people's round trips come before a bot's search, and the
    worker goes when the process that owns it does. (A worker holds both ends of its task
    queue, so it would wait for work for ever after its owner was killed, and the forkserver
    with it.)"""
    try:
        os.nice(WORKER_NICENESS)
    except OSError:
        pass
    threading.Thread(target=_leave_with, args=(owner,), name="grail-tui owner watch", daemon=True).start()


def _leave_with(owner: int) -> None:
    try:
        handle = os.pidfd_open(owner)
    except (AttributeError, OSError):  # no pidfd: look every two seconds
        while True:
            time.sleep(2)
            try:
                os.kill(owner, 0)
            except ProcessLookupError:
                break
            except PermissionError:
                continue
    else:
        select.select([handle], [], [])  # readable once the owner has exited
    os._exit(0)


def default_processes() -> int:
    """Leave a core for the process that serves people."""
    return max(1, (os.cpu_count() or 2) - 1)


class Thinker:
    """Runs bot decisions for any number of tables."""

    def __init__(self, processes: int = 0) -> None:
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None
        self._slots = asyncio.Semaphore(max(1, processes)) if processes else None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("forkserver")
            self._pool = ProcessPoolExecutor(self.processes, mp_context=context, initializer=_worker_start,
                                             initargs=(os.getpid(),))
        return self._pool

    async def decide(self, game: str, bot: Bot, view: View, seat: int, delay: float, *,
                     clock: Clock = SYSTEM_CLOCK) -> Action:
        """The bot's action, returned ``delay`` + its budget after it was taken up (on ``clock``)."""
        budget = max(0.0, float(getattr(bot, "budget", 0.0) or 0.0))
        started = clock.now()
        if not budget:
            action, _, _ = _decide(game, bot, view, seat)  # a rule of thumb: about a millisecond
        elif self._slots is None:
            action, _, _ = await asyncio.to_thread(_decide, game, bot, view, seat)
        else:
            async with self._slots:
                loop = asyncio.get_running_loop()
                try:
                    with _stderr_with_a_descriptor():  # the pool starts its helpers at submit
                        decision = loop.run_in_executor(self._executor(), _decide, game, bot, view, seat)
                    action, moved, taken_up = await decision
                    started = clock.now() - (time.monotonic() - taken_up)  # the worker's stamp, on ``clock``
                except BrokenProcessPool:
                    self._pool = None  # a worker died: start afresh for the next decision
                    raise
                _carry_state(bot, moved)
        await clock.sleep_until(started + delay + budget)
        return action

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


@contextlib.contextmanager
def _stderr_with_a_descriptor() -> Iterator[None]:
    """multiprocessing hands its helper processes (the resource tracker) the descriptor of
    ``sys.stderr``; inside a running Textual app that is a capture with none (-1), which
    starting a process refuses ("bad value(s) in fds_to_keep"). Lend it the null device."""
    try:
        usable = sys.stderr.fileno() >= 0
    except (AttributeError, OSError, ValueError):
        usable = False
    if usable:
        yield
        return
    captured = sys.stderr
    with open(os.devnull, "w") as null:
        sys.stderr = null
        try:
            yield
        finally:
            sys.stderr = captured


def _carry_state(bot: Any, moved: Any) -> None:
    """The worker decided with a copy of the bot: keep what it learned (its random state)."""
    if type(bot) is type(moved):
        bot.__dict__.update(moved.__dict__)
