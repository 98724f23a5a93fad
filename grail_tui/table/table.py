"""One table: runs one game for any mix of seats, for local play and the server alike.

The table alone applies actions. It collects the answers of a secret round
and applies them together, no sooner than the round's minimum time, so
nobody can learn who has answered or when; it paces bots, times out every
wait, lets a bot take over a seat whose person is gone, keeps every accepted
action in its store before anyone hears of it, and tells each subscriber
what changed, in the view its seat may see. Which game it runs it learns
from the game's kind (games/api.py): nothing here names a piece of a game.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from grail_tui.games.api import Action, GameKind, GameState, Result, Setup

from .clock import Clockwork
from .pace import TimeBanks, forfeit_ranks
from .seats import SeatConfig
from .settings import LOCAL, TableSettings
from .store import GameStore, StoredGame
from .thinking import Thinker
from .timekeeping import SYSTEM_CLOCK, Clock
from .updates import ChatLine, SeatUpdate, TableError

log = logging.getLogger(__name__)
Listener = Callable[[SeatUpdate], None]
CHAT_KEPT = 200  # chat lines kept in memory; the store keeps them all
CHAT_BACKLOG = 50  # chat lines a new subscriber is shown


@dataclass(eq=False)
class Subscription:
    seat: int | None  # None: a spectator
    listener: Listener
    person: bool  # a person is behind it (presence), not a benchmark or a bot client
    cursor: int = 0  # events of the history already sent
    chat_cursor: int = 0
    fresh: bool = True


class Table:
    def __init__(self, kind: GameKind, setup: Setup, seats: Sequence[SeatConfig], store: GameStore, *,
                 settings: TableSettings = LOCAL, thinker: Thinker | None = None,
                 chat: Sequence[ChatLine] = (), clock: Clock = SYSTEM_CLOCK) -> None:
        if len(seats) != kind.players_of(setup):
            raise ValueError("one seat per player")
        self.kind, self.setup, self.store, self.settings = kind, setup, store, settings
        self.seats = list(seats)
        self.clock = clock  # every time the table reads or waits for (timekeeping.py)
        self.state: GameState = kind.new_state(setup)
        self.seq = 0
        self.chat_log = list(chat)[-CHAT_KEPT:]
        self.error: BaseException | None = None  # a bot failed (the table went on without it)
        self.on_finish: Callable[[Table], None] | None = None
        self._accepted = 0
        self._pending: dict[int, Action] = {}  # answers of the secret round now open
        self._subs: list[Subscription] = []
        self._present: dict[int, int] = {}  # seat -> people connected there
        self._finished = False  # pragma: no mutate: None reads the same (only truth-tested)
        self._record: dict[str, Any] | None = None  # the whole record, once over
        self._public: tuple[int, Any] | None = None
        # the table's own time: bots, held rounds, time limits, takeover, time banks
        seed = int(getattr(setup, "seed", 0))  # pragma: no mutate: every game's setup has a seed (its use: tests)
        self.clockwork = Clockwork(self, kind, self.seats, seed, settings, thinker or Thinker(), clock, store.clocks)

    @classmethod
    def restore(cls, kind: GameKind, stored: StoredGame, store: GameStore, *,
                thinker: Thinker | None = None, settings: TableSettings | None = None,
                clock: Clock = SYSTEM_CLOCK) -> Table:
        """The table as it stood: every accepted action replayed through the same logic."""
        table = cls(kind, kind.setup_from_dict(stored.setup), stored.seats, store,
                    settings=settings or stored.settings, thinker=thinker, chat=stored.chat, clock=clock)
        for data in stored.actions:
            action = kind.action_from_dict(data)
            reason = table.refusal(action.player, action)
            if reason is not None:
                raise ValueError(f"stored action {table._accepted} is illegal: {reason}")
            table.take(action.player, action, checked=True,
                       durable=False)  # pragma: no mutate: None reads the same (only truth-tested)
        table.clockwork.resume(stored.clocks)
        if stored.over:  # a finished game, loaded to be watched: its record is kept already
            table._finished = True
            table._record = kind.record(table.state, [c.to_dict() for c in table.chat_log], table.names)
        table._finish_if_over()
        return table

    # -- what anybody may ask --------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.is_over or self.clockwork.ended

    @property
    def banks(self) -> TimeBanks | None:
        """Each seat's time bank in a turn-based game (None: a live one)."""
        return self.clockwork.banks

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name or f"Seat {k + 1} (open)" for k, s in enumerate(self.seats))

    @property
    def paused(self) -> bool:
        if self.banks is not None:  # turn-based: the clocks start once every seat has its player
            return any(s.is_human and s.name is None for s in self.seats)
        # Watchers keep no table going: it moves while one of its players is there.
        return self.settings.pause_when_empty and not self._present

    def result(self) -> Result | None:
        """How the game ended; a seat that ran out of time ranks last, a loss in the ratings."""
        flagged = self.banks.flagged if self.banks is not None else set()
        if self.clockwork.ended:
            ranks = forfeit_ranks([0] * len(self.seats), flagged)  # pragma: no mutate: any equal ranks are numbered afresh
            out = ", ".join(self.names[s] for s in sorted(flagged))  # pragma: no mutate: the first seat out ends it: one name
            return Result(tuple(k for k in range(len(self.seats)) if k not in flagged), ranks,
                          f"{out} ran out of time; the game ended there.")
        result = self.kind.result(self.state, self.names)
        if result is None or not flagged:
            return result
        # A seat played on for after its time ran out may still reach the game's goal; it
        # ranks last all the same, so it is no winner either.
        late = [self.names[s] for s in sorted(flagged) if s in result.winners]
        text = result.text + (f" {' and '.join(late)} ran out of time earlier and "
                              f"rank{'s' if len(late) == 1 else ''} last." if late else "")
        return replace(result, winners=tuple(w for w in result.winners if w not in flagged),
                       ranks=forfeit_ranks(result.ranks, flagged), text=text)

    def asked(self) -> tuple[int, ...]:
        """Seats whose action the table waits for now (answers given are not asked again)."""
        return tuple(s for s in self.state.to_act() if s not in self._pending)

    def public_view(self) -> Any:
        """The public view of the position shown now (made once per position)."""
        cached = self._public  # pragma: no mutate: a cache; without it the same view is made anew
        if cached is None or cached[0] != self.seq:  # pragma: no mutate: the same cache
            cached = self._public = (self.seq, self.state.public_view())
        return cached[1]

    def deadline_wall(self) -> float | None:
        """When the wait now open ends, in seconds since the epoch (None: it has no end, or a
        turn-based game's clocks have not started: a seat is still open)."""
        return self.clockwork.deadline_wall()

    def busy(self) -> bool:
        """Is the table about to move by itself (a bot thinking or due, a round held)?"""
        return self.clockwork.busy()

    async def settle(self) -> None:
        """Wait until the table waits for people only (tests and benchmarks; on a FakeClock, what
        waits for the table's time waits for the test to move the clock: FakeClock.run_until)."""
        while self.busy():
            await asyncio.sleep(0.002)  # pragma: no mutate: how often it looks; any short step serves

    def update_for(self, seat: int | None) -> SeatUpdate:
        """What ``seat`` may see now, with nothing marked new."""
        # a throwaway subscription: never told, never counted
        return self._update(Subscription(seat, lambda _: None, False, fresh=False), quiet=True)  # pragma: no mutate: never told or counted

    # -- seats and people ---------------------------------------------------------------

    def join(self, seat: int | None, listener: Listener, *, person: bool = True) -> Subscription:
        """Subscribe to a seat's view (None: watch); the first update comes at once."""
        if seat is not None and not 0 <= seat < len(self.seats):
            raise TableError("There is no such seat.")
        sub = Subscription(seat, listener, person, chat_cursor=max(0, len(self.chat_log) - CHAT_BACKLOG))
        self._subs.append(sub)
        came_back = person and seat is not None and not self._present.get(seat)
        resumed = person and seat is not None and self.paused
        if person and seat is not None:
            self._present[seat] = self._present.get(seat, 0) + 1
            self.clockwork.person_back(seat)
        if resumed:
            self.clockwork.restart()  # the wait starts again for those who came back
        listener(self._update(sub))
        if came_back:
            self._tell_all()
        self.clockwork.poke()
        return sub

    def leave(self, sub: Subscription) -> None:
        if sub not in self._subs:
            return
        self._subs.remove(sub)
        if not sub.person or sub.seat is None:
            return  # a bench client or a watcher: nobody's presence (watchers keep no table going)
        self._present[sub.seat] -= 1
        if not self._present[sub.seat]:
            del self._present[sub.seat]
            self.clockwork.person_left(sub.seat)
            self._tell_all()
        self.clockwork.poke()

    def seat_person(self, seat: int, name: str) -> None:
        """A person takes an open seat."""
        if self.seats[seat].bot is not None or self.seats[seat].name is not None:
            raise TableError("That seat is taken.")
        self.seats[seat] = replace(self.seats[seat], name=name, reserved=None)
        self.store.seats_changed(self.seats)
        if self.banks is not None and not self.paused:  # the last seat taken: the clocks start now
            self.clockwork.seats_filled()
        self._tell_all()

    def present(self) -> tuple[bool, ...]:
        return tuple(config.bot is not None or bool(self._present.get(seat))
                     for seat, config in enumerate(self.seats))

    # -- acting ---------------------------------------------------------------------------

    def submit(self, seat: int, action: Action, seq: int) -> None:
        """Take ``seat``'s action, answering position ``seq``; TableError (for that seat's
        eyes only) if it cannot be taken, and then nothing changes."""
        if seq != self.seq:
            raise TableError("The game has moved on since you chose that; look again.")
        reason = self.refusal(seat, action)
        if reason is not None:
            raise TableError(reason)
        self.take(seat, action, checked=True)

    # -- the doors the clockwork moves the game through too (clock.Timed) --------------------------

    def start(self) -> None:
        """Let the table run its bots and clocks (needs a running event loop)."""
        self.clockwork.start()

    def close(self) -> None:
        self.clockwork.close()
        self.store.close()

    def refusal(self, seat: int, action: Action) -> str | None:
        if self.over:
            return "The game is over."
        if getattr(action, "player", None) != seat:
            return "You can act for your own seat only."
        if self.clockwork.out_of_time(seat) and not self.clockwork.plays_for(seat):
            return "Your time ran out: your seat is played for you now."
        if seat in self._pending:
            return "You have already answered; all answers are shown together."
        return self.state.why_illegal(action)

    def take(self, seat: int, action: Action, *,
             checked: bool = False,  # pragma: no mutate: what comes unchecked (a game's default) is legal
             durable: bool = True) -> None:
        """Accept a legal action: keep it, then apply it (or hold it with its round).

        ``checked``: found legal just now (``refusal``); else it is checked here, before it is
        kept. Either way the engine applies it without checking again: each action is checked
        once, and a secret round's answers, checked as they came, apply together unchecked
        (they answer one position, and none changes what another may answer)."""
        if not checked:
            # What comes unchecked is a game's default for a silent seat (tests/games/test_conformance.py
            # shows each legal wherever the seat is asked) or a first legal move: only a game breaking
            # that reaches the raise, which keeps its move out of the store.
            reason = self.state.why_illegal(action)  # pragma: no mutate: see above
            if reason is not None:
                raise self.kind.illegal(reason)  # pragma: no mutate: see above
        if durable:
            self.store.accepted(self._accepted, self.kind.action_to_dict(action))
        self._accepted += 1
        if self.kind.secret_rounds and self.kind.hidden_round(self.state):
            self._pending[seat] = action
            if set(self._pending) >= set(self.state.to_act()):
                # restoring, the round is shown at once: its time has passed
                if not durable or self.clockwork.round_complete():
                    self.show_round(quiet=not durable)
                    return
            if durable:
                self._tell_seat(seat)
            self.clockwork.poke()
            return
        self.state.apply(action, checked=True)
        if durable:
            self._publish()
        else:
            self.seq += 1

    def show_round(self, *, quiet: bool = False) -> None:
        """Apply a complete secret round's answers together, in seat order."""
        answers, self._pending = self._pending, {}
        for seat in sorted(answers):
            self.state.apply(answers[seat], checked=True)
        if quiet:
            self.seq += 1
        else:
            self._publish()

    def bot_failed(self, error: BaseException) -> None:
        self.error = error  # the table went on without it; the app tells its player

    def time_ran_out(self) -> None:
        """A seat's time bank ran out: everybody is told (and the game ends if that ended it)."""
        self._finish_if_over()
        self._tell_all()

    def say(self, who: str, text: str) -> None:
        line = ChatLine(who, text, self.clock.wall())
        self.store.chat(line)
        self.chat_log.append(line)
        drop = max(0, len(self.chat_log) - CHAT_KEPT)
        if drop:
            del self.chat_log[:drop]
            for sub in self._subs:  # each has been told every line but this one: none falls below 0
                sub.chat_cursor -= drop
        self._tell_all()

    # -- telling people -------------------------------------------------------------------------

    def _publish(self) -> None:
        self.seq += 1
        self.clockwork.wait_began()
        self._finish_if_over()
        shared: dict[tuple[int, int, bool], SeatUpdate] = {}
        for sub in list(self._subs):
            self._send(sub, shared)
        self.clockwork.poke()

    def _tell_seat(self, seat: int) -> None:
        for sub in list(self._subs):
            if sub.seat == seat:
                self._send(sub)

    def _tell_all(self) -> None:
        shared: dict[tuple[int, int, bool], SeatUpdate] = {}
        for sub in list(self._subs):
            self._send(sub, shared)

    def _send(self, sub: Subscription, shared: dict[tuple[int, int, bool], SeatUpdate] | None = None) -> None:
        try:
            sub.listener(self._shared_update(sub, shared) if shared is not None and sub.seat is None
                         else self._update(sub))
        except Exception:  # one subscriber's failure must not touch the others
            log.exception("a subscriber failed")

    def _shared_update(self, sub: Subscription, shared: dict[tuple[int, int, bool], SeatUpdate]) -> SeatUpdate:
        """Spectators who have seen the same are told the same: one update (one object, which a
        server encodes once) for all of them, however many watch."""
        # every spectator is told each change as it happens (its first update when it joins), so
        # at a publication all have seen the same; the key keeps that true should it change
        key = (sub.cursor, sub.chat_cursor, sub.fresh)  # pragma: no mutate: all spectators have the same
        update = shared.get(key)
        if update is None:
            update = shared[key] = self._update(sub)
        else:
            sub.cursor, sub.chat_cursor, sub.fresh = len(self.state.history), len(self.chat_log), False
        return update

    def _update(self, sub: Subscription, *, quiet: bool = False) -> SeatUpdate:
        state, kind, seat = self.state, self.kind, sub.seat
        public = self.public_view()
        view = state.view(seat, public) if seat is not None else public  # pragma: no mutate: without ``public`` the same view is made anew
        view = kind.named(view, self.names)
        history = state.history
        if quiet:
            events: tuple[Any, ...] = ()
            chat: tuple[ChatLine, ...] = ()
        else:
            events = tuple(e for e in history[sub.cursor:] if kind.visible_to(e, seat))
            chat = tuple(self.chat_log[sub.chat_cursor:])
            sub.cursor, sub.chat_cursor = len(history), len(self.chat_log)
        reset, sub.fresh = sub.fresh, False
        result = self.result()
        return SeatUpdate(
            seq=self.seq, seat=seat, view=view, events=events, chat=chat,
            pending=self._pending.get(seat) if seat is not None else None,  # pragma: no mutate: narrows the type (no seat has no answer)
            asked=seat is not None and seat in self.asked(),
            names=self.names, present=self.present(), deadline=self.deadline_wall(),
            result=result, record=self._record, reset=reset)

    def _finish_if_over(self) -> None:
        if not self.over or self._finished:
            return
        self._finished = True  # pragma: no mutate: a game is finished once: nothing publishes after its end
        result = self.result()
        self._record = self.kind.record(self.state, [c.to_dict() for c in self.chat_log], self.names)
        try:
            self.store.finished(self._record, result.ranks if result else ())  # pragma: no mutate: an ended game has a result
        except OSError:
            log.exception("the finished game's record could not be kept")
        self.clockwork.game_over()
        if self.on_finish is not None:
            self.on_finish(self)
