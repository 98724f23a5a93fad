"""A local game in the app under Pilot: its table, and waiting until the table has nothing left
to do by itself (bots thinking, a paint to follow). Every game's screen tests share these."""

from __future__ import annotations

from grail_tui.app.app import GrailApp
from grail_tui.table.client import LocalClient
from grail_tui.table.table import Table


def table_of(app: GrailApp) -> Table:
    assert isinstance(app.client, LocalClient)
    return app.client.table


async def settle(app: GrailApp, pilot, rounds: int = 400) -> None:  # type: ignore[no-untyped-def]
    """Until the table has nothing left to do by itself (bots, a paint), or the game has gone."""
    for _ in range(rounds):
        await pilot.pause()
        if app.client is None:
            return
        table = table_of(app)
        if not table.busy():
            await pilot.pause()
            return
        await table.settle()
