"""Societies, their initiates, and the units of an influence sheet."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from .board import Field


class Society(IntEnum):
    TEMPLARS = 0
    ASSASSINS = 1
    ROSICRUCIANS = 2
    ILLUMINATI = 3

    @property
    def title(self) -> str:
        return self.name.capitalize()

    @property
    def hq(self) -> Field:
        return SOCIETY_HQ[self.value]

    @property
    def symbol(self) -> str:
        return ("red cross", "dagger", "golden cross", "green triangle")[self.value]


SOCIETY_HQ: tuple[Field, ...] = (
    Field.HQ_TEMPLARS,
    Field.HQ_ASSASSINS,
    Field.HQ_ROSICRUCIANS,
    Field.HQ_ILLUMINATI,
)


class Initiate(IntEnum):
    """The eight initiates, named by their two-letter codes."""

    JB = 0
    AC = 1
    MA = 2
    HA = 3
    FM = 4
    FV = 5
    AR = 6
    JF = 7

    @property
    def code(self) -> str:
        return self.name

    @property
    def title(self) -> str:
        return INITIATE_NAMES[self.value]

    @property
    def society(self) -> Society:
        return Society(self.value // 2)

    @classmethod
    def parse(cls, text: str) -> Initiate:
        key = text.strip()
        for initiate in cls:
            if key.upper() == initiate.code or key.lower() == initiate.title.lower():
                return initiate
        raise ValueError(f"no initiate called {text!r}")


INITIATE_NAMES: tuple[str, ...] = (
    "Jacques de Barruel",
    "Alberto Castellano",
    "Mansur Al-Hallaj",
    "Hassan Al-Mulk",
    "Frater Maleficus",
    "Frater Valentius",
    "Adam zu Riechlingen",
    "Johann von Fiore",
)


@dataclass(frozen=True, slots=True, order=True)
class Unit:
    """One box of an influence sheet: strip ``A`` holds 1..10, strip ``B`` holds 1..9."""

    strip: str
    points: int

    @property
    def index(self) -> int:
        return self.points - 1 if self.strip == "A" else 9 + self.points

    @property
    def code(self) -> str:
        return f"{self.strip}{self.points}"

    def __str__(self) -> str:
        return self.code

    @classmethod
    def parse(cls, text: str) -> Unit:
        key = text.strip().upper()
        for unit in UNITS:
            if unit.code == key:
                return unit
        raise ValueError(f"no unit {text!r} on a sheet (strip A holds A1-A10, strip B holds B1-B9)")


UNITS: tuple[Unit, ...] = tuple(Unit("A", p) for p in range(1, 11)) + tuple(
    Unit("B", p) for p in range(1, 10)
)
SHEET_TOTAL = sum(u.points for u in UNITS)
INITIATES: tuple[Initiate, ...] = tuple(Initiate)  # by value: indexing is much faster than Initiate(v)
NO_INITIATE = -1  # who bears the grail, or owns a unit, when nobody does
HOMES: tuple[int, ...] = tuple(i.society.hq.value for i in Initiate)  # each initiate's HQ field
assert SHEET_TOTAL == 100 and len(UNITS) == 19
