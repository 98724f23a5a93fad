"""A guided first game ("Learn to play"): what a game gives, the platform runs.

A game that teaches itself gives a ``Lesson``: a short game against scripted computer players
from a fixed set-up, cut into steps (``LessonStep``: a title, an explanation in the game's own
words, the keys for it). The platform (app/lesson.py) starts it, shows each step's explanation
when the position reaches it, hands every action the person takes to ``refuse`` first (so a
move off the lesson's plan is refused in the lesson's words, and the lesson always reaches its
next step), and keeps it as any local game is kept, so it can be left and resumed.

The scripted players are bots of the level ``LESSON``: a game's ``make_bot`` gives the lesson's
script for that level (kit/kind.py). The level is never offered on a start screen or a server,
and a game with such a seat is known for a lesson when it is continued.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .terms import Bot, BotLevel

LESSON = BotLevel("lesson", "the lesson's script", rank=0)


@dataclass(frozen=True)
class LessonStep:
    """One thing the lesson explains where it happens."""

    key: str  # a name for tests and saves: "opening", "blow"
    title: str
    text: str  # plain text: shown as it is, never read as markup
    keys: str  # the keys for this step, in the player's words


@dataclass(frozen=True)
class LessonTable:
    """Who sits at the lesson's table: the set-up, each seat's name, which seats are scripted."""

    setup: Any
    names: tuple[str, ...]
    scripted: tuple[bool, ...]


class Lesson(Protocol):
    steps: Sequence[LessonStep]
    # the screen's actions the lesson keeps shut (standing answers, say), each with why
    closed: Mapping[str, str]

    def table(self, name: str) -> LessonTable:
        """The lesson's set-up, the person (``name``) in the first seat."""
        ...

    def step_at(self, view: Any, seat: int, over: bool) -> int | None:
        """The step the position of ``view`` (``seat``'s own) is at, if one is explained here."""
        ...

    def refuse(self, view: Any, seat: int, action: Any) -> str | None:
        """Why ``action`` is off the lesson's plan, in the lesson's words; None: it is on it."""
        ...

    def bot(self, seed: int) -> Bot:
        """The scripted player of a seat (it learns its seat from the view it is given)."""
        ...


def is_lesson(seats: Sequence[Any]) -> bool:
    """Is a table of these seats (``SeatConfig``s) a lesson?"""
    return any(getattr(seat, "bot", None) == LESSON for seat in seats)
