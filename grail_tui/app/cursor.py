"""The terminal's cursor on the focused item, so a braille display (BRLTTY) can follow it.

Textual moves the terminal's cursor to ``App.cursor_position`` after every update it draws (and
hides it, unless asked to keep it visible). The app places it on the focused widget: where the
widget says its own cursor is (``cursor_screen_offset``: a text field's caret), else the start of
its content.
"""

from __future__ import annotations

from typing import Any

from textual.geometry import Offset

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
    offset: Offset = region.offset
    return offset


class CursorFollower:
    """Keeps ``app.cursor_position`` on the focused widget (after focus moves or a key is dealt with)."""

    def __init__(self, app: Any, *, visible: bool) -> None:
        self.app = app
        self.visible = visible

    def started(self) -> None:
        if self.visible and self.app._driver is not None:  # the driver hid it as it started
            self.app._driver.write(SHOW_CURSOR)

    def follow(self) -> None:
        self.app.call_after_refresh(self.place)

    def place(self) -> None:
        try:
            focused = self.app.focused
        except Exception:  # no screen yet, or the app is closing
            return
        offset = focus_offset(focused)
        if offset is not None and offset != self.app.cursor_position:
            self.app.cursor_position = offset
