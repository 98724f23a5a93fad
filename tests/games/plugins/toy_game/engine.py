"""Pebbles' rules, pure: the kit (codec, record, errors, dice) and nothing else of grail-tui."""

from __future__ import annotations

import types
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from grail_tui.games.kit import errors as kit_errors
from grail_tui.games.kit.codec import Codec, need
from grail_tui.games.kit.dice import Dice
from grail_tui.games.kit.record import GameRecord as KitRecord
from grail_tui.games.kit.record import Rules, names_of, seats_to_dict, whole_numbers

MIN_PLAYERS, MAX_PLAYERS = 2, 4
PILE = 10


class IllegalActionError(kit_errors.IllegalActionError):
    """A move against Pebbles' rules; the game is unchanged."""


class MalformedActionError(IllegalActionError):
    """Not a move of Pebbles at all."""


@dataclass(frozen=True)
class Setup:
    players: int = 2
    seed: int = 0
    pile: int = PILE
    first_player: int | None = None
    names: tuple[str, ...] = ()

    def name(self, player: int) -> str:
        return self.names[player] if player < len(self.names) else f"Player {player + 1}"


@dataclass(frozen=True, slots=True)
class Bid:
    """The opening's secret answer: begin with 0 or 1 pebble."""

    player: int
    count: int


@dataclass(frozen=True, slots=True)
class Take:
    player: int
    count: int  # 1 or 2


Action = Bid | Take


@dataclass(frozen=True)
class Dealt:
    player: int
    bonus: int

    @property
    def audience(self) -> int:
        return self.player  # a bonus is its holder's secret until the end


@dataclass(frozen=True)
class Took:
    player: int
    count: int
    pile: int  # left
    audience: None = None


@dataclass(frozen=True)
class Outcome:
    winner: int | None
    scores: tuple[int, ...]

    def describe(self, name: Callable[[int], str]) -> str:
        if self.winner is None:
            return f"Nobody wins: the best score, {max(self.scores)}, is shared."
        return f"{name(self.winner)} wins with {self.scores[self.winner]}."


@dataclass(frozen=True)
class Ended:
    outcome: Outcome
    bonuses: tuple[int, ...]
    audience: None = None


Event = Dealt | Took | Ended


@dataclass(frozen=True)
class PublicView:
    players: int
    names: tuple[str, ...]
    pile: int
    taken: tuple[int, ...]
    mover: int | None  # None: the opening, everyone answers
    outcome: Outcome | None
    bonuses: tuple[int, ...] | None  # shown at the end

    def name(self, player: int) -> str:
        return self.names[player] if player < len(self.names) else f"Player {player + 1}"


@dataclass(frozen=True)
class PlayerView:
    player: int
    public: PublicView
    bonus: int
    bid: int | None  # this player's own answer in the opening, if given


def visible_to(event: Any, seat: int | None) -> bool:
    audience = event.audience
    return audience is None or audience == seat or isinstance(event, Ended)


class Game:
    def __init__(self, setup: Setup) -> None:
        if not MIN_PLAYERS <= setup.players <= MAX_PLAYERS:
            raise ValueError(f"Pebbles is for {MIN_PLAYERS} to {MAX_PLAYERS} players.")
        dice = Dice(setup.seed)
        self.setup = setup
        self.bonuses = [dice.seat(3) + 1 for _ in range(setup.players)]
        self.first = setup.first_player if setup.first_player is not None else dice.seat(setup.players)
        self.pile = setup.pile
        self.taken = [0] * setup.players
        self.bids: dict[int, int] = {}
        self.opening = True
        self.mover = self.first
        self.outcome: Outcome | None = None
        self.actions: list[Action] = []
        self.history: list[Event] = [Dealt(p, b) for p, b in enumerate(self.bonuses)]

    @property
    def players(self) -> int:
        return self.setup.players

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def to_act(self) -> tuple[int, ...]:
        if self.outcome is not None:
            return ()
        if self.opening:
            return tuple(p for p in range(self.players) if p not in self.bids)
        return (self.mover,)

    def legal_actions(self, player: int) -> Sequence[Action]:
        if player not in self.to_act():
            return ()
        if self.opening:
            return (Bid(player, 0), Bid(player, 1))
        return tuple(Take(player, n) for n in (1, 2) if n <= self.pile)

    def why_illegal(self, action: object) -> str | None:
        if self.outcome is not None:
            return "The game is over."
        if not isinstance(action, (Bid, Take)):
            return f"{action!r} is not a move of Pebbles."
        if action.player not in self.to_act():
            return "It is not your turn." if not self.opening else "You have answered already."
        if isinstance(action, Bid) != self.opening:
            return "Everyone bids first." if self.opening else "The bids are in: take pebbles."
        if isinstance(action, Bid) and action.count not in (0, 1):
            return "Bid 0 or 1 pebble."
        if isinstance(action, Take) and not 1 <= action.count <= min(2, self.pile):
            return f"Take 1 or 2 pebbles, and no more than the {self.pile} there are."
        return None

    def apply(self, action: Action, *, checked: bool = False) -> list[Event]:
        if not checked:
            reason = self.why_illegal(action)
            if reason is not None:
                raise IllegalActionError(reason)
        events: list[Event] = []
        if isinstance(action, Bid):
            self.bids[action.player] = action.count
            if len(self.bids) == self.players:
                self.opening = False
                for seat in range(self.players):
                    count = min(self.bids[seat], self.pile)
                    self._take(seat, count, events)
        else:
            self._take(action.player, action.count, events)
            self.mover = (self.mover + 1) % self.players
        self.actions.append(action)
        self.history.extend(events)
        return events

    def _take(self, seat: int, count: int, events: list[Event]) -> None:
        self.pile -= count
        self.taken[seat] += count
        events.append(Took(seat, count, self.pile))
        if self.pile == 0 and self.outcome is None:
            scores = tuple(t + b for t, b in zip(self.taken, self.bonuses, strict=True))
            best = [p for p, s in enumerate(scores) if s == max(scores)]
            self.outcome = Outcome(best[0] if len(best) == 1 else None, scores)
            events.append(Ended(self.outcome, tuple(self.bonuses)))

    def public_view(self) -> PublicView:
        return PublicView(self.players, self.setup.names, self.pile, tuple(self.taken),
                          None if self.opening or self.outcome else self.mover, self.outcome,
                          tuple(self.bonuses) if self.outcome else None)

    def view(self, player: int, public: PublicView | None = None) -> PlayerView:
        return PlayerView(player, public or self.public_view(), self.bonuses[player], self.bids.get(player))

    @classmethod
    def from_view(cls, view: PlayerView, bonuses: Sequence[int] | None = None) -> Game:
        """A game in the view's position; the others' bonuses 1 unless given."""
        pub = view.public
        game = cls(Setup(players=pub.players, names=pub.names, pile=pub.pile, first_player=pub.mover or 0))
        game.bonuses = list(bonuses) if bonuses else [view.bonus if p == view.player else 1
                                                      for p in range(pub.players)]
        game.taken = list(pub.taken)
        game.opening = pub.mover is None and pub.outcome is None
        game.bids = {view.player: view.bid} if view.bid is not None else {}
        game.outcome = pub.outcome
        game.history = []
        return game


def action_to_dict(action: Action) -> dict[str, Any]:
    return {"kind": "bid" if isinstance(action, Bid) else "take", "player": action.player, "count": action.count}


def action_from_dict(data: Any) -> Action:
    if not isinstance(data, Mapping):
        raise MalformedActionError("an action is a JSON object")
    kind = need(data, "kind", str, MalformedActionError)
    player = need(data, "player", int, MalformedActionError)
    count = need(data, "count", int, MalformedActionError)
    if kind not in ("bid", "take"):
        raise MalformedActionError(f"unknown action kind {kind!r} (bid or take)")
    return Bid(player, count) if kind == "bid" else Take(player, count)


def setup_to_dict(setup: Setup) -> dict[str, Any]:
    return seats_to_dict(setup, {"players": setup.players, "seed": setup.seed, "pile": setup.pile})


def setup_from_dict(raw: Any) -> Setup:
    if not isinstance(raw, dict):
        raise ValueError("there is no setup")
    whole_numbers(raw, ("players", "seed", "pile", "first_player"), nullable=("first_player",))
    return Setup(players=raw.get("players", 2), seed=raw.get("seed", 0), pile=raw.get("pile", PILE),
                 first_player=raw.get("first_player"), names=names_of(raw))


def _modules() -> Iterable[types.ModuleType]:
    import sys

    return (sys.modules[__name__],)


CODEC = Codec({}, _modules)


class GameRecord(KitRecord[Setup, Action, Game]):
    RULES = Rules("toy", setup_to_dict, setup_from_dict, action_to_dict, action_from_dict, Game)
