"""Searching bots think in worker processes, even inside a running Textual app."""

from __future__ import annotations

import asyncio
import io
import sys

from grail_tui.games import registry
from grail_tui.games.api import BotLevel, SetupRequest
from grail_tui.table.thinking import Thinker


class Capture(io.StringIO):
    """What Textual puts in sys.stderr while an app runs: no file descriptor behind it."""

    def fileno(self) -> int:
        return -1


def test_a_worker_process_starts_while_stderr_is_a_capture(monkeypatch):
    kind = registry.get("succession")
    game = kind.new_state(kind.make_setup(SetupRequest(players=2, seed=3)))
    seat = game.to_act()[0]
    bot = kind.make_bot(BotLevel.STRONG, 1, 0.05)
    monkeypatch.setattr(sys, "stderr", Capture())

    async def decide():
        thinker = Thinker(processes=1)
        try:
            return await thinker.decide("succession", bot, game.view(seat), seat, 0)
        finally:
            thinker.close()

    action = asyncio.run(decide())
    assert action in game.legal_actions(seat)
    assert isinstance(sys.stderr, Capture)  # given back as it was
