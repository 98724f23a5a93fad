"""The hunt's game screen: the board, the panes, and the prompt where a player composes actions.

It stands on the one table screen (app/table_screen.py: the client's wiring, reading updates,
the hot-seat hand-off, the end, the status line's platform part, chat and help, one paint per
change) and supplies the hunt's part: its layout, its panes, what is being composed (a pure
``Composition`` it owns; ``mode`` mirrors it for the widgets), its prompt and its keys
(keys.py). Nothing here decides a rule: legality comes from the client (the engine, from this
seat's own view), and a refusal is shown as it is worded. What the screen says is true now (the
prompt, the status line), never a notice that outlives its truth.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import Reactive, reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from grail_tui.app.keyline import KeyLine
from grail_tui.app.lineinput import LineInput
from grail_tui.app.table_screen import TableScreen
from grail_tui.table.client import TableClient

from .. import situation
from ..composing import Composition
from ..engine import Concede, Field, Initiate, Match, Pass, Phase, PlayerView, PublicView, Unit
from ..situation import CHOOSING, REQUESTS, TYPING, Compose, Request
from ..standing import StandingAnswers
from ..widgets.board import BoardMap, short_name
from ..widgets.choices import ChoiceList
from ..widgets.composer import AssignPad
from ..widgets.panes import ContestPane, KnownPane, LogPane, SheetPane
from . import HUNT_CSS, answering
from .keys import KEYS

WIDE = 110  # columns from which every pane is shown at once
PANES = ("contest", "sheet", "known", "log")
HAND_OFF = {
    Phase.OPENING: "It is time for your secret opening assignment.",
    Phase.TURN: "It is your turn.",
    Phase.OBJECTIONS: "Your answer to a proposal is awaited.",
    Phase.REPLY: "Your proposal met an objection.",
}


def at_or_centre(field: Field | None) -> Field:
    """Where the board's cursor goes for an initiate's position (HQ Templars is field 0)."""
    return Field(field) if field is not None else Field.CENTRE


class GameScreen(TableScreen):
    CSS_PATH = HUNT_CSS
    # A change of focus repaints the widgets concerned, not the whole screen (see _paint).
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
    mode: reactive[Compose] = reactive(Compose.IDLE, init=False, repaint=False)
    pane: reactive[str] = reactive("contest", init=False, repaint=False)
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (36, "-tall")]
    KEYS = KEYS
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
        *TableScreen.AT_EVERY_TABLE,
    ]

    public: PublicView | None
    mine: PlayerView | None

    def __init__(self, client: TableClient, glyphs: Any) -> None:
        super().__init__(client, glyphs)
        self.composing = Composition()
        self._book: object = None  # the log book the log pane shows
        self._full_log: Any = None  # the full-screen log, while open

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
            yield LineInput(id="amount", type="integer", shown_first=True)  # blink off: see set_up
            yield AssignPad(self.g, id="assign")
            yield Static(id="prompt-error", markup=False)
        yield KeyLine(id="keys")

    def set_up(self) -> None:
        self.query_one(Input).cursor_blink = False
        # Every pane is laid out once before the narrow layout hides all but one: the log
        # then knows its height, and the first PgUp on it scrolls from its end.
        self.call_after_refresh(self._show_panes)
        self._show_prompt_widgets()
        self.focus_board()

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

    def focus_board(self) -> None:
        self.set_focus(self.query_one(BoardMap))

    # -- the hunt's part of the table screen ----------------------------------------

    def request(self) -> Request | None:
        """What the game asks of the player at the keyboard now, if anything."""
        v = self.viewer
        update = self.client.latest(v) if v is not None else None
        if update is None or not update.asked or self.public is None:
            return None
        return REQUESTS.get(self.public.phase)

    def status(self, view: PublicView) -> tuple[str, str]:
        return situation.status(view, self.viewer, hotseat=self.hotseat)

    def position(self) -> object:
        public = self.public
        assert public is not None
        return (public.turn, public.phase, public.contest.round if public.contest else 0, self.request())

    def is_asked(self) -> bool:
        return self.request() is not None

    def synced(self) -> None:
        if self.mode in (Compose.STANDING, Compose.STANDING_AMOUNT) and not self.may_stand():
            self.cancel_compose()
            self.focus_board()

    def cancel(self) -> None:
        self.cancel_compose()
        self._close_full_log()

    def hand_off_reason(self) -> str:
        return HAND_OFF.get(self.public.phase, "") if self.public is not None else ""

    def keyboard_taken(self) -> None:
        self.focus_board()

    def end_screen(self) -> Screen[Any]:
        from .end import EndScreen

        return EndScreen(self.client, self.g)

    def log_shown(self) -> bool:
        return bool(self.query_one(LogPane).display) or self._full_log is not None

    # -- composing: the keys and widgets in, the Composition holds what is composed ------------

    def follow(self, error: str | None = None) -> None:
        """Show what the composition now holds (its mode, and the error line if a step said)."""
        self.mode = self.composing.mode
        if error is not None:
            self.error = error
        self._dirty()

    def cancel_compose(self) -> None:
        self.follow(self.composing.cancel())

    def sent(self) -> None:
        self.cancel_compose()
        self.focus_board()

    def action_propose(self) -> None:
        view, pv = self.public, self.mine
        if view is None:
            return
        self.composing.propose()
        self.follow("")
        choices = self.query_one(ChoiceList)
        choices.clear_options()
        for k, i in enumerate(Initiate):
            where = view.positions[i]
            if where is None:
                continue
            mine = f" you {pv.sheet.influence[i]:>2}" if pv else ""
            grail = " grail" if view.bearer == i else ""
            place = short_name(where, self.g)
            choices.add_option(Option(f"{k + 1} {i.code} {place:<9}{mine}{grail}", id=i.code))
        self.set_focus(choices)
        choices.highlighted = 0

    def action_pick(self, index: int) -> None:
        initiate = Initiate(int(index))
        if self.mode is Compose.INITIATE:
            self._choose_initiate(initiate)
        elif self.mode is Compose.ASSIGN:
            self._place(initiate)

    def _choose_initiate(self, initiate: Initiate) -> None:
        view = self.public
        assert view is not None and self.viewer is not None
        error = self.composing.choose(initiate, view, self.client.legal_actions(self.viewer))
        self.follow(error)
        if error:
            return
        choices = self.query_one(ChoiceList)
        choices.clear_options()
        for k, a in enumerate(self.composing.proposals):
            step = a.proposal.step
            # a Field is an IntEnum and HQ Templars is 0: "is not None", never its truth
            choices.add_option(Option(situation.short_proposal(
                a.proposal, short_name(step, self.g) if step is not None else None), id=str(k)))
        self.query_one(BoardMap).cursor = at_or_centre(view.positions[initiate])
        self.set_focus(choices)
        choices.highlighted = 0

    def on_option_list_option_highlighted(self, message: OptionList.OptionHighlighted) -> None:
        board = self.query_one(BoardMap)
        view = self.public
        if view is None:
            return
        if self.mode is Compose.PROPOSAL:
            proposal = self.composing.highlight(message.option_index)
            if proposal is not None:
                board.cursor = proposal.step if proposal.step is not None \
                    else at_or_centre(view.positions[proposal.initiate])
                self._dirty()
        elif self.mode is Compose.INITIATE and message.option.id:
            where = view.positions[Initiate.parse(message.option.id)]
            if where is not None:
                board.cursor = where

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        if self.mode is Compose.INITIATE and message.option.id:
            self._choose_initiate(Initiate.parse(message.option.id))
        elif self.mode is Compose.PROPOSAL:
            proposal = self.composing.proposal(message.option_index)
            if proposal is not None:
                self.submit(proposal)
        elif self.mode is Compose.STANDING and message.option.id:
            answering.chosen(self, message.option.id)

    def on_board_map_selected(self, message: BoardMap.Selected) -> None:
        """Enter on a field: propose with the initiate standing there."""
        view = self.public
        if view is None or self.mode not in (Compose.IDLE, Compose.INITIATE) \
                or self.request() is not Request.TURN:
            return
        here = view.initiates_on(message.field)
        if not here:
            return
        if self.mode is Compose.IDLE:
            self.action_propose()
        if len(here) == 1:
            self._choose_initiate(here[0])
        else:
            choices = self.query_one(ChoiceList)
            index = next(k for k, o in enumerate(choices.options) if o.id == here[0].code)
            choices.highlighted = index

    def action_assign(self) -> None:
        self.follow(self.composing.assign(self._sheet_free()))
        self.set_focus(self.query_one(AssignPad))

    def _sheet_free(self) -> tuple[Unit, ...]:
        return self.mine.sheet.free if self.mine is not None else ()

    def on_assign_pad_move(self, message: AssignPad.Move) -> None:
        self.composing.draft.move(self._sheet_free(), message.delta)
        self._dirty()

    def on_assign_pad_toggle(self, _message: AssignPad.Toggle) -> None:
        self.composing.draft.toggle(self._sheet_free())
        self._dirty()

    def _place(self, initiate: Initiate) -> None:
        viewer = self.viewer
        assert viewer is not None
        self.follow(self.composing.place(initiate, self._sheet_free(), viewer,
                                          lambda assign: self.client.why_illegal(viewer, assign)))

    def on_assign_pad_undo(self, _message: AssignPad.Undo) -> None:
        self.follow(self.composing.undo())

    def on_assign_pad_confirm(self, _message: AssignPad.Confirm) -> None:
        assert self.viewer is not None
        self.submit(self.composing.assignment(self.viewer))

    def action_object(self) -> None:
        contest = self.public.contest if self.public else None
        self.ask_amount(Compose.OBJECT, (contest.showing + 1) if contest else 1)

    def action_raise(self) -> None:
        contest = self.public.contest if self.public else None
        self.ask_amount(Compose.RAISE, contest.high if contest else 1)

    def ask_amount(self, mode: Compose, start: int, initiate: Initiate | None = None) -> None:
        amount = self.query_one(Input)
        amount.value = str(start)
        self.composing.ask_amount(mode, initiate)
        self.follow("")
        self.set_focus(amount)

    def on_input_submitted(self, message: Input.Submitted) -> None:
        assert self.viewer is not None
        value = self.composing.typed(message.value)
        if isinstance(value, str):
            self.error = value
            return
        if self.mode is Compose.STANDING_AMOUNT:
            answering.amount_typed(self, value)
            return
        self.submit(self.composing.answer(self.viewer, value))

    def on_line_input_unseen(self, _message: LineInput.Unseen) -> None:
        self.error = "Nothing revealed: Enter came before the amount showed. Check it, then Enter."

    def action_pass(self) -> None:
        assert self.viewer is not None
        self.submit(Pass(self.viewer))

    def action_match(self) -> None:
        assert self.viewer is not None
        contest = self.public.contest if self.public else None
        self.submit(Match(self.viewer, contest.high if contest else 0))

    def action_concede(self) -> None:
        assert self.viewer is not None
        self.submit(Concede(self.viewer))

    def may_stand(self) -> bool:
        return answering.may_stand(self)

    def standing_answers(self) -> StandingAnswers | None:
        return answering.standing_answers(self)

    def action_standing(self) -> None:
        answering.open_choices(self)

    def action_back(self) -> None:
        if isinstance(self.focused, LogPane) and self.mode is Compose.IDLE:
            self.focus_board()
            self._dirty()
            return
        reopened = self.composing.back()
        if reopened is Compose.INITIATE:
            self.action_propose()
        elif reopened is Compose.STANDING:
            self.action_standing()
        else:
            self.follow("")
            self.focus_board()

    # -- the keys that compose nothing: panes, the log, the lobby -------------------------------

    def action_lobby(self) -> None:
        """Back to the lobby: the seat stays yours, and the lobby opens it again."""
        self.leave_table()

    def action_pane(self, name: str) -> None:
        self.pane = name

    def action_next_pane(self) -> None:
        self.pane = PANES[(PANES.index(self.pane) + 1) % len(PANES)]

    def action_log(self, how: str) -> None:
        """PgUp/PgDn/Home/End: scroll the log, showing it and giving it the keyboard."""
        log = self.query_one(LogPane)
        scroll = getattr(log, f"action_{how}")
        if not log.display:
            self.pane = "log"
            log.follow = False  # this key says where it stands: from the end, once it is shown

            def from_the_end() -> None:
                log.scroll_end(animate=False, immediate=True)
                scroll()

            self.call_after_refresh(from_the_end)
        else:
            scroll()
        self.set_focus(log)
        self._dirty()  # the key line: Esc now gives the keyboard back

    def action_full_log(self) -> None:
        from .logview import LogScreen

        title = "The log" if self.viewer is None else "Your log"
        screen = LogScreen(list(self.client.log(self.viewer).lines), title, self.action_help)
        self._full_log = screen

        def closed(_: None) -> None:
            self._full_log = None

        self.app.push_screen(screen, closed)

    def _close_full_log(self) -> None:
        """In hot-seat a player's log closes before the keyboard changes hands."""
        if self._full_log is not None and self.app.screen is self._full_log:
            self._full_log.dismiss(None)
        self._full_log = None

    # -- one paint per change ----------------------------------------------------

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

    def watch_pane(self) -> None:
        self._show_panes()
        self._dirty()  # the log in front: the status line's chat marker goes

    def hint_key(self, binding: Binding) -> bool:
        # Narrow, one pane shows at a time: the line says how to see the others (a list of
        # choices hides the panes).
        return binding.action == "next_pane" and not self._wide() and self.mode not in CHOOSING

    def paint(self) -> None:
        view, pv = self.public, self.mine
        assert view is not None
        client, composing = self.client, self.composing
        destinations: frozenset[Field] = frozenset()
        if self.mode is Compose.PROPOSAL:
            destinations = frozenset(a.proposal.step for a in composing.proposals
                                     if a.proposal.step is not None)
        self.query_one(BoardMap).show(view, destinations)
        book = client.log(self.viewer)
        standing = self.standing_answers()
        shown_standing = standing.describe() if standing is not None else ""
        self.query_one(ContestPane).show(view, getattr(book, "last", None), self.viewer, shown_standing)
        self.query_one(SheetPane).show(pv, self.g, tuple(composing.draft.pending),
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
        composing = self.composing
        self.say("#prompt-error", self.error)
        if self.mode is Compose.ASSIGN and pv is not None:
            draft = composing.draft
            self.query_one(AssignPad).show(frozenset(pv.sheet.free), draft.pending,
                                           draft.cursor, frozenset(draft.selected))
        mine = self.client.latest(self.viewer) if self.viewer is not None else None
        due = None
        if self.viewer is not None and self.client.standing_due(self.viewer) and pv is not None:
            standing = self.client.standing(self.viewer)
            due = standing.answer(pv) if standing is not None else None
        self.say("#prompt-text", situation.prompt(
            self.mode, composing.chosen, self.request(), view, pv,
            pending=mine.pending if mine is not None else None, highlighted=composing.highlighted,
            standing=due))

    def _show_keys(self) -> None:
        """The key line: the keys that work now, the focused widget's first."""
        shown: list[tuple[Binding, bool]] = []
        focused = self.focused
        if focused is not None and not isinstance(focused, (BoardMap, LogPane)):
            shown += [(b, True) for b in focused.BINDINGS if isinstance(b, Binding) and b.show]
        shown += self.keys_now()
        shown += [(b, True) for b in self.app.BINDINGS if isinstance(b, Binding) and b.show]
        self.query_one(KeyLine).show(shown)
        self.keys_changed(tuple(b.action for b, on in shown if on))
