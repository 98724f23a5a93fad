"""Finished games on the server: the lobby's record library, and what a spectator of one sees.

A finished game's summary (its outcome and length) costs a replay of its
record, so it is made the first time the game is listed and kept with it.
"""

from __future__ import annotations

import contextlib
from collections import OrderedDict
from collections.abc import Callable

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


class FinishedViews:
    """The last state of recently watched finished games, encoded once.

    A finished game lives on disk only; showing it means replaying it. Keeping the
    last few answers makes a flood of watch requests cost nothing but sending."""

    def __init__(self, size: int = 16) -> None:
        self.size = size
        self._shown: OrderedDict[str, tuple[str, bytes]] = OrderedDict()

    def get(self, code: str, load: Callable[[], tuple[str, bytes] | None]) -> tuple[str, bytes] | None:
        shown = self._shown.get(code)
        if shown is not None:
            self._shown.move_to_end(code)
            return shown
        shown = load()
        if shown is not None:
            self._shown[code] = shown
            while len(self._shown) > self.size:
                self._shown.popitem(last=False)
        return shown
