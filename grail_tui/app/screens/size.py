"""Below the smallest terminal the game supports, one clear line instead of a cut-off screen.

The app puts a SizeNotice in every screen it shows and marks itself ``-too-small``
while the terminal is below MIN_WIDTH x MIN_HEIGHT; the stylesheet then hides
everything else. Growing the terminal brings the screen back as it was.
"""

from __future__ import annotations

from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24


def too_small(width: int, height: int) -> bool:
    return width < MIN_WIDTH or height < MIN_HEIGHT


class SizeNotice(Static):
    def __init__(self) -> None:
        super().__init__(id="size-notice")

    def show_size(self, width: int, height: int) -> None:
        self.update(f"Make the terminal at least {MIN_WIDTH}×{MIN_HEIGHT} to play: it is "
                    f"{width}×{height} now.\n\nEverything comes back as it was once it is "
                    "big enough. Ctrl+Q quits.")
