"""The log on the whole screen: every line, scrolled from the keyboard."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from grail_tui.app.keyline import KeyFooter

from ..widgets.panes import LogPane
from . import HUNT_CSS


class LogScreen(Screen[None]):
    """Opened with f from the game; the game screen feeds it new lines while it is open."""
    CSS_PATH = HUNT_CSS

    BINDINGS = [
        Binding("escape,f,q", "close", "Back to the game", key_display="Esc/f"),
        Binding("question_mark", "help", "Help", key_display="?"),
    ]

    def __init__(self, lines: Sequence[str], title: str, help: Callable[[], None]) -> None:
        super().__init__()
        self.lines = lines
        self.show_help = help  # the table screen's help: this game's keys and rules
        self.title_text = title

    def compose(self) -> ComposeResult:
        yield Static(f"{self.title_text} · ↑/↓ PgUp/PgDn Home/End scroll · Esc or f returns", id="status")
        yield LogPane(id="full-log")
        yield KeyFooter()

    def on_mount(self) -> None:
        log = self.query_one(LogPane)
        log.add(self.lines)
        log.focus()

    def add(self, lines: Sequence[str]) -> None:
        if self.is_attached:
            self.query_one(LogPane).add(lines)

    def action_close(self) -> None:
        self.dismiss(None)

    def action_help(self) -> None:
        self.show_help()
