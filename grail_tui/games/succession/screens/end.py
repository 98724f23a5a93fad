"""The end: the winner and why, the count line by line, and every card once hidden."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from grail_tui.app.keyline import KeyFooter
from grail_tui.app.paths import record_note
from grail_tui.table.client import TableClient

from ..engine import PLAYERS, PublicView, Termination
from ..widgets.cards import chips
from ..widgets.scoresheet import score_table

TITLE = Style(bold=True)
DIM = Style(dim=True)


def end_text(view: PublicView, record_path: str | None, plain: bool = False) -> Text:
    out = view.outcome
    text = Text()
    if out is None:
        return text
    text.append("Game over\n", TITLE)
    text.append(out.describe(view.name) + "\n\n", TITLE if plain else Style(bold=True, color="yellow"))
    if out.termination is Termination.GRAIL:
        text.append("The cards taken (not counted: the grail decided)\n", TITLE)
    else:
        text.append("The count", TITLE)
        text.append("  (* holds more of a faction: scores its value)\n", DIM)
    text.append_text(score_table(view.taken, view.name, plain=plain, label=14, column=18, final=True))
    text.append("\n")
    text.append("Put aside:     ", TITLE)
    text.append_text(chips(view.aside or (), plain))
    text.append("\n")
    for p in range(PLAYERS):
        hand = view.hands[p] if view.hands is not None else ()
        whose = f"{view.name(p)[:11]}'s hand"
        text.append(f"{whose:<15}", TITLE)
        text.append_text(chips(hand, plain) if hand else Text("nothing", DIM))
        text.append("\n")
    if view.deck:
        text.append("Never dealt:   ", TITLE)
        text.append_text(chips(view.deck, plain))
        text.append("\n")
    if record_path:
        text.append("\n" + record_note(record_path), DIM)
    return text


class EndScreen(Screen[None]):
    BINDINGS = [
        Binding("n", "new_game", "New game"),
        Binding("r", "replay", "Replay"),
        Binding("q", "app.quit", "Quit", show=False),
    ]

    def __init__(self, client: TableClient, glyphs: Any) -> None:
        super().__init__()
        self.client = client
        self.g = glyphs

    def compose(self) -> ComposeResult:
        path: Path | None = self.client.record_path
        update = self.client.latest(None)
        assert update is not None
        with VerticalScroll(id="end"):
            text = end_text(update.view, str(path) if path else None, self.app.no_color)
            if update.view.outcome is None and update.result is not None:  # a turn-based clock ended it
                text = Text.assemble(("Game over\n", TITLE), update.result.text + "\n")
            yield Static(text)
        yield KeyFooter()

    def action_new_game(self) -> None:
        self.app.call_later(self.app.action_new_game)  # type: ignore[attr-defined]

    def action_replay(self) -> None:
        from .replay import SuccessionReplay

        update = self.client.latest(None)
        if update is None or update.record is None:
            self.notify("The game's record has not arrived yet.", severity="warning")
            return
        self.app.push_screen(SuccessionReplay(self.client.kind.read_record(update.record), self.g))
