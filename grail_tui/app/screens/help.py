"""Help: each game's keys and rules, in the project's own words, asked of the game."""

from __future__ import annotations

from collections.abc import Sequence

from rich.markdown import Markdown
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from grail_tui.app.keyline import KeyFooter
from grail_tui.games import registry
from grail_tui.games.api import GameKind

ANYWHERE = """\
| key | anywhere |
|---|---|
| Ctrl+P | command palette: every action possible now |
| ? | help |
| Ctrl+Q | quit (a game at this terminal is saved after every action; Continue resumes it) |

"""
SHELL = ANYWHERE + """\
## In the lobby of a server

| key | what it does |
|---|---|
| ↑/↓, Enter | open the game under the cursor: your seat, a free seat, or watch it |
| n | create a game (n on an open seat keeps it for someone by name) |
| j | join a game by its code |
| u | open the game that waits on you with the nearest deadline |
| w | watch a game by its code |
| r | ask for the lists again (they also follow the server by themselves) |
| l | the library of finished games: their story, replay, export |
| t | the leaderboard, and your own rating and history |

## On the start screen

| key | what it does |
|---|---|
| ↑/↓, Enter | choose an entry |
| ←/→ | change the setting under the cursor |
| digits, Backspace | type a number (seed, turn limit) |
| c | continue an unfinished game (d deletes one, after asking) |
| f | the library of finished games: their story, replay, export |

"""


# What a guest (no SSH key) is not offered in the lobby: it may watch, not play.
PLAYERS_ONLY = ("| ↑/↓, Enter | open the game under the cursor: your seat, a free seat, or watch it |\n"
                "| n | create a game (n on an open seat keeps it for someone by name) |\n"
                "| j | join a game by its code |\n"
                "| u | open the game that waits on you with the nearest deadline |\n")
FOR_A_GUEST = ("| ↑/↓, Enter | watch the game under the cursor (a guest may watch, not play or talk) |\n")


def keys_and_rules(text: str) -> tuple[str, str]:
    """A game's help split where its rules begin: at its first top-level heading (``# ``) after
    the keys (api.GameUI.help_text)."""
    at = text.find("\n# ", 1)
    return (text, "") if at < 0 else (text[:at + 1], text[at + 1:])


def help_text(kinds: Sequence[GameKind], *, guest: bool = False, at_table: bool = False) -> str:
    """The help of these games (each game's ``ui().help_text()``: its keys, then its rules);
    a guest's leaves out what a guest may not do. ``at_table``: asked in a game, so it opens on
    that game's own keys, then the keys that work anywhere, then its rules (the lobby's and the
    start screen's keys are in the help those screens open)."""
    if at_table and len(kinds) == 1:
        keys, rules = keys_and_rules(kinds[0].ui().help_text())
        return keys + "## Keys anywhere in grail-tui\n\n" + ANYWHERE + rules
    parts = [SHELL.replace(PLAYERS_ONLY, FOR_A_GUEST) if guest else SHELL]
    for kind in kinds:
        if len(kinds) > 1:
            parts.append(f"# {kind.title}\n\n")
        parts.append(kind.ui().help_text())
    return "".join(parts)


class HelpScreen(Screen[None]):
    """``kind``: the game in front of the player; None: every game (the lobby). ``at_table``:
    asked in a game of that kind (its keys first)."""

    BINDINGS = [
        Binding("escape,q,question_mark", "app.pop_screen", "Close help"),
        Binding("up,k", "scroll(-1)", "Up", show=False),
        Binding("down,j", "scroll(1)", "Down", show=False),
        Binding("pageup", "scroll(-10)", "Page up", show=False),
        Binding("pagedown,space", "scroll(10)", "Page down", show=False),
    ]

    def __init__(self, kind: GameKind | None = None, *, guest: bool = False, at_table: bool = False) -> None:
        super().__init__()
        self.kinds = (kind,) if kind is not None else registry.kinds()
        self.guest = guest
        self.at_table = at_table and kind is not None

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            # Rich's Markdown renders at once; Textual's widget takes a second for this text.
            yield Static(Markdown(help_text(self.kinds, guest=self.guest, at_table=self.at_table)))
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def action_scroll(self, lines: int) -> None:
        self.query_one(VerticalScroll).scroll_relative(y=lines, animate=False)
