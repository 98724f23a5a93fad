"""Turn-based play: each seat's time bank, the presets a host picks from, and how time is charged.

A turn-based game goes on while its players are away. Each seat has a bank of thinking time; a
seat's bank runs only while the game waits on it, and gains the increment with every move it was
asked for. Time is charged when the position changes, so:

- in a turn (the game waits on one seat, as everybody sees), the seat's bank runs out at
  ``opened + bank``: then it is out of time, and the game's policy (settings.OnFlag) plays on;
- in a secret round, every seat asked is charged the whole round, whether or not it has answered,
  and the round closes at the earliest deadline among them, unanswered seats taking the game's
  default (the hunt: pass). An early answer saves nobody time and the clocks tell nobody who has
  answered; a round never puts anyone out of time (a bank stops at zero and gains its increment),
  only a turn does, since only there does everybody see who kept the game waiting.

Time does not count while the server is down: the banks and the time already spent on the current
wait are kept at every move and when the server stops, and the wait goes on from there. After a
crash, the time spent on the wait since its last move is given back.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

DAY, HOUR, MINUTE = 86400.0, 3600.0, 60.0
UNITS = {"d": DAY, "h": HOUR, "m": MINUTE, "s": 1.0}
LONGEST = 60 * DAY  # a bank or an increment longer than this is a mistake, not a pace


@dataclass(frozen=True)
class Pace:
    """One preset the host may pick: a bank per seat and an increment per move."""

    name: str
    bank: float
    increment: float

    def describe(self) -> str:
        return f"{span(self.bank)} + {span(self.increment)} per move"


# The presets a server offers unless its operator says otherwise (serve --pace-preset).
PRESETS = (Pace("day", DAY, 12 * HOUR), Pace("3days", 3 * DAY, DAY))


def parse_span(text: str) -> float:
    """``1d12h``, ``90m``, ``45s`` or seconds alone; ValueError says what is allowed."""
    text = text.strip().lower()
    if re.fullmatch(r"\d+(\.\d+)?", text):
        seconds = float(text)
    else:
        parts = re.findall(r"(\d+(?:\.\d+)?)([dhms])", text)
        if not parts or "".join(n + u for n, u in parts) != text:
            raise ValueError(f"{text[:20]!r} is not a time: write it like 1d12h, 90m or 45s")
        seconds = sum(float(n) * UNITS[u] for n, u in parts)
    if not 0 <= seconds <= LONGEST:
        raise ValueError(f"{text[:20]!r} is longer than {span(LONGEST)}")
    return seconds


def parse_preset(text: str) -> Pace:
    """``NAME=BANK+INCREMENT`` (``quick=10m+2m``), as ``serve --pace-preset`` takes it."""
    name, equals, times = text.partition("=")
    bank, plus, increment = times.partition("+")
    name = name.strip().lower()
    if not equals or not plus or not re.fullmatch(r"[a-z0-9][a-z0-9_-]{0,15}", name):
        raise ValueError(f"{text[:40]!r}: write NAME=BANK+INCREMENT, for example quick=10m+2m "
                         "(a name of letters and digits, up to 16)")
    if name == "live":
        raise ValueError("'live' is the pace of games that are not turn-based; name the preset otherwise")
    pace = Pace(name, parse_span(bank), parse_span(increment))
    if pace.bank <= 0:
        raise ValueError(f"{name}: a time bank of nothing leaves no time to move")
    return pace


def span(seconds: float) -> str:
    """A length of time as people say it: ``1 d 12 h``, ``5 h``, ``40 m``, ``30 s``."""
    seconds = max(0, round(seconds))
    # two units at most, the smaller rounded: a deadline 1 h 59 m 59 s away is "2 h" away
    grain = 3600 if seconds >= DAY else 60 if seconds >= HOUR else 1
    seconds = round(seconds / grain) * grain
    parts = []
    for unit, size in (("d", DAY), ("h", HOUR), ("m", MINUTE)):
        count, seconds = divmod(seconds, int(size))
        if count:
            parts.append(f"{count} {unit}")
    if seconds or not parts:
        parts.append(f"{seconds} s")
    return " ".join(parts[:2])


@dataclass
class TimeBanks:
    """Each seat's time left, the seats out of time, and the time spent on the current wait."""

    banks: list[float]
    flagged: set[int] = field(default_factory=set)

    @classmethod
    def fresh(cls, seats: int, bank: float) -> TimeBanks:
        return cls([bank] * seats)

    def charge(self, seats: Iterable[int], spent: float, increment: float) -> None:
        """A wait on ``seats`` ended after ``spent`` seconds: each pays it and gains the increment."""
        for seat in seats:
            if seat not in self.flagged:
                self.banks[seat] = max(0.0, self.banks[seat] - spent) + increment

    def flag(self, seat: int) -> None:
        self.banks[seat] = 0.0
        self.flagged.add(seat)

    def to_dict(self, spent: float) -> dict[str, Any]:
        return {"banks": list(self.banks), "flagged": sorted(self.flagged), "spent": spent}

    @classmethod
    def from_dict(cls, data: Any, seats: int) -> tuple[TimeBanks, float]:
        """The banks kept, and the time spent on the wait they were kept in."""
        banks = [float(b) for b in data["banks"]]
        if len(banks) != seats:
            raise ValueError("one time bank per seat")
        flagged = {int(s) for s in data.get("flagged", ()) if 0 <= int(s) < seats}
        return cls(banks, flagged), max(0.0, float(data.get("spent", 0.0)))


def forfeit_ranks(ranks: Sequence[int], flagged: Iterable[int]) -> tuple[int, ...]:
    """A game's ranks with every seat that ran out of time placed last (a loss in the ratings),
    the others keeping their order."""
    out = set(flagged)
    if not out or not ranks:
        return tuple(ranks)
    kept = sorted({r for k, r in enumerate(ranks) if k not in out})
    place = {r: n for n, r in enumerate(kept)}
    last = len(kept)
    return tuple(last if k in out else place[r] for k, r in enumerate(ranks))
