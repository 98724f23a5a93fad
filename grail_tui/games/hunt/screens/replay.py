"""Step through a game record: ←/→ one action, PgUp/PgDn one turn, Home/End."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from grail_tui.app.glyphs import Glyphs

from ..engine import Game, GameRecord, TurnBegan, visible_to
from ..widgets.board import BoardMap
from ..widgets.panes import ContestPane, KnownPane, LogPane
from ..words import LogBook
from .end import end_text


class ReplayScreen(Screen[None]):
    BINDINGS = [
        # priority: the log pane would take these keys for scrolling
        Binding("right,l", "step(1)", "Next", priority=True),
        Binding("left,h", "step(-1)", "Back", priority=True),
        Binding("pagedown", "turn(1)", "Next turn", show=False, priority=True),
        Binding("pageup", "turn(-1)", "Prev turn", show=False, priority=True),
        Binding("home", "goto(0)", "Start", priority=True),
        Binding("end", "goto(-1)", "End", priority=True),
        Binding("tab", "next_pane", "Pane"),
        Binding("escape,q", "close", "Close"),
    ]

    def __init__(self, record: GameRecord, glyphs: Glyphs) -> None:
        super().__init__()
        self.record = record
        self.g = glyphs
        self.index = 0
        self.game = Game(record.setup)
        self.pane = 0

    def compose(self) -> ComposeResult:
        yield Static(id="status", markup=False)
        with Horizontal(id="body"):
            yield BoardMap(self.g, id="board")
            with Vertical(id="panes"):
                yield ContestPane(id="pane-contest", classes="pane -current")
                yield KnownPane(id="pane-known", classes="pane")
                yield LogPane(id="pane-log", classes="pane")
        yield Static(id="replay-end")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(BoardMap).can_focus = False
        self.set_class(self.app.size.width >= 110 and self.app.size.height >= 36, "-wide")
        self._show()

    def _goto(self, index: int) -> None:
        index = max(0, min(len(self.record.actions), index))
        if index < self.index:
            self.game = Game(self.record.setup)
            self.index = 0
        for action in self.record.actions[self.index:index]:
            self.game.apply(action)
        self.index = index
        self._show()

    def _show(self) -> None:
        view = self.game.public_view()
        total = len(self.record.actions)
        self.query_one("#status", Static).update(
            f"Replay · action {self.index}/{total} · turn {view.turn} · ←/→ step, PgUp/PgDn turn, Home/End")
        self.query_one(BoardMap).show(view)
        book = LogBook(self.record.setup.names or [f"Player {p + 1}" for p in range(view.players)])
        book.feed([e for e in self.game.history if visible_to(e, None)])
        self.query_one(ContestPane).show(view, book.last)
        self.query_one(KnownPane).show(view)
        log = self.query_one(LogPane)
        log.reset()
        log.add(book.lines)
        self.query_one("#replay-end", Static).update(end_text(view, None, self.app.no_color) if view.outcome else Text())

    def action_step(self, delta: int) -> None:
        self._goto(self.index + delta)

    def action_goto(self, index: int) -> None:
        self._goto(len(self.record.actions) if index < 0 else index)

    def action_turn(self, delta: int) -> None:
        target = self.game.turn + delta
        if delta < 0:
            probe = Game(self.record.setup)
            stop = 0
            for k, action in enumerate(self.record.actions):
                if probe.turn >= max(0, target):
                    break
                probe.apply(action)
                stop = k + 1
            self._goto(stop if target > 0 else 0)
            return
        index = self.index
        probe = self.game.copy()
        for action in self.record.actions[self.index:]:
            events = probe.apply(action)
            index += 1
            if any(isinstance(e, TurnBegan) for e in events):
                break
        self._goto(index)

    def action_next_pane(self) -> None:
        panes = list(self.query(".pane"))
        panes[self.pane].remove_class("-current")
        self.pane = (self.pane + 1) % len(panes)
        panes[self.pane].add_class("-current")

    def action_close(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()
