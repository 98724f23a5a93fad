"""The end: every sheet revealed, the winner and why, where the record went."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.binding import Binding

from grail_tui.app.end_screen import TableEndScreen
from grail_tui.app.paths import record_note

from ..engine import Initiate, PublicView, Termination
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


class EndScreen(TableEndScreen, inherit_bindings=False):
    BINDINGS = [
        Binding("n", "new_game", "New game"),
        Binding("s", "story", "Story", tooltip="How the game really went, every sheet known"),
        Binding("r", "replay", "Replay"),
        Binding("q", "app.quit", "Quit", show=False),
    ]

    def text(self, view: PublicView, record_path: str | None) -> Text:
        seats = self.client.seats
        text = end_text(view, record_path, self.app.no_color, seats[0] if len(seats) == 1 else None)
        text.append("\ns: the story of the game, how it really went · r: replay it\n", Style(bold=True))
        return text

    def action_story(self) -> None:
        from .story import StoryScreen

        record = self.record()
        if record is not None:
            self.app.push_screen(StoryScreen(record, self.g))
