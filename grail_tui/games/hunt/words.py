"""Events in plain words for the action log (no UI code here)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .engine import (
    Assigned,
    Conceded,
    CoverBlown,
    Event,
    GameEnded,
    GameStarted,
    GrailDropped,
    GrailTaken,
    HqDealt,
    Matched,
    ObjectionsRevealed,
    ProposalCarried,
    Proposed,
    Stepped,
    TurnBegan,
    UnitsPlaced,
    describe_proposal,
)

Namer = Callable[[int], str]


def namer(names: Sequence[str]) -> Namer:
    return lambda p: names[p] if 0 <= p < len(names) else f"Player {p + 1}"


def describe_event(event: Event, name: Namer, active: str = "") -> str | None:
    """One line for the log; ``active`` names the initiate of the contest, if any."""
    if isinstance(event, GameStarted):
        return f"A new game for {event.players} players; {name(event.first_player)} will start."
    if isinstance(event, HqDealt):
        return f"You hold the headquarters of the {event.society.title}."
    if isinstance(event, Assigned):
        if event.opening:
            return f"{name(event.player)} has made an opening assignment."
        return f"{name(event.player)} assigns influence."
    if isinstance(event, UnitsPlaced):
        if not event.placements:
            return "You assigned nothing."
        parts: dict[str, list[str]] = {}
        for unit, initiate in event.placements:
            parts.setdefault(initiate.title, []).append(unit.code)
        text = "; ".join(f"{', '.join(us)} on {who}" for who, us in parts.items())
        return f"You put {text}."
    if isinstance(event, TurnBegan):
        return f"== Turn {event.turn}: {name(event.player)}"
    if isinstance(event, Proposed):
        return f"{name(event.player)} proposes: {describe_proposal(event.proposal)}."
    if isinstance(event, ObjectionsRevealed):
        on = f" on {active}" if active else ""
        bits = [f"{name(p)} objects with {amount}{on}" for p, amount in event.objections]
        if event.passed:
            bits.append(", ".join(name(p) for p in event.passed) + " pass" + ("es" if len(event.passed) == 1 else ""))
        if not event.objections:
            return f"Round {event.round}: nobody objects."
        return f"Round {event.round}: " + "; ".join(bits) + "."
    if isinstance(event, Matched):
        return f"{name(event.player)} matches with {event.amount}."
    if isinstance(event, Conceded):
        return f"{name(event.player)} concedes; the proposal is rejected."
    if isinstance(event, ProposalCarried):
        return "The proposal carries."
    if isinstance(event, Stepped):
        return f"{event.initiate.title} steps from {event.origin.title} to {event.destination.title}."
    if isinstance(event, GrailTaken):
        return f"{event.initiate.title} takes the grail on {event.field.title}."
    if isinstance(event, GrailDropped):
        return f"The grail lies on {event.field.title}."
    if isinstance(event, CoverBlown):
        losses = ", ".join(f"{name(p)} {v}" for p, v in enumerate(event.losses))
        return (f"{event.active.title} blows the cover of {event.target.title}; "
                f"{name(event.payer)} pays 10. Influence lost: {losses}.")
    if isinstance(event, GameEnded):
        return event.outcome.describe(name)
    return None


class LogBook:
    """The log of one seat, built as events arrive (no re-reading of the history)."""

    def __init__(self, names: Sequence[str]) -> None:
        self.name = namer(names)
        self.lines: list[str] = []
        self.active = ""
        self.last: str | None = None  # how the last proposal ended, in words

    def feed(self, events: Sequence[Event]) -> None:
        for e in events:
            if isinstance(e, Proposed):
                self.active = e.proposal.initiate.title
            elif isinstance(e, Conceded):
                self.last = f"rejected ({describe_proposal(e.proposal)})"
            elif isinstance(e, ProposalCarried):
                self.last = f"carried ({describe_proposal(e.proposal)})"
            line = describe_event(e, self.name, self.active)
            if line:
                self.lines.append(line)

    def note(self, line: str) -> None:
        self.lines.append(line)
