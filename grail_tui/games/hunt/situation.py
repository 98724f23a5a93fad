"""What the game screen says: the status line and the prompt, from the views.

Pure functions of what the player at the keyboard may see, so the wording can
be read (and tested) apart from the widgets that show it.
"""

from __future__ import annotations

from enum import Enum

from .engine import Assign, Initiate, Object, Pass, Phase, PlayerView, PublicView, describe_proposal


class Compose(Enum):
    """What the player at the keyboard is composing."""

    IDLE = "idle"
    INITIATE = "initiate"  # propose: which initiate
    PROPOSAL = "proposal"  # propose: what it does
    ASSIGN = "assign"
    OBJECT = "object"  # typing an objection's amount
    RAISE = "raise"  # typing a reveal above the objection


class Request(Enum):
    """What the game asks of the player at the keyboard."""

    OPENING = "opening"
    TURN = "turn"
    OBJECTION = "objection"
    REPLY = "reply"


REQUESTS = {Phase.OPENING: Request.OPENING, Phase.TURN: Request.TURN,
            Phase.OBJECTIONS: Request.OBJECTION, Phase.REPLY: Request.REPLY}


def status_line(view: PublicView, viewer: int | None, *, hotseat: bool, remote: bool,
                notice: str | None) -> str:
    phase = view.phase
    mover = view.name(view.mover)
    if phase is Phase.OPENING:
        what = "Opening: everyone assigns in secret"
    elif phase is Phase.TURN:
        what = f"{mover}'s turn"
    elif phase is Phase.OBJECTIONS:
        what = f"{mover} proposes; answers awaited"
    elif phase is Phase.REPLY:
        what = f"{mover} must match or concede"
    else:
        what = "Game over"
    if notice:
        return f"{notice} · Turn {view.turn}/{view.turn_limit}"
    who = f" · {view.name(viewer)} at the keyboard" if hotseat and viewer is not None else ""
    if remote and viewer is None:
        who = " · watching"
    return f"Turn {view.turn}/{view.turn_limit} · {what}{who}"


def prompt(mode: Compose, chosen: Initiate | None, request: Request | None,
           view: PublicView, pv: PlayerView | None, pending: object = None) -> str:
    """The prompt line for what the player is composing (``mode``), else the situation."""
    if mode is Compose.INITIATE:
        return "Propose: which initiate? Press 1-8, or ↑/↓ and Enter. Esc backs out."
    if mode is Compose.PROPOSAL and chosen is not None:
        return f"{chosen.title}: what should it do? ↑/↓ and Enter. Esc backs out."
    if mode is Compose.ASSIGN:
        return assign_help(view)
    if mode is Compose.OBJECT and view.contest is not None:
        c = view.contest
        return (f"Object to {describe_proposal(c.proposal)}: type an amount above {c.showing} "
                "and press Enter. Esc backs out.")
    if mode is Compose.RAISE and view.contest is not None:
        return (f"Hold your proposal: type an amount of at least {view.contest.high} and press "
                "Enter. Esc backs out.")
    return situation(request, view, pv, pending)


def assign_help(view: PublicView) -> str:
    scope = "any initiates" if view.phase is Phase.OPENING or view.small else "one initiate only"
    return f"Assign ({scope}): ←/→ Space pick units, 1-8 place, Enter confirms."


def situation(request: Request | None, view: PublicView, pv: PlayerView | None,
              pending: object = None) -> str:
    """What is asked of the player at the keyboard now, or whom the game waits for."""
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
        return (f"{names(contest.mover)} proposes: {describe_proposal(contest.proposal)}.\n"
                f"o objects (beat {contest.showing}; you have {have} on "
                f"{contest.proposal.initiate.code}), n passes.")
    if request is Request.REPLY and contest is not None and contest.holder is not None:
        have = pv.sheet.influence[contest.proposal.initiate] if pv else 0
        return (f"{names(contest.holder)} objects with {contest.high}. m matches {contest.high}, "
                f"r reveals more (you have {have}), c concedes.")
    if isinstance(pending, Assign):
        return "Your opening assignment is made; everyone's is shown when all are in."
    if isinstance(pending, (Pass, Object)):
        said = f"you objected with {pending.amount}" if isinstance(pending, Object) else "you passed"
        return f"Answer given ({said}); all answers are shown together."
    waiting = ", ".join(names(p) for p in view.to_act)
    return f"Waiting for {waiting}…" if waiting else ""
