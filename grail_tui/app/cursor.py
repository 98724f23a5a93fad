"""The terminal's cursor on the focused item, so a braille display (BRLTTY) can follow it.

Textual moves the terminal's cursor to ``App.cursor_position`` after every update it draws (and
hides it, unless asked to keep it visible). The app places it on the focused widget's highlighted
item: where the widget says its own cursor is (``cursor_screen_offset``: a text field's caret, as
Textual's Input says it; the start menu's row and the board's square, as ours say it), a list's
highlighted option, else the start of its content.
"""

from __future__ import annotations

from typing import Any

from textual.geometry import Offset
from textual.widgets import OptionList

SHOW_CURSOR = "\x1b[?25h"  # DECTCEM: the cursor shown (Textual hides it when it starts)


def focus_offset(widget: Any) -> Offset | None:
    """Where the terminal's cursor should stand for ``widget`` (screen cells), if it is shown."""
    if widget is None or not widget.is_mounted:
        return None
    own = getattr(widget, "cursor_screen_offset", None)
    if isinstance(own, Offset):
        return own
    region = widget.content_region
    if not region.width or not region.height:
        return None
    if isinstance(widget, OptionList) and widget.highlighted is not None:
        return option_offset(widget, widget.highlighted) or region.offset
    offset: Offset = region.offset
    return offset


def option_offset(options: OptionList, index: int) -> Offset | None:
    """The screen cell where option ``index`` of a list starts, if it is in sight. Textual keeps
    each option's first line in ``_index_to_line`` (read only: it is what its own
    ``scroll_to_highlight`` reads); a list whose options are one line each needs no more."""
    lines = getattr(options, "_index_to_line", None)
    line = lines.get(index, index) if isinstance(lines, dict) else index
    region = options.content_region
    y = line - round(options.scroll_offset.y)
    if not 0 <= y < region.height:
        return None
    return Offset(region.x, region.y + y)


def row_offset(widget: Any, column: int, line: int) -> Offset | None:
    """Screen cell of ``(column, line)`` of a widget's content (scrolling counted), if in sight:
    for a widget that knows where its highlighted item is drawn."""
    region = widget.content_region
    x = column - round(widget.scroll_offset.x)
    y = line - round(widget.scroll_offset.y)
    if not (0 <= x < region.width and 0 <= y < region.height):
        return None
    return Offset(region.x + x, region.y + y)


class CursorFollower:
    """Where the app puts the terminal's cursor: on the focused widget's highlighted item.

    Asked as each frame is sent (``GrailApp.cursor_position``), so it is where the item is drawn
    in that frame, after the key that moved it has been dealt with."""

    def __init__(self, app: Any, *, visible: bool) -> None:
        self.app = app
        self.visible = visible

    def started(self) -> None:
        if self.visible and self.app._driver is not None:  # the driver hid it as it started
            self.app._driver.write(SHOW_CURSOR)

    def where(self) -> Offset | None:
        try:
            focused = self.app.focused
        except Exception:  # no screen yet, or the app is closing
            return None
        return focus_offset(focused)
