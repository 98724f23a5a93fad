"""A one-line text field whose keys act in the order they were typed.

Textual's Input inserts a typed character as soon as it arrives, but a key it
binds (Backspace, the arrows, Enter…) first travels up to the app, which then
runs the binding. When several keys arrive together — over SSH or any slow
link they do, and from a paste — a character typed after Backspace can land
before it: "1", Backspace, "5", Enter submitted "" (Textualize/textual#6605).
Here the field's own bindings run where the key arrives, in turn.
"""

from __future__ import annotations

from textual import events
from textual.widgets import Input


class LineInput(Input):
    async def _on_key(self, event: events.Key) -> None:
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            # The app checks priority bindings before the key reaches the field; the others would
            # be the field's own first, exactly as here (its namespace is the first in the chain).
            if not binding.priority and await self.app.run_action(binding.action, self):
                event.stop()
                event.prevent_default()
                self._restart_blink()
                return
        await super()._on_key(event)
