"""Where the record library finds finished games: this computer's records folder, or a server.

The library screen talks to either through the one small interface below.
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from grail_tui.games.api import RecordError
from grail_tui.table.library import RecordIndex, RecordSummary, filtered, read_json


class ShelfError(Exception):
    """A record that cannot be had; the text says why, for the player."""


class Shelf(Protocol):
    where: str  # "on this computer", "on the server at ..."
    exact_filter: bool  # the player filter takes a whole name (a server) or any part of one

    async def page(self, player: str | None, number: int) -> tuple[list[RecordSummary], bool]:
        """One page of finished games, newest first, and whether more follow."""
        ...

    async def fetch(self, entry: RecordSummary) -> Any:
        """The whole record (JSON data); ShelfError if it cannot be had."""
        ...


class LocalShelf:
    """The records folder of this computer (every finished local and hot-seat game)."""

    exact_filter = False

    def __init__(self, index: RecordIndex | None = None) -> None:
        self.index = index or RecordIndex()
        self.where = "on this computer"

    async def page(self, player: str | None, number: int) -> tuple[list[RecordSummary], bool]:
        if number > 0:
            return [], False
        # the first look at many new records replays each: not on the app's loop
        entries = await asyncio.to_thread(self.index.entries)
        return filtered(entries, player), False

    async def fetch(self, entry: RecordSummary) -> Any:
        try:
            return await asyncio.to_thread(read_json, self.index.path_of(entry))
        except RecordError as exc:
            raise ShelfError(str(exc)) from None


class ServerShelf:
    """The finished games of a server."""

    exact_filter = True

    def __init__(self, session: Any, where: str) -> None:
        self.session = session
        self.where = f"on the server {where}"

    async def page(self, player: str | None, number: int) -> tuple[list[RecordSummary], bool]:
        from grail_tui.net.protocol import Error, Games, ListGames

        session = self.session
        reply = await self._ask(ListGames(session.ref(), "finished", number, (player or "").strip()[:24] or None))
        if isinstance(reply, Error):
            raise ShelfError(reply.error)
        if not isinstance(reply, Games):
            raise ShelfError("The server did not answer as expected.")
        out = []
        for g in reply.games:
            names = tuple(s.name or "?" for s in g.seats)
            out.append(RecordSummary(g.code, g.game, g.title, g.updated, names, (), g.outcome or "Over.",
                                     g.length, True))
        return out, reply.more

    async def fetch(self, entry: RecordSummary) -> Any:
        from grail_tui.net.protocol import Error, Record, RecordReply

        reply = await self._ask(Record(self.session.ref(), entry.key))
        if isinstance(reply, Error):
            raise ShelfError(reply.error)
        if not isinstance(reply, RecordReply) or not isinstance(reply.record, dict):
            raise ShelfError("The server did not send the record.")
        return reply.record

    async def _ask(self, message: Any) -> Any:
        try:
            return await self.session.request(message)
        except TimeoutError:
            raise ShelfError("The server did not answer in time.") from None
