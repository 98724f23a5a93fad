"""The game screen: board, panes, and the prompt where a player composes actions.

The screen owns the state: the seat at the keyboard, what is being composed
(an enum), the refusal to show, the pane in front; all are reactives. The
table client says when something changed; the screen reads that seat's
latest update once, and every change, however many arrive together, ends in
one paint that hands each widget what it shows. Nothing here decides a rule:
legality comes from the client (the engine, from this seat's own view), and a
refusal is shown as it is worded.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Footer, Input, OptionList, Static

from grail_tui.table.client import TableClient

from .. import situation
from ..engine import Field, Phase, PlayerView, PublicView
from ..situation import Compose, Request
from ..widgets.board import BoardMap
from ..widgets.composer import AssignPad
from ..widgets.panes import ContestPane, KnownPane, LogPane, SheetPane
from .composing import ComposingScreen

PANES = ("contest", "sheet", "known", "log")
CHOOSING = (Compose.INITIATE, Compose.PROPOSAL)
TYPING = (Compose.OBJECT, Compose.RAISE)


class TableChanged(Message):
    """The table has news; a burst of these collapses into one."""

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, TableChanged)


class GameScreen(ComposingScreen):
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (36, "-tall")]
    BINDINGS = [
        Binding("p", "propose", "Propose", tooltip="Propose an action with an initiate", id="propose"),
        Binding("a", "assign", "Assign", tooltip="Assign influence from your sheet", id="assign"),
        Binding("o", "object", "Object", tooltip="Object by revealing influence", id="object"),
        Binding("n", "pass", "Pass", tooltip="Let the proposal stand", id="pass"),
        Binding("m", "match", "Match", tooltip="Reveal exactly the objection to hold your proposal",
                id="match"),
        Binding("r", "raise", "Raise", tooltip="Reveal more than the objection", id="raise"),
        Binding("c", "concede", "Concede", tooltip="Give the proposal up", id="concede"),
        Binding("escape,x", "back", "Back", key_display="Esc/x",
                tooltip="Back out of what you are composing", id="back"),
        *(Binding(str(k), f"pick({k - 1})", f"Initiate {k}", show=False) for k in range(1, 9)),
        Binding("b", "pane('contest')", "Bids", show=False, id="pane-bids"),
        Binding("s", "pane('sheet')", "Sheet", show=False, id="pane-sheet"),
        Binding("t", "pane('known')", "Table", show=False, id="pane-table"),
        Binding("g", "pane('log')", "Log", show=False, id="pane-log"),
        Binding("tab", "next_pane", "Pane", show=False, tooltip="Show the next pane (b s t g)",
                id="next-pane"),
        Binding("colon", "chat", "Chat", key_display=":", tooltip="Say something to the table", id="chat"),
        Binding("question_mark", "help", "Help", key_display="?", id="help"),
    ]

    def __init__(self, client: TableClient, glyphs: Any) -> None:
        super().__init__(client)
        self.g = glyphs
        self.paints = 0  # counted by a test: one paint per change
        self.asked: object = None
        self.privacy_open = False
        self.log_owner: object = "nobody yet"
        self.ended = False
        self._enabled: tuple[str, ...] = ()

    # -- layout ----------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status", markup=False)  # players' names: plain text
        with Horizontal(id="body"):
            yield BoardMap(self.g, id="board")
            with Vertical(id="panes"):
                yield ContestPane(id="pane-contest", classes="pane")
                yield SheetPane(id="pane-sheet", classes="pane")
                yield KnownPane(id="pane-known", classes="pane")
                yield LogPane(id="pane-log", classes="pane")
        with Vertical(id="prompt"):
            yield Static(id="prompt-text", markup=False)
            yield OptionList(id="choices", markup=False)
            yield Input(id="amount", type="integer")  # blink off: see on_mount
            yield AssignPad(self.g, id="assign")
            yield Static(id="prompt-error", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.client.on_change = self._table_changed
        self.query_one(Input).cursor_blink = False
        self._show_pane()
        self.query_one(BoardMap).focus()
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
        refusal = client.refusal
        if refusal:
            client.refusal = None
            self.error = refusal
        if client.failure:
            self.notify(f"A computer player failed ({client.failure}); the game goes on.",
                        severity="error", timeout=10, markup=False)
        spectator = client.latest(None)
        if spectator is None:
            return
        self.public = spectator.view
        if spectator.over:
            self.mine = None
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
        request = self.request()
        public = self.public
        key = (public.turn, public.phase, public.contest.round if public.contest else 0,
               self.viewer, request)
        if request and key != self.asked:
            self.app.bell()
            if client.remote:
                self.notify({Request.TURN: "It is your turn.",
                             Request.OPENING: "Make your opening assignment.",
                             Request.OBJECTION: "Your answer is awaited.",
                             Request.REPLY: "Your proposal met an objection."}[request], timeout=4)
        self.asked = key
        self._dirty()

    def _update_viewer(self) -> None:
        if not self.hotseat:
            return
        asked = [s for s in self.client.seats if (u := self.client.latest(s)) is not None and u.asked]
        if self.viewer is not None and self.viewer in asked:
            return
        self._cancel_compose()
        self.viewer = None
        if asked and not self.privacy_open and self.public is not None:
            from grail_tui.app.screens.prompts import PrivacyScreen

            target = asked[0]
            self.privacy_open = True
            reason = {
                Phase.OPENING: "It is time for your secret opening assignment.",
                Phase.TURN: "It is your turn.",
                Phase.OBJECTIONS: "Your answer to a proposal is awaited.",
                Phase.REPLY: "Your proposal met an objection.",
            }.get(self.public.phase, "")

            def ready(_: None) -> None:
                self.privacy_open = False
                update = self.client.latest(target)
                self.viewer = target if update is not None and update.asked else None
                self._sync()

            self.app.push_screen(PrivacyScreen(self.public.name(target), reason), ready)

    # -- one paint per change ----------------------------------------------------

    def watch_viewer(self) -> None:
        self._dirty()

    def watch_mode(self) -> None:
        self._dirty()

    def watch_error(self) -> None:
        self._dirty()

    def watch_pane(self) -> None:
        self._show_pane()

    def _paint(self) -> None:
        self._paint_due = False
        view, pv = self.public, self.mine
        if view is None:
            self.query_one("#status", Static).update("Waiting for the table…")
            return
        self.paints += 1
        self.query_one("#status", Static).update(situation.status_line(
            view, self.viewer, hotseat=self.hotseat, remote=self.client.remote,
            notice=self.client.notice))
        destinations: frozenset[Field] = frozenset()
        if self.mode is Compose.PROPOSAL:
            destinations = frozenset(a.proposal.step for a in self.proposals if a.proposal.step)
        self.query_one(BoardMap).show(view, destinations)
        book = self.client.log(self.viewer)
        self.query_one(ContestPane).show(view, getattr(book, "last", None))
        self.query_one(SheetPane).show(pv, self.g, self.draft.pending)
        self.query_one(KnownPane).show(view)
        log = self.query_one(LogPane)
        if self.log_owner != self.viewer:
            log.reset()
            self.log_owner = self.viewer
        log.add(book.lines)
        self._paint_prompt(view, pv)
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

    def _paint_prompt(self, view: PublicView, pv: PlayerView | None) -> None:
        choices = self.query_one(OptionList)
        amount = self.query_one(Input)
        pad = self.query_one(AssignPad)
        for widget, shown in ((choices, self.mode in CHOOSING), (amount, self.mode in TYPING),
                              (pad, self.mode is Compose.ASSIGN)):
            if widget.display != shown:
                widget.display = shown
        self.query_one("#prompt-error", Static).update(self.error)
        if self.mode is Compose.ASSIGN and pv is not None:
            pad.show(frozenset(pv.sheet.free), self.draft.pending, self.draft.cursor,
                     frozenset(self.draft.selected))
        self.query_one("#prompt-text", Static).update(
            situation.prompt(self.mode, self.chosen, self.request(), view, pv))

    # -- which keys work now ---------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        request = self.request()
        idle = self.mode is Compose.IDLE
        if action == "propose":
            return request is Request.TURN and idle
        if action == "assign":
            if request is Request.OPENING:
                return idle
            if request is Request.TURN and idle:
                return True if self.mine is not None and self.mine.may_assign else None
            return False
        if action in ("object", "pass"):
            return request is Request.OBJECTION and idle
        if action in ("match", "raise", "concede"):
            return request is Request.REPLY and idle
        if action == "back":
            return not idle
        if action == "pick":
            return self.mode in (Compose.INITIATE, Compose.ASSIGN)
        if action == "chat":
            return self.client.remote and idle
        return True

    def action_pane(self, name: str) -> None:
        self.pane = name

    def action_next_pane(self) -> None:
        self.pane = PANES[(PANES.index(self.pane) + 1) % len(PANES)]

    def action_chat(self) -> None:
        from grail_tui.app.screens.prompts import TextPrompt

        def said(text: str | None) -> None:
            if text and text.strip():
                self.client.chat(text.strip()[:500])

        self.app.push_screen(TextPrompt("Say to the table (everyone in this game reads it)"), said)

    def action_help(self) -> None:
        from grail_tui.app.screens.help import HelpScreen

        self.app.push_screen(HelpScreen())
