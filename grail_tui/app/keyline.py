"""The keys that work now, on one line: the footer of every screen.

Textual's Footer is a widget per key, each styled on its own, and it rebuilds
them all whenever focus or the bindings change: about a quarter of the CPU an
SSH session spends drawing its first lobby, and a repaint across the screen on
every change. This line is one widget that updates its own text only: one line
on the wire instead of the whole screen. The game screen says which keys work
(``KeyLine.show``); every other screen has a ``KeyFooter``, which follows the
screen's active bindings as Footer does.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

KEY = Style(bold=True)
TAIL = "^p palette"


# How a key reads on every key line: the glyph or the name printed on the key (the game screens'
# own bindings say so with key_display; these are for every binding that does not).
KEY_GLYPHS = {
    "ctrl+q": "^q", "question_mark": "?", "colon": ":", "escape": "esc", "slash": "/",
    "left": "←", "right": "→", "up": "↑", "down": "↓", "home": "Home", "end": "End",
    "pageup": "PgUp", "pagedown": "PgDn", "tab": "Tab", "enter": "Enter", "space": "Space",
}


def key_name(binding: Binding) -> str:
    if binding.key_display:
        return binding.key_display
    key = binding.key.split(",")[0]
    return KEY_GLYPHS.get(key, key)


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
        text = self._line(labels, " ")
        if text.cell_len + len(TAIL) + 1 > width:  # tighter, so the palette still shows at 80 columns
            text = self._line(labels, "")
        while len(labels) > 1 and text.cell_len + len(TAIL) + 1 > width:
            # The palette lists every command, these too: the last keys give way to it.
            labels = labels[:-1]
            text = self._line(labels, "")
        room = width - text.cell_len - len(TAIL)
        if room > 0:
            text.append(" " * room)
            text.append(TAIL, Style(dim=True))
        self.update(text, layout=False)  # one line high, docked (app.tcss): only its line is redrawn

    @staticmethod
    def _line(labels: Sequence[tuple[str, str, bool]], pad: str) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        for key, what, on in labels:
            text.append(f"{pad}{key} ", KEY if on else Style(dim=True))
            text.append(f"{what} ", Style() if on else Style(dim=True))
        return text


class KeyFooter(KeyLine):
    """A KeyLine that shows the screen's active bindings (those marked ``show``), one per action."""

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self.call_after_refresh(self._refresh_keys)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def on_resize(self) -> None:
        self._refresh_keys()

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen is self.screen:
            self._refresh_keys()

    def _refresh_keys(self) -> None:
        if not self.is_attached:
            return
        palette = self.app.COMMAND_PALETTE_BINDING
        shown: dict[str, tuple[Binding, bool]] = {}
        for key, active in self.screen.active_bindings.items():
            binding = active.binding
            if binding.show and key != palette and binding.action not in shown:
                shown[binding.action] = (binding, active.enabled)
        self.show(list(shown.values()))
