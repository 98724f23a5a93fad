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

## In a game

| key | what it does |
|---|---|
| arrows or h j k l | move the cursor on the board |
| Enter on a field | propose with the initiate standing there |
| p | propose: choose an initiate (1-8, or ↑/↓ and Enter), then what it does |
| a | assign influence: ←/→ unit, Space select, 1-8 place, u undo, Enter confirm |
| o / n | object (type an amount) / pass, when a proposal is on the table |
| m / r / c | match the objection / raise (reveal more than it) / concede, when your proposal meets an objection |
| w | standing answers for the rest of the turn: pass on every proposal, or keep objecting to moves of an initiate up to an amount; they answer for you at a person's pace |
| Esc or x | back out of what you are composing |
| Esc | in a server game, when nothing is being composed: back to the lobby (your seat stays yours) |
| b s t g, Tab | show the bidding war, your sheet, the table of known influence, the log |
| PgUp PgDn Home End | scroll the log (it takes the keyboard; Esc gives it back) |
| f | the whole log on the screen |
| : | say something to everyone at the table (server games) |
| Ctrl+P | command palette: every action possible now |
| ? | this help |
| Ctrl+Q | quit (the game is saved after every action; Continue resumes it) |

On the board, ◆ before the codes on a field means the grail lies there; ◆
right after a code (AC◆) means that initiate carries it. While you choose a
proposal, › marks the fields it can step to.

## In the lobby of a server

| key | what it does |
|---|---|
| ↑/↓, Enter | open the game under the cursor: your seat, a free seat, or watch it |
| n | create a game (Enter on an open seat reserves it for someone by name) |
| j | join a game by its four-letter code |
| w | watch a game by its code |
| r | refresh the lists |

## On the start screen

| key | what it does |
|---|---|
| ↑/↓, Enter | choose an entry |
| ←/→ | change the setting under the cursor |
| digits, Backspace | type a number (seed, turn limit) |
| c | continue an unfinished game |

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
