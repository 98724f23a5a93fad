"""What every game's screen offers at a table, whatever the game: chat and help."""

from __future__ import annotations

from typing import Any


class AtTable:
    """A game screen's chat (`:`) and help (`?`) actions; the screen has ``app`` and ``client``."""

    app: Any
    client: Any

    def action_chat(self) -> None:
        from .prompts import TextPrompt

        def said(text: str | None) -> None:
            if text and text.strip():
                self.client.chat(text.strip()[:500])

        self.app.push_screen(TextPrompt("Say to the table (everyone in this game reads it)"), said)

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(self.client.kind))
