"""What a table tells each seat: one update per change, holding only what that seat may see."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from grail_tui.games.api import Result


class TableError(ValueError):
    """An action or a request the table refuses; the text is for the seat that tried it."""


@dataclass(frozen=True)
class ChatLine:
    who: str
    text: str
    at: float  # seconds since the epoch

    def to_dict(self) -> dict[str, Any]:
        return {"who": self.who, "text": self.text, "at": self.at}


@dataclass(frozen=True)
class SeatUpdate:
    """The table as one seat (None: a spectator) may see it, after a change.

    ``seq`` counts the positions shown to everyone; an action names the ``seq``
    it answers, so a stale or repeated one cannot land on a later position.
    ``events`` and ``chat`` are what is new since this subscriber's last update.
    """

    seq: int
    seat: int | None
    view: Any  # the seat's view, or the public view for a spectator
    events: tuple[Any, ...] = ()
    chat: tuple[ChatLine, ...] = ()
    pending: Any = None  # this seat's answer in the secret round now open, once given
    asked: bool = False  # the table waits for this seat's action
    names: tuple[str, ...] = ()
    present: tuple[bool, ...] = ()  # per seat: a person is there (bots: always)
    deadline: float | None = None  # seconds since the epoch when the current wait times out
    result: Result | None = None
    record: dict[str, Any] | None = field(default=None, repr=False)  # every secret, once over
    reset: bool = False  # the first update of a subscription: events and chat from the start

    @property
    def over(self) -> bool:
        return self.result is not None
