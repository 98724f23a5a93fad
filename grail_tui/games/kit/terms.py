"""The plain values the platform and a game exchange: how a game ended, what a host may choose
before it, what kind of wait it is in, how hard a computer player plays. The platform's
interface (games/api.py) names them; a game's kind makes and reads them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol


class BotLevel(Enum):
    """The computer players every game offers, from easy to hard."""

    RANDOM = "random"
    HEURISTIC = "heuristic"
    STRONG = "strong"

    @property
    def label(self) -> str:
        return {"random": "easy", "heuristic": "fair", "strong": "hard"}[self.value]

    @classmethod
    def parse(cls, text: str) -> BotLevel:
        try:
            return cls(text.strip().lower())
        except ValueError:
            choices = ", ".join(level.value for level in cls)
            raise ValueError(f"unknown bot level {text!r} (choose from {choices})") from None


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

    @property
    def type(self) -> OptionType:
        if self.kind is not None:
            return self.kind
        return OptionType.CHOICE if self.choices else OptionType.NUMBER

    @property
    def is_text(self) -> bool:
        return self.type is OptionType.TEXT


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
