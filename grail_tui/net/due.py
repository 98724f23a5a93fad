"""What waits on a person: their games whose move is theirs, the most urgent first, in one line.

The server marks each of the asker's own games (``GameSummary.your_move``, in a reply to their
own list only); `grail-tui status`, the lobby and the SSH door's greeting say it the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from grail_tui.table.pace import span

from .protocol import GameSummary


@dataclass(frozen=True)
class Due:
    games: tuple[GameSummary, ...]  # the games that wait on the person, the most urgent first

    @classmethod
    def of(cls, mine: Sequence[GameSummary]) -> Due:
        waiting = [g for g in mine if g.your_move]
        waiting.sort(key=lambda g: (g.deadline is None, g.deadline or 0.0))
        return cls(tuple(waiting))

    @property
    def next_deadline(self) -> float | None:
        return next((g.deadline for g in self.games if g.deadline is not None), None)

    @property
    def first(self) -> GameSummary | None:
        return self.games[0] if self.games else None

    def sentence(self, now: float, words: Callable[[float], str] = span) -> str:
        """"2 games wait on you; next deadline in 5 h" (for a prompt, a greeting, the lobby);
        ``words`` says a length of time (the lobby counts down more coarsely)."""
        count = len(self.games)
        if not count:
            return "No game waits on you."
        head = "1 game waits on you" if count == 1 else f"{count} games wait on you"
        if count == 1:
            head += f" ({self.games[0].code})"
        deadline = self.next_deadline
        if deadline is None:
            return head + "."
        left = deadline - now
        return head + (f"; next deadline in {words(left)}." if left > 0 else "; a deadline is passing now.")
