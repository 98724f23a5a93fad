"""The end of a game at the table, as every game ends: its result and record in the game's
words (``text``), a new game (n), the replay (r), and anything more the game offers."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from grail_tui.games.api import RecordData
from grail_tui.table.client import TableClient

from .keyline import KeyFooter


class TableEndScreen(Screen[None]):
    BINDINGS = [
        Binding("n", "new_game", "New game"),
        Binding("r", "replay", "Replay"),
        Binding("q", "app.quit", "Quit", show=False),
    ]

    def __init__(self, client: TableClient, glyphs: Any) -> None:
        super().__init__()
        self.client = client
        self.g = glyphs

    def text(self, view: Any, record_path: str | None) -> Text:
        """The game's words for how it ended (the final view) and where its record is."""
        raise NotImplementedError

    def compose(self) -> ComposeResult:
        path = self.client.record_path
        update = self.client.latest(None)
        assert update is not None
        with VerticalScroll(id="end"):
            if update.result is not None and getattr(update.view, "outcome", True) is None:
                # a turn-based clock ended it: the rules did not, so the game's own words have no outcome
                yield Static(Text.assemble(("Game over\n", "bold"), update.result.text + "\n"))
            else:
                yield Static(self.text(update.view, str(path) if path else None))
        yield KeyFooter()

    def action_new_game(self) -> None:
        self.app.call_later(self.app.action_new_game)  # type: ignore[attr-defined]

    def record(self) -> RecordData | None:
        """The whole record, which comes with the end (or a note that it has not arrived yet)."""
        update = self.client.latest(None)
        if update is None or update.record is None:
            self.notify("The game's record has not arrived yet.", severity="warning")
            return None
        return self.client.kind.read_record(update.record)

    def action_replay(self) -> None:
        record = self.record()
        if record is not None:
            self.app.push_screen(self.client.kind.ui().replay_screen(record, self.g))
