"""The lobby as it changes: live games' summaries pushed to the connections that follow it.

A change marks its game; at most once every ``every`` seconds the marked games whose summary
differs from the one last told go out, at most ``most`` of them in one message (the rest wait
for the next), encoded once for every follower. However fast a stranger makes games or moves,
a follower gets no more messages, and none larger.

A table tells the newsroom what a spectator may see and when a spectator sees it (its listener
is a watching subscription that is no person), never an answer given in a secret round: the
news, its timing included, holds nothing a spectator could not know.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from .connection import Connection
from .protocol import GameSummary, LobbyNews, encode

PUSH_EVERY = 1.0  # seconds between two pieces of news, at most one a second
PUSH_MOST = 20  # games in one piece of news (a lobby page)


class Newsroom:
    def __init__(self, summary_of: Callable[[str], GameSummary | None], *,
                 every: float = PUSH_EVERY, most: int = PUSH_MOST) -> None:
        self.summary_of = summary_of  # a live game's summary now; None once it is over or gone
        self.every, self.most = every, most
        self.followers: set[Connection] = set()
        self._marked: dict[str, None] = {}  # games changed since the last news, in order
        self._told: dict[str, GameSummary] = {}  # each live game as the last news had it
        self._listening: dict[str, tuple[Any, Any]] = {}  # code -> (table, subscription)
        self._timer: asyncio.TimerHandle | None = None

    def follow(self, conn: Connection, on: bool) -> None:
        if on:
            self.followers.add(conn)
        else:
            self.followers.discard(conn)

    def listen(self, code: str, table: Any) -> None:
        """Hear of a live table's public changes (it is marked new at once)."""
        self._listening[code] = (table, table.join(None, lambda _update: self.mark(code), person=False))

    def drop(self, code: str) -> None:
        """A game that leaves memory (it is over): followers are told it ended."""
        held = self._listening.pop(code, None)
        if held is not None:
            held[0].leave(held[1])
        self.mark(code)

    def mark(self, code: str) -> None:
        self._marked[code] = None
        if self._timer is None:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:  # games restored before the server runs: told with the next news
                return
            self._timer = loop.call_later(self.every, self._tell)

    def _tell(self) -> None:
        self._timer = None
        batch = list(self._marked)[:self.most]
        games: list[GameSummary] = []
        ended: list[str] = []
        for code in batch:
            del self._marked[code]
            summary = self.summary_of(code)
            if summary is None:
                self._told.pop(code, None)
                ended.append(code)  # a follower may have listed it, whether or not news told of it
            elif self._told.get(code) != summary:  # chat and spectators change no summary
                self._told[code] = summary
                games.append(summary)
        if (games or ended) and self.followers:
            data = encode(LobbyNews(tuple(games), tuple(ended)))
            for conn in list(self.followers):
                conn.send_raw(data)
        if self._marked:
            self._timer = asyncio.get_running_loop().call_later(self.every, self._tell)

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        for code in list(self._listening):
            table, sub = self._listening.pop(code)
            table.leave(sub)
