"""A lesson's explanation of the step it has reached: a notice the player dismisses."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from grail_tui.games.api import LessonStep


class LessonNotice(ModalScreen[None]):
    """The step's title, what it is about and its keys, as plain text (never read as markup)."""

    BINDINGS = [Binding("enter,space,escape", "dismiss_notice", "Go on", key_display="Enter")]

    def __init__(self, step: LessonStep, last: bool = False) -> None:
        super().__init__()
        self.step = step
        self.last = last  # the end: the table is behind it, and q there quits

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="lesson"):
            yield Static(self.step.title, id="question", markup=False)
            yield Static(self.step.text, id="lesson-text", markup=False)
            yield Static(f"Keys: {self.step.keys}", id="lesson-keys", markup=False)
            yield Static("Enter: go on" if self.last else
                         "Enter: go on · q at the table leaves the lesson (it is kept)", classes="hint",
                         markup=False)

    def action_dismiss_notice(self) -> None:
        self.dismiss(None)
