"""Step through a game record: ←/→ one action, PgUp/PgDn one turn, Home/End.

v shows the sheets as they stood at each step: every sheet once the game is
over, of an unfinished game only the viewer's own (and none for a spectator).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from grail_tui.app.keyline import KeyFooter
from grail_tui.app.replay_screen import CLOSING, TableReplay, steps

from ..engine import Game, GameRecord, PublicView
from ..glyphs import Glyphs
from ..widgets.board import BoardMap
from ..widgets.panes import ContestPane, KnownPane, LogPane
from ..widgets.sheets import SheetsPane
from ..words import LogBook
from . import HUNT_CSS
from .end import end_text


class ReplayScreen(TableReplay):
    CSS_PATH = HUNT_CSS
    WIDE_AT = (110, 36)
    BINDINGS = [
        *steps("turn"),
        Binding("v", "sheets", "Sheets", tooltip="Show the sheets as they stood at this step"),
        *CLOSING,
    ]

    def __init__(self, record: GameRecord, glyphs: Glyphs, viewer: int | None = None,
                 note: str | None = None) -> None:
        """``viewer``: of an unfinished game, the seat whose own sheet may be shown; ``note``:
        what is wrong with the record where the replay stops, if anything."""
        from ..kind import KIND

        super().__init__(KIND, record, glyphs, note)
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
        super().on_mount()

    def page_of(self, game: Game) -> object:
        return game.turn

    def where(self, view: PublicView) -> str:
        return f"turn {view.turn}"

    def show(self) -> None:
        view = self.game.public_view()
        self.query_one(BoardMap).show(view)
        book = LogBook([view.name(p) for p in range(view.players)])
        book.feed([e for e in self.game.history if self.kind.visible_to(e, None)])
        self.query_one(ContestPane).show(view, book.last)
        self.query_one(KnownPane).show(view)
        log = self.query_one(LogPane)
        log.reset()
        log.add(book.lines)
        end = end_text(view, None, self.app.no_color) if view.outcome else Text()
        self.query_one("#replay-end", Static).update(self.note_here() + end)
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

