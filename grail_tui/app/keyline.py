"""The keys that work now, on one line: a light footer for screens that change often.

Textual's Footer rebuilds its key widgets whenever focus or the bindings
change, and a rebuild repaints across the screen. On the game screen, where
every composing step changes the keys, this line updates its own text only:
one line on the wire instead of the whole screen.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

KEY = Style(bold=True)
TAIL = "^p palette"


def key_name(binding: Binding) -> str:
    if binding.key_display:
        return binding.key_display
    key = binding.key.split(",")[0]
    return {"ctrl+q": "^q", "question_mark": "?", "colon": ":"}.get(key, key)


class KeyLine(Static):
    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._shown: tuple[tuple[tuple[str, str, bool], ...], int] | None = None

    def show(self, bindings: Sequence[tuple[Binding, bool]]) -> None:
        """``bindings``: each with whether it works now (a key that does not is dimmed)."""
        labels = tuple((key_name(b), b.description, on) for b, on in bindings)
        width = self.size.width or self.app.size.width
        if (labels, width) == self._shown:
            return
        self._shown = (labels, width)
        text = Text(no_wrap=True, overflow="crop")
        for key, what, on in labels:
            text.append(f" {key} ", KEY if on else Style(dim=True))
            text.append(f"{what} ", Style() if on else Style(dim=True))
        room = width - text.cell_len - len(TAIL) - 1
        if room > 0:
            text.append(" " * room)
            text.append(TAIL, Style(dim=True))
        self.update(text)
