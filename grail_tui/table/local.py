"""A game played on this machine: solo against bots, or hot-seat."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from pathlib import Path

from grail_tui.games.hunt.bots import Bot, make_bot
from grail_tui.games.hunt.engine import (
    Action,
    Event,
    Game,
    GameRecord,
    Phase,
    PlayerView,
    PublicView,
    Setup,
    visible_to,
)
from grail_tui.games.hunt.words import LogBook

from . import pace
from .seats import SeatConfig
from .storage import Journal, write_record

Listener = Callable[[list[Event]], None]


class LocalTable:
    """Owns the game; everyone's actions go through :meth:`submit`."""

    def __init__(
        self,
        setup: Setup,
        seats: Sequence[SeatConfig],
        *,
        record: GameRecord | None = None,
        save_path: Path | None = None,
        bot_delay: float = 0.5,
    ) -> None:
        if len(seats) != setup.players:
            raise ValueError("one seat per player")
        self.setup = setup
        self.seats = tuple(seats)
        self.game = record.replay() if record is not None else Game(setup)
        self.bot_delay = bot_delay
        self.bots: dict[int, Bot] = {
            i: make_bot(s.bot, setup.seed * 31 + i) for i, s in enumerate(seats) if s.bot
        }
        self.listeners: list[Listener] = []
        self.record_path: Path | None = None
        self.error: BaseException | None = None
        self.last_error: str | None = None
        self.notice: str | None = None
        self._journal = (
            Journal(save_path, GameRecord.of(self.game), self.seats) if save_path else None
        )
        self._books: dict[int | None, tuple[LogBook, list[int]]] = {}
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        if self.game.is_over:
            self._finished()

    # -- what a screen asks --------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        return self.setup.names or tuple(s.name for s in self.seats)

    @property
    def human_seats(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if s.is_human)

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    def view(self, seat: int) -> PlayerView:
        return self.game.view(seat)

    def public_view(self) -> PublicView:
        return self.game.public_view()

    def legal_actions(self, seat: int) -> Sequence[Action]:
        return self.game.legal_actions(seat)

    def why_illegal(self, action: Action) -> str | None:
        return self.game.why_illegal(action)

    def events_for(self, seat: int | None) -> list[Event]:
        return [e for e in self.game.history if visible_to(e, seat)]

    remote = False
    ready = True

    @property
    def phase(self) -> Phase:
        return self.game.phase

    def to_act(self) -> tuple[int, ...]:
        return self.game.to_act()

    def _book(self, seat: int | None) -> LogBook:
        if seat not in self._books:
            self._books[seat] = (LogBook(self.names), [0])
        book, seen = self._books[seat]
        history = self.game.history
        book.feed([e for e in history[seen[0]:] if visible_to(e, seat)])
        seen[0] = len(history)
        return book

    def log_lines(self, seat: int | None) -> list[str]:
        return self._book(seat).lines

    def last_result(self, seat: int | None) -> str | None:
        return self._book(seat).last

    def chat(self, text: str) -> None:
        raise NotImplementedError("chat needs a server game")

    def humans_to_act(self) -> tuple[int, ...]:
        return tuple(p for p in self.game.to_act() if self.seats[p].is_human)

    def final_record(self) -> GameRecord:
        return GameRecord.of(self.game)

    # -- acting ----------------------------------------------------------------

    def submit(self, action: Action) -> list[Event]:
        """Apply an action (raises IllegalActionError, changing nothing) and tell everyone."""
        events = self.game.apply(action)
        if self._journal is not None:
            self._journal.append(action)
        if self.game.is_over:
            self._finished()
        for listener in list(self.listeners):
            listener(events)
        self._wake.set()
        return events

    def _finished(self) -> None:
        if self.record_path is None:
            try:
                self.record_path = write_record(GameRecord.of(self.game))
            except OSError:
                self.record_path = None
        if self._journal is not None:
            self._journal.discard()
            self._journal = None

    def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
        if self._journal is not None:
            self._journal.close()

    # -- bots ------------------------------------------------------------------

    def start(self) -> None:
        """Let the bots play (needs a running event loop)."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._bot_loop())
        self._wake.set()

    def bots_to_act(self) -> list[int]:
        return [p for p in self.game.to_act() if p in self.bots]

    async def _bot_loop(self) -> None:
        try:
            while not self.game.is_over:
                waiting = self.bots_to_act()
                if not waiting:
                    self._wake.clear()
                    await self._wake.wait()
                    continue
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                for seat, action in await pace.decide_together(self.game, waiting, self.bots.__getitem__):
                    if self.game.is_over or seat not in self.game.to_act():
                        break
                    self.submit(action)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # surfaced by the app, never a traceback on screen
            self.error = exc
            for listener in list(self.listeners):
                listener([])

    async def settle(self) -> None:
        """Wait until no bot has anything to do (for tests and benchmarks)."""
        while self.bots_to_act() and not self.game.is_over and self.error is None:
            await asyncio.sleep(0.001)
