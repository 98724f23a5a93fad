"""The record library: finished games, newest first; their story, their replay, export.

The same screen lists this computer's records and a server's finished games
(app/shelves.py). The story is offered for games that tell one
(games/api.py, ``tells_stories``); every game can be replayed and exported.
"""

from __future__ import annotations

import json
import textwrap
import time
from pathlib import Path
from typing import Any

from rich.style import Style
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from grail_tui.app.keyline import KeyFooter
from grail_tui.app.paths import shown_path
from grail_tui.games import registry
from grail_tui.games.api import GameKind, RecordData, RecordError, StoryScreens, tells_stories
from grail_tui.table.library import RecordSummary, write_private

from ..shelves import Shelf, ShelfError

MORE = "\x00more"  # the option that loads the next page


def entry_text(entry: RecordSummary, width: int) -> Text:
    """When, who and how long; then, indented, how it ended (wrapped here: one Text measures
    quickly, which a library of hundreds of games needs)."""
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.date))
    names = ", ".join(entry.names) or "?"
    room = max(10, width - len(when) - len(entry.length) - 6)
    if len(names) > room:
        names = names[: room - 1] + "…"
    text = Text()
    text.append(f"{when}  ", Style(dim=True))
    text.append(f"{names:<{room}}", Style(bold=True))
    text.append(f"  {entry.length}", Style(dim=True))
    ending = f"damaged: {entry.problem}" if entry.problem else entry.outcome
    for line in textwrap.wrap(ending, width - 2) or [""]:
        text.append(f"\n  {line}", Style(color="yellow") if entry.problem else Style())
    return text


class LibraryScreen(Screen[None]):
    BINDINGS = [
        Binding("s", "story", "Story", tooltip="How the game really went (also Enter)"),
        Binding("r", "replay", "Replay"),
        Binding("e", "export", "Export", tooltip="Write the record to a file"),
        Binding("slash,f", "filter", "Filter", key_display="/", tooltip="Show one player's games"),
        Binding("escape,q", "close", "Back", key_display="Esc"),
    ]

    def __init__(self, shelf: Shelf, glyphs: Any) -> None:
        super().__init__()
        self.shelf = shelf
        self.g = glyphs
        self.player: str | None = None
        self.entries: list[RecordSummary] = []
        self.more = False
        self.pages = 0

    def compose(self) -> ComposeResult:
        yield Static(Text.assemble(("Record library", "bold"), f"  ·  finished games {self.shelf.where}"),
                     id="title")
        yield Static(id="library-status")
        yield OptionList(id="records")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()
        self.reload()

    def _status(self, note: str = "") -> None:
        n = len(self.entries)
        count = f"{n}{'+' if self.more else ''} game{'' if n == 1 and not self.more else 's'}"
        who = f" of {self.player}" if self.player else ""
        text = note or f"{count}{who}, newest first · Enter: story · r replay · e export · / filter"
        self.query_one("#library-status", Static).update(text)

    def reload(self) -> None:
        self.entries, self.pages, self.more = [], 0, False
        self.query_one(OptionList).clear_options()
        self._load()

    @work(exclusive=True, group="library")
    async def _load(self) -> None:
        self._status("Reading the records…")
        try:
            entries, more = await self.shelf.page(self.player, self.pages)
        except ShelfError as exc:
            self._status(f"The library cannot be read: {exc}")
            return
        self.pages += 1
        self.entries += entries
        self.more = more
        self._fill()

    def _fill(self) -> None:
        box = self.query_one(OptionList)
        keep = box.highlighted
        box.clear_options()
        width = max(40, self.size.width - 4)
        options = [Option(entry_text(entry, width), id=str(k)) for k, entry in enumerate(self.entries)]
        if self.more:
            options.append(Option(Text("  More games…", Style(dim=True)), id=MORE))
        if not self.entries:
            who = f" of {self.player}" if self.player else ""
            options.append(Option(f"No finished games{who} yet.", id="", disabled=True))
        box.add_options(options)  # at once: one layout for hundreds of games
        box.highlighted = keep if keep is not None and keep < box.option_count else (0 if self.entries else None)
        self._status()

    def chosen(self) -> RecordSummary | None:
        box = self.query_one(OptionList)
        index = box.highlighted
        if index is None or index >= len(self.entries):
            return None
        return self.entries[index]

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        if message.option.id == MORE:
            self._load()
        else:
            self.action_story()

    # -- opening a record ------------------------------------------------------------------

    def _kind(self, entry: RecordSummary) -> GameKind | None:
        if entry.problem and not entry.game:
            self.notify(f"This record cannot be read: {entry.problem}", severity="error", timeout=8)
            return None
        try:
            return registry.get(entry.game)
        except ValueError as exc:
            self.notify(str(exc), severity="error")
            return None

    async def _record(self, entry: RecordSummary, kind: GameKind) -> RecordData | None:
        try:
            return kind.read_record(await self.shelf.fetch(entry))
        except (ShelfError, RecordError) as exc:
            self.notify(f"Cannot open it: {exc}", severity="error", timeout=8)
            return None

    @work(exclusive=True, group="library-open")
    async def action_story(self) -> None:
        entry = self.chosen()
        kind = self._kind(entry) if entry is not None else None
        if entry is None or kind is None:
            return
        if not tells_stories(kind):
            self.notify(f"grail-tui tells no story of {kind.title} yet; r replays it.", severity="warning")
            return
        if entry.problem:
            self.notify(f"The record is damaged ({entry.problem}); r replays it up to there.",
                        severity="warning", timeout=8)
            return
        record = await self._record(entry, kind)
        ui = kind.ui()
        if record is not None and isinstance(ui, StoryScreens):  # tells_stories has said so
            self.app.push_screen(ui.story_screen(record, self.g))

    @work(exclusive=True, group="library-open")
    async def action_replay(self) -> None:
        entry = self.chosen()
        kind = self._kind(entry) if entry is not None else None
        if entry is None or kind is None:
            return
        record = await self._record(entry, kind)
        if record is not None:
            self.app.push_screen(kind.ui().replay_screen(record, self.g))

    # -- exporting -------------------------------------------------------------------------

    def action_export(self) -> None:
        from .prompts import TextPrompt

        entry = self.chosen()
        if entry is None:
            return
        stem = Path(entry.key).stem if entry.key.endswith(".json") else f"grail-{entry.key}"
        suggestion = f"~/{stem}.json"

        def chosen(path: str | None) -> None:
            if path and path.strip():
                self._export(entry, Path(path.strip()).expanduser())

        self.app.push_screen(TextPrompt("Export the record to which file?", suggestion, "a path"), chosen)

    def _export(self, entry: RecordSummary, path: Path) -> None:
        from .prompts import ConfirmPrompt

        if path.is_dir():
            self.notify(f"That is a folder: name a file in it.\n{shown_path(path)}", severity="error",
                        timeout=8, markup=False)
            return
        if not path.exists():
            self._write(entry, path, False)
            return

        def answered(replace: bool | None) -> None:
            if replace:
                self._write(entry, path, True)
            else:
                self.notify("Nothing was written.")

        self.app.push_screen(ConfirmPrompt(f"{shown_path(path)}\nis there already. Replace it?"), answered)

    @work(group="library-export")
    async def _write(self, entry: RecordSummary, path: Path, replace: bool) -> None:
        try:
            data = await self.shelf.fetch(entry)
        except ShelfError as exc:
            self.notify(f"Cannot export it: {exc}", severity="error", timeout=8)
            return
        try:
            write_private(path, json.dumps(data, indent=1), replace=replace)
        except FileExistsError:
            self.notify(f"Nothing was written: this file appeared meanwhile.\n{shown_path(path)}",
                        severity="error", timeout=8, markup=False)
            return
        except OSError as exc:
            self.notify(f"Cannot write it ({exc.strerror or exc}):\n{shown_path(path)}", severity="error",
                        timeout=8, markup=False)
            return
        self.notify(f"The record is in\n{shown_path(path)}", markup=False)

    # -- filtering -------------------------------------------------------------------------

    def action_filter(self) -> None:
        from .prompts import TextPrompt

        hint = "the whole name" if self.shelf.exact_filter else "a name or part of one"

        def chosen(name: str | None) -> None:
            if name is None:
                return
            self.player = name.strip()[:24] or None
            self.reload()

        self.app.push_screen(TextPrompt(f"Show the games of which player? ({hint}; empty: everyone's)",
                                        self.player or "", "a player's name"), chosen)

    def action_close(self) -> None:
        self.app.pop_screen()
