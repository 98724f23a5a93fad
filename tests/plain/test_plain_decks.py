"""Plain mode asks a per-seat setting seat by seat: each seat's deck in Pulling Strings."""

from __future__ import annotations

import asyncio
import io

from grail_tui.app.plain.menus import edit
from grail_tui.app.plain.terminal import Terminal
from grail_tui.app.screens.start import NewGame


async def test_each_seats_deck_is_asked_seat_by_seat_and_back_keeps_the_ones_chosen():
    settings = NewGame(game="strings", seed=0)
    settings.set_players(3)
    out = io.StringIO()
    terminal = Terminal(fd=0, out=out)
    editing = asyncio.create_task(edit(terminal, settings))
    try:
        for line in ("6", "7", "2", "0", "1"):  # Decks; seat 1 Masks, seat 2 at random, back; start
            terminal.inbox.put_nowait(line)
        assert await asyncio.wait_for(editing, 5) is True
    finally:
        editing.cancel()
    said = out.getvalue()
    assert "Decks for seat 1 (" in said and "Decks for seat 2 (" in said and "Decks for seat 3 (" in said
    assert "Decks: Masks, at random, by seat" in said
    assert settings.options["decks"] == "masks,random,rotation"
    decks = settings.setup().decks
    assert decks[0] == "masks" and decks[2] == "borderlines"
