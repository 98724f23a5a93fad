"""Help: the key map and the rules in the project's own words."""

from __future__ import annotations

from importlib import resources

from rich.markdown import Markdown
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

KEYS = """\
# Keys

| key | what it does |
|---|---|
| arrows or h j k l | move the cursor on the board |
| Enter on a field | propose with the initiate standing there |
| p | propose: choose an initiate (1-8), then what it does |
| a | assign influence: ←/→ unit, Space select, 1-8 place, u undo, Enter confirm |
| o / n | object (type an amount) / pass, when a proposal is on the table |
| m / r / c | match the objection / reveal more / concede, when your proposal meets an objection |
| Esc | back out of what you are composing |
| b s t g, Tab | show the bidding war, your sheet, the table of known influence, the log |
| Ctrl+P | command palette: every action possible now |
| ? | this help |
| Ctrl+Q | quit (the game is saved after every action; Continue resumes it) |

"""


def rules_text() -> str:
    return resources.files("grail_tui.games.hunt").joinpath("rules.md").read_text(encoding="utf-8")


class HelpScreen(Screen[None]):
    BINDINGS = [
        Binding("escape,q,question_mark", "app.pop_screen", "Close help"),
        Binding("up,k", "scroll(-1)", "Up", show=False),
        Binding("down,j", "scroll(1)", "Down", show=False),
        Binding("pageup", "scroll(-10)", "Page up", show=False),
        Binding("pagedown,space", "scroll(10)", "Page down", show=False),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            # Rich's Markdown renders at once; Textual's widget takes a second for this text.
            yield Static(Markdown(KEYS + rules_text()))
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def action_scroll(self, lines: int) -> None:
        self.query_one(VerticalScroll).scroll_relative(y=lines, animate=False)
