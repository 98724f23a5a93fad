"""The 5x5 map, drawn as text by one widget: fields, initiates, grail, cursor."""

from __future__ import annotations

from typing import Any, Self

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Offset
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from grail_tui.app.cursor import row_offset

from ..engine import Field, PublicView
from ..glyphs import Glyphs

CELL = 9  # characters inside a cell

SHORT = {
    Field.TORTOSA: "Tortosa", Field.AKKON: "Akkon", Field.MASYAF: "Masyaf",
    Field.BAGHRAS: "Baghras", Field.RENNES_LE_CHATEAU: "Rennes", Field.GOLGOTA: "Golgota",
    Field.DSCHEBEL_ANSARIEH: "Dschebel", Field.QUM: "Qum", Field.AVIGNON: "Avignon",
    Field.PETERSDOM: "Petersdom", Field.CENTRE: "Centre", Field.AL_AQSA_MOSCHEE: "Al-Aqsa",
    Field.GIZEH: "Gizeh", Field.MALTA: "Malta", Field.PRAGUE: "Prague", Field.AVALON: "Avalon",
    Field.TEMPLE_CHURCH: "Temple Ch", Field.TOLEDO: "Toledo", Field.WILDENBURG: "Wildenbrg",
    Field.ARDENNEN: "Ardennen", Field.STONEHENGE: "Stonehnge",
}
HQ_SHORT = {
    Field.HQ_TEMPLARS: (0, "Templar"), Field.HQ_ASSASSINS: (1, "Assassin"),
    Field.HQ_ROSICRUCIANS: (2, "Rosicruc"), Field.HQ_ILLUMINATI: (3, "Illumin"),
}
SOCIETY_STYLE = (
    Style(color="red", bold=True),
    Style(color="bright_white", bold=True),
    Style(color="yellow", bold=True),
    Style(color="green", bold=True),
)
GRAIL_STYLE = Style(color="bright_yellow", bold=True)
PLAIN = Style(bold=True)


def society_style(society: int, plain: bool = False) -> Style:
    """A society's colour; bold alone when colour is off (NO_COLOR turns colours to greys)."""
    return PLAIN if plain else SOCIETY_STYLE[society]
CURSOR = Style(reverse=True)
DESTINATION = Style(underline=True, bold=True)
BORDER = Style(dim=True)


def short_name(field: Field, g: Glyphs) -> str:
    if field in HQ_SHORT:
        society, name = HQ_SHORT[field]
        return g.society[society] + name
    return SHORT[field]


class BoardMap(Widget, can_focus=True):
    """Renders a public view of the board; the parent screen feeds it."""

    BINDINGS = [
        Binding("up,k", "move(0,-1)", "Up", show=False),
        Binding("down,j", "move(0,1)", "Down", show=False),
        Binding("left,h", "move(-1,0)", "Left", show=False),
        Binding("right,l", "move(1,0)", "Right", show=False),
        Binding("enter", "select", "Select field", show=False),
    ]

    cursor: reactive[Field] = reactive(Field.CENTRE)

    class Selected(Message):
        def __init__(self, field: Field) -> None:
            super().__init__()
            self.field = field

    def __init__(self, glyphs: Glyphs, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.g = glyphs
        self.view: PublicView | None = None
        self.destinations: frozenset[Field] = frozenset()

    def show(self, view: PublicView, destinations: frozenset[Field] = frozenset()) -> None:
        shown = self.view
        if shown is not None and destinations == self.destinations and (
                view is shown or (view.positions, view.grail_field, view.bearer)
                == (shown.positions, shown.grail_field, shown.bearer)):
            self.view = view
            return  # nothing new to draw: over a slow link every repaint counts
        self.view = view
        self.destinations = destinations
        self.refresh()

    # The map looks the same with or without the keyboard: gaining or losing focus
    # must not resend all of it.
    _quiet = False

    def refresh(self, *regions: Any, **kwargs: Any) -> Self:
        if self._quiet:
            return self
        return super().refresh(*regions, **kwargs)

    def _on_focus(self, event: events.Focus) -> None:
        self._quiet = True
        try:
            super()._on_focus(event)
        finally:
            self._quiet = False
        event.prevent_default()  # the base class's handler (which repaints) has run above

    def _on_blur(self, event: events.Blur) -> None:
        self._quiet = True
        try:
            super()._on_blur(event)
        finally:
            self._quiet = False
        event.prevent_default()

    def caption(self) -> str:
        """The bottom border, explaining where the grail mark stands."""
        g = self.g
        words = f" {g.grail} first: grail lies here · AC{g.grail}: AC carries it "
        inner = (g.h * CELL + g.bottom) * 4 + g.h * CELL
        if len(words) > len(inner) - 2:
            return g.bottom_left + inner + g.bottom_right
        left = (len(inner) - len(words)) // 2
        return g.bottom_left + inner[:left] + words + inner[left + len(words):] + g.bottom_right

    @property
    def cursor_screen_offset(self) -> Offset | None:
        """The terminal's cursor on the focused square's name (braille displays follow it): each
        row of squares is three lines (name, pieces, border) below the top border."""
        return row_offset(self, 1 + self.cursor.col * (CELL + 1), 1 + self.cursor.row * 3)

    def action_move(self, dc: int, dr: int) -> None:
        col = min(4, max(0, self.cursor.col + dc))
        row = min(4, max(0, self.cursor.row + dr))
        self.cursor = Field.at(col, row)

    def action_select(self) -> None:
        self.post_message(self.Selected(self.cursor))

    def _initiates(self, field: Field) -> Text:
        text = Text()
        view = self.view
        plain = self.app.no_color
        grail = PLAIN if plain else GRAIL_STYLE
        if view is None:
            return text
        if view.bearer is None and view.grail_field == field:
            text.append(self.g.grail, grail)
        for initiate in view.initiates_on(field):
            if text:
                text.append(" ")
            text.append(initiate.code, society_style(initiate.society, plain))
            if view.bearer == initiate:
                text.append(self.g.grail, grail)
        if text.cell_len > CELL:
            shown = Text()
            codes = view.initiates_on(field)
            for initiate in codes[:2]:
                if shown:
                    shown.append(" ")
                shown.append(initiate.code, society_style(initiate.society, plain))
                if view.bearer == initiate:
                    shown.append(self.g.grail, grail)
            shown.append(f" +{len(codes) - 2}")
            text = shown
            text.truncate(CELL)
        return text

    def render(self) -> Text:
        g = self.g
        out = Text(no_wrap=True, overflow="crop")
        line_top = g.top_left + (g.h * CELL + g.top) * 4 + g.h * CELL + g.top_right
        line_mid = g.left + (g.h * CELL + g.cross) * 4 + g.h * CELL + g.right
        out.append(line_top + "\n", BORDER)
        for row in range(5):
            names = Text()
            pieces = Text()
            names.append(g.v, BORDER)
            pieces.append(g.v, BORDER)
            for col in range(5):
                field = Field.at(col, row)
                base = Style()
                if field == self.cursor:
                    base = CURSOR
                name = short_name(field, g)
                marked = field in self.destinations
                if marked:
                    label = Text(g.destination + name[: CELL - 1], style=DESTINATION)
                else:
                    label = Text(name)
                if field in HQ_SHORT:  # the society's glyph in its colour, after the › if marked
                    at = len(g.destination) if marked else 0
                    label.stylize(society_style(HQ_SHORT[field][0], self.app.no_color), at, at + 1)
                label.pad_right(CELL - label.cell_len)
                label.stylize(base)
                names.append_text(label)
                names.append(g.v, BORDER)
                cell = self._initiates(field)
                cell.pad_right(CELL - cell.cell_len)
                cell.stylize(base)
                pieces.append_text(cell)
                pieces.append(g.v, BORDER)
            out.append_text(names)
            out.append("\n")
            out.append_text(pieces)
            out.append("\n")
            if row < 4:
                out.append(line_mid + "\n", BORDER)
            else:
                out.append(self.caption(), BORDER)
        return out

    def watch_cursor(self) -> None:
        self.refresh()
