"""Who sits at a table: a person (at this terminal or connected) or a bot of some level."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from grail_tui.games.api import BotLevel

BOT_NAMES = ("Gregor", "Inga", "Manuel", "Christian", "Ada", "Bruno", "Clara", "Dmitri")


@dataclass(frozen=True)
class SeatConfig:
    name: str | None  # None: an open seat on a server, waiting for a person
    bot: BotLevel | None = None  # None: a person
    reserved: str | None = None  # an open seat kept for this person

    @property
    def is_human(self) -> bool:
        return self.bot is None

    def describe(self) -> str:
        return f"{self.name} (bot, {self.bot.value})" if self.bot else (self.name or "open seat")

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "bot": self.bot.value if self.bot else None}
        if self.reserved:
            data["reserved"] = self.reserved
        return data

    @classmethod
    def from_dict(cls, data: Any) -> SeatConfig:
        if not isinstance(data, dict):
            raise ValueError("a seat is an object with a name and a bot level")
        name = data.get("name")
        if name is not None and not isinstance(name, str):
            raise ValueError("a seat's name is text")
        bot = data.get("bot")
        if bot is not None and not isinstance(bot, str):
            raise ValueError("a bot level is text")
        reserved = data.get("reserved")
        if reserved is not None and not isinstance(reserved, str):
            raise ValueError("a reserved seat names a person")
        # the game's own level of this name is found when its bot is made (kind.make_bot)
        return cls(name, BotLevel(bot.strip().lower()) if bot is not None else None, reserved)


def default_seats(players: int = 3, human: str = "You") -> list[SeatConfig]:
    seats = [SeatConfig(human)]
    names = [n for n in BOT_NAMES if n != human]
    for k in range(players - 1):
        seats.append(SeatConfig(names[k], BotLevel.HEURISTIC))
    return seats
