"""Who sits at the table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

BOT_LEVELS = ("random", "heuristic", "strong")


@dataclass(frozen=True)
class SeatConfig:
    name: str
    bot: str | None = None  # a level from BOT_LEVELS, or None for a human

    @property
    def is_human(self) -> bool:
        return self.bot is None

    def describe(self) -> str:
        return f"{self.name} (bot, {self.bot})" if self.bot else self.name

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "bot": self.bot}

    @classmethod
    def from_dict(cls, data: Any) -> SeatConfig:
        if not isinstance(data, dict) or not isinstance(data.get("name"), str):
            raise ValueError("a seat needs a name")
        bot = data.get("bot")
        if bot is not None and bot not in BOT_LEVELS:
            raise ValueError(f"unknown bot level {bot!r}")
        return cls(data["name"], bot)


BOT_NAMES = ("Gregor", "Inga", "Manuel", "Christian", "Ada", "Bruno", "Clara", "Dmitri")


def default_seats(players: int = 3, human: str = "You") -> list[SeatConfig]:
    seats = [SeatConfig(human)]
    names = [n for n in BOT_NAMES if n != human]
    for k in range(players - 1):
        seats.append(SeatConfig(names[k], "random"))
    return seats
