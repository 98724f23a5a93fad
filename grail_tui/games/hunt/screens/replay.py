"""Step through a game record: ←/→ one action, PgUp/PgDn one turn, Home/End.

v shows the sheets as they stood at each step: every sheet once the game is
over, of an unfinished game only the viewer's own (and none for a spectator).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static

from grail_tui.app.glyphs import Glyphs
from grail_tui.app.keyline import KeyFooter
from grail_tui.games.kit.record import step_to

from ..engine import Game, GameRecord, IllegalActionError, TurnBegan, visible_to
from ..widgets.board import BoardMap
from ..widgets.panes import ContestPane, KnownPane, LogPane
from ..widgets.sheets import SheetsPane
from ..words import LogBook
from . import HUNT_CSS
from .end import end_text


class ReplayScreen(Screen[None]):
    CSS_PATH = HUNT_CSS
    BINDINGS = [
        # priority: the log pane would take these keys for scrolling
        Binding("right,l", "step(1)", "Next", priority=True),
        Binding("left,h", "step(-1)", "Back", priority=True),
        Binding("pagedown", "turn(1)", "Next turn", show=False, priority=True),
        Binding("pageup", "turn(-1)", "Prev turn", show=False, priority=True),
        Binding("home", "goto(0)", "Start", priority=True),
        Binding("end", "goto(-1)", "End", priority=True),
        Binding("v", "sheets", "Sheets", tooltip="Show the sheets as they stood at this step"),
        Binding("tab", "next_pane", "Pane"),
        Binding("escape,q", "close", "Close"),
    ]

    def __init__(self, record: GameRecord, glyphs: Glyphs, viewer: int | None = None,
                 note: str | None = None) -> None:
        """``viewer``: of an unfinished game, the seat whose own sheet may be shown; ``note``:
        what is wrong with the record where the replay stops, if anything."""
        super().__init__()
        self.record = record
        self.g = glyphs
        self.index = 0
        self.game = Game(record.setup)
        self.pane = 0
        # A record that breaks the rules (or was damaged) is shown up to where it does.
        self.last, broken, self.finished = playable(record)
        self.note = broken or note
        self.viewer = viewer
        self.sheets_on = False

    @property
    def secret_seats(self) -> tuple[int, ...]:
        """Whose sheets this replay may show: everybody's once the game is over."""
        if self.finished:
            return tuple(range(self.record.setup.players))
        return (self.viewer,) if self.viewer is not None else ()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "sheets":
            return bool(self.secret_seats)
        return True

    def compose(self) -> ComposeResult:
        yield Static(id="status", markup=False)
        with Horizontal(id="body"):
            yield BoardMap(self.g, id="board")
            with Vertical(id="panes"):
                yield ContestPane(id="pane-contest", classes="pane -current")
                yield KnownPane(id="pane-known", classes="pane")
                yield LogPane(id="pane-log", classes="pane")
                yield SheetsPane(id="pane-sheets", classes="pane -off")
        yield Static(id="replay-end")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(BoardMap).can_focus = False
        self.set_class(self.app.size.width >= 110 and self.app.size.height >= 36, "-wide")
        self._show()

    def _goto(self, index: int) -> None:
        setup = self.record.setup
        self.game, self.index = step_to(self.game, self.index, max(0, min(self.last, index)),
                                        self.record.actions, lambda: Game(setup))
        self._show()

    def _show(self) -> None:
        view = self.game.public_view()
        total = len(self.record.actions)
        stops = f" (stops at {self.last})" if self.last < total else ""
        self.query_one("#status", Static).update(
            f"Replay · action {self.index}/{total}{stops} · turn {view.turn} · ←/→ step, PgUp/PgDn turn, Home/End")
        self.query_one(BoardMap).show(view)
        book = LogBook(self.record.setup.names or [f"Player {p + 1}" for p in range(view.players)])
        book.feed([e for e in self.game.history if visible_to(e, None)])
        self.query_one(ContestPane).show(view, book.last)
        self.query_one(KnownPane).show(view)
        log = self.query_one(LogPane)
        log.reset()
        log.add(book.lines)
        end = end_text(view, None, self.app.no_color) if view.outcome else Text()
        if self.note and self.index == self.last:
            end = Text(self.note + "\n", style="bold") + end
        self.query_one("#replay-end", Static).update(end)
        if self.sheets_on:
            self.query_one(SheetsPane).show(self.game, self.secret_seats, self.finished)

    def action_sheets(self) -> None:
        if not self.secret_seats:
            return
        self.sheets_on = not self.sheets_on
        sheets = self.query_one(SheetsPane)
        sheets.set_class(not self.sheets_on, "-off")
        panes = list(self.query(".pane"))
        panes[self.pane].remove_class("-current")
        self.pane = panes.index(sheets) if self.sheets_on else 0
        panes[self.pane].add_class("-current")
        self._show()

    def action_step(self, delta: int) -> None:
        self._goto(self.index + delta)

    def action_goto(self, index: int) -> None:
        self._goto(self.last if index < 0 else index)

    def action_turn(self, delta: int) -> None:
        target = self.game.turn + delta
        if delta < 0:
            probe = Game(self.record.setup)
            stop = 0
            for k, action in enumerate(self.record.actions[:self.last]):
                if probe.turn >= max(0, target):
                    break
                probe.apply(action)
                stop = k + 1
            self._goto(stop if target > 0 else 0)
            return
        index = self.index
        probe = self.game.copy()
        for action in self.record.actions[self.index:self.last]:
            events = probe.apply(action)
            index += 1
            if any(isinstance(e, TurnBegan) for e in events):
                break
        self._goto(index)

    def action_next_pane(self) -> None:
        panes = list(self.query(".pane"))
        panes[self.pane].remove_class("-current")
        self.pane = (self.pane + 1) % len(panes)
        if panes[self.pane].has_class("-off"):
            self.pane = 0
        panes[self.pane].add_class("-current")

    def action_close(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()


def playable(record: GameRecord) -> tuple[int, str | None, bool]:
    """How many of the record's actions can be played, why not the next one, and whether
    the game reaches its end (then every sheet may be shown)."""
    probe = Game(record.setup)
    for index, action in enumerate(record.actions):
        try:
            probe.apply(action)
        except IllegalActionError as exc:
            return index, f"Action {index} of the record breaks the rules ({exc}); the replay stops before it.", False
    return len(record.actions), None, probe.is_over
