"""Step through a record of the card game: ←/→ one turn, PgUp/PgDn one round, Home/End.

A record of a finished game holds every secret already, so the replay shows
both hands as they were; of an unfinished game it shows what a spectator saw.
The stepping, the log and a broken record's note are the platform's (app/replay_screen.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from grail_tui.app.keyline import KeyFooter
from grail_tui.app.replay_screen import CLOSING, TableReplay, steps

from ..engine import PLAYERS, PublicView
from ..widgets.cards import RowView, chips
from ..widgets.panes import LogPane, TakenPane

TITLE = Style(bold=True)
DIM = Style(dim=True)


class SuccessionReplay(TableReplay):
    CSS_PATH = Path(__file__).parent / "succession.tcss"
    PAGE = "round"
    BINDINGS = [*steps("round"), *CLOSING]

    def __init__(self, record: Any, glyphs: Any, note: str | None = None) -> None:
        """``note``: what is wrong with the record where the replay stops, if anything."""
        from ..kind import KIND

        super().__init__(KIND, record, glyphs, note)

    def compose(self) -> ComposeResult:
        yield Static(id="status", markup=False)  # players' names: plain text
        with Horizontal(id="body"):
            with Vertical(id="cards"):
                yield RowView(id="row")
                yield Static(id="hands")
                yield Static(id="replay-end")
            with Vertical(id="panes"):
                yield TakenPane(id="pane-taken", classes="pane -current")
                yield LogPane(id="pane-log", classes="pane")
        yield KeyFooter()

    def page_of(self, game: Any) -> object:
        return game.round

    def where(self, view: PublicView) -> str:
        return "over" if view.is_over else f"round {view.round}, turn {view.turn + 1}"

    def show(self) -> None:
        game = self.game
        view = game.public_view()
        self.query_one(RowView).show(view)
        plain = self.app.no_color
        hands = Text()
        for p in range(PLAYERS):
            hands.append(f"{view.name(p)[:12]}'s hand\n", TITLE)
            if self.finished:  # every secret is in the record: show the hands
                hands.append_text(chips(game.hands[p], plain) if game.hands[p] else Text("empty", DIM))
            else:
                hands.append(f"{view.hand_sizes[p]} cards, hidden", DIM)
            hands.append("\n")
        self.query_one("#hands", Static).update(hands)
        self.query_one(TakenPane).show(view)
        log = self.query_one(LogPane)
        log.reset()
        log.add(self.log_lines())
        ending = self.note_here()
        if view.outcome is not None:
            ending.append(view.outcome.describe(view.name) + "\n", TITLE)
            ending.append("Put aside: ", TITLE)
            ending.append_text(chips(view.aside or (), plain))
        self.query_one("#replay-end", Static).update(ending)

    def pane_changed(self) -> None:
        self.query_one(LogPane).scroll_end(animate=False)  # written while hidden: show its end
