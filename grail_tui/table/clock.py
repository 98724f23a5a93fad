"""The table's own time: bots thinking and answering in a steady time, a complete secret
round held for its minimum, every wait's time limit, a bot taking over a seat whose person
has gone. The Table mixes this in; it holds the state these methods read.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from grail_tui.games.api import Action, Bot, BotLevel, GameKind, GameState, Wait

from .pace import TimeBanks
from .seats import SeatConfig
from .settings import BOT_FLOOR, OnFlag, OnTimeout, TableSettings
from .thinking import Thinker
from .timekeeping import Clock

if TYPE_CHECKING:
    from .store import GameStore

log = logging.getLogger(__name__)


class Clockwork:
    kind: GameKind
    state: GameState
    settings: TableSettings
    seats: list[SeatConfig]
    thinker: Thinker
    clock: Clock
    store: GameStore
    seq: int
    error: BaseException | None
    _bots: dict[int, Bot]
    _standins: dict[int, Bot]
    _thinking: dict[int, asyncio.Task[None]]
    _gone_since: dict[int, float]
    _wake: asyncio.Event | None
    _task: asyncio.Task[None] | None
    _closed: bool
    _opened: float
    _hold_until: float | None
    _fired: bool
    banks: TimeBanks | None
    _waiting_on: tuple[int, ...]
    _ended: bool

    # provided by the Table
    @property
    def paused(self) -> bool: raise NotImplementedError
    @property
    def over(self) -> bool: raise NotImplementedError
    def _tell_all(self) -> None: raise NotImplementedError
    def _finish_if_over(self) -> None: raise NotImplementedError
    def asked(self) -> tuple[int, ...]: raise NotImplementedError
    def _seed(self, seat: int) -> int: raise NotImplementedError
    def _flush(self, *, quiet: bool = False) -> None: raise NotImplementedError
    def _take(self, seat: int, action: Action, *, durable: bool = True,
              checked: bool = False) -> None: raise NotImplementedError
    def _refusal(self, seat: int, action: Action) -> str | None: raise NotImplementedError

    # -- the table's own time: bots, holds, time limits -----------------------------------------

    def start(self) -> None:
        """Let the table run its bots and clocks (needs a running event loop)."""
        if self._task is None and not self._closed:
            self._wake = asyncio.Event()
            self._task = asyncio.get_running_loop().create_task(self._run())

    def close(self) -> None:
        # A cancelled task keeps its CancelledError, whose traceback holds the task's frame, and
        # so this table. While the table also held the task, that was a cycle that only a full
        # collection frees: each game that ended waited in memory for one, with its whole history.
        # The table lets go of its tasks first, so they go as soon as they end.
        if not self._closed and not self.over:
            self._keep_clocks()  # the time spent on this wait, so a restart goes on from it
        self._closed = True
        thinking, self._thinking = list(self._thinking.values()), {}
        task, self._task = self._task, None
        for each in (*thinking, task):
            if each is not None:
                each.cancel()
        self.store.close()

    def _poke(self) -> None:
        if self._wake is not None:
            self._wake.set()

    async def _run(self) -> None:
        assert self._wake is not None
        while not self.over:
            now = self.clock.now()
            self._on_clock(now)
            if self.over:
                break
            self._start_bots()
            due = self._next_due(now)
            self._wake.clear()
            # a timer that sets the wake-up event, not wait_for: wait_for makes a task per wait, and
            # one per game, alive until the game's next action, made every collection longer
            alarm = None if due is None else self.clock.call_at(due, self._wake.set)
            try:
                await self._wake.wait()
            finally:
                if alarm is not None:
                    alarm.cancel()

    def _limit(self) -> float | None:
        settings = self.settings
        return settings.turn_timeout if self.kind.wait(self.state) is Wait.TURN else settings.answer_timeout

    def _deadline(self) -> float | None:
        if self.over:
            return None
        if self.banks is not None:
            # Turn-based: the earliest bank among the seats the game waits on, as the engine says
            # (a secret round's seats stay waited on until it is shown, answered or not).
            waited = [s for s in self.state.to_act() if s not in self.banks.flagged]
            return self._opened + min(self.banks.banks[s] for s in waited) if waited else None
        limit = self._limit()
        return None if limit is None else self._opened + limit

    def _deadline_wall(self) -> float | None:
        deadline = self._deadline()
        return None if deadline is None else self.clock.wall() + deadline - self.clock.now()

    def _next_due(self, now: float) -> float | None:
        deadline = None if self.paused or self._fired else self._deadline()
        times = [t for t in (self._hold_until, deadline) if t is not None]
        if self.settings.takeover_after is not None:
            times += [t for since in self._gone_since.values()
                      if (t := since + self.settings.takeover_after) > now]
        return min(times) if times else None

    def _on_clock(self, now: float) -> None:
        if self._hold_until is not None and now >= self._hold_until:
            self._flush()
            return
        deadline = self._deadline()
        if self.paused or self._fired or deadline is None or now < deadline:
            return
        self._fired = True
        if self.banks is not None and not (self.kind.secret_rounds and self.kind.hidden_round(self.state)):
            # A turn: the seat that kept everybody waiting is out of time (a secret round puts
            # nobody out: it closes, and the silent seats take the game's default, below).
            for seat in self.asked():
                if now >= self._opened + self.banks.banks[seat]:
                    self._run_out(seat)
            return
        pass_turn = self.settings.on_timeout is OnTimeout.PASS
        for seat in self.asked():
            if seat in self._bots or seat in self._thinking:
                continue
            action = self.kind.default_action(self.state, seat, pass_turn=pass_turn)
            if action is None:
                self._think(seat, self._standin(seat), delay=0.0)
            else:
                self._take(seat, action)
            if self.state.is_over or seat not in self.state.to_act():
                break

    def _out_of_time(self, seat: int) -> bool:
        return self.banks is not None and seat in self.banks.flagged

    def _run_out(self, seat: int) -> None:
        """``seat``'s bank is out: the game's policy takes over (the next turn of _run plays it)."""
        assert self.banks is not None
        self.banks.flag(seat)
        if self.settings.on_flag is OnFlag.END:
            self._ended = True
        self._keep_clocks()
        if self._ended:
            self._finish_if_over()
        self._tell_all()

    def _keep_clocks(self) -> None:
        if self.banks is not None:
            data = self.banks.to_dict(self.clock.now() - self._opened)
            if self._ended:
                data["ended"] = True
            self.store.clocks(data)

    def _taken_over(self, seat: int) -> bool:
        after, since = self.settings.takeover_after, self._gone_since.get(seat)
        return after is not None and since is not None and self.clock.now() - since >= after

    def _start_bots(self) -> None:
        if self.paused:
            return
        skipped = []
        for seat in self.asked():
            if seat in self._thinking:
                continue
            if seat in self._bots:
                self._think(seat, self._bots[seat], self.settings.bot_delay)
            elif self._out_of_time(seat) and self.settings.on_flag is OnFlag.SKIP:
                skipped.append(seat)
            elif self._taken_over(seat) or self._out_of_time(seat):
                self._think(seat, self._standin(seat), self.settings.bot_delay)
        for seat in skipped:  # one at a time: each may move the game on
            if seat in self.asked() and not self.over:
                self._take(seat, self._fallback(seat))

    def _standin(self, seat: int) -> Bot:
        if seat not in self._standins:
            self._standins[seat] = self.kind.make_bot(BotLevel.HEURISTIC, self._seed(seat) + 7)
        return self._standins[seat]

    def _think(self, seat: int, bot: Bot, delay: float) -> None:
        if any(config.is_human for config in self.seats):  # a person could time it: no zero delay
            delay = max(delay, BOT_FLOOR)
        self._thinking[seat] = asyncio.get_running_loop().create_task(self._decide(seat, bot, delay))

    async def _decide(self, seat: int, bot: Bot, delay: float) -> None:
        seq = self.seq
        try:
            view = self.state.view(seat)
            try:
                action = await self.thinker.decide(self.kind.name, bot, view, seat, delay, clock=self.clock)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a bot's failure must not stop the game
                log.exception("a bot failed")
                self.error = exc
                action = self._fallback(seat)
            if self.seq != seq or seat not in self.asked() or self.over or self.paused:
                # the game moved on (a time limit, a restart of the round), or it paused while the
                # bot thought (its last person left): nothing moves until someone is back
                return
            if self._refusal(seat, action) is None:
                self._take(seat, action, checked=True)  # the refusal was its check
            else:
                self._take(seat, self._fallback(seat))
        finally:
            if self._thinking.get(seat) is asyncio.current_task():
                del self._thinking[seat]
            self._poke()

    def _fallback(self, seat: int) -> Action:
        action = self.kind.default_action(self.state, seat, pass_turn=True)
        return action if action is not None else list(self.state.legal_actions(seat))[0]
