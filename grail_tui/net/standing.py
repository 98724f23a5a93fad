"""Standing answers the server keeps: played for a seat of a turn-based game, above all while its
person is away.

A person sets them at the table; their client sends them as the game's named settings (``Stand``),
which the server checks through the game's kind (a closed vocabulary, at most STANDING_MOST of
them) and keeps with the game, so they survive a restart. The server then gives each answer as
the person's key would: through the table's ``submit`` for that seat, a person's quickest pace
(table/client.py's STANDING_PACE) after the question, by the very code the table client uses
(SeatMirror). Nothing another seat is sent, its timing included, says whether a person or a
standing answer answered; the seat's own person sees their answer given, as from their key.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from grail_tui.games.api import Action
from grail_tui.table.client import SeatMirror
from grail_tui.table.updates import SeatUpdate, TableError

from .protocol import STANDING_MOST

if TYPE_CHECKING:
    from .hosting import Hosted

log = logging.getLogger(__name__)


class StandingRefused(ValueError):
    """Named settings the server does not keep; the text says why, in a player's words."""


def checked_standing(hosted: Hosted, settings: Mapping[str, int]) -> Any:
    """The standing answers ``settings`` name in this game; StandingRefused says what is wrong."""
    if not hosted.table.settings.turn_based:
        raise StandingRefused("The server keeps standing answers in turn-based games only; in this "
                              "game they answer while it is open on your screen.")
    if len(settings) > STANDING_MOST:
        raise StandingRefused(f"At most {STANDING_MOST} standing answers can be kept for one seat.")
    try:
        return hosted.kind.standing_from_settings(settings)
    except ValueError as exc:
        raise StandingRefused(f"Those standing answers cannot be kept: {exc}") from None


class SeatAnswerer(SeatMirror):
    """One seat's standing answers at the server: a watcher of that seat (no person: its presence
    counts nobody) that answers for it when they say so, and says when they are over."""

    def __init__(self, hosted: Hosted, seat: int, standing: Any,
                 on_over: Callable[[int], None]) -> None:
        super().__init__(hosted.kind)
        self.table = hosted.table
        self.clock = hosted.table.clock
        self.seat = seat
        self.on_over = on_over  # told once the answers are over (their turn ended, the game ended)
        self._sub = self.table.join(seat, self.receive, person=False)
        self.stand(seat, standing)

    @property
    def seats(self) -> tuple[int, ...]:
        return (self.seat,)

    def receive(self, update: SeatUpdate) -> None:
        # No log book: nobody reads one here; only the latest question matters.
        self.updates[update.seat] = update
        if self.seat in self._standing:
            self._consider(self.seat)
            if self.seat not in self._standing:
                self.on_over(self.seat)

    def answers_now(self) -> bool:
        """Will the standing answers answer the question now open (nobody need be woken)?"""
        standing = self._standing.get(self.seat)
        if standing is None or self.seat not in self.table.asked():
            return False
        view = self.table.update_for(self.seat).view
        return not standing.done(view) and standing.answer(view) is not None

    def submit(self, seat: int, action: Action) -> str | None:
        update = self.updates.get(seat)
        try:
            self.table.submit(seat, action, update.seq if update is not None else -1)
        except TableError as exc:
            return str(exc)  # the game moved on, or the seat ran out of time: nothing is given
        return None

    def close(self) -> None:
        self.stop_standing()
        self.table.leave(self._sub)
