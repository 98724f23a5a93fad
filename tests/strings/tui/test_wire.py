"""What Pulling Strings' screen writes to the terminal per key (issue 27, item 5): a cursor key
walking your side sends the lines it changed, not the whole screen (over SSH from far away these
bytes are what a player waits for). Counted as `grail-tui bench tui --game strings` counts them:
every update rendered for a 24-bit colour terminal at 80x24."""

from __future__ import annotations

import asyncio
import statistics

from grail_tui.bench.tui import _game_keys

CURSOR_BYTES = 1536  # the target for a cursor key


def test_a_cursor_key_sends_less_than_one_and_a_half_kilobytes_at_80x24():
    # the bytes of a key are the screen's, whoever plays: the quickest bots bring the table there
    found = asyncio.run(_game_keys("strings", 4, samples=8, seed=9, level="random"))
    _times, sizes, ignored = found["cursor"]
    assert len(sizes) == 8 and ignored == 0
    assert statistics.median(sizes) <= CURSOR_BYTES, sizes
    assert max(sizes) <= 2 * CURSOR_BYTES, sizes
    # a pane switch shows a whole pane, but never the whole screen again
    _times, panes, _ignored = found["panes"]
    assert panes and statistics.median(panes) <= 4 * CURSOR_BYTES, panes
