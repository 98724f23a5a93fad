"""A log of plain lines that wraps them again when its width changes.

Textual's RichLog wraps a line once, at the width the log has when the line is written, and
crops it afterwards. A game's first lines are written while its panes are still taking their
widths (at 120x40 the log is laid out wide first, then narrowed beside the sheet), so they were
cut off at the pane's edge. This log keeps its lines and wraps them anew for a new width.
A line written while the log is hidden (another pane shown in its place) has no width to wrap
at, and RichLog would wrap it at its minimum width, 20 columns, for good: it is wrapped at the
width the log last had, where it is shown again (a new width rewraps every line anyway).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from textual import events
from textual.widgets import RichLog


class WrappedLog(RichLog):
    # Every game's log follows its end at once, in the same paint as the lines written (``write``),
    # rather than as RichLog does (see there); and not while the person has scrolled back.

    def __init__(self, **kwargs: object) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, min_width=20,
                         auto_scroll=False, **kwargs)  # type: ignore[arg-type]
        self._texts: list[str] = []
        self._wrapped_at = 0  # the width the lines were wrapped for
        self.shown = 0  # the lines of a log book written so far (``add``)
        self.following = True  # at its end (False once the person scrolls back; again at the end)

    def write(self, content: object, width: int | None = None, expand: bool = False, shrink: bool = True,
              scroll_end: bool | None = None, animate: bool = False) -> Self:
        """RichLog's, following the end at once: RichLog scrolls after the next paint, to where the
        end is then, so a frame went out with the new lines below the pane's foot, and the scroll
        came a frame later (on a loaded machine, visibly late), or short of the end when more came
        between."""
        super().write(content, width, expand, shrink, scroll_end, animate)
        if self.following and self._size_known:
            self.scroll_end(animate=False, immediate=True, x_axis=False)
        return self

    def release_anchor(self) -> None:
        # Textual's hook for a scroll by the person (the wheel, the scrollbar); never called for
        # the log's own scrolling to its end
        super().release_anchor()
        self.following = False

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        if new_value >= self.max_scroll_y:
            self.following = True  # back at the end: follows again

    def write_line(self, line: str, scroll_end: bool | None = None) -> None:
        self._texts.append(line)
        hidden = not self.scrollable_content_region.width and self._wrapped_at
        self.write(line, width=self._wrapped_at if hidden else None, scroll_end=scroll_end)

    def reset(self) -> None:
        self.clear()
        self._texts = []
        self.shown = 0

    def add(self, lines: Sequence[str]) -> None:
        """A game's log book (its ``lines``, which only grow): the lines not written yet."""
        for line in lines[self.shown:]:
            self.write_line(line)
        self.shown = len(lines)

    def on_resize(self, _event: events.Resize) -> None:
        self.call_later(self._rewrap)  # once the new size (and scrollbars) are settled

    def _rewrap(self) -> None:
        width = self.scrollable_content_region.width
        if not width or width == self._wrapped_at:
            return
        first = not self._wrapped_at
        self._wrapped_at = width
        if first and not self.lines:
            return  # nothing written yet: every line is wrapped at this width when it comes
        at_end = self.scroll_offset.y >= self.max_scroll_y
        super().clear()
        for line in self._texts:
            self.write(line, scroll_end=False)
        if at_end:
            self.scroll_end(animate=False, immediate=True)
