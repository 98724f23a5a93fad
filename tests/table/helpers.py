"""Tables of Pebbles (the tests' toy game) on either store, for the table tests."""

from __future__ import annotations

from grail_tui.games.api import BotLevel
from grail_tui.table.journal import JournalStore, read_save
from grail_tui.table.seats import SeatConfig
from grail_tui.table.settings import TableSettings
from grail_tui.table.sqlite import GameDatabase, open_database
from grail_tui.table.store import StoredGame
from grail_tui.table.table import Table
from grail_tui.table.timekeeping import SYSTEM_CLOCK

from ..pebbles import KIND


class Stores:
    """Makes a table on one kind of store, and restores it from what that store kept."""

    def __init__(self, kind: str, folder, game=KIND) -> None:
        self.game = game  # Pebbles, unless a test is about a real game on purpose
        self.kind = kind
        self.folder = folder
        self.db = GameDatabase(open_database(folder / "server.db")) if kind == "sqlite" else None
        self.count = 0

    def table(self, setup, seats, settings=None, thinker=None, clock=SYSTEM_CLOCK) -> Table:
        settings = settings or TableSettings(bot_delay=0)
        self.count += 1
        stored = StoredGame(self.game.name, self.game.setup_to_dict(setup), list(seats), settings)
        if self.db is not None:
            store = self.db.create(f"G{self.count}", stored, "test", "playing")
        else:
            store = JournalStore(self.folder / f"g{self.count}.jsonl", stored, records=self.folder)
        return Table(self.game, setup, seats, store, settings=settings, thinker=thinker, clock=clock)

    def restore(self, settings=None, thinker=None, clock=SYSTEM_CLOCK) -> Table:
        if self.db is not None:
            code = f"G{self.count}"
            stored = self.db.load(code)
            store = self.db.store(code)
        else:
            path = self.folder / f"g{self.count}.jsonl"
            stored = read_save(path)
            store = JournalStore(path)
        return Table.restore(self.game, stored, store, settings=settings, thinker=thinker, clock=clock)


def seats(*kinds: str | None) -> list[SeatConfig]:
    names = ["Ada", "Bo", "Cy", "Di", "Ed"]
    return [SeatConfig(names[k], BotLevel(kind).nearest(KIND.bot_levels) if kind else None)
            for k, kind in enumerate(kinds)]


