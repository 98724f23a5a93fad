"""The 5x5 board: fields, their names and which fields touch."""

from __future__ import annotations

from enum import IntEnum

SIZE = 5


class Field(IntEnum):
    """A field of the board; the value is ``row * 5 + col`` with row 0 at the top."""

    HQ_TEMPLARS = 0
    TORTOSA = 1
    AKKON = 2
    MASYAF = 3
    HQ_ASSASSINS = 4
    BAGHRAS = 5
    RENNES_LE_CHATEAU = 6
    GOLGOTA = 7
    DSCHEBEL_ANSARIEH = 8
    QUM = 9
    AVIGNON = 10
    PETERSDOM = 11
    CENTRE = 12
    AL_AQSA_MOSCHEE = 13
    GIZEH = 14
    MALTA = 15
    PRAGUE = 16
    AVALON = 17
    TEMPLE_CHURCH = 18
    TOLEDO = 19
    HQ_ILLUMINATI = 20
    WILDENBURG = 21
    ARDENNEN = 22
    STONEHENGE = 23
    HQ_ROSICRUCIANS = 24

    @property
    def col(self) -> int:
        return self.value % SIZE

    @property
    def row(self) -> int:
        return self.value // SIZE

    @property
    def title(self) -> str:
        """The field's name as players read it."""
        return FIELD_TITLES[self.value]

    @property
    def square(self) -> str:
        """Compact notation: column letter a-e, row number 1-5 counted from the top."""
        return "abcde"[self.col] + str(self.row + 1)

    @property
    def neighbours(self) -> tuple[Field, ...]:
        return NEIGHBOURS[self.value]

    @property
    def is_hq(self) -> bool:
        return self.value in HQ_VALUES

    @classmethod
    def at(cls, col: int, row: int) -> Field:
        if not (0 <= col < SIZE and 0 <= row < SIZE):
            raise ValueError(f"({col},{row}) is off the board")
        return cls(row * SIZE + col)

    @classmethod
    def parse(cls, text: str) -> Field:
        """Accept a square (``b1``), an enum name (``TORTOSA``) or a title (``Tortosa``)."""
        folded = text.strip().lower()
        square = SQUARES.get(folded)
        if square is not None:
            return square
        for field in cls:
            if folded in (field.title.lower(), field.name.lower()):
                return field
        raise ValueError(f"no field called {text!r}")


FIELD_TITLES: tuple[str, ...] = (
    "HQ Templars", "Tortosa", "Akkon", "Masyaf", "HQ Assassins",
    "Baghras", "Rennes-le-Chateau", "Golgota", "Dschebel Ansarieh", "Qum",
    "Avignon", "Petersdom", "Centre", "Al-Aqsa Moschee", "Gizeh",
    "Malta", "Prague", "Avalon", "Temple Church", "Toledo",
    "HQ Illuminati", "Wildenburg", "Ardennen", "Stonehenge", "HQ Rosicrucians",
)

HQ_VALUES = frozenset({0, 4, 20, 24})
CARRIED = -1  # where the grail lies while an initiate bears it: on no field
FIELDS: tuple[Field, ...] = tuple(Field)  # by value: indexing is much faster than Field(v)
SQUARES: dict[str, Field] = {field.square: field for field in Field}
CENTRE = Field.CENTRE


# Runs once, at import, before a mutation run can switch a mutant on: not mutated;
# test_vocabulary pins every field's neighbours instead.
# pragma: no mutate start
def _neighbours(value: int) -> tuple[Field, ...]:
    col, row = value % SIZE, value // SIZE
    found = []
    for dc, dr in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        c, r = col + dc, row + dr
        if 0 <= c < SIZE and 0 <= r < SIZE:
            found.append(Field(r * SIZE + c))
    return tuple(found)


NEIGHBOURS: tuple[tuple[Field, ...], ...] = tuple(_neighbours(v) for v in range(SIZE * SIZE))
# pragma: no mutate end
