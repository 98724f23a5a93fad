"""What the game screen says: the status line and the prompt, from the views.

Pure functions of what the player at the keyboard may see, so the wording can
be read (and tested) apart from the widgets that show it.
"""

from __future__ import annotations

from enum import Enum

from .engine import (
    Assign,
    GrailMove,
    Initiate,
    Object,
    Pass,
    Phase,
    PlayerView,
    Proposal,
    PublicView,
    describe_proposal,
)


class Compose(Enum):
    """What the player at the keyboard is composing."""

    IDLE = "idle"
    INITIATE = "initiate"  # propose: which initiate
    PROPOSAL = "proposal"  # propose: what it does
    ASSIGN = "assign"
    OBJECT = "object"  # typing an objection's amount
    RAISE = "raise"  # typing a reveal above the objection
    STANDING = "standing"  # choosing a standing answer for this turn
    STANDING_AMOUNT = "standing-amount"  # typing how far to keep objecting


CHOOSING = (Compose.INITIATE, Compose.PROPOSAL, Compose.STANDING)  # a list of choices is shown
TYPING = (Compose.OBJECT, Compose.RAISE, Compose.STANDING_AMOUNT)  # an amount is typed


class Request(Enum):
    """What the game asks of the player at the keyboard."""

    OPENING = "opening"
    TURN = "turn"
    OBJECTION = "objection"
    REPLY = "reply"


REQUESTS = {Phase.OPENING: Request.OPENING, Phase.TURN: Request.TURN,
            Phase.OBJECTIONS: Request.OBJECTION, Phase.REPLY: Request.REPLY}


def status(view: PublicView, viewer: int | None, *, hotseat: bool) -> tuple[str, str]:
    """The hunt's part of the status line (app/table_screen.py adds the rest): the turn, and
    whose move it is ("your" for the player at their own screen, never their name)."""
    phase = view.phase
    you = viewer == view.mover and not hotseat
    mover = view.name(view.mover)
    if phase is Phase.OPENING:
        what = "Opening: everyone assigns in secret"
    elif phase is Phase.TURN:
        what = "Your turn" if you else f"{mover}'s turn"
    elif phase is Phase.OBJECTIONS:
        what = f"{'You propose' if you else mover + ' proposes'}; answers awaited"
    elif phase is Phase.REPLY:
        what = f"{'You' if you else mover} must match, raise or concede"
    else:
        what = "Game over"
    return f"Turn {view.turn}/{view.turn_limit}", what


_SHORT_GRAIL = {
    GrailMove.CARRY: "with the grail",
    GrailMove.DROP_BEFORE: "grail left behind",
    GrailMove.DROP_AFTER: "grail put down",
    GrailMove.PICK_UP: "picks the grail up",
}


def short_proposal(p: Proposal, field_name: str | None = None) -> str:
    """A proposal in a few words for a narrow list ("→ Akkon, with the grail");
    the prompt above the list says it in full."""
    parts: list[str] = []
    if p.step is not None:
        parts.append(f"→ {field_name or p.step.title}")
        if p.grail in _SHORT_GRAIL:
            parts.append(_SHORT_GRAIL[p.grail])
    if p.blow is not None:
        parts.append(f"blows {p.blow.code}'s cover" + (", takes the grail" if p.take_grail else ""))
    return ", ".join(parts)


def prompt(mode: Compose, chosen: Initiate | None, request: Request | None,
           view: PublicView, pv: PlayerView | None, pending: object = None,
           highlighted: str = "", standing: object = None) -> str:
    """The prompt line for what the player is composing (``mode``), else the situation.
    ``highlighted``: the proposal under the cursor in full words."""
    if mode is Compose.INITIATE:
        return "Propose: which initiate? Press 1-8, or ↑/↓ and Enter. Esc backs out."
    if mode is Compose.PROPOSAL and chosen is not None:
        if highlighted:
            return f"{highlighted}: Enter proposes it; ↑/↓ for another. Esc backs out."
        return f"{chosen.title}: what should it do? ↑/↓ and Enter. Esc backs out."
    if mode is Compose.STANDING:
        return ("Standing answers for the rest of this turn, given for you at a person's pace: "
                "↑/↓ and Enter. Esc backs out.")
    if mode is Compose.STANDING_AMOUNT and chosen is not None:
        have = pv.sheet.influence[chosen] if pv else 0
        return (f"Object to moves of {chosen.code} this turn with how much? That amount is shown "
                f"at once whenever the mover shows less (you have {have}). Enter sets it, Esc backs out.")
    if mode is Compose.ASSIGN:
        return assign_help(view)
    if mode is Compose.OBJECT and view.contest is not None:
        c = view.contest
        return (f"Object to {describe_proposal(c.proposal)}: type an amount above {c.showing} "
                "and press Enter. Esc backs out.")
    if mode is Compose.RAISE and view.contest is not None:
        return (f"Raise: type an amount above {view.contest.high} (or {view.contest.high} to match) "
                "and press Enter. Esc backs out.")
    return situation(request, view, pv, pending, standing)


def assign_help(view: PublicView) -> str:
    scope = "any initiates" if view.phase is Phase.OPENING or view.small else "one initiate only"
    return f"Assign ({scope}): ←/→ Space pick units, 1-8 place, Enter confirms."


def short_to_object(view: PublicView, pv: PlayerView | None) -> int | None:
    """What the seat holds on the proposal's initiate when that is too little to object with (an
    objection must show more than the mover does, out of what one holds); None if it can object."""
    contest = view.contest
    if contest is None or pv is None:
        return None
    have = pv.sheet.influence[contest.proposal.initiate]
    return have if have <= contest.showing else None


def situation(request: Request | None, view: PublicView, pv: PlayerView | None,
              pending: object = None, standing: object = None) -> str:
    """What is asked of the player at the keyboard now, or whom the game waits for.
    ``standing``: the answer a standing answer is about to give, if any."""
    names = view.name
    if request is Request.OPENING:
        return "Opening: assign your influence in secret. Press a to start."
    if request is Request.TURN:
        if pv is not None and not pv.may_assign:
            return ("Your proposal was rejected: press p to propose something else "
                    "(assigning opens once every proposal has been rejected).")
        return "Your turn: p proposes an action with an initiate, a assigns influence."
    contest = view.contest
    if request is Request.OBJECTION and contest is not None:
        have = pv.sheet.influence[contest.proposal.initiate] if pv else 0
        said = f"{names(contest.mover)} proposes: {describe_proposal(contest.proposal)}.\n"
        if isinstance(standing, (Pass, Object)):
            what = f"object with {standing.amount}" if isinstance(standing, Object) else "pass"
            return said + f"Your standing answer will {what} in a moment; o or n answers now instead."
        if short_to_object(view, pv) is not None:
            return said + (f"You hold {have} on {contest.proposal.initiate.code}, not enough to beat "
                           f"{contest.showing}: n passes, w sets standing answers.")
        return said + (f"o objects (beat {contest.showing}; you have {have} on "
                       f"{contest.proposal.initiate.code}), n passes, w sets standing answers.")
    if request is Request.REPLY and contest is not None and contest.holder is not None:
        have = pv.sheet.influence[contest.proposal.initiate] if pv else 0
        return (f"{names(contest.holder)} objects with {contest.high}. m matches {contest.high}, "
                f"r raises (you have {have}), c concedes.")
    if isinstance(pending, Assign):
        return "Your opening assignment is made; everyone's is shown when all are in."
    if isinstance(pending, (Pass, Object)):
        said = f"you objected with {pending.amount}" if isinstance(pending, Object) else "you passed"
        return f"Answer given ({said}); all answers are shown together."
    waiting = ", ".join(names(p) for p in view.to_act)
    return f"Waiting for {waiting}…" if waiting else ""
