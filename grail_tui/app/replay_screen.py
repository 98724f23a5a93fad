"""Stepping through a record, as every game's replay does.

What a replay does whatever the game is written here once: it finds how far the record plays
(a record that breaks the rules, or was damaged, is shown up to where it does, with a note),
steps one action (←/→), one page (PgUp/PgDn: a turn, a round, as the game counts them) or to
either end (Home/End) by replaying from the setup (``kit.record.step_to``), shows the log as a
spectator read it, cycles the side panes (Tab, past any switched off) and closes (Esc, q).

A game's replay subclasses ``TableReplay`` and supplies its part: its layout (``compose``, with
a ``Static(id="status")`` and, for the end, a ``Static(id="replay-end")``), ``page_of`` (what a
PgUp/PgDn page is), ``where`` (where the game stands, for the status line) and ``show`` (its
widgets at this step). Its bindings are ``steps(page)``, its own, then ``CLOSING``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Protocol

from rich.text import Text
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from grail_tui.games.api import AnyKind, IllegalActionError
from grail_tui.games.kit.record import step_to


def steps(page: str) -> list[Binding]:
    """The stepping keys; ``page``: what PgUp/PgDn step by, in the game's words ("turn")."""
    return [
        # priority: a log pane would take these keys for scrolling
        Binding("right,l", "step(1)", "Next", priority=True),
        Binding("left,h", "step(-1)", "Back", priority=True),
        Binding("pagedown", "page(1)", f"Next {page}", show=False, priority=True),
        Binding("pageup", "page(-1)", f"Prev {page}", show=False, priority=True),
        Binding("home", "goto(0)", "Start", priority=True),
        Binding("end", "goto(-1)", "End", priority=True),
    ]


CLOSING = [
    Binding("tab", "next_pane", "Pane"),
    Binding("escape,q", "close", "Close"),
]


class Record(Protocol):
    """A record read back (``RecordData``, or a game's own record): its setup and actions."""

    @property
    def setup(self) -> Any: ...

    @property
    def actions(self) -> Sequence[Any]: ...


def playable(kind: AnyKind, record: Record) -> tuple[int, str | None, bool]:
    """How many of the record's actions can be played, why not the next one, and whether the
    game reaches its end (then every secret is in the record and may be shown)."""
    probe = kind.new_state(record.setup)
    for index, action in enumerate(record.actions):
        try:
            probe.apply(action)
        except IllegalActionError as exc:
            return index, f"Action {index} of the record breaks the rules ({exc}); the replay stops before it.", False
    return len(record.actions), None, probe.is_over


class TableReplay(Screen[None]):
    """A record stepped through; the game's replay fills in its panes."""

    PAGE: ClassVar[str] = "turn"  # what PgUp/PgDn step by, for the status line
    WIDE_AT: ClassVar[tuple[int, int]] = (110, 0)  # columns and rows from which the screen is wide
    BINDINGS = [*steps("turn"), *CLOSING]

    def __init__(self, kind: AnyKind, record: Record, glyphs: Any, note: str | None = None) -> None:
        """``note``: what is wrong with the record where the replay stops, if anything."""
        super().__init__()
        self.kind = kind
        self.record = record
        self.g = glyphs
        self.index = 0
        self.game: Any = kind.new_state(record.setup)
        self.pane = 0
        self.last, broken, self.finished = playable(kind, record)
        self.note = broken or note

    # -- what the game supplies ------------------------------------------------------------------

    def page_of(self, game: Any) -> object:
        """What PgUp/PgDn pages by: a value that changes as a new page (a turn, a round) begins."""
        raise NotImplementedError

    def where(self, view: Any) -> str:
        """Where the game stands at this step, for the status line: "turn 3"."""
        raise NotImplementedError

    def show(self) -> None:
        """Hand the game's widgets what they show at this step (the status line is done)."""

    def pane_changed(self) -> None:
        """Another side pane is in front."""

    # -- what every replay does --------------------------------------------------------------------

    def on_mount(self) -> None:
        columns, rows = self.WIDE_AT
        self.set_class(self.app.size.width >= columns and self.app.size.height >= rows, "-wide")
        self._show()

    def log_lines(self) -> list[str]:
        """The log as a spectator read it up to this step."""
        public = self.game.public_view()
        book = self.kind.log_book([public.name(p) for p in range(self.game.players)])
        book.feed([e for e in self.game.history if self.kind.visible_to(e, None)])
        return list(book.lines)

    def note_here(self) -> Text:
        """What is wrong with the record, at the step where the replay stops (else nothing)."""
        return Text(self.note + "\n", style="bold") if self.note and self.index == self.last else Text()

    def _show(self) -> None:
        total = len(self.record.actions)
        stops = f" (stops at {self.last})" if self.last < total else ""
        self.query_one("#status", Static).update(
            f"Replay · action {self.index}/{total}{stops} · {self.where(self.game.public_view())}"
            f" · ←/→ step, PgUp/PgDn {self.PAGE}, Home/End")
        self.show()

    def _goto(self, index: int) -> None:
        setup = self.record.setup
        self.game, self.index = step_to(self.game, self.index, max(0, min(self.last, index)),
                                        self.record.actions, lambda: self.kind.new_state(setup))
        self._show()

    def action_step(self, delta: int) -> None:
        self._goto(self.index + delta)

    def action_goto(self, index: int) -> None:
        self._goto(self.last if index < 0 else index)

    def action_page(self, delta: int) -> None:
        """To the first action of the next page, or of this one (again: the one before)."""
        starts = [0]
        probe = self.kind.new_state(self.record.setup)
        for k, action in enumerate(self.record.actions[:self.last]):
            before = self.page_of(probe)
            probe.apply(action)
            if self.page_of(probe) != before:
                starts.append(k + 1)
        if delta > 0:
            later = [s for s in starts if s > self.index]
            self._goto(later[0] if later else self.last)
        else:
            earlier = [s for s in starts if s < self.index]
            self._goto(earlier[-1] if earlier else 0)

    def action_next_pane(self) -> None:
        """The next side pane (``.pane``) in front, past any switched off (``-off``)."""
        panes = list(self.query(".pane"))
        if not panes:
            return
        panes[self.pane].remove_class("-current")
        self.pane = (self.pane + 1) % len(panes)
        if panes[self.pane].has_class("-off"):
            self.pane = 0
        panes[self.pane].add_class("-current")
        self.pane_changed()

    def action_close(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()
