"""What the game screen says: the status line and the prompt, from the views.

Pure functions of what the player at the keyboard may see, so the wording can
be read (and tested) apart from the widgets that show it.
"""

from __future__ import annotations

from .engine import Initiate, Phase, PlayerView, PublicView, describe_proposal


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


def prompt(mode: str | None, chosen: Initiate | None, request: str | None,
           view: PublicView, pv: PlayerView | None) -> str:
    """The prompt line for what the player is composing (``mode``), else the situation."""
    if mode == "initiate":
        return "Propose: which initiate? Press 1-8, or ↑/↓ and Enter. Esc backs out."
    if mode == "proposal" and chosen is not None:
        return f"{chosen.title}: what should it do? ↑/↓ and Enter. Esc backs out."
    if mode == "assign":
        return assign_help(view)
    if mode == "object" and view.contest is not None:
        c = view.contest
        return (f"Object to {describe_proposal(c.proposal)}: type an amount above {c.showing} "
                "and press Enter. Esc backs out.")
    if mode == "match" and view.contest is not None:
        return (f"Hold your proposal: type an amount of at least {view.contest.high} and press "
                "Enter. Esc backs out.")
    return situation(request, view, pv)


def assign_help(view: PublicView) -> str:
    scope = "any initiates" if view.phase is Phase.OPENING or view.small else "one initiate only"
    return f"Assign ({scope}): ←/→ Space pick units, 1-8 place, Enter confirms."


def situation(request: str | None, view: PublicView, pv: PlayerView | None) -> str:
    """What is asked of the player at the keyboard now, or whom the game waits for."""
    names = view.name
    if request == "opening":
        return "Opening: assign your influence in secret. Press a to start."
    if request == "turn":
        if pv is not None and not pv.may_assign:
            return ("Your proposal was rejected: press p to propose something else "
                    "(assigning opens once every proposal has been rejected).")
        return "Your turn: p proposes an action with an initiate, a assigns influence."
    contest = view.contest
    if request == "objection" and contest is not None:
        have = pv.sheet.influence[contest.proposal.initiate] if pv else 0
        return (f"{names(contest.mover)} proposes: {describe_proposal(contest.proposal)}.\n"
                f"o objects (beat {contest.showing}; you have {have} on "
                f"{contest.proposal.initiate.code}), n passes.")
    if request == "reply" and contest is not None and contest.holder is not None:
        have = pv.sheet.influence[contest.proposal.initiate] if pv else 0
        return (f"{names(contest.holder)} objects with {contest.high}. m matches {contest.high}, "
                f"r reveals more (you have {have}), c concedes.")
    waiting = ", ".join(names(p) for p in view.to_act)
    return f"Waiting for {waiting}…" if waiting else ""
