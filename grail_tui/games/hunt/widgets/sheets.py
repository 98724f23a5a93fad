"""The replay's sheet pane: the sheets a replay may show, as they stood at that step."""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from ..engine import Game, Initiate
from .panes import initiate_label, short

TITLE = Style(bold=True)
DIM = Style(dim=True)


def sheets_text(game: Game, seats: Sequence[int], finished: bool, plain: bool = False) -> Text:
    """Influence per initiate, points paid for blows and points left, for ``seats`` only."""
    text = Text()
    text.append("Every sheet\n" if finished else "Your sheet (the others stay secret)\n", TITLE)
    public = game.public_view()
    sheets = [game.view(p, public).sheet for p in seats]
    width = 3 if len(seats) > 5 else 4
    text.append("     ")
    for p in seats:
        text.append(f"{short(public.name(p), width - 1):>{width}}", DIM)
    text.append("\n")
    for i in Initiate:
        text.append_text(initiate_label(i, plain))
        text.append("x  " if public.positions[i] is None else "   ", Style(color="red"))
        for sheet in sheets:
            value = sheet.influence[i]
            text.append(f"{value if value else '-':>{width}}")
        text.append("\n")
    for label, values in (("paid", [sum(s.costs) for s in sheets]), ("left", [s.remaining for s in sheets])):
        text.append(f"{label:<5}", DIM)
        for value in values:
            text.append(f"{value:>{width}}")
        text.append("\n")
    text.append("x: out of play (its influence lost)\n", DIM)
    return text


class SheetsPane(Static):
    def show(self, game: Game, seats: Sequence[int], finished: bool) -> None:
        self.update(sheets_text(game, seats, finished, plain=self.app.no_color))
