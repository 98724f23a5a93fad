"""Composing an action on the game screen: proposals, assignments, amounts, answers.

The screen's half that turns keys into an action. A finished action goes to
the table client once; its refusal, if any, comes back in the player's words.
"""

from __future__ import annotations

from typing import Any

from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option

from grail_tui.app.lineinput import LineInput
from grail_tui.table.client import TableClient

from ..drafting import AssignmentDraft
from ..engine import (
    Assign,
    Concede,
    Field,
    Initiate,
    Match,
    Object,
    Pass,
    PlayerView,
    Propose,
    PublicView,
    Unit,
    describe_proposal,
)
from ..situation import REQUESTS, Compose, Request, short_proposal
from ..standing import StandingAnswers
from ..widgets.board import BoardMap, short_name
from ..widgets.choices import ChoiceList
from ..widgets.composer import AssignPad
from . import answering


def at_or_centre(field: Field | None) -> Field:
    """Where the board's cursor goes for an initiate's position (HQ Templars is field 0)."""
    return Field(field) if field is not None else Field.CENTRE


class ComposingScreen(Screen[None]):
    """The state the game screen owns, and the composing of actions with it."""

    # repaint=False: a change repaints the widgets that show it (one paint), never the
    # whole screen, which over a slow link would resend every cell.
    viewer: reactive[int | None] = reactive(None, init=False, repaint=False)
    mode: reactive[Compose] = reactive(Compose.IDLE, init=False, repaint=False)
    error: reactive[str] = reactive("", init=False, repaint=False)
    pane: reactive[str] = reactive("contest", init=False, repaint=False)

    def __init__(self, client: TableClient, glyphs: Any) -> None:
        super().__init__()
        self.client = client
        self.g = glyphs
        self.hotseat = len(client.seats) > 1
        self.set_reactive(ComposingScreen.viewer, client.seats[0] if len(client.seats) == 1 else None)
        self.public: PublicView | None = None
        self.mine: PlayerView | None = None
        self.chosen: Initiate | None = None
        self.highlighted = ""  # the proposal under the cursor, in full words
        self.proposals: list[Propose] = []
        self.draft = AssignmentDraft()
        self._paint_due = False

    def request(self) -> Request | None:
        """What the game asks of the player at the keyboard now, if anything."""
        v = self.viewer
        update = self.client.latest(v) if v is not None else None
        if update is None or not update.asked or self.public is None:
            return None
        return REQUESTS.get(self.public.phase)

    def _dirty(self) -> None:
        """Something the screen shows changed: paint once, however many changes come together."""
        if not self._paint_due:
            self._paint_due = True
            self.call_later(self._paint)

    def _paint(self) -> None:
        raise NotImplementedError

    def cancel_compose(self) -> None:
        self.mode = Compose.IDLE
        self.chosen = None
        self.highlighted = ""
        self.proposals = []
        self.draft = AssignmentDraft()
        self.error = ""

    def focus_board(self) -> None:
        self.set_focus(self.query_one(BoardMap))

    def _submit(self, action: Any) -> None:
        """Send the action once; a refusal stays on screen with what was composed."""
        assert self.viewer is not None
        refused = self.client.submit(self.viewer, action)
        if refused is not None:
            self.error = refused
            return
        self.cancel_compose()
        self.focus_board()

    def action_propose(self) -> None:
        view, pv = self.public, self.mine
        if view is None:
            return
        self.mode = Compose.INITIATE
        self.error = ""
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
        if view.positions[initiate] is None:
            self.error = f"{initiate.title} has left the game."
            return
        proposals = [a for a in self.client.legal_actions(self.viewer)
                     if isinstance(a, Propose) and a.proposal.initiate == initiate]
        if not proposals:
            self.error = f"Every proposal with {initiate.title} was rejected this turn."
            return
        self.chosen = initiate
        self.proposals = proposals
        self.error = ""
        self.mode = Compose.PROPOSAL
        choices = self.query_one(ChoiceList)
        choices.clear_options()
        for k, a in enumerate(proposals):
            step = a.proposal.step
            # a Field is an IntEnum and HQ Templars is 0: "is not None", never its truth
            choices.add_option(Option(short_proposal(a.proposal, short_name(step, self.g) if step is not None else None),
                                      id=str(k)))
        self.query_one(BoardMap).cursor = at_or_centre(view.positions[initiate])
        self.set_focus(choices)
        choices.highlighted = 0

    def on_option_list_option_highlighted(self, message: OptionList.OptionHighlighted) -> None:
        board = self.query_one(BoardMap)
        view = self.public
        if view is None:
            return
        if self.mode is Compose.PROPOSAL and message.option_index < len(self.proposals):
            p = self.proposals[message.option_index].proposal
            board.cursor = p.step if p.step is not None else at_or_centre(view.positions[p.initiate])
            self.highlighted = describe_proposal(p)
            self._dirty()
        elif self.mode is Compose.INITIATE and message.option.id:
            where = view.positions[Initiate.parse(message.option.id)]
            if where is not None:
                board.cursor = where

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        if self.mode is Compose.INITIATE and message.option.id:
            self._choose_initiate(Initiate.parse(message.option.id))
        elif self.mode is Compose.PROPOSAL and message.option_index < len(self.proposals):
            self._submit(self.proposals[message.option_index])
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
        self.draft = AssignmentDraft(self._sheet_free())
        self.error = ""
        self.mode = Compose.ASSIGN
        self.set_focus(self.query_one(AssignPad))

    def _sheet_free(self) -> tuple[Unit, ...]:
        return self.mine.sheet.free if self.mine is not None else ()

    def on_assign_pad_move(self, message: AssignPad.Move) -> None:
        self.draft.move(self._sheet_free(), message.delta)
        self._dirty()

    def on_assign_pad_toggle(self, _message: AssignPad.Toggle) -> None:
        self.draft.toggle(self._sheet_free())
        self._dirty()

    def _place(self, initiate: Initiate) -> None:
        assert self.viewer is not None
        candidate = self.draft.placing(self._sheet_free(), initiate)
        if candidate is None:
            self.error = "Every unit is used or already placed."
        elif (reason := self.client.why_illegal(self.viewer, Assign(self.viewer, tuple(candidate)))):
            self.error = reason
        else:
            self.error = ""
            self.draft.accept(candidate, self._sheet_free())
        self._dirty()

    def on_assign_pad_undo(self, _message: AssignPad.Undo) -> None:
        self.draft.undo()
        self.error = ""
        self._dirty()

    def on_assign_pad_confirm(self, _message: AssignPad.Confirm) -> None:
        assert self.viewer is not None
        self._submit(Assign(self.viewer, tuple(self.draft.pending)))

    def action_object(self) -> None:
        contest = self.public.contest if self.public else None
        self._ask_amount(Compose.OBJECT, (contest.showing + 1) if contest else 1)

    def action_raise(self) -> None:
        contest = self.public.contest if self.public else None
        self._ask_amount(Compose.RAISE, contest.high if contest else 1)

    def _ask_amount(self, mode: Compose, start: int) -> None:
        amount = self.query_one(Input)
        amount.value = str(start)
        self.error = ""
        self.mode = mode
        self.set_focus(amount)

    def on_input_submitted(self, message: Input.Submitted) -> None:
        assert self.viewer is not None
        try:
            value = int(message.value)
        except ValueError:
            self.error = "Type a whole number."
            return
        if self.mode is Compose.STANDING_AMOUNT:
            answering.amount_typed(self, value)
            return
        self._submit(Object(self.viewer, value) if self.mode is Compose.OBJECT
                     else Match(self.viewer, value))

    def on_line_input_unseen(self, _message: LineInput.Unseen) -> None:
        self.error = "Nothing revealed: Enter came before the amount showed. Check it, then Enter."

    def action_pass(self) -> None:
        assert self.viewer is not None
        self._submit(Pass(self.viewer))

    def action_match(self) -> None:
        assert self.viewer is not None
        contest = self.public.contest if self.public else None
        self._submit(Match(self.viewer, contest.high if contest else 0))

    def action_concede(self) -> None:
        assert self.viewer is not None
        self._submit(Concede(self.viewer))

    def may_stand(self) -> bool:
        return answering.may_stand(self)

    def standing_answers(self) -> StandingAnswers | None:
        return answering.standing_answers(self)

    def action_standing(self) -> None:
        answering.open_choices(self)

    def action_back(self) -> None:
        if self.mode is Compose.PROPOSAL:
            self.action_propose()
            return
        if self.mode is Compose.STANDING_AMOUNT:
            self.action_standing()
            return
        self.cancel_compose()
        self.focus_board()
