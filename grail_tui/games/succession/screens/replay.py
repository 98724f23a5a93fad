"""Step through a record of the card game: ←/→ one turn, PgUp/PgDn one round, Home/End.

A record of a finished game holds every secret already, so the replay shows
both hands as they were; of an unfinished game it shows what a spectator saw.
"""

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

from ..engine import PLAYERS, Game, IllegalActionError, visible_to
from ..widgets.cards import RowView, chips
from ..widgets.panes import LogPane, TakenPane
from ..words import LogBook

TITLE = Style(bold=True)
DIM = Style(dim=True)


class SuccessionReplay(Screen[None]):
    CSS_PATH = Path(__file__).parent / "succession.tcss"
    BINDINGS = [
        # priority: the log pane would take these keys for scrolling
        Binding("right,l", "step(1)", "Next", priority=True),
        Binding("left,h", "step(-1)", "Back", priority=True),
        Binding("pagedown", "round(1)", "Next round", show=False, priority=True),
        Binding("pageup", "round(-1)", "Prev round", show=False, priority=True),
        Binding("home", "goto(0)", "Start", priority=True),
        Binding("end", "goto(-1)", "End", priority=True),
        Binding("tab", "next_pane", "Pane"),
        Binding("escape,q", "close", "Close"),
    ]

    def __init__(self, record: Any, glyphs: Any, note: str | None = None) -> None:
        """``note``: what is wrong with the record where the replay stops, if anything."""
        super().__init__()
        self.record = record  # RecordData: setup and actions
        self.g = glyphs
        self.index = 0
        self.game = Game(record.setup)
        self.pane = 0
        probe = Game(record.setup)
        self.last, broken = len(record.actions), None  # a record that breaks the rules stops there
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
        total = len(self.record.actions)
        where = "over" if view.is_over else f"round {view.round}, turn {view.turn + 1}"
        self.query_one("#status", Static).update(
            f"Replay · action {self.index}/{total} · {where} · ←/→ step, PgUp/PgDn round, Home/End")
        self.query_one(RowView).show(view)
        plain = self.app.no_color
        hands = Text()
        for p in range(PLAYERS):
            hands.append(f"{view.name(p)[:12]}'s hand\n", TITLE)
            if self.complete:
                hands.append_text(chips(game.hands[p], plain) if game.hands[p] else Text("empty", DIM))
            else:
                hands.append(f"{view.hand_sizes[p]} cards, hidden", DIM)
            hands.append("\n")
        self.query_one("#hands", Static).update(hands)
        self.query_one(TakenPane).show(view)
        book = LogBook(self.record.setup.names or [f"Player {p + 1}" for p in range(PLAYERS)])
        book.feed([e for e in game.history if visible_to(e, None)])
        log = self.query_one(LogPane)
        log.reset()
        log.add(book.lines)
        ending = Text()
        if self.note and self.index == self.last:
            ending.append(self.note + "\n", TITLE)
        if view.outcome is not None:
            ending.append(view.outcome.describe(view.name) + "\n", TITLE)
            ending.append("Put aside: ", TITLE)
            ending.append_text(chips(view.aside or (), plain))
        self.query_one("#replay-end", Static).update(ending)

    def action_step(self, delta: int) -> None:
        self._goto(self.index + delta)

    def action_goto(self, index: int) -> None:
        self._goto(self.last if index < 0 else index)

    def action_round(self, delta: int) -> None:
        """To the first action of the next round, or of this one (again: the one before)."""
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

    def action_next_pane(self) -> None:
        panes = list(self.query(".pane"))
        panes[self.pane].remove_class("-current")
        self.pane = (self.pane + 1) % len(panes)
        panes[self.pane].add_class("-current")
        self.query_one(LogPane).scroll_end(animate=False)  # written while hidden: show its end

    def action_close(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()
