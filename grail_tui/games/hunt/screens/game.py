"""The game screen: board, panes, and the prompt where a player composes actions.

The screen owns the state of composing; widgets only render what it hands them
and post what the player asked for. Nothing here decides a rule: legality
comes from the table (the engine), and its refusal is shown as it is worded.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from grail_tui.app.glyphs import Glyphs
from grail_tui.table.interface import GameTable

from .. import situation
from ..drafting import AssignmentDraft
from ..engine import (
    Assign,
    Concede,
    Field,
    IllegalActionError,
    Initiate,
    Match,
    Object,
    Pass,
    Phase,
    PlayerView,
    Propose,
    PublicView,
    Unit,
    describe_proposal,
)
from ..widgets.board import BoardMap
from ..widgets.composer import AssignPad
from ..widgets.panes import ContestPane, KnownPane, LogPane, SheetPane

PANES = ("contest", "sheet", "known", "log")


def split_action(action: str) -> tuple[str, tuple[object, ...]]:
    name, _, rest = action.partition("(")
    params = tuple(p.strip("'\"") for p in rest.rstrip(")").split(",") if p) if rest else ()
    return name, params
WIDE = (110, 36)


class GameScreen(Screen[None]):
    BINDINGS = [
        Binding("p", "propose", "Propose", tooltip="Propose an action with an initiate"),
        Binding("a", "assign", "Assign", tooltip="Assign influence from your sheet"),
        Binding("o", "object", "Object", tooltip="Object by revealing influence"),
        Binding("n", "pass", "Pass", tooltip="Let the proposal stand"),
        Binding("m", "match", "Match", tooltip="Reveal exactly the objection to hold your proposal"),
        Binding("r", "raise", "Raise", tooltip="Reveal more than the objection"),
        Binding("c", "concede", "Concede", tooltip="Give the proposal up"),
        Binding("escape,x", "back", "Back", key_display="Esc/x",
                tooltip="Back out of what you are composing"),
        *(Binding(str(k), f"pick({k - 1})", f"Initiate {k}", show=False) for k in range(1, 9)),
        Binding("b", "pane('contest')", "Bids", show=False),
        Binding("s", "pane('sheet')", "Sheet", show=False),
        Binding("t", "pane('known')", "Table", show=False),
        Binding("g", "pane('log')", "Log", show=False),
        Binding("tab", "next_pane", "Pane", show=False, tooltip="Show the next pane (b s t g)"),
        Binding("colon", "chat", "Chat", key_display=":", tooltip="Say something to the table"),
        Binding("question_mark", "help", "Help", key_display="?"),
    ]

    def __init__(self, table: GameTable, glyphs: Glyphs) -> None:
        super().__init__()
        self.table = table
        self.g = glyphs
        humans = table.human_seats
        self.hotseat = len(humans) > 1
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.mode: str | None = None  # initiate | proposal | assign | object | match
        self.chosen: Initiate | None = None
        self.proposals: list[Propose] = []
        self.draft = AssignmentDraft()
        self.error = ""
        self.pane = "contest"
        self.asked: object = None
        self.privacy_open = False
        self.log_owner: object = "nobody yet"
        self.ended = False
        self._enabled: tuple[str, ...] = ()

    # -- layout ----------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="body"):
            yield BoardMap(self.g, id="board")
            with Vertical(id="panes"):
                yield ContestPane(id="pane-contest", classes="pane")
                yield SheetPane(id="pane-sheet", classes="pane")
                yield KnownPane(id="pane-known", classes="pane")
                yield LogPane(id="pane-log", classes="pane")
        with Vertical(id="prompt"):
            yield Static(id="prompt-text")
            yield OptionList(id="choices")
            yield Input(id="amount", type="integer")  # blink off: see on_mount
            yield AssignPad(self.g, id="assign")
            yield Static(id="prompt-error")
        yield Footer()

    def on_mount(self) -> None:
        self.table.listeners.append(self._on_table_change)
        self.query_one(Input).cursor_blink = False
        self._show_pane()
        self._fit(self.app.size.width, self.app.size.height)
        self.query_one(BoardMap).focus()
        self.refresh_all()
        self.table.start()

    def on_unmount(self) -> None:
        if self._on_table_change in self.table.listeners:
            self.table.listeners.remove(self._on_table_change)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        self.set_class(width >= WIDE[0] and height >= WIDE[1], "-wide")

    def _show_pane(self) -> None:
        for name in PANES:
            self.query_one(f"#pane-{name}").set_class(name == self.pane, "-current")

    # -- keeping the screen in step with the table -------------------------------

    def _on_table_change(self, _events: object) -> None:
        if self.table.error is not None:
            self.notify(f"A computer player failed: {self.table.error}", severity="error", timeout=10)
        refused = getattr(self.table, "last_error", None)
        if refused:
            self.error = refused
            self.table.last_error = None
        self.refresh_all()

    def request(self) -> str | None:
        """What the game asks of the player at the keyboard now, if anything."""
        v = self.viewer
        if v is None or v not in self.table.to_act():
            return None
        return {Phase.OPENING: "opening", Phase.TURN: "turn", Phase.OBJECTIONS: "objection",
                Phase.REPLY: "reply"}.get(self.table.phase)

    def refresh_all(self) -> None:
        if not getattr(self.table, "ready", True):
            self.query_one("#status", Static).update("Waiting for the server…")
            return
        view = self.table.public_view()
        if self.table.is_over:
            self._paint(view, None)
            if not self.ended:
                self.ended = True
                from .end import EndScreen

                self.app.push_screen(EndScreen(self.table, self.g))
            return
        self._update_viewer()
        pv = self.table.view(self.viewer) if self.viewer is not None else None
        request = self.request()
        key = (view.turn, view.phase, view.contest.round if view.contest else 0, self.viewer, request)
        if request and key != self.asked:
            self.app.bell()
            if self.table.remote:
                self.notify({"turn": "It is your turn.", "opening": "Make your opening assignment.",
                             "objection": "Your answer is awaited.",
                             "reply": "Your proposal met an objection."}.get(request, ""), timeout=4)
        self.asked = key
        self._paint(view, pv)

    def _update_viewer(self) -> None:
        if not self.hotseat:
            return
        humans = self.table.humans_to_act()
        if self.viewer is not None and self.viewer in humans:
            return
        self._cancel_compose()
        self.viewer = None
        if humans and not self.privacy_open:
            from grail_tui.app.screens.prompts import PrivacyScreen

            target = humans[0]
            self.privacy_open = True
            reason = {
                Phase.OPENING: "It is time for your secret opening assignment.",
                Phase.TURN: "It is your turn.",
                Phase.OBJECTIONS: "Your answer to a proposal is awaited.",
                Phase.REPLY: "Your proposal met an objection.",
            }.get(self.table.phase, "")

            def ready(_: None) -> None:
                self.privacy_open = False
                self.viewer = target if target in self.table.humans_to_act() else None
                self.refresh_all()

            self.app.push_screen(PrivacyScreen(self.table.names[target], reason), ready)

    def _paint(self, view: PublicView, pv: PlayerView | None) -> None:
        self.query_one("#status", Static).update(self._status(view))
        destinations: frozenset[Field] = frozenset()
        if self.mode == "proposal":
            destinations = frozenset(a.proposal.step for a in self.proposals if a.proposal.step)
        self.query_one(BoardMap).show(view, destinations)
        self.query_one(ContestPane).show(view, self.table.last_result(self.viewer))
        self.query_one(SheetPane).show(pv, self.g, self.draft.pending)
        self.query_one(KnownPane).show(view)
        log = self.query_one(LogPane)
        if self.log_owner != self.viewer:
            log.reset()
            self.log_owner = self.viewer
        log.add(self.table.log_lines(self.viewer))
        self._render_prompt(view, pv)
        # The footer rebuilds its keys on every refresh_bindings(): only when they change.
        enabled = tuple(b.action for b in self.BINDINGS if isinstance(b, Binding)
                        and self.check_action(*split_action(b.action)) is not False)
        if enabled != self._enabled:
            self._enabled = enabled
            self.refresh_bindings()

    def _status(self, view: PublicView) -> str:
        return situation.status_line(
            view, self.viewer, hotseat=self.hotseat, remote=self.table.remote,
            notice=getattr(self.table, "notice", None))

    def _render_prompt(self, view: PublicView, pv: PlayerView | None) -> None:
        text = self.query_one("#prompt-text", Static)
        choices = self.query_one(OptionList)
        amount = self.query_one(Input)
        pad = self.query_one(AssignPad)
        for widget, shown in ((choices, self.mode in ("initiate", "proposal")),
                              (amount, self.mode in ("object", "match")),
                              (pad, self.mode == "assign")):
            if widget.display != shown:
                widget.display = shown
        self.query_one("#prompt-error", Static).update(self.error)
        if self.mode == "assign" and pv is not None:
            pad.show(frozenset(pv.sheet.free), self.draft.pending, self.draft.cursor,
                     frozenset(self.draft.selected))
        text.update(situation.prompt(self.mode, self.chosen, self.request(), view, pv))

    # -- which keys work now ---------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        request = self.request()
        idle = self.mode is None
        if action == "propose":
            return request == "turn" and idle
        if action == "assign":
            if request == "opening":
                return idle
            if request == "turn" and idle:
                pv = self.table.view(self.viewer) if self.viewer is not None else None
                return True if pv is not None and pv.may_assign else None
            return False
        if action in ("object", "pass"):
            return request == "objection" and idle
        if action in ("match", "raise", "concede"):
            return request == "reply" and idle
        if action == "back":
            return not idle
        if action == "pick":
            return self.mode in ("initiate", "assign")
        if action == "chat":
            return self.table.remote and idle
        return True

    # -- composing ---------------------------------------------------------------

    def _cancel_compose(self) -> None:
        self.mode = None
        self.chosen = None
        self.proposals = []
        self.draft = AssignmentDraft()
        self.error = ""

    def _submit(self, action: object) -> bool:
        reason = self.table.why_illegal(action)  # type: ignore[arg-type]
        if reason is not None:
            self.error = reason
            self.refresh_all()
            return False
        self._cancel_compose()
        try:
            self.table.submit(action)  # type: ignore[arg-type]
        except IllegalActionError as exc:  # the game moved on meanwhile
            self.error = str(exc)
        self.query_one(BoardMap).focus()
        self.refresh_all()
        return True

    def action_propose(self) -> None:
        self.mode = "initiate"
        self.error = ""
        view = self.table.public_view()
        pv = self.table.view(self.viewer) if self.viewer is not None else None
        choices = self.query_one(OptionList)
        choices.clear_options()
        for k, i in enumerate(Initiate):
            where = view.positions[i]
            if where is None:
                continue
            mine = f" · you {pv.sheet.influence[i]}" if pv else ""
            grail = " · grail" if view.bearer == i else ""
            choices.add_option(Option(f"{k + 1} {i.code} {i.title} · {where.title}{mine}{grail}",
                                      id=i.code))
        self.refresh_all()
        choices.focus()

    def action_pick(self, index: int) -> None:
        initiate = Initiate(index)
        if self.mode == "initiate":
            self._choose_initiate(initiate)
        elif self.mode == "assign":
            self._place(initiate)

    def _choose_initiate(self, initiate: Initiate) -> None:
        view = self.table.public_view()
        if view.positions[initiate] is None:
            self.error = f"{initiate.title} has left the game."
            self.refresh_all()
            return
        assert self.viewer is not None
        proposals = [a for a in self.table.legal_actions(self.viewer)
                     if isinstance(a, Propose) and a.proposal.initiate == initiate]
        if not proposals:
            self.error = f"Every proposal with {initiate.title} was rejected this turn."
            self.refresh_all()
            return
        self.mode = "proposal"
        self.chosen = initiate
        self.proposals = proposals
        self.error = ""
        choices = self.query_one(OptionList)
        choices.clear_options()
        for k, a in enumerate(proposals):
            words = describe_proposal(a.proposal).removeprefix(initiate.title + " ")
            choices.add_option(Option(words[:1].upper() + words[1:], id=str(k)))
        self.query_one(BoardMap).cursor = Field(view.positions[initiate] or Field.CENTRE)
        self.refresh_all()
        choices.focus()
        choices.highlighted = 0

    def on_option_list_option_highlighted(self, message: OptionList.OptionHighlighted) -> None:
        board = self.query_one(BoardMap)
        view = self.table.public_view()
        if self.mode == "proposal" and message.option_index < len(self.proposals):
            p = self.proposals[message.option_index].proposal
            board.cursor = p.step or Field(view.positions[p.initiate] or Field.CENTRE)
        elif self.mode == "initiate" and message.option.id:
            where = view.positions[Initiate.parse(message.option.id)]
            if where is not None:
                board.cursor = where

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        if self.mode == "initiate" and message.option.id:
            self._choose_initiate(Initiate.parse(message.option.id))
        elif self.mode == "proposal" and message.option_index < len(self.proposals):
            self._submit(self.proposals[message.option_index])

    def on_board_map_selected(self, message: BoardMap.Selected) -> None:
        """Enter on a field: propose with the initiate standing there."""
        if self.mode not in (None, "initiate") or self.request() != "turn":
            return
        here = self.table.public_view().initiates_on(message.field)
        if not here:
            return
        if self.mode is None:
            self.action_propose()
        if len(here) == 1:
            self._choose_initiate(here[0])
        else:
            choices = self.query_one(OptionList)
            index = next(k for k, o in enumerate(choices.options) if o.id == here[0].code)
            choices.highlighted = index

    def action_assign(self) -> None:
        assert self.viewer is not None
        self.mode = "assign"
        self.draft = AssignmentDraft(self._sheet_free())
        self.error = ""
        self.refresh_all()
        self.query_one(AssignPad).focus()

    def _sheet_free(self) -> tuple[Unit, ...]:
        return self.table.view(self.viewer).sheet.free if self.viewer is not None else ()

    def on_assign_pad_move(self, message: AssignPad.Move) -> None:
        self.draft.move(self._sheet_free(), message.delta)
        self.refresh_all()

    def on_assign_pad_toggle(self, _message: AssignPad.Toggle) -> None:
        self.draft.toggle(self._sheet_free())
        self.refresh_all()

    def _place(self, initiate: Initiate) -> None:
        assert self.viewer is not None
        candidate = self.draft.placing(self._sheet_free(), initiate)
        if candidate is None:
            self.error = "Every unit is used or already placed."
        elif (reason := self.table.why_illegal(Assign(self.viewer, tuple(candidate)))) is not None:
            self.error = reason
        else:
            self.error = ""
            self.draft.accept(candidate, self._sheet_free())
        self.refresh_all()

    def on_assign_pad_undo(self, _message: AssignPad.Undo) -> None:
        self.draft.undo()
        self.error = ""
        self.refresh_all()

    def on_assign_pad_confirm(self, _message: AssignPad.Confirm) -> None:
        assert self.viewer is not None
        self._submit(Assign(self.viewer, tuple(self.draft.pending)))

    def action_object(self) -> None:
        contest = self.table.public_view().contest
        self._ask_amount("object", (contest.showing + 1) if contest else 1)

    def action_raise(self) -> None:
        contest = self.table.public_view().contest
        self._ask_amount("match", contest.high if contest else 1)

    def _ask_amount(self, mode: str, start: int) -> None:
        self.mode = mode
        self.error = ""
        amount = self.query_one(Input)
        amount.value = str(start)
        self.refresh_all()
        amount.focus()

    def on_input_submitted(self, message: Input.Submitted) -> None:
        assert self.viewer is not None
        try:
            value = int(message.value)
        except ValueError:
            self.error = "Type a whole number."
            self.refresh_all()
            return
        action = Object(self.viewer, value) if self.mode == "object" else Match(self.viewer, value)
        self._submit(action)

    def action_pass(self) -> None:
        assert self.viewer is not None
        self._submit(Pass(self.viewer))

    def action_match(self) -> None:
        assert self.viewer is not None
        contest = self.table.public_view().contest
        self._submit(Match(self.viewer, contest.high if contest else 0))

    def action_concede(self) -> None:
        assert self.viewer is not None
        self._submit(Concede(self.viewer))

    def action_back(self) -> None:
        if self.mode == "proposal":
            self.action_propose()
            return
        self._cancel_compose()
        self.query_one(BoardMap).focus()
        self.refresh_all()

    def action_pane(self, name: str) -> None:
        self.pane = name
        self._show_pane()

    def action_next_pane(self) -> None:
        self.action_pane(PANES[(PANES.index(self.pane) + 1) % len(PANES)])

    def action_chat(self) -> None:
        from grail_tui.app.screens.prompts import TextPrompt

        def said(text: str | None) -> None:
            if text and text.strip():
                self.table.chat(text.strip()[:500])

        self.app.push_screen(TextPrompt("Say to the table (everyone in this game reads it)"), said)

    def action_help(self) -> None:
        from grail_tui.app.screens.help import HelpScreen

        self.app.push_screen(HelpScreen())
