"""Composing an assignment: pick units, put them on initiates, confirm."""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.geometry import Offset
from textual.message import Message
from textual.widget import Widget

from grail_tui.app.cursor import row_offset

from ..engine import UNITS, Initiate, Placement, Unit
from ..glyphs import Glyphs
from .board import society_style


class AssignPad(Widget, can_focus=True):
    """Shows the free units with a cursor; posts what the player asks for."""

    BINDINGS = [
        Binding("left,h", "move(-1)", "Prev unit", show=False),
        Binding("right,l", "move(1)", "Next unit", show=False),
        Binding("space", "toggle_unit", "Select", key_display="Space"),
        Binding("u", "undo", "Undo", show=False),
        Binding("enter", "confirm", "Confirm", key_display="Enter"),
    ]

    class Move(Message):
        def __init__(self, delta: int) -> None:
            super().__init__()
            self.delta = delta

    class Toggle(Message):
        pass

    class Undo(Message):
        pass

    class Confirm(Message):
        pass

    def __init__(self, glyphs: Glyphs, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.g = glyphs
        self.free: frozenset[Unit] = frozenset()
        self.pending: Sequence[Placement] = ()
        self.cursor: Unit | None = None
        self.selected: frozenset[Unit] = frozenset()

    def show(self, free: frozenset[Unit], pending: Sequence[Placement], cursor: Unit | None,
             selected: frozenset[Unit]) -> None:
        self.free, self.pending, self.cursor, self.selected = free, pending, cursor, selected
        self.refresh()

    @property
    def cursor_screen_offset(self) -> Offset | None:
        """The terminal's cursor on the unit under the cursor (braille displays follow it), where
        render draws it: each strip its letter and a space, each unit its points and a space."""
        column = 0
        for strip in ("A", "B"):
            column += 2
            for unit in UNITS:
                if unit.strip != strip:
                    continue
                if unit == self.cursor:
                    return row_offset(self, column, 0)
                column += len(str(unit.points)) + 1
            column += 2
        return None

    def action_move(self, delta: int) -> None:
        self.post_message(self.Move(delta))

    def action_toggle_unit(self) -> None:
        self.post_message(self.Toggle())

    def action_undo(self) -> None:
        self.post_message(self.Undo())

    def action_confirm(self) -> None:
        self.post_message(self.Confirm())

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        pend = {u for u, _ in self.pending}
        for strip in ("A", "B"):
            text.append(f"{strip} ", Style(bold=True))
            for u in UNITS:
                if u.strip != strip:
                    continue
                label = str(u.points)
                style = Style()
                if u not in self.free:
                    label, style = self.g.used * len(label), Style(dim=True)
                elif u in pend:
                    label, style = "+" * len(label), Style(color="cyan", bold=True)
                elif u in self.selected:
                    style = Style(color="magenta", bold=True, underline=True)
                if u == self.cursor:
                    style += Style(reverse=True)
                text.append(label, style)
                text.append(" ")
            text.append("  ")
        text.append("\n")
        if self.pending:
            groups: dict[Initiate, list[Unit]] = {}
            for u, i in self.pending:
                groups.setdefault(i, []).append(u)
            text.append("To assign: ", Style(dim=True))
            for n, (i, us) in enumerate(groups.items()):
                if n:
                    text.append("; ")
                text.append(" ".join(u.code for u in us) + f" {self.g.arrow} ")
                text.append(i.code, society_style(i.society, self.app.no_color))
                text.append(f" ({sum(u.points for u in us)})")
        else:
            text.append("Nothing to assign yet (Enter now assigns nothing).", Style(dim=True))
        text.append("\n")
        keys = " ".join(f"{k + 1}:{i.code}" for k, i in enumerate(Initiate))
        text.append(f"{keys}   u undo, Esc cancel", Style(dim=True))
        return text
