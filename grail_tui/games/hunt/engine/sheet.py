"""A player's secret influence sheet."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .pieces import INITIATES, NO_INITIATE, UNITS, Initiate, Unit

if TYPE_CHECKING:
    from .view import SheetView


class Sheet:
    """Which units are crossed out and on whom, plus blow costs paid per initiate."""

    __slots__ = ("owner", "totals", "costs")

    def __init__(self) -> None:
        self.owner: list[int] = [NO_INITIATE] * len(UNITS)  # unit index -> initiate
        self.totals: list[int] = [0] * len(INITIATES)  # points placed per initiate
        self.costs: list[int] = [0] * len(INITIATES)  # blow costs paid per initiate

    @classmethod
    def from_view(cls, view: SheetView) -> Sheet:
        """The sheet a SheetView shows."""
        sheet = cls()
        for unit, initiate in view.placements:
            sheet.place(unit, initiate)
        sheet.costs = list(view.costs)
        return sheet

    def copy(self) -> Sheet:
        other = Sheet.__new__(Sheet)
        other.owner = self.owner[:]
        other.totals = self.totals[:]
        other.costs = self.costs[:]
        return other

    def influence(self, initiate: int) -> int:
        return max(0, self.totals[initiate] - self.costs[initiate])

    def is_used(self, unit: Unit) -> bool:
        return self.owner[unit.index] != NO_INITIATE

    def place(self, unit: Unit, initiate: int) -> None:
        self.owner[unit.index] = initiate
        self.totals[initiate] += unit.points

    def free_units(self) -> list[Unit]:
        return [u for u in UNITS if self.owner[u.index] == NO_INITIATE]

    def units_on(self, initiate: Initiate) -> list[Unit]:
        return [u for u in UNITS if self.owner[u.index] == initiate]

    @property
    def remaining(self) -> int:
        return sum(u.points for u in UNITS if self.owner[u.index] == NO_INITIATE)
