"""A list of choices that stops at its ends instead of jumping from the bottom to the top."""

from __future__ import annotations

from textual.widgets import OptionList


class ChoiceList(OptionList):
    """Up on the first entry and down on the last do nothing: a player holding a key
    sees the cursor stop, never land silently at the other end."""

    def action_cursor_up(self) -> None:
        if self.highlighted is None or self.highlighted > 0:
            super().action_cursor_up()

    def action_cursor_down(self) -> None:
        if self.highlighted is None or self.highlighted < self.option_count - 1:
            super().action_cursor_down()
