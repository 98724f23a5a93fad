"""The Hunt for the Grail's screens, as the app asks for them (imports Textual)."""

from __future__ import annotations

from typing import Any


class HuntUI:
    def game_screen(self, client: Any, glyphs: Any) -> Any:
        from .screens.game import GameScreen

        return GameScreen(client, glyphs)

    def replay_screen(self, record: Any, glyphs: Any, viewer: int | None = None) -> Any:
        """``viewer``: of an unfinished game, whose own sheet the replay may show."""
        from .screens.replay import ReplayScreen

        return ReplayScreen(record, glyphs, viewer)

    def story_screen(self, record: Any, glyphs: Any, viewer: int | None = None) -> Any:
        from .screens.story import StoryScreen

        return StoryScreen(record, glyphs, viewer)


UI = HuntUI()
