"""Pulling Strings' part of the app. Its screens are issue 27: until then the app offers its help
(the rules as grail-tui plays them) and says plainly that the game is played headless only."""

from __future__ import annotations

from typing import Any


class NotYetPlayable(Exception):
    """The game has no screens yet."""


class _UI:
    def help_text(self) -> str:
        return ("Pulling Strings has no screens yet: play it headless (`grail-tui selfplay --game strings`).\n\n"
                "The rules as grail-tui plays them are in docs/strings.md.\n")

    def game_screen(self, client: Any, glyphs: Any) -> Any:
        raise NotYetPlayable("Pulling Strings cannot be played on screen yet (its screens are issue 27).")

    def replay_screen(self, record: Any, glyphs: Any, note: str | None = None) -> Any:
        raise NotYetPlayable("Pulling Strings records cannot be replayed on screen yet; use `grail-tui check`.")


UI = _UI()
__all__ = ["UI", "NotYetPlayable"]
