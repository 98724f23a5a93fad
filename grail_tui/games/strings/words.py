"""Events in plain words for the log (no UI code here). A log is one seat's: it is fed only the
events that seat may see, so cards drawn or looked at in it are the reader's own."""

from __future__ import annotations

from collections.abc import Sequence

from ..kit.words import Namer, namer
from .engine import Event, GameEnded, Happened, Rolled, Saw, card_set


def _cards(faces: Sequence[str]) -> str:
    cards = card_set().cards
    return ", ".join(cards[f].name if f in cards else f for f in faces) or "nothing"


def describe_event(event: Event, name: Namer) -> list[str]:
    if isinstance(event, Rolled):
        verdict = "succeeds" if event.success else "fails"
        return [f"Attack {event.attack} against defence {event.defence} (margin {event.margin}): "
                f"rolled {event.dice[0]}+{event.dice[1]}, the attack {verdict}."]
    if isinstance(event, GameEnded):
        return [event.outcome.describe(name)]
    if isinstance(event, Saw):
        return [f"{name(event.player)} {event.what}: {_cards(event.faces)}."]
    if isinstance(event, Happened):
        who = "The game" if event.player < 0 else name(event.player)
        what = event.what
        if what in ("drew plot", "drew group"):
            return [f"{who} drew {event.number} {what.split()[1]} card{'s' if event.number != 1 else ''}."]
        if what in ("turn", "refreshed", "began"):
            return [f"{who}: turn in round {event.number}."] if what == "turn" else []
        if what == "turn order":
            return [f"Turn order: {', '.join(name(int(p)) for p in event.detail.split())}."]
        if what == "rolled for order":
            rolls = (p.split(":") for p in event.detail.split())
            return [f"Rolled for turn order: {', '.join(f'{name(int(p))} {total}' for p, total in rolls)}."]
        if what == "cancelled":  # the player is the plot's, not who answered it (the line before says)
            return [f"{who}'s {_cards(event.faces)} is cancelled."]
        if what == "ended turn":
            return [f"{who} ended their turn."]
        if what == "put on the bottom":
            many = f"{event.number} plot card{'s' if event.number != 1 else ''}"
            return [f"{who} put {many} on the bottom of their plot deck."] if event.number else []
        if what == "claims":
            if event.faces:
                return [f"{who} claims victory with the goal card {_cards(event.faces)}."]
            return [f"{who} claims victory: {event.detail}."]
        detail = f" ({event.detail})" if event.detail else ""
        return [f"{who} {what}: {_cards(event.faces)}{detail}."]
    return []


class LogBook:
    """One seat's log, built as events arrive."""

    def __init__(self, names: Sequence[str], seat: int | None = None) -> None:
        self.names = names
        self.seat = seat
        self.lines: list[str] = []

    def feed(self, events: Sequence[Event]) -> None:
        name = namer(self.names)
        for event in events:
            self.lines.extend(describe_event(event, name))

    def note(self, line: str) -> None:
        self.lines.append(line)
