"""The card game's screen: the row, your hand, the cards taken with the running score, the log.

The screen owns the state (the seat at the keyboard, what is being chosen,
the refusal to show, the pane in front, the hand's cursor), all reactives.
The table client says when something changed; the screen reads that seat's
latest update once, and every change, however many arrive together, ends in
one paint that hands each widget what it shows. Legality comes from the
client (the engine, from this seat's own view); a refusal is shown as worded.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Static

from grail_tui.app.keyline import KeyFooter
from grail_tui.app.screens.at_table import AtTable
from grail_tui.table.client import TableClient

from .. import situation
from ..engine import ROUNDS
from ..situation import Compose
from ..standing import OnlyMove
from ..widgets.cards import HandView, RowView
from ..widgets.panes import LogPane, TakenPane
from .choosing import ChoosingScreen

PANES = ("taken", "log")
RECENT = 3  # log lines under the hand, so the last moves show whichever pane is in front
DIM = Style(dim=True)


class TableChanged(Message):
    """The table has news; a burst of these collapses into one."""

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, TableChanged)


class SuccessionScreen(AtTable, ChoosingScreen):
    CSS_PATH = Path(__file__).parent / "succession.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    BINDINGS = [
        Binding("p", "play", "Play", tooltip="Play the card under the cursor to the row", id="play"),
        Binding("t", "take", "Take", tooltip="Take the marked cards of the row (once a round)", id="take"),
        Binding("n", "pass", "Pass", tooltip="Pass: only when you can neither play nor take", id="pass"),
        Binding("escape,x", "back", "Back", key_display="Esc/x", tooltip="Back out of a take",
                id="back"),
        *(Binding(str(k), f"pick({k - 1})", f"Card {k}", show=False) for k in range(1, 6)),
        Binding("c", "pane('taken')", "Taken", show=False, id="pane-taken"),
        Binding("g", "pane('log')", "Log", show=False, id="pane-log"),
        Binding("tab", "next_pane", "Panes", key_display="Tab", tooltip="Show the next pane (c g)",
                id="next-pane"),
        Binding("colon", "chat", "Chat", key_display=":", tooltip="Say something to the table", id="chat"),
        Binding("question_mark", "help", "Help", key_display="?", id="help"),
    ]

    def __init__(self, client: TableClient, glyphs: Any) -> None:
        super().__init__(client)
        self.g = glyphs
        self.paints = 0  # counted by a test: one paint per change
        self.asked_key: object = None
        self.log_owner: object = "nobody yet"
        self.ended = False
        self.failure_told: str | None = None
        self._enabled: tuple[str, ...] = ()

    # -- layout ----------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="body"):
            with Vertical(id="cards"):
                yield RowView(id="row")
                yield HandView(id="hand")
                yield Static(id="recent")
            with Vertical(id="panes"):
                yield TakenPane(id="pane-taken", classes="pane")
                yield LogPane(id="pane-log", classes="pane")
        with Vertical(id="prompt"):
            yield Static(id="prompt-text")
            yield Static(id="prompt-error")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.client.on_change = self._table_changed
        if self.hotseat:  # nobody is handed the keyboard for a move they have no choice over
            for seat in self.client.seats:
                self.client.stand(seat, OnlyMove())
        self._show_pane()
        self.set_focus(self.query_one(HandView))
        self.client.start()
        self._sync()

    def on_unmount(self) -> None:
        if self.client.on_change == self._table_changed:
            self.client.on_change = None

    def _show_pane(self) -> None:
        for name in PANES:
            self.query_one(f"#pane-{name}").set_class(name == self.pane, "-current")

    # -- keeping the screen in step with the table -------------------------------

    def _table_changed(self) -> None:
        self.post_message(TableChanged())

    def on_table_changed(self, _message: TableChanged) -> None:
        self._sync()

    def _sync(self) -> None:
        """Read the latest update for the seat at the keyboard (or a spectator's)."""
        client = self.client
        if client.refusal:
            self.error = client.refusal
            client.refusal = None
        if client.failure and client.failure != self.failure_told:
            self.failure_told = client.failure  # once, not at every update that follows
            self.notify(f"A computer player failed ({client.failure}); the game goes on.",
                        severity="error", timeout=10)
        spectator = client.latest(None)
        if spectator is None:
            return
        self.public = spectator.view
        if spectator.over:
            self.mine = None
            self.mode = Compose.IDLE
            self._dirty()
            if not self.ended:
                self.ended = True
                from .end import EndScreen

                self.app.push_screen(EndScreen(client, self.g))
            return
        self._update_viewer()
        mine = client.latest(self.viewer) if self.viewer is not None else None
        self.mine = mine.view if mine is not None else None
        if self.mine is not None:
            self.public = self.mine.public
        public = self.public
        key = (public.round, public.turn, self.viewer)
        if self.asked() and key != self.asked_key:
            self.app.bell()
            if client.remote:
                self.notify("It is your turn.", timeout=4)
        if key != self.asked_key:
            self.forget_why()
        self.asked_key = key
        self.tell_new_chat(self.viewer if self.viewer is not None else next(iter(client.seats), None))
        if self.mode is Compose.TAKE and not self.asked():
            self.mode = Compose.IDLE
        self._dirty()

    def _update_viewer(self) -> None:
        if not self.hotseat:
            return
        client = self.client
        asked = [s for s in client.seats if (u := client.latest(s)) is not None and u.asked
                 and not client.standing_due(s)]  # a forced move needs nobody at the keyboard
        if self.viewer is not None and self.viewer in asked:
            return
        self._cancel()
        self.viewer = None
        if asked and not self.privacy_open and self.public is not None:

            def ready(target: int) -> None:
                update = self.client.latest(target)
                self.viewer = target if update is not None and update.asked else None
                self._sync()

            keeps = self.hand_keyboard(asked, self.public.name(asked[0]), "It is your turn.", ready)
            if keeps is not None:
                self.viewer = keeps  # the person at the keyboard goes on: the sync reads their view

    # -- one paint per change ----------------------------------------------------

    def watch_viewer(self) -> None:
        self.cursor = 0
        self._dirty()

    def watch_mode(self) -> None:
        self._dirty()

    def watch_error(self) -> None:
        self._dirty()

    def watch_cursor(self) -> None:
        self._dirty()

    def watch_pane(self) -> None:
        self._show_pane()
        self._dirty()  # the log in front: the status line's chat marker goes
        if self.pane == "log":
            self.query_one(LogPane).scroll_end(animate=False)  # written while hidden: show its end

    def _paint(self) -> None:
        self._paint_due = False
        view, pv = self.public, self.mine
        if view is None:
            self.query_one("#status", Static).update("Waiting for the table…")
            return
        self.paints += 1
        client = self.client
        latest = client.latest(None)
        names = latest.names if latest is not None else ()
        free = tuple(p for p, name in enumerate(names) if name.endswith("(open)"))  # nobody took it yet
        away = tuple(p for p, here in enumerate(latest.present) if not here and p not in free) \
            if client.remote and latest is not None else ()
        self.query_one("#status", Static).update(situation.status_line(
            view, self.viewer, hotseat=self.hotseat, remote=client.remote, notice=client.notice,
            code=client.code, away=away, open_seats=len(free)) + self.chat_marker("g"))
        asked = self.asked()
        self.query_one(RowView).show(view, taking=self.mode is Compose.TAKE)
        hand = self.query_one(HandView)
        if pv is None:
            note = ("Hidden: pass the keyboard to the player whose turn it is." if self.hotseat
                    else "Hidden: only their holders see the hands.")
            hand.show("Hand", None, None, note)
        else:
            if pv.hand and self.cursor >= len(pv.hand):
                self.cursor = len(pv.hand) - 1  # paints again: the cursor is a reactive
            hand.show(f"Your hand · {view.name(pv.player)}", pv.hand,
                      self.cursor if asked and self.mode is Compose.IDLE else None,
                      "empty until the next round" if view.round < ROUNDS else "empty: no more cards in this last round")
        self.query_one(TakenPane).show(view)
        book = client.log(self.viewer)
        log = self.query_one(LogPane)
        if self.log_owner != self.viewer:
            log.reset()
            self.log_owner = self.viewer
        log.add(book.lines)
        self.query_one("#recent", Static).update(Text("\n".join(book.lines[-RECENT:]), DIM))
        self.query_one("#prompt-text", Static).update(
            situation.prompt(self.mode, asked, view, pv, remote=client.remote))
        self.query_one("#prompt-error", Static).update(self.error)
        # The footer rebuilds its keys on every refresh_bindings(): only when they change.
        enabled = tuple(b.action for b in self.BINDINGS if isinstance(b, Binding)
                        and self.check_action(*self._parse(b.action)) is not False)
        if enabled != self._enabled:
            self._enabled = enabled
            self.refresh_bindings()

    @staticmethod
    def _parse(action: str) -> tuple[str, tuple[object, ...]]:
        from textual.actions import parse

        _, name, params = parse(action)
        return name, params

    # -- which keys work now ---------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        asked = self.asked()
        idle = self.mode is Compose.IDLE
        if action == "play":
            return asked and idle and bool(self._hand())  # an empty hand plays nothing: no key shown
        if action == "take":
            return asked
        if action == "pass":
            if not (asked and idle and self.viewer is not None and self.public is not None):
                return False
            return not self._hand() and not situation.may_take(self.public, self.viewer)
        if action == "back":
            return not idle
        if action == "pick":
            return asked and idle
        if action == "chat":
            return self.client.may_chat and idle
        return True

    def why_not(self, action: str) -> str | None:
        return situation.why_not(action, self.asked(), self.mode, self.public,
                                 watching=not self.client.seats)

    def log_shown(self) -> bool:
        return self.pane == "log" or self.has_class("-wide")

    def action_pane(self, name: str) -> None:
        self.pane = name

    def action_next_pane(self) -> None:
        self.pane = PANES[(PANES.index(self.pane) + 1) % len(PANES)]
