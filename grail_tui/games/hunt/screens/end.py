"""The end: every sheet revealed, the winner and why, where the record went."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from grail_tui.app.glyphs import Glyphs
from grail_tui.app.keyline import KeyFooter
from grail_tui.app.paths import record_note
from grail_tui.table.client import TableClient

from ..engine import GameRecord, Initiate, PublicView, Termination
from ..widgets.board import society_style
from ..words import Voice, outcome_words


def end_text(view: PublicView, record_path: str | None, plain: bool = False, me: int | None = None) -> Text:
    """``me``: the seat of the one player at this terminal, who reads "you win"."""
    out = view.outcome
    text = Text()
    if out is None:
        return text
    text.append("Game over\n", Style(bold=True))
    headline = outcome_words(out, Voice(view.name, me))
    text.append(headline + "\n", Style(bold=True) if plain else Style(bold=True, color="yellow"))
    if out.termination is Termination.DELIVERED and out.bearer is not None:
        shares = ", ".join(f"{view.name(p)} {v}" for p, v in enumerate(out.influence))
        text.append(f"Influence on {out.bearer.title}: {shares}.\n")
        if out.tie_broken:
            text.append("Tie for the most: the player who made the final proposal wins.\n")
    if view.hq_owner is not None:
        held = ", ".join(f"{view.name(p)} {s}" for s, p in zip(
            ("Templars", "Assassins", "Rosicrucians", "Illuminati"), view.hq_owner, strict=True))
        text.append(f"Headquarters held: {held}.\n")
    text.append("\nAll sheets (influence at the end; x: out of play, lost)\n", Style(bold=True))
    text.append(f"{'':<12}")
    for i in Initiate:
        text.append(f"{i.code:>4}", society_style(i.society, plain))
    text.append("  left\n")
    for p, sheet in enumerate(view.sheets or ()):
        text.append(f"{view.name(p)[:11]:<12}")
        for i in Initiate:
            if view.positions[i] is None:
                lost = view.losses[p][i]
                text.append(f"{('x' + str(lost)) if lost else 'x':>4}", Style(dim=True))
            else:
                text.append(f"{sheet.influence[i] or '-':>4}")
        text.append(f"{sheet.remaining:>6}\n")
    if record_path:
        text.append("\n" + record_note(record_path), Style(dim=True))
    return text


class EndScreen(Screen[None]):
    BINDINGS = [
        Binding("n", "new_game", "New game"),
        Binding("s", "story", "Story", tooltip="How the game really went, every sheet known"),
        Binding("r", "replay", "Replay"),
        Binding("q", "app.quit", "Quit", show=False),
    ]

    def __init__(self, client: TableClient, glyphs: Glyphs) -> None:
        super().__init__()
        self.client = client
        self.g = glyphs

    def compose(self) -> ComposeResult:
        path = str(self.client.record_path) if self.client.record_path else None
        update = self.client.latest(None)
        assert update is not None
        with VerticalScroll(id="end"):
            seats = self.client.seats
            text = end_text(update.view, path, self.app.no_color, seats[0] if len(seats) == 1 else None)
            if update.view.outcome is None and update.result is not None:  # a turn-based clock ended it
                text = Text.assemble(("Game over\n", Style(bold=True)), update.result.text + "\n")
            text.append("\ns: the story of the game, how it really went · r: replay it\n", Style(bold=True))
            yield Static(text)
        yield KeyFooter()

    def action_new_game(self) -> None:
        self.app.call_later(self.app.action_new_game)  # type: ignore[attr-defined]

    def _record(self) -> GameRecord | None:
        update = self.client.latest(None)
        if update is None or update.record is None:
            self.notify("The game's record has not arrived yet.", severity="warning")
            return None
        return GameRecord.from_dict(update.record)

    def action_story(self) -> None:
        from .story import StoryScreen

        record = self._record()
        if record is not None:
            self.app.push_screen(StoryScreen(record, self.g))

    def action_replay(self) -> None:
        from .replay import ReplayScreen

        record = self._record()
        if record is not None:
            self.app.push_screen(ReplayScreen(record, self.g))
