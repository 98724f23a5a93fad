"""Small modal screens: ask for a line of text, ask yes or no; the privacy screen for hot-seat play."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from grail_tui.app.lineinput import LineInput


class TextPrompt(ModalScreen[str | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, value: str = "", placeholder: str = "") -> None:
        super().__init__()
        self.question, self.value, self.placeholder = question, value, placeholder

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.question, id="question", markup=False)
            answer = LineInput(self.value, placeholder=self.placeholder, id="answer")
            answer.cursor_blink = False
            yield answer
            yield Static("Enter to accept, Esc to cancel", classes="hint")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmPrompt(ModalScreen[bool]):
    """A yes-or-no question; anything but y is no."""

    BINDINGS = [Binding("y", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No")]

    def __init__(self, question: str, hint: str = "y: yes · n or Esc: no") -> None:
        super().__init__()
        self.question = question
        self.hint = hint

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.question, id="question", markup=False)  # it may hold a path or a name
            yield Static(self.hint, classes="hint", markup=False)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class PrivacyScreen(ModalScreen[None]):
    """Covers the whole screen until the named player has the keyboard."""

    BINDINGS = [Binding("enter", "ready", "I am ready", key_display="Enter")]

    def __init__(self, name: str, reason: str) -> None:
        super().__init__()
        self.player_name = name
        self.reason = reason

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(f"Pass the keyboard to {self.player_name}", id="question", markup=False)
            yield Static(self.reason, markup=False)
            yield Static(
                f"{self.player_name}: press Enter when nobody else can see the screen.", classes="hint",
                markup=False)

    def action_ready(self) -> None:
        self.dismiss(None)
