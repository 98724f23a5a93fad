"""The table's own time: bots thinking and answering in a steady time, a complete secret
round held for its minimum, every wait's time limit, a bot taking over a seat whose person
has gone, and in turn-based play each seat's time bank (pace.py).

The Table holds one ``Clockwork`` and the clockwork holds the time: when the current wait
began, the held round, the limit acted on, who has been gone since when, the bots and their
decisions in flight, the time banks. It asks the table only what ``Timed`` says (the game as
it stands, who is asked, whether it is paused or over) and moves the game only through
``Timed``'s doors (a refusal, an action taken, a held round shown), the same the table's own
``submit`` goes through, so a bot's action is taken exactly as a person's. Where the time
comes from is ``timekeeping.Clock``.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from grail_tui.games.api import Action, Bot, BotLevel, GameKind, GameState, Wait

from .pace import TimeBanks
from .seats import SeatConfig
from .settings import BOT_FLOOR, OnFlag, OnTimeout, TableSettings
from .thinking import Thinker
from .timekeeping import Clock

log = logging.getLogger(__name__)


class Timed(Protocol):
    """What the clockwork asks of the table it keeps time for, and the doors it moves it through."""

    @property
    def state(self) -> GameState: ...
    @property
    def seq(self) -> int: ...
    @property
    def paused(self) -> bool: ...
    @property
    def over(self) -> bool: ...
    def asked(self) -> tuple[int, ...]: ...
    def refusal(self, seat: int, action: Action) -> str | None: ...
    def take(self, seat: int, action: Action, *, checked: bool = False) -> None: ...  # pragma: no mutate: a signature
    def show_round(self) -> None: ...
    def bot_failed(self, error: BaseException) -> None: ...
    def time_ran_out(self) -> None: ...


class Clockwork:
    """One table's time: started with the table's loop, closed with the table."""

    def __init__(self, table: Timed, kind: GameKind, seats: Sequence[SeatConfig], seed: int,
                 settings: TableSettings, thinker: Thinker, clock: Clock,
                 keep: Callable[[dict[str, Any]], None]) -> None:
        # a weak reference, not the table: the table holds its clockwork, and a cycle between them
        # would keep every ended game (its whole history) in memory until a full collection
        self._table = weakref.ref(table)
        self.kind, self.settings, self.thinker, self.clock = kind, settings, thinker, clock
        self._keep = keep  # where the banks are kept (the table's store)
        self._seed = seed  # the bots' dice: seat by seat, from the game's seed
        self.bots = {seat: kind.make_bot(config.bot, self.bot_seed(seat))
                     for seat, config in enumerate(seats) if config.bot is not None}
        self._watched = any(config.is_human for config in seats)  # a person could time a bot
        self.standins: dict[int, Bot] = {}
        self.thinking: dict[int, asyncio.Task[None]] = {}
        self._gone_since: dict[int, float] = {}  # seat -> when its last person left
        self._opened = clock.now()  # when the current wait began
        self._hold_until: float | None = None  # a complete secret round is shown then
        self._fired = False  # pragma: no mutate: None reads the same (only truth-tested)
        self._wake: asyncio.Event | None = None
        self.task: asyncio.Task[None] | None = None
        self._closed = False  # pragma: no mutate: None reads the same (only truth-tested)
        # turn-based play (pace.py): each seat's time bank, None for a live game
        self.banks = TimeBanks.fresh(len(seats), settings.bank) if settings.bank is not None else None
        self._waiting_on = tuple(table.state.to_act())  # the seats the current wait is charged to
        # ended before its rules ended it: somebody's time ran out (OnFlag.END)
        self.ended = False  # pragma: no mutate: None reads the same (only truth-tested)

    @property
    def table(self) -> Timed:
        table = self._table()
        assert table is not None, "a table's clockwork outlived it"  # the table holds it
        return table

    def bot_seed(self, seat: int) -> int:
        """Each seat's bot its own dice, the same whenever the game is played or restored."""
        return self._seed * 31 + seat  # pragma: no mutate: any fixed mix of the game's seed and the seat serves

    # -- what the table tells it ------------------------------------------------------------------

    def start(self) -> None:
        """Run the bots and the time limits (needs a running event loop)."""
        if self.task is None and not self._closed:
            self._wake = asyncio.Event()
            self.task = asyncio.get_running_loop().create_task(self._run())

    def close(self) -> None:
        # A cancelled task keeps its CancelledError, whose traceback holds the task's frame, and
        # so this clockwork. The clockwork lets go of its tasks first, so they go as soon as they end.
        if not self._closed and not self.table.over:  # pragma: no mutate: keeping again what is kept changes nothing
            self.keep()  # the time spent on this wait, so a restart goes on from it
        self._closed = True
        thinking, self.thinking = list(self.thinking.values()), {}
        task, self.task = self.task, None
        for each in (*thinking, task):
            if each is not None:
                each.cancel()

    def poke(self) -> None:
        """Something changed: look at the time again."""
        if self._wake is not None:
            self._wake.set()

    def wait_began(self) -> None:
        """A new position is published: the wait that ends now is charged to every seat it waited
        on (turn-based), and a new one begins."""
        now, table = self.clock.now(), self.table
        if self.banks is not None and not table.paused:
            self.banks.charge(self._waiting_on, now - self._opened, self.settings.increment)
        self._opened = now
        self._hold_until = None
        self._fired = False  # pragma: no mutate: None reads the same (only truth-tested)
        self._waiting_on = tuple(table.state.to_act())
        self.keep()

    def restart(self) -> None:
        """People came back to a paused table: the wait starts again for them."""
        self._opened = self.clock.now()

    def seats_filled(self) -> None:
        """The last open seat of a turn-based game was taken: the clocks start now."""
        self.restart()
        self.keep()
        self.poke()

    def resume(self, kept: dict[str, Any] | None) -> None:
        """Restored: the wait goes on where it stood when the banks were last kept (the server's
        time down does not count: pace.py)."""
        table = self.table
        self._waiting_on = tuple(table.state.to_act())
        if self.banks is not None and kept is not None:
            self.banks, spent = TimeBanks.from_dict(kept, len(self.banks.banks))
            self._opened = self.clock.now() - spent
            self.ended = bool(kept.get("ended")) and not table.state.is_over

    def round_complete(self) -> bool:
        """Every asked seat of a secret round has answered: may it be shown now? If not, it is
        held until the round's minimum has passed since it opened."""
        start = self._opened + self.settings.min_round
        if self.clock.now() >= start:
            return True
        self._hold_until = start
        return False

    def person_left(self, seat: int) -> None:
        self._gone_since[seat] = self.clock.now()

    def person_back(self, seat: int) -> None:
        self._gone_since.pop(seat, None)

    def game_over(self) -> None:
        """Decisions still in flight are moot (the one finishing the game may be running this)."""
        for task in self.thinking.values():
            if task is not asyncio.current_task():
                task.cancel()

    def keep(self) -> None:
        """The banks and the time spent on the current wait, kept (turn-based only)."""
        if self.banks is not None:
            data = self.banks.to_dict(self.clock.now() - self._opened)
            if self.ended:
                data["ended"] = True
            self._keep(data)

    # -- what the table asks it -------------------------------------------------------------------

    def deadline_wall(self) -> float | None:
        """When the current wait times out, on the wall clock (what people are shown; None: it
        has no end, or a turn-based game's clocks have not started: a seat is still open)."""
        if self.banks is not None and self.table.paused:
            return None
        deadline = self._deadline()
        return None if deadline is None else self.clock.wall() + deadline - self.clock.now()

    def busy(self) -> bool:
        """Is the table about to move by itself (a bot thinking or due, a round held)?"""
        table = self.table
        if table.over:
            return False
        due = any(s in self.bots or self._taken_over(s) or self.out_of_time(s) for s in table.asked())
        return bool(self.thinking) or self._hold_until is not None or (due and not table.paused)

    def out_of_time(self, seat: int) -> bool:
        return self.banks is not None and seat in self.banks.flagged

    def plays_for(self, seat: int) -> bool:
        """Does a bot play ``seat`` (its own, or one deciding for it now)?"""
        return seat in self.bots or seat in self.thinking

    # -- the loop ---------------------------------------------------------------------------------

    async def _run(self) -> None:
        assert self._wake is not None
        table = self.table
        while not table.over:
            now = self.clock.now()
            self._on_clock(now)
            if table.over:
                return
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
        return settings.turn_timeout if self.kind.wait(self.table.state) is Wait.TURN else settings.answer_timeout

    def _deadline(self) -> float | None:
        table = self.table
        if table.over:
            return None
        if self.banks is not None:
            # Turn-based: the earliest bank among the seats the game waits on, as the engine says
            # (a secret round's seats stay waited on until it is shown, answered or not).
            waited = [s for s in table.state.to_act() if s not in self.banks.flagged]
            return self._opened + min(self.banks.banks[s] for s in waited) if waited else None
        limit = self._limit()
        return None if limit is None else self._opened + limit

    def _next_due(self, now: float) -> float | None:
        deadline = None if self.table.paused or self._fired else self._deadline()
        times = [t for t in (self._hold_until, deadline) if t is not None]
        if self.settings.takeover_after is not None:
            times += [t for since in self._gone_since.values()
                      if (t := since + self.settings.takeover_after) > now]
        return min(times) if times else None

    def _on_clock(self, now: float) -> None:
        table = self.table
        if self._hold_until is not None and now >= self._hold_until:
            table.show_round()
            return
        deadline = self._deadline()
        if table.paused or self._fired or deadline is None or now < deadline:
            return
        self._fired = True
        if self.banks is not None and not (self.kind.secret_rounds and self.kind.hidden_round(table.state)):
            # A turn: the seat that kept everybody waiting is out of time (a secret round puts
            # nobody out: it closes, and the silent seats take the game's default, below).
            for seat in table.asked():
                # a turn asks one seat, the one whose bank set the deadline; a game whose open wait
                # asks several puts out only those whose own bank is spent
                if now >= self._opened + self.banks.banks[seat]:  # pragma: no mutate: a turn asks one seat
                    self._run_out(seat)
            return
        pass_turn = self.settings.on_timeout is OnTimeout.PASS
        for seat in table.asked():
            if self.plays_for(seat):
                continue
            action = self.kind.default_action(table.state, seat, pass_turn=pass_turn)
            if action is None:
                self._think(seat, self._standin(seat), delay=0.0)
            else:
                table.take(seat, action)
            # a wait of several seats here is a secret round, where a default changes nothing until
            # all are in; this guards a game whose open wait asks several
            if table.state.is_over or seat not in table.state.to_act():  # pragma: no mutate: see above
                return

    def _run_out(self, seat: int) -> None:
        """``seat``'s bank is out: the game's policy takes over (the next turn of _run plays it)."""
        assert self.banks is not None
        self.banks.flag(seat)
        if self.settings.on_flag is OnFlag.END:
            self.ended = True
        self.keep()
        self.table.time_ran_out()

    def _taken_over(self, seat: int) -> bool:
        after, since = self.settings.takeover_after, self._gone_since.get(seat)
        return after is not None and since is not None and self.clock.now() - since >= after

    def _start_bots(self) -> None:
        table = self.table
        if table.paused:
            return
        skipped = []
        for seat in table.asked():
            if seat in self.thinking:
                continue
            if seat in self.bots:
                self._think(seat, self.bots[seat], self.settings.bot_delay)
            elif self.out_of_time(seat) and self.settings.on_flag is OnFlag.SKIP:
                skipped.append(seat)
            elif self._taken_over(seat) or self.out_of_time(seat):
                self._think(seat, self._standin(seat), self.settings.bot_delay)
        for seat in skipped:  # one at a time: each may move the game on
            if seat in table.asked() and not table.over:  # pragma: no mutate: a guard, as in _on_clock
                table.take(seat, self._fallback(seat))

    def _standin(self, seat: int) -> Bot:
        if seat not in self.standins:
            # dice other than the seat's own bot's (any fixed offset serves)
            self.standins[seat] = self.kind.make_bot(BotLevel.HEURISTIC, self.bot_seed(seat) + 7)  # pragma: no mutate: any fixed offset serves
        return self.standins[seat]

    def _think(self, seat: int, bot: Bot, delay: float) -> None:
        if self._watched:  # a person could time it: no zero delay
            delay = max(delay, BOT_FLOOR)
        self.thinking[seat] = asyncio.get_running_loop().create_task(self._decide(seat, bot, delay))

    async def _decide(self, seat: int, bot: Bot, delay: float) -> None:
        table = self.table
        seq = table.seq
        try:
            view = table.state.view(seat)
            try:
                action = await self.thinker.decide(self.kind.name, bot, view, seat, delay, clock=self.clock)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a bot's failure must not stop the game
                log.exception("a bot failed")
                table.bot_failed(exc)
                action = None  # pragma: no mutate: whatever is no action is refused, and the fallback played
            if table.over:  # it ended meanwhile (it cancels decisions in flight: this guards the one ending it)
                return
            if table.seq != seq or seat not in table.asked() or table.paused:
                # the game moved on (a time limit, a restart of the round), or it paused while the
                # bot thought (its last person left): nothing moves until someone is back
                return
            if action is not None and table.refusal(seat, action) is None:
                table.take(seat, action, checked=True)  # the refusal was its check
            else:  # it failed, or broke the rules: the seat's fallback is played
                table.take(seat, self._fallback(seat))
        finally:
            if self.thinking.get(seat) is asyncio.current_task():
                del self.thinking[seat]
            self.poke()

    def _fallback(self, seat: int) -> Action:
        state = self.table.state
        action = self.kind.default_action(state, seat, pass_turn=True)
        return action if action is not None else list(state.legal_actions(seat))[0]
