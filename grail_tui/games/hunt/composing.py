"""What the player at the keyboard is composing: the mode, the initiate chosen, the proposals
offered, the assignment drafted, an amount typed. Pure: the game screen owns one and shows it,
and tests drive it without a screen.

Nothing here decides a rule: whether a proposal or a placement is legal is asked of the table
(the engine, from the seat's own view) through what the caller passes in. Each step returns the
text the error line shows after it ("" clears it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .drafting import AssignmentDraft
from .engine import Assign, Initiate, Match, Object, Proposal, Propose, PublicView, Unit, describe_proposal
from .situation import Compose

AMOUNTS = (Compose.OBJECT, Compose.RAISE, Compose.STANDING_AMOUNT)


class Composition:
    def __init__(self) -> None:
        self.mode = Compose.IDLE
        self.chosen: Initiate | None = None
        self.highlighted = ""  # the proposal under the cursor, in full words
        self.proposals: list[Propose] = []
        self.draft = AssignmentDraft()

    @property
    def idle(self) -> bool:
        return self.mode is Compose.IDLE

    def cancel(self) -> str:
        """Back to nothing composed; what was composed is dropped."""
        self.mode = Compose.IDLE
        self.chosen = None
        self.highlighted = ""
        self.proposals = []
        self.draft = AssignmentDraft()
        return ""

    def back(self) -> Compose:
        """Esc: one step back. Returns what opens again (a list the screen fills), else IDLE."""
        if self.mode is Compose.PROPOSAL:
            self.propose()
            return Compose.INITIATE
        if self.mode is Compose.STANDING_AMOUNT:
            self.mode = Compose.STANDING
            return Compose.STANDING
        self.cancel()
        return Compose.IDLE

    # -- proposing ------------------------------------------------------------------------------

    def propose(self) -> None:
        """p: which initiate? (the screen lists them)"""
        self.mode = Compose.INITIATE

    def choose(self, initiate: Initiate, view: PublicView, legal: Iterable[Any]) -> str:
        """The initiate to propose with; ``legal``: the seat's legal actions now."""
        if view.positions[initiate] is None:
            return f"{initiate.title} has left the game."
        proposals = [a for a in legal if isinstance(a, Propose) and a.proposal.initiate == initiate]
        if not proposals:
            return f"Every proposal with {initiate.title} was rejected this turn."
        self.chosen = initiate
        self.proposals = proposals
        self.mode = Compose.PROPOSAL
        return ""

    def highlight(self, index: int) -> Proposal | None:
        """The cursor is on proposal ``index``: the prompt says it in full words."""
        if self.mode is not Compose.PROPOSAL or not 0 <= index < len(self.proposals):
            return None
        proposal = self.proposals[index].proposal
        self.highlighted = describe_proposal(proposal)
        return proposal

    def proposal(self, index: int) -> Propose | None:
        """The proposal Enter sends, if the list shows one there."""
        if self.mode is not Compose.PROPOSAL or not 0 <= index < len(self.proposals):
            return None
        return self.proposals[index]

    # -- assigning ------------------------------------------------------------------------------

    def assign(self, sheet_free: Sequence[Unit]) -> str:
        self.draft = AssignmentDraft(sheet_free)
        self.mode = Compose.ASSIGN
        return ""

    def place(self, initiate: Initiate, sheet_free: Sequence[Unit], seat: int,
              why_illegal: Callable[[Assign], str | None]) -> str:
        """The picked units (or the one under the cursor) onto ``initiate``, if the assignment
        with them may stand."""
        candidate = self.draft.placing(sheet_free, initiate)
        if candidate is None:
            return "Every unit is used or already placed."
        reason = why_illegal(Assign(seat, tuple(candidate)))
        if reason:
            return reason
        self.draft.accept(candidate, sheet_free)
        return ""

    def undo(self) -> str:
        self.draft.undo()
        return ""

    def assignment(self, seat: int) -> Assign:
        return Assign(seat, tuple(self.draft.pending))

    # -- amounts --------------------------------------------------------------------------------

    def ask_amount(self, mode: Compose, initiate: Initiate | None = None) -> None:
        """An amount to type: an objection, a raise, or how far a standing answer objects."""
        assert mode in AMOUNTS
        self.mode = mode
        if initiate is not None:
            self.chosen = initiate

    def standing(self) -> None:
        """w: the list of standing answers."""
        self.mode = Compose.STANDING

    def typed(self, text: str) -> int | str:
        """The amount typed, or the error line's text."""
        try:
            return int(text)
        except ValueError:
            return "Type a whole number."

    def answer(self, seat: int, amount: int) -> Object | Match:
        """The objection or the raise with the amount typed."""
        return Object(seat, amount) if self.mode is Compose.OBJECT else Match(seat, amount)
