"""What happened, as the engine reports it. An event with an ``audience`` is that player's
alone (cards drawn, a look, a secret choice); every other event is public at once (§4)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .vocabulary import AttackKind, Ending, Player, Uid


@dataclass(frozen=True, slots=True)
class Outcome:
    ending: Ending
    winners: tuple[Player, ...]  # several: a shared victory (HR-33); none: nobody won
    reason: str  # "the basic goal", "the special goal", a goal card's name, ...

    @property
    def winner(self) -> Player | None:
        return self.winners[0] if len(self.winners) == 1 else None

    def describe(self, name: Callable[[int], str] | None = None) -> str:
        name = name or (lambda p: f"Player {p + 1}")
        if not self.winners:
            return "Nobody wins."
        names = [name(p) for p in self.winners]
        who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        verb = "share the victory" if len(self.winners) > 1 else "wins"
        if self.ending is Ending.SURVIVOR:
            return f"{who} {verb}: every other Cabal is gone."
        if self.ending is Ending.ROUND_LIMIT:
            return f"{who} {verb} at the round limit, controlling the most groups."
        return f"{who} {verb} by {self.reason}."


@dataclass(frozen=True, slots=True)
class Happened:
    """A public event: who did what, with which public cards (their ids in ``faces``)."""

    player: int  # -1: the game itself
    what: str  # a short code the log words: "drew", "placed", "declared", ...
    cards: tuple[Uid, ...] = ()
    faces: tuple[str, ...] = ()  # the card ids of ``cards``, where public
    number: int = 0
    detail: str = ""
    audience: None = None


@dataclass(frozen=True, slots=True)
class Saw:
    """What one player alone learns: cards drawn, a look, their own secret choice."""

    player: Player
    what: str
    cards: tuple[Uid, ...]
    faces: tuple[str, ...]
    about: int = -1  # whose cards, for a look

    @property
    def audience(self) -> int:
        return self.player


@dataclass(frozen=True, slots=True)
class Rolled:
    """An attack settled: totals, margin, the dice and the result, all public."""

    attacker: Uid
    target: Uid
    attack_kind: AttackKind
    attack: int
    defence: int
    dice: tuple[int, int]
    success: bool
    audience: None = None

    @property
    def margin(self) -> int:
        return self.attack - self.defence


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The end; every secret is shown: hands and decks by seat, as card ids."""

    outcome: Outcome
    hands: tuple[tuple[str, ...], ...]
    decks: tuple[tuple[str, ...], ...]
    audience: None = None


Event = Happened | Saw | Rolled | GameEnded


def visible_to(event: Event, player: int | None) -> bool:
    """May ``player`` (None: a spectator) see this event during play?"""
    audience = event.audience
    return audience is None or audience == player
