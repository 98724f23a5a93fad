"""Events in plain words for the action log (no UI code here).

The log speaks to the player who reads it: their own seat is "you" in every
line ("You propose…", "Gregor, you pass"), everybody else by name. A
spectator's log (no seat) names everyone.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..kit.words import Namer, namer
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
    Outcome,
    ProposalCarried,
    Proposed,
    Stepped,
    Termination,
    TurnBegan,
    UnitsPlaced,
    describe_proposal,
)


class Voice:
    """Who a line is about, in the reader's words: their own seat is "you"."""

    def __init__(self, name: Namer, me: int | None = None) -> None:
        self.name, self.me = name, me

    def who(self, player: int, start: bool = False) -> str:
        """The player's name, or "you" ("You" at the start of a sentence)."""
        if player == self.me:
            return "You" if start else "you"
        return self.name(player)

    def says(self, player: int, third: str, second: str, start: bool = True) -> str:
        """Subject and verb agreeing: "Gregor proposes" but "You propose"."""
        verb = second if player == self.me else third
        return f"{self.who(player, start)} {verb}"

    def group(self, players: Sequence[int]) -> str:
        """A list of players: "Gregor, Inga and you"."""
        people = [self.who(p) for p in players if p != self.me]
        if self.me in players:
            people.append("you")
        if len(people) == 1:
            return people[0]
        return ", ".join(people[:-1]) + " and " + people[-1]


def outcome_words(outcome: Outcome, voice: Voice) -> str:
    """The end of the game, with the reader as "you" when they won."""
    winner = outcome.winner
    if winner is None or winner != voice.me:
        return outcome.describe(voice.name)
    assert outcome.bearer is not None and outcome.field is not None
    where = f"{outcome.bearer.title} brought the grail to {outcome.field.title}"
    if outcome.termination is Termination.HQ_REACHED:
        return f"{where}; you hold that HQ and win."
    top = max(outcome.influence) if outcome.influence else 0
    if outcome.tie_broken:
        return f"{where}; the most influence ({top}) was tied, so you, who made the final proposal, win."
    return f"{where}; you win with {top} influence on the bearer."


def describe_event(event: Event, name: Namer, active: str = "", me: int | None = None,
                   high: int = 0) -> str | None:
    """One line for the log; ``active`` names the initiate of the contest, if any;
    ``me`` is the reader's seat; ``high`` the objection a reveal answers."""
    voice = Voice(name, me)
    if isinstance(event, GameStarted):
        first = "you" if event.first_player == me else name(event.first_player)
        return f"A new game for {event.players} players; {first} will start."
    if isinstance(event, HqDealt):
        return f"You hold the headquarters of the {event.society.title}."
    if isinstance(event, Assigned):
        if event.opening:
            return f"{voice.who(event.player, True)} made an opening assignment."
        return f"{voice.says(event.player, 'assigns', 'assign')} influence."
    if isinstance(event, UnitsPlaced):
        if not event.placements:
            return "You assigned nothing."
        parts: dict[str, list[str]] = {}
        for unit, initiate in event.placements:
            parts.setdefault(initiate.title, []).append(unit.code)
        text = "; ".join(f"{', '.join(us)} on {who}" for who, us in parts.items())
        return f"You put {text}."
    if isinstance(event, TurnBegan):
        return f"== Turn {event.turn}: " + ("your turn" if event.player == me else name(event.player))
    if isinstance(event, Proposed):
        return f"{voice.says(event.player, 'proposes', 'propose')}: {describe_proposal(event.proposal)}."
    if isinstance(event, ObjectionsRevealed):
        if not event.objections:
            return f"Round {event.round}: nobody objects."
        on = f" on {active}" if active else ""
        bits = [f"{voice.says(p, 'objects', 'object', start=False)} with {amount}{on}"
                for p, amount in event.objections]
        if event.passed:
            alone = len(event.passed) == 1 and event.passed[0] != me
            bits.append(f"{voice.group(event.passed)} {'passes' if alone else 'pass'}")
        return f"Round {event.round}: " + "; ".join(bits) + "."
    if isinstance(event, Matched):
        if event.amount > high:
            return f"{voice.says(event.player, 'raises', 'raise')} to {event.amount}."
        return f"{voice.says(event.player, 'matches', 'match')} {event.amount}."
    if isinstance(event, Conceded):
        return f"{voice.says(event.player, 'concedes', 'concede')}; the proposal is rejected."
    if isinstance(event, ProposalCarried):
        return "The proposal carries."
    if isinstance(event, Stepped):
        return f"{event.initiate.title} steps from {event.origin.title} to {event.destination.title}."
    if isinstance(event, GrailTaken):
        return f"{event.initiate.title} takes the grail on {event.field.title}."
    if isinstance(event, GrailDropped):
        return f"The grail lies on {event.field.title}."
    if isinstance(event, CoverBlown):
        losses = ", ".join(f"{voice.who(p)} {v}" for p, v in enumerate(event.losses))
        return (f"{event.active.title} blows the cover of {event.target.title}; "
                f"{voice.says(event.payer, 'pays', 'pay', start=False)} 10. Influence lost: {losses}.")
    if isinstance(event, GameEnded):
        return outcome_words(event.outcome, voice)
    return None


def matched_words(name: str, amount: int, high: int, you: bool = False) -> str:
    """A mover's reveal in the bidding-war pane: it matches the objection or raises it
    ("You match 3" when the mover is the reader)."""
    if amount > high:
        return f"{name} {'raise' if you else 'raises'} to {amount}"
    return f"{name} {'match' if you else 'matches'} {amount}"


class LogBook:
    """The log of one seat (``me``; None: a spectator), built as events arrive
    (no re-reading of the history)."""

    def __init__(self, names: Sequence[str], me: int | None = None) -> None:
        self.name = namer(names)
        self.me = me
        self.lines: list[str] = []
        self.active = ""
        self.high = 0  # the objection the mover answers
        self.last: str | None = None  # how the last proposal ended, in words

    def feed(self, events: Sequence[Event]) -> None:
        for e in events:
            if isinstance(e, Proposed):
                self.active = e.proposal.initiate.title
                self.high = 0
            elif isinstance(e, Conceded):
                self.last = f"rejected ({describe_proposal(e.proposal)})"
            elif isinstance(e, ProposalCarried):
                self.last = f"carried ({describe_proposal(e.proposal)})"
            line = describe_event(e, self.name, self.active, self.me, self.high)
            if isinstance(e, ObjectionsRevealed):
                self.high = e.high
            if line:
                self.lines.append(line)

    def note(self, line: str) -> None:
        self.lines.append(line)
