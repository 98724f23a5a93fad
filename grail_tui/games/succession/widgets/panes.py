"""Side panes: the cards in front of each player with the running score, and the log."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from grail_tui.app.wrappedlog import WrappedLog

from ..engine import PLAYERS, PublicView
from .scoresheet import score_table

TITLE = Style(bold=True)
DIM = Style(dim=True)


class TakenPane(Static):
    """Both players' taken cards grouped by kind, their hands and takes, the score each would have."""

    def show(self, view: PublicView) -> None:
        text = Text()
        text.append("Taken", TITLE)
        text.append("  (* holds more)\n", DIM)
        hands = [f"{view.hand_sizes[p]}" + (" · took" if view.took[p] else "") for p in range(PLAYERS)]
        table = score_table(view.taken, view.name, plain=self.app.no_color, first=[("in hand", hands)], final=view.is_over)
        text.append_text(table)
        text.rstrip()
        self.update(text)


class LogPane(WrappedLog):
    """The log in words (the platform's log: it writes a book's new lines)."""
