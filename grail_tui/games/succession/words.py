"""Events in plain words for the log (no UI code here).

A log is one seat's: it is fed only the events that seat may see, so a dealt
hand in it is the reader's own ("You are dealt ...").
"""

from __future__ import annotations

from collections.abc import Sequence

from ..kit.words import Namer, namer
from .engine import (
    HAND,
    TAKE,
    Card,
    Event,
    GameEnded,
    GameStarted,
    HandDealt,
    Passed,
    Played,
    RoundBegan,
    Termination,
    Took,
    describe_cards,
)


def a_card(card: Card) -> str:
    """"a 7", "an 8", "a +2", "a grail card"."""
    if card.code == "G":
        return "a grail card"
    return ("an " if card.code == "8" else "a ") + card.title


def describe_event(event: Event, name: Namer) -> list[str]:
    """The log lines for one event (none for an event that needs no words)."""
    if isinstance(event, GameStarted):
        return [f"A new game of Grail Succession; {name(event.first_player)} starts. "
                f"The row begins with {describe_cards(event.row)}."]
    if isinstance(event, RoundBegan):
        return [f"== Round {event.round}: {name(event.starter)} starts; each player is dealt "
                f"{HAND} cards ({event.deck} left in the deck)."]
    if isinstance(event, HandDealt):
        return [f"You are dealt {describe_cards(event.cards)}."]
    if isinstance(event, Played):
        return [f"{name(event.player)} plays {a_card(event.card)}."]
    if isinstance(event, Took):
        count = len(event.cards)
        whole = f" (the whole row: {count})" if count < TAKE else ""
        return [f"{name(event.player)} takes {describe_cards(event.cards)}{whole}."]
    if isinstance(event, Passed):
        return [f"{name(event.player)} can neither play nor take, and passes."]
    if isinstance(event, GameEnded):
        return _ending(event, name)
    return []


def _ending(event: GameEnded, name: Namer) -> list[str]:
    outcome = event.outcome
    lines = [outcome.describe(name)]
    if outcome.termination is Termination.SCORED:
        for player, s in enumerate(outcome.scores):
            lines.append(f"{name(player)}: {s.total} points (majorities {s.majority}, "
                         f"{s.sets} sets {5 * s.sets}, plus and minus {s.cards:+d}).")
    lines.append(f"The cards put aside were {describe_cards(event.aside)}.")
    for player, hand in enumerate(event.hands):
        if hand:
            lines.append(f"{name(player)} still held {describe_cards(hand)}.")
    return lines


class LogBook:
    """The log of one seat, built as events arrive (no re-reading of the history)."""

    def __init__(self, names: Sequence[str]) -> None:
        self.name = namer(names)
        self.lines: list[str] = []

    def feed(self, events: Sequence[Event]) -> None:
        for event in events:
            self.lines.extend(describe_event(event, self.name))

    def note(self, line: str) -> None:
        self.lines.append(line)
