"""Standing answers set by lines answer as a key would, at a person's pace (the table's clock faked)."""

from __future__ import annotations

import asyncio
import io

from grail_tui.app.plain.game import PlainTable
from grail_tui.app.plain.terminal import Terminal
from grail_tui.games import registry
from grail_tui.table.client import STANDING_PACE, LocalClient
from grail_tui.table.files import saves_dir
from grail_tui.table.journal import JournalStore, read_save
from grail_tui.table.settings import TableSettings
from grail_tui.table.table import Table
from grail_tui.table.timekeeping import FakeClock
from tests.tui import scenarios


async def test_pass_on_every_proposal_answers_after_a_persons_pace(tmp_path, monkeypatch):
    monkeypatch.setenv("GRAIL_TUI_DATA", str(tmp_path))
    scenarios.save(scenarios.proposed())  # Gregor proposes AC to Akkon; Ann is asked
    path = saves_dir() / scenarios.SAVE
    clock = FakeClock()
    table = Table.restore(registry.get("hunt"), read_save(path), JournalStore(path), clock=clock,
                          settings=TableSettings(bot_delay=0))
    client = LocalClient(table, [0])
    out = io.StringIO()
    terminal = Terminal(fd=0, out=out)
    playing = asyncio.create_task(PlainTable(client, terminal).play())
    try:
        await clock.advance(0)
        assert "Gregor proposes: Alberto Castellano steps to Akkon. You may object" in out.getvalue()
        for line in ("3", "1"):  # standing answers, then: pass on every proposal this turn
            terminal.inbox.put_nowait(line)
            await clock.advance(0)
        said = "Standing answers set: pass on every proposal."
        assert said in out.getvalue()

        def since() -> str:
            return out.getvalue().split(said, 1)[1]
        await clock.advance(STANDING_PACE - 0.01)
        assert "Round" not in since()  # not before a person could answer
        await clock.advance(0.02)
        assert "Round 1: nobody objects.\nThe proposal carries." in since()  # Ann's pass made the round
    finally:
        playing.cancel()
        client.close()
