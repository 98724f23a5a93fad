"""Finished games on the server, as the lobby's record library lists them."""

from __future__ import annotations

from grail_tui.games import registry
from grail_tui.table.sqlite import GameDatabase

from .protocol import GameSummary, SeatInfo


def finished_summaries(database: GameDatabase, player: str | None, offset: int,
                       limit: int) -> list[GameSummary]:
    out = []
    for row in database.rows(status=("over",), player=player, offset=offset, limit=limit):
        try:
            kind = registry.get(row.game)
        except ValueError:
            continue
        seats = tuple(SeatInfo(s.name, s.bot.value if s.bot else None) for s in row.seats)
        out.append(GameSummary(row.code, row.game, kind.title, len(row.seats), "over", "over", seats,
                               row.updated))
    return out
