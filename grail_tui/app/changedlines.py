"""A pane of text that sends the terminal only the lines that changed.

Textual repaints the whole of a ``Static`` on every ``update``: a cursor moving one row in a
long list, or the focused card's text changing under a tall pane, writes every line of the pane
again, colour codes and all (kilobytes per key over SSH). ``ChangedLines`` renders the new text
the way Textual would, compares it line by line with what is on screen, and marks only the
lines that differ: Textual's compositor then writes those alone.

Only for a pane whose height does not follow its text (a fixed or ``1fr`` height): one whose
height is ``auto`` may change size with its text, so it is repainted whole, as a ``Static``.
"""

from __future__ import annotations

from textual.geometry import Region, Size
from textual.strip import Strip
from textual.visual import Visual, VisualType, visualize
from textual.widgets import Static


class ChangedLines(Static):
    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, markup=False)
        self._visual: Visual | None = None  # what render() shows: the last update's text
        self._lines: tuple[Size, list[Strip]] | None = None  # that text as rendered, at that size

    def render(self) -> Visual:
        return self._visual if self._visual is not None else super().render()  # type: ignore[return-value]

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        visual = visualize(self, content, markup=False)
        before, self._visual = self._lines, visual
        size = self.size
        height = self.styles.height
        if not self.is_mounted or not size or (height is not None and height.is_auto):
            self._lines = None
            self.refresh(layout=layout)
            return
        lines = Visual.to_strips(self, visual, size.width, size.height, self.visual_style)
        self._lines = (size, lines)
        if before is None or before[0] != size:
            self.refresh(layout=layout)  # a new size, or nothing known on screen: all of it
            return
        shown = before[1]
        for y in range(max(len(lines), len(shown))):
            if y >= len(lines) or y >= len(shown) or lines[y] != shown[y]:
                self.refresh(Region(0, y, size.width, 1))

    def on_resize(self) -> None:
        self._lines = None  # the next update repaints it whole, at its new size
