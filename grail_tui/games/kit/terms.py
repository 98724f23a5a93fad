"""The plain values the platform and a game exchange: how a game ended, what a host may choose
before it, what kind of wait it is in, how hard a computer player plays. The platform's
interface (games/api.py) names them; a game's kind makes and reads them."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar, Protocol

# The three levels the built-in games offer: name, label, strength.
_STANDARD = {"random": ("easy", 0), "heuristic": ("fair", 1), "strong": ("hard", 2)}
LEVEL_NAME = re.compile(r"[a-z][a-z0-9-]{0,23}")  # on the wire and in saves


class _Levels(type):
    def __iter__(cls) -> Iterator[BotLevel]:  # ``for level in BotLevel``: the standard three
        return iter(getattr(cls, "STANDARD"))  # noqa: B009 - set below the class


@dataclass(frozen=True)
class BotLevel(metaclass=_Levels):
    """A computer player a game offers: each game declares its own (``kind.bot_levels``),
    with its name (``value``: on the wire, in saves and records), the label people read
    and its strength (``rank``: a higher one plays harder; a game without a level someone
    asks for gives the nearest by rank). Two levels are the same level if their names are.
    ``RANDOM``, ``HEURISTIC`` and ``STRONG`` are the built-in games' easy, fair and hard."""

    value: str
    label: str = field(default="", compare=False)
    rank: int = field(default=-1, compare=False)  # -1: the standard level's, else 1 (fair)

    RANDOM: ClassVar[BotLevel]
    HEURISTIC: ClassVar[BotLevel]
    STRONG: ClassVar[BotLevel]
    STANDARD: ClassVar[tuple[BotLevel, ...]]

    def __post_init__(self) -> None:
        if not isinstance(self.value, str) or not LEVEL_NAME.fullmatch(self.value):
            raise ValueError(f"a bot level's name is a short lowercase word, not {self.value!r}")
        label, rank = _STANDARD.get(self.value, (self.value, 1))
        if not self.label:
            object.__setattr__(self, "label", label)
        if self.rank < 0:
            object.__setattr__(self, "rank", rank)

    def nearest(self, offered: Sequence[BotLevel]) -> BotLevel:
        """This level as a game offering ``offered`` has it: its own level of this name, else
        the strongest it offers up to this one's rank (a game's own fair level for a fair one),
        else its weakest."""
        for known in offered:
            if known == self:
                return known
        below = [known for known in offered if known.rank <= self.rank]
        return max(below, key=_rank) if below else min(offered, key=_rank)

    @classmethod
    def parse(cls, text: str, offered: Sequence[BotLevel] | None = None) -> BotLevel:
        """The level named ``text`` (any case, spaces around): one of ``offered`` (a game's
        ``bot_levels``, whose label and rank it keeps), else of the standard three."""
        name = text.strip().lower()
        choices = tuple(offered) if offered is not None else cls.STANDARD
        for level in choices:
            if level.value == name:
                return level
        raise ValueError(f"unknown bot level {text!r} (choose from {', '.join(c.value for c in choices)})")


def _rank(level: BotLevel) -> int:
    return level.rank


BotLevel.RANDOM = BotLevel("random")
BotLevel.HEURISTIC = BotLevel("heuristic")
BotLevel.STRONG = BotLevel("strong")
BotLevel.STANDARD = (BotLevel.RANDOM, BotLevel.HEURISTIC, BotLevel.STRONG)


class Wait(Enum):
    """What kind of wait a game is in, for its time limit."""

    TURN = "turn"  # a seat chooses what to do (the opening counts as a turn)
    ANSWER = "answer"  # seats answer what was put to them


@dataclass(frozen=True)
class Result:
    """How a finished game ended, in terms every part of the platform understands."""

    winners: tuple[int, ...]  # empty: nobody won (a draw, a turn limit)
    ranks: tuple[int, ...]  # per seat, 0 the best; seats that tie share a rank (for ratings)
    text: str  # one sentence for people


class OptionType(Enum):
    """What a host gives for a setup option."""

    CHOICE = "choice"  # one of the option's ``choices`` (a variant, a deck by name)
    NUMBER = "number"  # a whole number from ``low`` to ``high``
    TEXT = "text"  # a line the host types; the game's make_setup checks it, in its own words
    SEATS = "seats"  # one of ``choices`` for each seat, comma-separated in seat order (a deck each)


@dataclass(frozen=True)
class SetupOption:
    """A choice the host makes before a game (shown on the start screen and the lobby form)."""

    key: str
    label: str
    default: str | int
    choices: tuple[tuple[str, str], ...] = ()  # (value, label); empty for a number or text
    low: int = 0  # for a number
    high: int = 0
    hint: str = ""
    players: Mapping[str, int] = field(default_factory=dict)  # a choice that needs this many players
    kind: OptionType | None = None  # None: a choice if ``choices`` are given, else a number
    by_players: Mapping[int, int] = field(default_factory=dict)  # a number whose 0 the game sets by player count

    @property
    def type(self) -> OptionType:
        if self.kind is not None:
            return self.kind
        return OptionType.CHOICE if self.choices else OptionType.NUMBER

    @property
    def is_text(self) -> bool:
        return self.type is OptionType.TEXT

    @property
    def per_seat(self) -> bool:
        return self.type is OptionType.SEATS

    def number_text(self, value: str | int, players: int) -> str:
        """A number as a form shows it: a 0 the game sets by player count says what it comes to
        for ``players`` ("11, by players"), so nobody reads it as a goal of nothing."""
        if value in (0, "0", "") and players in self.by_players:
            return f"{self.by_players[players]}, by players"
        return str(value)

    def seat_values(self, value: str | int, seats: int) -> tuple[str, ...]:
        """A per-seat option's choice for each of ``seats`` seats: a seat the value does not
        name takes the first choice (the game's default)."""
        given = [part.strip() for part in str(value).split(",")] if str(value).strip() else []
        given += [self.choices[0][0] if self.choices else ""] * (seats - len(given))
        return tuple(given[:seats])

    def refusal(self, value: str | int, players: int) -> str | None:
        """Why ``value`` is not one this option takes (None: it is); only choices and numbers are
        checked here, a text is the game's to check in its own words."""
        values = [choice for choice, _ in self.choices]
        if self.type is OptionType.SEATS:
            given = [part.strip() for part in str(value).split(",")] if str(value).strip() else []
            if len(given) > players:
                return f"{self.label}: one for each of the {players} seats, not {len(given)}."
            wrong = next((part for part in given if part not in values), None)
            if wrong is not None:
                return f"{self.label}: {wrong[:30]!r} is not one of {', '.join(values)}."
            return None
        if self.type is OptionType.CHOICE and value not in values:
            return f"{self.label}: {str(value)[:30]!r} is not one of {', '.join(values)}."
        if self.type is OptionType.NUMBER and (not isinstance(value, int) or isinstance(value, bool)
                                               or not self.low <= value <= self.high):
            return f"{self.label} is a whole number from {self.low} to {self.high}."
        return None


@dataclass(frozen=True)
class SetupRequest:
    """What the platform knows of a game to be set up; the kind turns it into its Setup."""

    players: int
    seed: int
    names: tuple[str, ...] = ()
    first_player: int | None = None
    options: Mapping[str, str | int] = field(default_factory=dict)


@dataclass(frozen=True)
class RecordData:
    """A record read back: the setup, every action in order, and the table's chat."""

    setup: Any
    actions: tuple[Any, ...]
    chat: tuple[Mapping[str, Any], ...] = ()


class Bot(Protocol):
    """Decides for one seat, from that seat's view alone."""

    level: str
    budget: float  # seconds a decision may take (0: about at once)

    def decide(self, view: Any, legal: Sequence[Any]) -> Any: ...


class LogBook(Protocol):
    """One seat's log, in words, built as events arrive."""

    lines: list[str]

    def feed(self, events: Sequence[Any]) -> None: ...

    def note(self, line: str) -> None: ...
