"""Step through a record of Pulling Strings: ←/→ one action, PgUp/PgDn one round, Home/End.

What a spectator saw at each step: every structure, the attack with its totals, the log. A record
of a finished game holds every secret, so its replay shows every hand as it was at each step.
The stepping, the log and a broken record's note are the platform's (app/replay_screen.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from grail_tui.app.keyline import KeyFooter
from grail_tui.app.replay_screen import TableReplay, steps

from .. import situation
from ..engine import PublicView
from ..widgets.board import attack_text, structure_rows, table_text

TITLE = Style(bold=True)
DIM = Style(dim=True)


class StringsReplay(TableReplay):
    CSS_PATH = Path(__file__).parent / "strings.tcss"
    PAGE = "round"
    # No Tab: the side panes are all shown at once; w shows another seat's structure.
    BINDINGS = [*steps("round"), Binding("w", "next_seat", "Whose"), Binding("escape,q", "close", "Close")]

    def __init__(self, record: Any, glyphs: Any, note: str | None = None) -> None:
        """``note``: what is wrong with the record where the replay stops, if anything."""
        from ..kind import KIND

        super().__init__(KIND, record, glyphs, note)
        self.seat = 0

    @property
    def complete(self) -> bool:
        """Every secret is in the record (a finished game): the hands are shown."""
        return self.finished

    def compose(self) -> ComposeResult:
        yield Static(id="status", markup=False)
        with Horizontal(id="body"):
            with Vertical(id="board"):
                yield Static(id="structure")
                yield Static(id="hands")
            with Vertical(id="panes"):
                yield Static(id="table")
                yield Static(id="attack")
                yield Static(id="log")
        yield KeyFooter()

    def page_of(self, game: Any) -> object:
        return game.round

    def where(self, view: PublicView) -> str:
        return "over" if view.is_over else situation.status(view, None)[0].lower()

    def show(self) -> None:
        game = self.game
        view = game.public_view()
        cards = situation.Cards(view)
        seat = self.seat % view.players
        side = Text(f"{view.name(seat)}'s structure\n", TITLE)
        for row in structure_rows(view, seat, cards, 40, self.g):
            side.append_text(row.text)
            side.append("\n")
        self.query_one("#structure", Static).update(side)
        hands = Text()
        for p in range(view.players):
            hands.append(f"{view.name(p)[:12]}: ", TITLE)
            if self.finished:
                held = [*game.plot_hand[p], *game.group_hand[p]]
                hands.append(", ".join(game.defs[c].name for c in sorted(held)) or "empty")
            else:
                public = view.seats[p]
                hands.append(f"{public.plot_hand} plot, {public.group_hand} group (hidden)", DIM)
            hands.append("\n")
        self.query_one("#hands", Static).update(hands)
        self.query_one("#table", Static).update(table_text(view, cards, (), 60, self.g))
        self.query_one("#attack", Static).update(attack_text(view, cards, 60))
        ending = Text("\n".join(self.log_lines()[-6:]), DIM)
        ending.append("\n")
        ending.append_text(self.note_here())
        if view.outcome is not None:
            ending.append(view.outcome.describe(view.name), TITLE)
        self.query_one("#log", Static).update(ending)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "next_pane"  # every pane is on screen at once: no Tab to offer

    def action_next_seat(self) -> None:
        self.seat += 1
        self._show()
