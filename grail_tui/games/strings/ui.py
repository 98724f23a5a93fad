"""Pulling Strings' part of the app. Its screens are issue 27: until then a game or a replay opened
in the app shows one plain screen saying so (never a traceback), and the help says how to play it
headless."""

from __future__ import annotations

from typing import Any

NOT_YET = ("Pulling Strings cannot be played or replayed on screen yet: its screens are still to come.\n\n"
           "Play it headless:  grail-tui selfplay --game strings --players 4\n"
           "Check a record:    grail-tui check RECORD\n\n"
           "Press escape to go back.")


def _placeholder() -> Any:
    from textual.app import ComposeResult
    from textual.binding import Binding
    from textual.screen import Screen
    from textual.widgets import Static

    class NotYetScreen(Screen[None]):
        BINDINGS = [Binding("escape,q", "app.pop_screen", "Back")]

        def compose(self) -> ComposeResult:
            yield Static(NOT_YET, id="not-yet")

    return NotYetScreen()


class _UI:
    def help_text(self) -> str:
        return ("Pulling Strings has no screens yet: play it headless (`grail-tui selfplay --game strings`). "
                "The rules as grail-tui plays them are in docs/strings.md.\n")

    def game_screen(self, client: Any, glyphs: Any) -> Any:
        return _placeholder()

    def replay_screen(self, record: Any, glyphs: Any, note: str | None = None) -> Any:
        return _placeholder()


UI = _UI()
__all__ = ["NOT_YET", "UI"]
