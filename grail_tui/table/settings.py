"""How a table waits: time limits, the minimum round, the bots' pace, taking over a seat."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from enum import Enum
from typing import Any

# A rule-of-thumb bot decides in a millisecond or so (at most 1.5 ms measured), a little sooner
# or later with what it holds: measurable from across the table. While a person sits at it, a
# table pads every bot decision to at least this, whatever bot delay the operator chose.
BOT_FLOOR = 0.02


class OnTimeout(Enum):
    """What a person's turn that timed out means (answers always pass, replies concede)."""

    PASS = "pass"  # the turn passes: the game's default (the hunt: assign nothing)
    BOT = "bot"  # a stand-in bot plays it


class OnFlag(Enum):
    """What a turn-based game does with a seat whose time bank ran out (the host's choice)."""

    BOT = "bot"  # a stand-in bot plays the seat from then on
    SKIP = "skip"  # the seat passes (the game's default) every time it is asked, at once
    END = "end"  # the game ends there: the one who ran out loses, the others share first place


@dataclass(frozen=True)
class TableSettings:
    """None for a time limit: no limit (play at one terminal waits for the person)."""

    answer_timeout: float | None = None  # an answer in a round, a reply
    turn_timeout: float | None = None  # a turn, the opening
    on_timeout: OnTimeout = OnTimeout.PASS
    min_round: float = 0.0  # no secret round is shown sooner than this after it opened
    takeover_after: float | None = None  # a bot plays a seat whose person has been gone this long
    bot_delay: float = 0.5  # every bot decision takes at least this (plus its budget; BOT_FLOOR at least)
    pause_when_empty: bool = False  # with no person connected, nothing moves (a server table)
    # Turn-based play (None: live): each seat's time bank at the start, in seconds, the time it
    # gains with each move it is asked for, and what happens once a bank is out (table/pace.py).
    bank: float | None = None
    increment: float = 0.0
    on_flag: OnFlag = OnFlag.BOT

    @property
    def turn_based(self) -> bool:
        return self.bank is not None

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["on_timeout"] = self.on_timeout.value
        data["on_flag"] = self.on_flag.value
        return data

    @classmethod
    def from_dict(cls, data: Any) -> TableSettings:
        if not isinstance(data, dict):
            raise ValueError("table settings are an object")
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        if "on_timeout" in known:
            known["on_timeout"] = OnTimeout(known["on_timeout"])
        if "on_flag" in known:
            known["on_flag"] = OnFlag(known["on_flag"])
        return cls(**known)


LOCAL = TableSettings()
SERVER = TableSettings(answer_timeout=120.0, turn_timeout=300.0, min_round=2.0, bot_delay=0.5,
                       pause_when_empty=True)
