"""The Hunt for the Grail's screens, as the app asks for them (imports Textual)."""

from __future__ import annotations

from typing import Any


class HuntUI:
    def game_screen(self, client: Any, glyphs: Any) -> Any:
        from .screens.game import GameScreen

        return GameScreen(client, glyphs)

    def replay_screen(self, record: Any, glyphs: Any, note: str | None = None) -> Any:
        """``note``: what is wrong with the record where the replay stops, if anything."""
        from .screens.replay import ReplayScreen

        return ReplayScreen(record, glyphs, note)


UI = HuntUI()
