"""Finished games on the server, as the lobby's record library lists them.

A finished game's summary (its outcome and length) costs a replay of its
record, so it is made the first time the game is listed and kept with it.
"""

from __future__ import annotations

import contextlib

from grail_tui.games import registry
from grail_tui.table.library import RecordSummary, summarize
from grail_tui.table.sqlite import GameDatabase, GameRow

from .protocol import GameSummary, SeatInfo


def finished_summaries(database: GameDatabase, player: str | None, offset: int,
                       limit: int) -> list[GameSummary]:
    out = []
    for row in database.rows(status=("over",), player=player, offset=offset, limit=limit):
        try:
            kind = registry.get(row.game)
        except ValueError:
            continue
        summary = _summary(database, row)
        seats = tuple(SeatInfo(s.name, s.bot.value if s.bot else None) for s in row.seats)
        out.append(GameSummary(row.code, row.game, kind.title, len(row.seats), "over", "over", seats,
                               row.updated, summary.outcome if summary else "",
                               summary.length if summary else ""))
    return out


def _summary(database: GameDatabase, row: GameRow) -> RecordSummary | None:
    if row.summary is not None:
        with contextlib.suppress(ValueError, TypeError):
            return RecordSummary.from_dict(row.summary)
    record = database.record(row.code)
    if record is None:
        return None
    summary = summarize(record, row.code, row.updated)
    database.keep_summary(row.code, summary.to_dict())
    return summary
