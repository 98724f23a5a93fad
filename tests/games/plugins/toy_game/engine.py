"""Pebbles' rules, pure: the kit (codec, record, errors, dice) and nothing else of grail-tui."""

from __future__ import annotations

import types
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from grail_tui.games.kit import errors as kit_errors
from grail_tui.games.kit.codec import Codec, need
from grail_tui.games.kit.dice import Dice
from grail_tui.games.kit.record import GameRecord as KitRecord
from grail_tui.games.kit.record import Rules, names_of, seats_to_dict, whole_numbers

MIN_PLAYERS, MAX_PLAYERS = 2, 4
PILE = 10


class Stage(Enum):
    """What the game waits for."""

    BIDS = "bids"  # everyone bids, in secret
    TURN = "turn"  # the mover takes
    DOUBTS = "doubts"  # after a take of two, the others answer, in secret: doubt it or not
    REPLY = "reply"  # the doubted taker answers: keep both, or give one back
    OVER = "over"


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


@dataclass(frozen=True, slots=True)
class Doubt:
    """A secret answer to a take of two: doubt it (True) or let it stand."""

    player: int
    doubt: bool


@dataclass(frozen=True, slots=True)
class Reply:
    """The doubted taker's answer: keep both (each doubter then takes one) or give one back."""

    player: int
    keep: bool


Action = Bid | Take | Doubt | Reply


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


@dataclass(frozen=True)
class Doubted:
    """The answers to a take of two, shown together: who doubted it (in seat order)."""

    taker: int
    doubters: tuple[int, ...]
    audience: None = None


@dataclass(frozen=True)
class Replied:
    player: int
    keep: bool
    pile: int
    audience: None = None


Event = Dealt | Took | Doubted | Replied | Ended


@dataclass(frozen=True)
class PublicView:
    players: int
    names: tuple[str, ...]
    pile: int
    taken: tuple[int, ...]
    mover: int | None  # None: the opening, everyone answers
    stage: Stage
    doubters: tuple[int, ...]  # in a reply: who doubted the take
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
    doubt: bool | None  # this player's own answer to a take of two, if given


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
        self.stage = Stage.BIDS
        self.answers: dict[int, Any] = {}  # the secret round's answers so far: bids or doubts
        self.doubters: tuple[int, ...] = ()
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

    @property
    def opening(self) -> bool:
        return self.stage is Stage.BIDS

    def to_act(self) -> tuple[int, ...]:
        if self.stage is Stage.BIDS:
            return tuple(p for p in range(self.players) if p not in self.answers)
        if self.stage is Stage.DOUBTS:
            return tuple(p for p in range(self.players) if p != self.mover and p not in self.answers)
        if self.stage is Stage.OVER:
            return ()
        return (self.mover,)

    def legal_actions(self, player: int) -> Sequence[Action]:
        if player not in self.to_act():
            return ()
        if self.stage is Stage.BIDS:
            return (Bid(player, 0), Bid(player, 1))
        if self.stage is Stage.DOUBTS:
            return (Doubt(player, False), Doubt(player, True))
        if self.stage is Stage.REPLY:
            return (Reply(player, False), Reply(player, True))
        return tuple(Take(player, n) for n in (1, 2) if n <= self.pile)

    def why_illegal(self, action: object) -> str | None:
        if self.outcome is not None:
            return "The game is over."
        if not isinstance(action, (Bid, Take, Doubt, Reply)):
            return f"{action!r} is not a move of Pebbles."
        if action.player not in self.to_act():
            if self.stage in (Stage.BIDS, Stage.DOUBTS) and action.player in self.answers:
                return "You have answered already."
            return "It is not your turn."
        wanted = {Stage.BIDS: Bid, Stage.TURN: Take, Stage.DOUBTS: Doubt, Stage.REPLY: Reply}[self.stage]
        if not isinstance(action, wanted):
            return {Stage.BIDS: "Everyone bids first.", Stage.TURN: "Take pebbles.",
                    Stage.DOUBTS: "Doubt the take of two, or let it stand.",
                    Stage.REPLY: "Keep both pebbles, or give one back."}[self.stage]
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
            self.answers[action.player] = action.count
            if not self.to_act():
                for seat in range(self.players):
                    self._take(seat, min(self.answers[seat], self.pile), events)
                self.answers = {}
                self._next_turn(events, move=False)
        elif isinstance(action, Take):
            self._take(action.player, action.count, events)
            if action.count == 2:
                self.stage = Stage.DOUBTS
            else:
                self._next_turn(events)
        elif isinstance(action, Doubt):
            self.answers[action.player] = action.doubt
            if not self.to_act():
                self.doubters = tuple(p for p in range(self.players) if self.answers.get(p))
                self.answers = {}
                events.append(Doubted(self.mover, self.doubters))
                if self.doubters:
                    self.stage = Stage.REPLY
                else:
                    self._next_turn(events)
        else:
            if action.keep:
                for seat in self.doubters:
                    self._take(seat, min(1, self.pile), events)
            else:
                self.pile += 1
                self.taken[action.player] -= 1
            events.append(Replied(action.player, action.keep, self.pile))
            self.doubters = ()
            self._next_turn(events)
        self.actions.append(action)
        self.history.extend(events)
        return events

    def _take(self, seat: int, count: int, events: list[Event]) -> None:
        self.pile -= count
        self.taken[seat] += count
        events.append(Took(seat, count, self.pile))

    def _next_turn(self, events: list[Event], *, move: bool = True) -> None:
        """The round is over: the next mover takes, or the empty pile ends the game."""
        if move:
            self.mover = (self.mover + 1) % self.players
        self.stage = Stage.TURN
        if self.pile == 0:
            scores = tuple(t + b for t, b in zip(self.taken, self.bonuses, strict=True))
            best = [p for p, s in enumerate(scores) if s == max(scores)]
            self.outcome = Outcome(best[0] if len(best) == 1 else None, scores)
            self.stage = Stage.OVER
            events.append(Ended(self.outcome, tuple(self.bonuses)))

    def public_view(self) -> PublicView:
        return PublicView(self.players, self.setup.names, self.pile, tuple(self.taken),
                          None if self.stage in (Stage.BIDS, Stage.OVER) else self.mover, self.stage,
                          self.doubters, self.outcome, tuple(self.bonuses) if self.outcome else None)

    def view(self, player: int, public: PublicView | None = None) -> PlayerView:
        own = self.answers.get(player)
        return PlayerView(player, public or self.public_view(), self.bonuses[player],
                          own if self.stage is Stage.BIDS else None,
                          own if self.stage is Stage.DOUBTS else None)

    @classmethod
    def from_view(cls, view: PlayerView, bonuses: Sequence[int] | None = None) -> Game:
        """A game in the view's position; the others' bonuses 1 unless given."""
        pub = view.public
        game = cls(Setup(players=pub.players, names=pub.names, pile=pub.pile, first_player=pub.mover or 0))
        game.bonuses = list(bonuses) if bonuses else [view.bonus if p == view.player else 1
                                                      for p in range(pub.players)]
        game.taken = list(pub.taken)
        game.stage = pub.stage
        game.doubters = pub.doubters
        own = view.bid if pub.stage is Stage.BIDS else view.doubt
        game.answers = {view.player: own} if own is not None else {}
        game.outcome = pub.outcome
        game.history = []
        return game


ACTIONS: dict[str, tuple[type, str, type]] = {"bid": (Bid, "count", int), "take": (Take, "count", int),
                                               "doubt": (Doubt, "doubt", bool), "reply": (Reply, "keep", bool)}


def action_to_dict(action: Action) -> dict[str, Any]:
    kind = next(name for name, (cls, _, _) in ACTIONS.items() if isinstance(action, cls))
    field = ACTIONS[kind][1]
    return {"kind": kind, "player": action.player, field: getattr(action, field)}


def action_from_dict(data: Any) -> Action:
    if not isinstance(data, Mapping):
        raise MalformedActionError("an action is a JSON object")
    kind = need(data, "kind", str, MalformedActionError)
    player = need(data, "player", int, MalformedActionError)
    if kind not in ACTIONS:
        raise MalformedActionError(f"unknown action kind {kind!r} (bid, take, doubt or reply)")
    cls, field, type_ = ACTIONS[kind]
    value = need(data, field, type_, MalformedActionError)
    action: Action = cls(player, value)
    return action


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
