"""Pebbles' screens, help and plain words, as the app asks for them (imports Textual)."""

from __future__ import annotations

from typing import Any

from grail_tui.games.api import Drawing

HELP = """\
# Pebbles

| key | what it does |
|---|---|
| 1, 2 | on your turn: take one pebble, or two |
| y, n | answer what is asked: bid one pebble or none; doubt a take of two or let it stand; keep both or give one back |

Two to four players take one or two pebbles in turn from a pile everyone sees.
Each holds a secret bonus of 1 to 3. Before the first turn everyone bids, at
once and in secret, 0 or 1 pebble to begin with. A take of two may be doubted:
the others answer at once, in secret; if anyone doubts, the taker keeps both
(each doubter then takes one) or gives one back. When the pile is empty,
pebbles plus bonus is the score; the highest alone wins.
"""


class PebblesUI:
    def game_screen(self, client: Any, glyphs: Drawing) -> Any:
        from .screens import PebblesScreen

        return PebblesScreen(client, glyphs)

    def replay_screen(self, record: Any, glyphs: Drawing, viewer: int | None = None,
                      note: str | None = None) -> Any:
        """A replay shows a bonus only once the game is over, so ``viewer`` changes nothing."""
        from .screens import PebblesReplay

        return PebblesReplay(record, glyphs, note)

    def plain(self) -> Any:
        from .plain import PLAIN

        return PLAIN

    def help_text(self) -> str:
        return HELP


UI = PebblesUI()
