"""Pebbles' log in words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from grail_tui.games.kit.words import namer

from .engine import Dealt, Doubted, Ended, Replied, Took


class LogBook:
    def __init__(self, names: Sequence[str], me: int | None = None) -> None:
        self.name = namer(names)
        self.me = me
        self.lines: list[str] = []

    def feed(self, events: Sequence[Any]) -> None:
        for event in events:
            if isinstance(event, Dealt):
                self.lines.append(f"Your secret bonus is {event.bonus}.")
            elif isinstance(event, Took):
                self.lines.append(f"{self.name(event.player)} takes {event.count}; {event.pile} left.")
            elif isinstance(event, Doubted):
                doubters = ", ".join(self.name(p) for p in event.doubters) or "nobody"
                self.lines.append(f"{self.name(event.taker)} took two; doubted by {doubters}.")
            elif isinstance(event, Replied):
                kept = "keeps both" if event.keep else "gives one back"
                self.lines.append(f"{self.name(event.player)} {kept}; {event.pile} left.")
            elif isinstance(event, Ended):
                self.lines.append(event.outcome.describe(self.name))

    def note(self, line: str) -> None:
        self.lines.append(line)
