"""A choice made for each seat (a per-seat option, e.g. each seat's deck): one line a seat, ↑/↓
to a seat, ←/→ through the choices, Enter keeps them, Esc leaves them as they were."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static

from grail_tui.games.api import SetupOption


class SeatList(Widget, can_focus=True):
    """The seats and what each has chosen; the cursor's line reversed."""

    BINDINGS = [
        Binding("up,k", "move(-1)", "Up", show=False),
        Binding("down,j", "move(1)", "Down", show=False),
        Binding("left,h", "change(-1)", "Previous", show=False),
        Binding("right,l", "change(1)", "Next", show=False),
    ]

    def __init__(self, option: SetupOption, names: list[str], values: list[str], **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.option = option
        self.names = names
        self.values = values
        self.row = 0

    def action_move(self, delta: int) -> None:
        self.row = (self.row + delta) % len(self.values)
        self.refresh()

    def action_change(self, delta: int) -> None:
        choices = [value for value, _ in self.option.choices]
        here = self.values[self.row]
        at = choices.index(here) if here in choices else 0
        self.values[self.row] = choices[(at + delta) % len(choices)]
        self.refresh()

    def render(self) -> Text:
        labels = dict(self.option.choices)
        text = Text()
        for k, (name, value) in enumerate(zip(self.names, self.values, strict=True)):
            here = k == self.row
            text.append("> " if here else "  ", Style(bold=True))
            body = Text(f"Seat {k + 1}  {name[:14]:<15}◂ {labels.get(value, value)} ▸")
            if here:
                body.stylize(Style(reverse=True))
            text.append_text(body)
            text.append("\n")
        text.rstrip()
        return text


class SeatChoices(ModalScreen[str | None]):
    """Each seat's choice of one option; dismissed with the option's value (None: unchanged)."""

    DEFAULT_CSS = """
    SeatChoices { align: center middle; }
    SeatChoices > Vertical { width: 64; height: auto; border: round $accent; padding: 0 1; background: $surface; }
    SeatChoices SeatList { height: auto; }
    """
    BINDINGS = [
        Binding("enter", "keep", "Keep"),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, option: SetupOption, names: list[str], value: str | int) -> None:
        super().__init__()
        self.option = option
        self.names = names
        self.values = list(option.seat_values(value, len(names)))

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(f"{self.option.label}: {self.option.hint}", style="bold"))
            yield SeatList(self.option, self.names, self.values)
            yield Static(Text("↑/↓ seat · ←/→ choose · Enter keeps · Esc cancels", style="dim"))

    def on_mount(self) -> None:
        self.query_one(SeatList).focus()

    def action_keep(self) -> None:
        self.dismiss(",".join(self.query_one(SeatList).values))

    def action_cancel(self) -> None:
        self.dismiss(None)
