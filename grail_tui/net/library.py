"""Finished games on the server: the lobby's record library, and what a spectator of one sees."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

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
