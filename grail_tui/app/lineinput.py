"""A one-line text field whose keys act in the order they were typed.

Textual's Input inserts a typed character as soon as it arrives, but a key it
binds (Backspace, the arrows, Enter…) first travels up to the app, which then
runs the binding. When several keys arrive together — over SSH or any slow
link they do, and from a paste — a character typed after Backspace can land
before it: "1", Backspace, "5", Enter submitted "" (Textualize/textual#6605).
Here the field's own bindings run where the key arrives, in turn. (Keys that
arrive while a field is being opened are held by the app: keyorder.py.)

A field that sends a secret (an amount to reveal) is made with
``shown_first=True``: Enter typed before the field, as it was filled in, had
been on the screen sends nothing when the player typed nothing into it (a
burst `o Enter` over a slow link); the field says so with ``Unseen`` instead.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual._time import get_time  # the clock Textual stamps each key with
from textual.message import Message
from textual.widgets import Input


class LineInput(Input):
    class Unseen(Message):
        """Enter came before the field had been shown: nothing was submitted."""

    def __init__(self, *args: Any, shown_first: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.shown_first = shown_first
        self._filled_in = ""  # the value when the field took the focus
        self._shown_at: float | None = None  # when the screen had shown it

    def _on_focus(self, event: events.Focus) -> None:
        super()._on_focus(event)
        self._filled_in = self.value
        self._shown_at = None
        self.call_after_refresh(self._shown)

    def _shown(self) -> None:
        if self.has_focus:
            self._shown_at = get_time()

    def _unseen(self, event: events.Key) -> bool:
        return (self.shown_first and event.key == "enter" and self.value == self._filled_in
                and (self._shown_at is None or event.time < self._shown_at))

    async def _on_key(self, event: events.Key) -> None:
        if self._unseen(event):
            event.stop()
            event.prevent_default()
            self.post_message(self.Unseen())
            return
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            # The app checks priority bindings before the key reaches the field; the others would
            # be the field's own first, exactly as here (its namespace is the first in the chain).
            if not binding.priority and await self.app.run_action(binding.action, self):
                event.stop()
                event.prevent_default()
                self._restart_blink()
                return
        await super()._on_key(event)
