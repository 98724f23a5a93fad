"""An assignment being composed: units picked, units placed, nothing sent yet.

The game screen owns one while the player assigns; it holds no rule. Whether a
placement may stand is asked of the table (the engine) before it is accepted.
"""

from __future__ import annotations

from collections.abc import Sequence

from .engine import UNITS, Initiate, Placement, Unit


def biggest(units: Sequence[Unit]) -> Unit | None:
    """The unit most often wanted first: the biggest left (A before B)."""
    return max(units, key=lambda u: (u.points, u.strip == "A")) if units else None


class AssignmentDraft:
    def __init__(self, sheet_free: Sequence[Unit] = ()) -> None:
        self.pending: list[Placement] = []
        self.selected: set[Unit] = set()
        self.cursor: Unit | None = biggest(sheet_free)

    def free(self, sheet_free: Sequence[Unit]) -> list[Unit]:
        """Units still free on the sheet and not placed in this draft."""
        taken = {u for u, _ in self.pending}
        return [u for u in sheet_free if u not in taken]

    def move(self, sheet_free: Sequence[Unit], delta: int) -> None:
        order = [u for u in UNITS if u in self.free(sheet_free)]
        if order:
            index = order.index(self.cursor) if self.cursor in order else 0
            self.cursor = order[(index + delta) % len(order)]

    def toggle(self, sheet_free: Sequence[Unit]) -> None:
        if self.cursor is not None and self.cursor in self.free(sheet_free):
            self.selected ^= {self.cursor}

    def placing(self, sheet_free: Sequence[Unit], initiate: Initiate) -> list[Placement] | None:
        """The draft with the picked units (or the one under the cursor) on
        ``initiate``; None when there is nothing left to place."""
        units = sorted(self.selected) or ([self.cursor] if self.cursor in self.free(sheet_free) else [])
        if not units:
            return None
        return [*self.pending, *((u, initiate) for u in units if u is not None)]

    def accept(self, placements: list[Placement], sheet_free: Sequence[Unit]) -> None:
        self.pending = placements
        self.selected = set()
        free = self.free(sheet_free)
        if self.cursor not in free:
            self.cursor = biggest(free)

    def undo(self) -> None:
        """Take back the last initiate's placements."""
        if self.pending:
            last = self.pending[-1][1]
            while self.pending and self.pending[-1][1] == last:
                self.pending.pop()
