"""Step through a record of Pulling Strings: ←/→ one action, PgUp/PgDn one round, Home/End.

What a spectator saw at each step: every structure, the attack with its totals, the log. A record
of a finished game holds every secret, so its replay shows every hand as it was at each step."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static

from grail_tui.app.keyline import KeyFooter
from grail_tui.games.kit.record import step_to

from .. import situation
from ..engine import Game, IllegalActionError, visible_to
from ..widgets.board import attack_text, structure_rows, table_text
from ..words import LogBook

TITLE = Style(bold=True)
DIM = Style(dim=True)


class StringsReplay(Screen[None]):
    CSS_PATH = Path(__file__).parent / "strings.tcss"
    BINDINGS = [
        Binding("right,l", "step(1)", "Next", priority=True),
        Binding("left,h", "step(-1)", "Back", priority=True),
        Binding("pagedown", "round(1)", "Next round", show=False, priority=True),
        Binding("pageup", "round(-1)", "Prev round", show=False, priority=True),
        Binding("home", "goto(0)", "Start", priority=True),
        Binding("end", "goto(-1)", "End", priority=True),
        Binding("w", "next_seat", "Whose"),
        Binding("escape,q", "close", "Close"),
    ]

    def __init__(self, record: Any, glyphs: Any, note: str | None = None) -> None:
        super().__init__()
        self.record = record
        self.g = glyphs
        self.index = 0
        self.seat = 0
        self.game = Game(record.setup)
        probe = Game(record.setup)
        self.last, broken = len(record.actions), None
        for index, action in enumerate(record.actions):
            try:
                probe.apply(action)
            except IllegalActionError as exc:
                self.last = index
                broken = f"Action {index} of the record breaks the rules ({exc}); the replay stops before it."
                break
        self.note = broken or note
        self.complete = broken is None and probe.is_over  # every secret is in the record: show the hands

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

    def on_mount(self) -> None:
        self.set_class(self.app.size.width >= 110, "-wide")
        self._show()

    def _goto(self, index: int) -> None:
        setup = self.record.setup
        self.game, self.index = step_to(self.game, self.index, max(0, min(self.last, index)),
                                        self.record.actions, lambda: Game(setup))
        self._show()

    def _show(self) -> None:
        game = self.game
        view = game.public_view()
        cards = situation.Cards(view)
        where = "over" if view.is_over else situation.status(view, None)[0].lower()
        self.query_one("#status", Static).update(
            f"Replay · action {self.index}/{len(self.record.actions)} · {where} · ←/→ step, PgUp/PgDn round, w whose")
        seat = self.seat % view.players
        side = Text(f"{view.name(seat)}'s structure\n", TITLE)
        for row in structure_rows(view, seat, cards, 40, self.g):
            side.append_text(row.text)
            side.append("\n")
        self.query_one("#structure", Static).update(side)
        hands = Text()
        for p in range(view.players):
            hands.append(f"{view.name(p)[:12]}: ", TITLE)
            if self.complete:
                held = [*game.plot_hand[p], *game.group_hand[p]]
                hands.append(", ".join(game.defs[c].name for c in sorted(held)) or "empty")
            else:
                public = view.seats[p]
                hands.append(f"{public.plot_hand} plot, {public.group_hand} group (hidden)", DIM)
            hands.append("\n")
        self.query_one("#hands", Static).update(hands)
        self.query_one("#table", Static).update(table_text(view, cards, (), 60, self.g))
        self.query_one("#attack", Static).update(attack_text(view, cards, 60))
        book = LogBook(self.record.setup.names or [f"Player {p + 1}" for p in range(view.players)])
        book.feed([e for e in game.history if visible_to(e, None)])
        ending = Text("\n".join(book.lines[-6:]), DIM)
        if self.note and self.index == self.last:
            ending.append("\n" + self.note, TITLE)
        if view.outcome is not None:
            ending.append("\n" + view.outcome.describe(view.name), TITLE)
        self.query_one("#log", Static).update(ending)

    def action_step(self, delta: int) -> None:
        self._goto(self.index + delta)

    def action_goto(self, index: int) -> None:
        self._goto(self.last if index < 0 else index)

    def action_next_seat(self) -> None:
        self.seat += 1
        self._show()

    def action_round(self, delta: int) -> None:
        starts = [0]
        probe = Game(self.record.setup)
        for k, action in enumerate(self.record.actions[:self.last]):
            before = probe.round
            probe.apply(action)
            if probe.round != before:
                starts.append(k + 1)
        if delta > 0:
            later = [s for s in starts if s > self.index]
            self._goto(later[0] if later else self.last)
        else:
            earlier = [s for s in starts if s < self.index]
            self._goto(earlier[-1] if earlier else 0)

    def action_close(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()
