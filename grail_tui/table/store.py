"""Where a table keeps its game so that nothing acknowledged is lost: the store interface.

Local play keeps a journal file (table/journal.py); the server keeps SQLite
(table/sqlite.py). A table calls ``accepted`` before it tells anyone of an
action, so an acknowledged action survives a crash; restoring replays the
accepted actions in order through the same table logic.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .seats import SeatConfig
from .settings import TableSettings
from .updates import ChatLine


@dataclass
class StoredGame:
    """Everything a store holds of one game."""

    game: str  # the registry name of the game
    setup: dict[str, Any]
    seats: list[SeatConfig]
    settings: TableSettings
    actions: list[dict[str, Any]] = field(default_factory=list)  # in the order accepted
    chat: list[ChatLine] = field(default_factory=list)
    over: bool = False
    clocks: dict[str, Any] | None = None  # a turn-based game's time banks (table/pace.py)


class GameStore(Protocol):
    def accepted(self, index: int, action: dict[str, Any]) -> None:
        """Make ``action`` durable (it is the ``index``-th accepted) before anyone hears of it."""
        ...

    def seats_changed(self, seats: Sequence[SeatConfig]) -> None: ...

    def chat(self, line: ChatLine) -> None: ...

    def finished(self, record: dict[str, Any], ranks: Sequence[int]) -> None:
        """The game is over: keep its record (every secret is public now)."""
        ...

    def clocks(self, data: dict[str, Any]) -> None:
        """Keep a turn-based game's time banks (table/pace.py), replacing those kept before."""
        ...

    def close(self) -> None: ...


class MemoryStore:
    """Keeps nothing beyond the process: for tests and throwaway games."""

    def __init__(self, stored: StoredGame | None = None) -> None:
        self.stored = stored
        self.actions: list[dict[str, Any]] = []
        self.chat_lines: list[ChatLine] = []
        self.record: dict[str, Any] | None = None

    def accepted(self, index: int, action: dict[str, Any]) -> None:
        assert index == len(self.actions), (index, len(self.actions))
        self.actions.append(action)

    def seats_changed(self, seats: Sequence[SeatConfig]) -> None:
        if self.stored is not None:
            self.stored.seats = list(seats)

    def chat(self, line: ChatLine) -> None:
        self.chat_lines.append(line)

    def finished(self, record: dict[str, Any], ranks: Sequence[int]) -> None:
        self.record = record

    def clocks(self, data: dict[str, Any]) -> None:
        if self.stored is not None:
            self.stored.clocks = dict(data)

    def close(self) -> None:
        pass
