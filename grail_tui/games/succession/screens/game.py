"""The card game's screen: the row, your hand, the cards taken with the running score, the log.

It stands on the one table screen (app/table_screen.py: the client's wiring, reading updates,
the hot-seat hand-off, the end, the status line's platform part, chat and help, one paint per
change) and supplies the card game's part: its layout, the hand's cursor, a take composed
(``mode``), its prompt and its keys (keys.py). Legality comes from the client (the engine,
from this seat's own view); a refusal is shown as worded.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Static

from grail_tui.app.keyline import KeyFooter
from grail_tui.app.table_screen import TableScreen

from .. import situation
from ..engine import GRAIL, ROUNDS, Pass, Play, PlayerView, PublicView, Take
from ..situation import Compose, may_take
from ..standing import OnlyMove
from ..widgets.cards import HandView, RowView
from ..widgets.panes import LogPane, TakenPane
from .keys import KEYS

PANES = ("taken", "log")
RECENT = 3  # log lines under the hand, so the last moves show whichever pane is in front
DIM = Style(dim=True)


class SuccessionScreen(TableScreen):
    CSS_PATH = Path(__file__).parent / "succession.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    mode: reactive[Compose] = reactive(Compose.IDLE, init=False)
    pane: reactive[str] = reactive("taken", init=False)
    cursor: reactive[int] = reactive(0, init=False)
    KEYS = KEYS
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
        *TableScreen.AT_EVERY_TABLE,
    ]

    public: PublicView | None
    mine: PlayerView | None

    # -- layout ----------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status", markup=False)  # players' names: plain text
        with Horizontal(id="body"):
            with Vertical(id="cards"):
                yield RowView(id="row")
                yield HandView(id="hand")
                yield Static(id="recent")
            with Vertical(id="panes"):
                yield TakenPane(id="pane-taken", classes="pane")
                yield LogPane(id="pane-log", classes="pane")
        with Vertical(id="prompt"):
            yield Static(id="prompt-text", markup=False)
            yield Static(id="prompt-error", markup=False)
        yield KeyFooter()

    def set_up(self) -> None:
        if self.hotseat:  # nobody is handed the keyboard for a move they have no choice over
            for seat in self.client.seats:
                self.client.stand(seat, OnlyMove())
        self._show_pane()
        self.set_focus(self.query_one(HandView))

    def _show_pane(self) -> None:
        for name in PANES:
            self.query_one(f"#pane-{name}").set_class(name == self.pane, "-current")

    # -- the card game's part of the table screen ----------------------------------------

    def idle(self) -> bool:
        return self.mode is Compose.IDLE

    def position(self) -> object:
        public = self.public
        assert public is not None
        return public.round, public.turn

    def status(self, view: PublicView) -> tuple[str, str]:
        return situation.status(view, self.viewer, hotseat=self.hotseat)

    def synced(self) -> None:
        if self.mode is Compose.TAKE and not self.is_asked():
            self.mode = Compose.IDLE

    def cancel(self) -> None:
        self.mode = Compose.IDLE
        self.error = ""

    def game_over(self) -> None:
        self.mode = Compose.IDLE

    def end_screen(self) -> Screen[Any]:
        from .end import EndScreen

        return EndScreen(self.client, self.g)

    def log_shown(self) -> bool:
        return self.pane == "log" or self.has_class("-wide")

    # -- the hand and the actions ------------------------------------------------------

    def hand(self) -> tuple[Any, ...]:
        return self.mine.hand if self.mine is not None else ()

    def sent(self) -> None:
        self.cancel()
        self.set_focus(self.query_one(HandView))

    def on_hand_view_move(self, message: HandView.Move) -> None:
        hand = self.hand()
        if hand and self.mode is Compose.IDLE:
            self.cursor = (self.cursor + message.delta) % len(hand)
            self.error = ""

    def on_hand_view_chosen(self, _message: HandView.Chosen) -> None:
        if self.mode is Compose.TAKE:
            self.action_take()
        elif self.check_action("play", ()):
            self.action_play()

    def action_pick(self, index: int) -> None:
        """A digit: put the cursor on that card of the hand."""
        hand = self.hand()
        if self.mode is Compose.IDLE and 0 <= int(index) < len(hand):
            self.cursor = int(index)
            self.error = ""

    def action_play(self) -> None:
        hand = self.hand()
        if self.viewer is None:
            return
        if not hand:  # the rules' own refusal: "Your hand is empty: take cards from the row."
            self.error = self.client.why_illegal(self.viewer, Play(self.viewer, GRAIL)) or ""
            return
        self.submit(Play(self.viewer, hand[min(self.cursor, len(hand) - 1)]))

    def action_take(self) -> None:
        """The first t shows what a take would bring; t or Enter then takes."""
        if self.viewer is None or self.public is None:
            return
        if self.mode is Compose.TAKE:
            self.submit(Take(self.viewer))
            return
        if not may_take(self.public, self.viewer):
            self.error = self.client.why_illegal(self.viewer, Take(self.viewer)) or ""
            return
        self.error = ""
        self.mode = Compose.TAKE

    def action_pass(self) -> None:
        if self.viewer is not None:
            self.submit(Pass(self.viewer))

    def action_back(self) -> None:
        self.cancel()
        self.set_focus(self.query_one(HandView))

    def action_pane(self, name: str) -> None:
        self.pane = name

    def action_next_pane(self) -> None:
        self.pane = PANES[(PANES.index(self.pane) + 1) % len(PANES)]

    # -- one paint per change ----------------------------------------------------

    def watch_viewer(self) -> None:
        self.cursor = 0
        self._dirty()

    def watch_mode(self) -> None:
        self._dirty()

    def watch_cursor(self) -> None:
        self._dirty()

    def watch_pane(self) -> None:
        self._show_pane()
        self._dirty()  # the log in front: the status line's chat marker goes
        if self.pane == "log":
            self.query_one(LogPane).scroll_end(animate=False)  # written while hidden: show its end

    def paint(self) -> None:
        view, pv = self.public, self.mine
        assert view is not None
        client = self.client
        asked = self.is_asked()
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
        self.write_log(self.query_one(LogPane))
        book = client.log(self.viewer)
        self.query_one("#recent", Static).update(Text("\n".join(book.lines[-RECENT:]), DIM))
        self.query_one("#prompt-text", Static).update(
            situation.prompt(self.mode, asked, view, pv, remote=client.remote))
        self.query_one("#prompt-error", Static).update(self.error)
        self.keys_follow()
