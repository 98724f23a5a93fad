"""Replay: the finished games' records in your data folder, newest first; or any file by path."""

from __future__ import annotations

import json
import time
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from grail_tui.app.keyline import KeyFooter
from grail_tui.games import registry
from grail_tui.table.files import records_dir

OTHER = "other"


def describe(path: Path) -> str:
    """One line: when, which game, who played, how long (or why it cannot be read)."""
    stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
    try:
        data = json.loads(path.read_bytes())
        kind = registry.of_record(data)
        setup = data.get("setup", {}) if isinstance(data, dict) else {}
        names = setup.get("names") or []
        actions = data.get("actions", [])
        who = ", ".join(str(n) for n in names) if names else f"{setup.get('players', '?')} players"
        return f"{stamp} · {kind.title} · {who} · {len(actions)} actions"
    except (OSError, ValueError, AttributeError, TypeError):
        return f"{stamp} · {path.name} · cannot be read"


class RecordsScreen(Screen[Path | str | None]):
    """Dismissed with the record chosen, OTHER to type a path, or None."""

    BINDINGS = [Binding("escape", "back", "Back")]

    def __init__(self) -> None:
        super().__init__()
        self.paths: list[Path] = []

    def compose(self) -> ComposeResult:
        yield Static("Replay a finished game · Enter replays it · Esc goes back", id="title")
        yield OptionList(id="records")
        yield KeyFooter()

    def on_mount(self) -> None:
        folder = records_dir()
        self.paths = sorted(folder.glob("*.json"), key=lambda p: -p.stat().st_mtime)
        box = self.query_one(OptionList)
        for k, path in enumerate(self.paths):
            box.add_option(Option(describe(path), id=str(k)))
        if not self.paths:
            box.add_option(Option("No finished games yet: their records are kept here when they end.",
                                  disabled=True))
        box.add_option(Option("Another record file… (type its path)", id=OTHER))
        box.highlighted = 0 if self.paths else len(box.options) - 1
        box.focus()

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        choice = message.option.id
        if choice == OTHER:
            self.dismiss(OTHER)
        elif choice is not None:
            self.dismiss(self.paths[int(choice)])

    def action_back(self) -> None:
        self.dismiss(None)
