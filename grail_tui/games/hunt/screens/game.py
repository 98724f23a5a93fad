"""The game screen: board, panes, and the prompt where a player composes actions.

The screen owns the state: the seat at the keyboard, what is being composed
(an enum), the refusal to show, the pane in front; all are reactives. The
table client says when something changed; the screen reads that seat's
latest update once, and every change, however many arrive together, ends in
one paint that hands each widget what it shows; a widget whose input did not
change is not repainted. Nothing here decides a rule: legality comes from the
client (the engine, from this seat's own view), and a refusal is shown as it
is worded. What the screen says is true now (the prompt, the status line),
never a notice that outlives its truth.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import Reactive
from textual.widget import Widget
from textual.widgets import Input, Static

from grail_tui.app.keyline import KeyLine
from grail_tui.app.lineinput import LineInput
from grail_tui.table.client import TableClient

from .. import situation
from ..engine import Field, Phase, PlayerView, PublicView
from ..situation import CHOOSING, TYPING, Compose
from ..widgets.board import BoardMap
from ..widgets.choices import ChoiceList
from ..widgets.composer import AssignPad
from ..widgets.panes import ContestPane, KnownPane, LogPane, SheetPane
from .keys import PANES, ScreenKeys

WIDE = 110  # columns from which every pane is shown at once


class TableChanged(Message):
    """The table has news; a burst of these collapses into one."""

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, TableChanged)


class GameScreen(ScreenKeys):
    # A change of focus repaints the widgets concerned, not the whole screen (see _paint).
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (36, "-tall")]
    BINDINGS = [
        Binding("p", "propose", "Propose", tooltip="Propose an action with an initiate", id="propose"),
        Binding("a", "assign", "Assign", tooltip="Assign influence from your sheet", id="assign"),
        Binding("o", "object", "Object", tooltip="Object by revealing influence", id="object"),
        Binding("n", "pass", "Pass", tooltip="Let the proposal stand", id="pass"),
        Binding("m", "match", "Match", tooltip="Reveal exactly the objection to hold your proposal",
                id="match"),
        Binding("r", "raise", "Raise", tooltip="Raise: reveal more than the objection", id="raise"),
        Binding("c", "concede", "Concede", tooltip="Give the proposal up", id="concede"),
        Binding("w", "standing", "Standing", tooltip="Standing answers for the rest of this turn",
                id="standing"),
        Binding("escape,x", "back", "Back", key_display="Esc/x",
                tooltip="Back out of what you are composing", id="back"),
        Binding("escape", "lobby", "Lobby", key_display="Esc",
                tooltip="Back to the lobby; your seat stays yours", id="lobby"),
        *(Binding(str(k), f"pick({k - 1})", f"Initiate {k}", show=False) for k in range(1, 9)),
        Binding("b", "pane('contest')", "Bids", show=False, id="pane-bids"),
        Binding("s", "pane('sheet')", "Sheet", show=False, id="pane-sheet"),
        Binding("t", "pane('known')", "Table", show=False, id="pane-table"),
        Binding("g", "pane('log')", "Log", show=False, id="pane-log"),
        Binding("tab", "next_pane", "Panes", show=False, key_display="Tab",
                tooltip="Show the next pane (b s t g)", id="next-pane"),
        Binding("pageup", "log('page_up')", "Log up", show=False),
        Binding("pagedown", "log('page_down')", "Log down", show=False),
        Binding("home", "log('scroll_home')", "Log start", show=False),
        Binding("end", "log('scroll_end')", "Log end", show=False),
        Binding("f", "full_log", "Log", tooltip="The whole log on the screen", id="full-log"),
        Binding("colon", "chat", "Chat", key_display=":", tooltip="Say something to the table", id="chat"),
        Binding("question_mark", "help", "Help", key_display="?", id="help"),
    ]

    def __init__(self, client: TableClient, glyphs: Any) -> None:
        super().__init__(client, glyphs)
        self.paints = 0  # counted by a test: one paint per change
        self.asked: object = None
        self.ended = False
        self._enabled: tuple[str, ...] = ()
        self._book: object = None  # the log book the log pane shows
        self._said: dict[str, object] = {}  # what each text line shows now
        self._full_log: Any = None  # the full-screen log, while open
        self._failure_told = False

    # -- layout ----------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status", markup=False)  # players' names: plain text
        with Horizontal(id="body"):
            yield BoardMap(self.g, id="board")
            with Vertical(id="panes"):
                yield ChoiceList(id="choices")
                yield ContestPane(id="pane-contest", classes="pane")
                yield SheetPane(id="pane-sheet", classes="pane")
                yield KnownPane(id="pane-known", classes="pane")
                yield LogPane(id="pane-log", classes="pane")
        with Vertical(id="prompt"):
            yield Static(id="prompt-text", markup=False)
            # An amount is a secret revealed: Enter sends only an amount the player has seen.
            yield LineInput(id="amount", type="integer", shown_first=True)  # blink off: see on_mount
            yield AssignPad(self.g, id="assign")
            yield Static(id="prompt-error", markup=False)
        yield KeyLine(id="keys")

    def on_mount(self) -> None:
        self.client.on_change = self._table_changed
        self.query_one(Input).cursor_blink = False
        # Every pane is laid out once before the narrow layout hides all but one: the log
        # then knows its height, and the first PgUp on it scrolls from its end.
        self.call_after_refresh(self._show_panes)
        self._show_prompt_widgets()
        self.focus_board()
        self.client.start()
        self._sync()

    def on_unmount(self) -> None:
        if self.client.on_change == self._table_changed:
            self.client.on_change = None

    def _wide(self) -> bool:
        return self.size.width >= WIDE if self.size.width else self.app.size.width >= WIDE

    def _show_panes(self) -> None:
        """Which panes show: all of them when wide, else the one in front; while a list
        of choices is open it takes the place of the bidding war (wide) or of all panes."""
        choosing = self.mode in CHOOSING
        wide = self._wide()
        shown = {
            name: (name != "contest" or not choosing) if wide else (name == self.pane and not choosing)
            for name in PANES
        }
        for name, show in shown.items():
            pane = self.query_one(f"#pane-{name}")
            if pane.display != show:
                pane.display = show
        choices = self.query_one(ChoiceList)
        if choices.display != choosing:
            choices.display = choosing

    def on_resize(self, _event: events.Resize) -> None:
        self.call_later(self._after_resize)

    def _after_resize(self) -> None:
        self._show_panes()
        self._dirty()  # the keys that work, and the key line's width, may have changed
        if self.focused is None and not self.app.has_class("-too-small"):
            self._refocus()

    def _refocus(self) -> None:
        if self.mode in CHOOSING:
            self.set_focus(self.query_one(ChoiceList))
        elif self.mode in TYPING:
            self.set_focus(self.query_one(Input))
        elif self.mode is Compose.ASSIGN:
            self.set_focus(self.query_one(AssignPad))
        else:
            self.focus_board()

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
        if client.failure and not self._failure_told:
            self._failure_told = True
            client.log(self.viewer).note(f"A computer player failed ({client.failure}); the game goes on.")
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
        if self.mode is Compose.STANDING_AMOUNT or self.mode is Compose.STANDING:
            if not self.may_stand():
                self.cancel_compose()
                self.focus_board()
        request = self.request()
        public = self.public
        key = (public.turn, public.phase, public.contest.round if public.contest else 0,
               self.viewer, request)
        standing = self.viewer is not None and client.standing_due(self.viewer)
        if request and key != self.asked and not standing:
            self.app.bell()  # the prompt says what is asked; a toast would outlive it
        if key != self.asked:
            self.forget_why()
        self.asked = key
        self.tell_new_chat(self.viewer if self.viewer is not None else next(iter(client.seats), None))
        self._dirty()

    def _update_viewer(self) -> None:
        if not self.hotseat:
            return
        client = self.client
        asked = [s for s in client.seats if (u := client.latest(s)) is not None and u.asked
                 and not client.standing_due(s)]
        if self.viewer is not None and self.viewer in asked:
            return
        self.cancel_compose()
        self._close_full_log()
        self.viewer = None
        if asked and not self.privacy_open and self.public is not None:
            reason = {
                Phase.OPENING: "It is time for your secret opening assignment.",
                Phase.TURN: "It is your turn.",
                Phase.OBJECTIONS: "Your answer to a proposal is awaited.",
                Phase.REPLY: "Your proposal met an objection.",
            }.get(self.public.phase, "")

            def ready(target: int) -> None:
                update = self.client.latest(target)
                self.viewer = target if update is not None and update.asked else None
                self.focus_board()
                self._sync()

            keeps = self.hand_keyboard(asked, self.public.name(asked[0]), reason, ready)
            if keeps is not None:
                self.viewer = keeps  # the person at the keyboard goes on: the sync reads their view
                self.focus_board()

    # -- one paint per change ----------------------------------------------------

    def watch_viewer(self) -> None:
        self._dirty()

    def watch_mode(self) -> None:
        # Shown at once, not at the next paint: the next key (a burst over SSH) must find
        # the widget it belongs to displayed and focused.
        self._show_prompt_widgets()
        self._show_panes()
        self._dirty()

    def _show_prompt_widgets(self) -> None:
        for widget, shown in ((self.query_one(Input), self.mode in TYPING),
                              (self.query_one(AssignPad), self.mode is Compose.ASSIGN)):
            if widget.display != shown:
                widget.display = shown

    def watch_error(self) -> None:
        self._dirty()

    def watch_pane(self) -> None:
        self._show_panes()
        self._dirty()  # the log in front: the status line's chat marker goes

    def _say(self, selector: str, text: object) -> None:
        """Update a line of text only when it says something new."""
        if self._said.get(selector) != text:
            self._said[selector] = text
            self.query_one(selector, Static).update(text)  # type: ignore[arg-type]

    def _paint(self) -> None:
        self._paint_due = False
        view, pv = self.public, self.mine
        if view is None:
            self._say("#status", "Waiting for the table…")
            return
        self.paints += 1
        client = self.client
        latest = client.latest(None)
        present = latest.present if latest is not None else ()
        names = latest.names if latest is not None else ()
        free = tuple(p for p, name in enumerate(names) if name.endswith("(open)"))  # nobody took it yet
        away = tuple(p for p, here in enumerate(present) if not here and p not in free) if client.remote else ()
        self._say("#status", situation.status_line(
            view, self.viewer, hotseat=self.hotseat, remote=client.remote, notice=client.notice,
            code=client.code, away=away, open_seats=len(free)) + self.chat_marker("g"))
        destinations: frozenset[Field] = frozenset()
        if self.mode is Compose.PROPOSAL:
            destinations = frozenset(a.proposal.step for a in self.proposals if a.proposal.step is not None)
        self.query_one(BoardMap).show(view, destinations)
        book = client.log(self.viewer)
        standing = self.standing_answers()
        shown_standing = standing.describe() if standing is not None else ""
        self.query_one(ContestPane).show(view, getattr(book, "last", None), self.viewer, shown_standing)
        self.query_one(SheetPane).show(pv, self.g, tuple(self.draft.pending),
                                       spectator=client.remote and not client.seats)
        self.query_one(KnownPane).show(view, self.viewer)
        log = self.query_one(LogPane)
        if book is not self._book:  # another seat's log, or a fresh one after a reconnect
            log.reset()
            self._book = book
        log.add(book.lines)
        if self._full_log is not None:
            self._full_log.add(book.lines)
        self._paint_prompt(view, pv)
        self._show_keys()

    def _paint_prompt(self, view: PublicView, pv: PlayerView | None) -> None:
        self._say("#prompt-error", self.error)
        if self.mode is Compose.ASSIGN and pv is not None:
            self.query_one(AssignPad).show(frozenset(pv.sheet.free), self.draft.pending,
                                           self.draft.cursor, frozenset(self.draft.selected))
        mine = self.client.latest(self.viewer) if self.viewer is not None else None
        due = None
        if self.viewer is not None and self.client.standing_due(self.viewer) and pv is not None:
            standing = self.client.standing(self.viewer)
            due = standing.answer(pv) if standing is not None else None
        self._say("#prompt-text", situation.prompt(
            self.mode, self.chosen, self.request(), view, pv,
            pending=mine.pending if mine is not None else None, highlighted=self.highlighted,
            standing=due))
