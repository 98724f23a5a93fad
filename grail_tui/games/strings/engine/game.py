"""The game: set-up, the turn, windows, attacks and their results, by the rules in
docs/strings.md (STRINGS.md with our house readings). State changes only through ``apply``;
every check raises the error class of the rule it enforces (errors.py), changing nothing."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...kit.dice import Dice
from . import errors
from .actions import (
    ACTION_TYPES,
    Action,
    Declare,
    EndTurn,
)
from .board import Board
from .cards import CardDef, CardSet
from .catalogue import card_set, decks
from .checks import check
from .events import Event, GameEnded, Happened, Outcome, Rolled, Saw
from .flow import carry_out, settle
from .legal import legal_actions
from .vocabulary import (
    NONE,
    PLAYERS_MAX,
    PLAYERS_MIN,
    PLOT_HAND_LIMIT,
    AttackKind,
    Phase,
    Player,
    Setup,
    Side,
    Uid,
    WindowKind,
)

if TYPE_CHECKING:
    from .view import PlayerView, PublicView


@dataclass
class Window:
    """An open window (§14): who is asked, in turn order, and how many passed in succession."""

    kind: WindowKind
    order: list[Player]
    at: int = 0
    passes: int = 0

    @property
    def asked(self) -> Player:
        return self.order[self.at % len(self.order)]


@dataclass
class Contribution:
    player: Player
    card: Uid  # the supporting card, agent or plot
    side: Side
    value: int
    how: str  # "A1".."A5", "D1".."D6"


@dataclass
class Attack:
    player: Player  # the attacker's controller
    attacker: Uid
    target: Uid
    kind: AttackKind
    use_global: bool
    from_hand: bool = False  # a group card from the hand (or the open area): read by the flow, never by the totals
    committed: bool = False
    closed: bool = False  # Closed-Door Meeting: only the two sides' players may support
    support: list[Contribution] = field(default_factory=list)
    sides: dict[Player, Side] = field(default_factory=dict)
    used: set[Uid] = field(default_factory=set)  # cards that contributed (HR-16)
    spent: list[Uid] = field(default_factory=list)  # plots and agents used: discarded at the end
    defender: int = -1  # the target's controller when the attack was committed (-1: the open area)


@dataclass
class Entry:
    """A plot on the response stack (§14.1)."""

    player: Player
    card: Uid
    target: Uid
    seat: int
    side: Side | None
    cancelled: bool = False


@dataclass
class Claim:
    player: Player
    reason: str  # "the basic goal", "the special goal" or a goal card's name
    goal_card: Uid = NONE
    cancelled: bool = False


class Game:
    """One game of Pulling Strings for 2-6 players."""

    def __init__(self, setup: Setup, cards: CardSet | None = None) -> None:
        if not PLAYERS_MIN <= setup.players <= PLAYERS_MAX:
            raise ValueError(f"Pulling Strings is for {PLAYERS_MIN} to {PLAYERS_MAX} players, not {setup.players}.")
        self.setup = setup
        self.cards = cards or card_set(setup.card_set)
        known = {**(decks(setup.card_set) if cards is None else {}), **{d.id: d for d in setup.custom}}
        self.dice = Dice(setup.seed)
        self.rolls = random.Random(f"pulling-strings:{setup.seed}")  # the dice, drawn as rolled
        players = setup.players
        self.defs: list[CardDef] = []
        self.owner: list[Player] = []
        self.plot_deck: list[list[Uid]] = [[] for _ in range(players)]  # the top is the end
        self.group_deck: list[list[Uid]] = [[] for _ in range(players)]
        for player, deck_id in enumerate(setup.decks):
            deck = known.get(deck_id)
            if deck is None:
                raise ValueError(f"no deck {deck_id!r} in card set {setup.card_set!r}")
            for card_id in deck.plot + deck.group:
                uid = len(self.defs)
                card = self.cards.cards[card_id]
                self.defs.append(card)
                self.owner.append(player)
                (self.plot_deck if card.back == "plot" else self.group_deck)[player].insert(0, uid)
        self.board = Board(self.defs, players)
        self.plot_hand: list[list[Uid]] = [[] for _ in range(players)]
        self.group_hand: list[list[Uid]] = [[] for _ in range(players)]
        self.discard: list[list[Uid]] = [[] for _ in range(players)]
        self.destroyed: list[list[Uid]] = [[] for _ in range(players)]
        self.revealed: set[Uid] = set()
        self.bottom_known = [0] * players  # cards at the bottom of the plot deck their owner put there
        self.eliminated = [False] * players
        self.finished_first = [False] * players
        self.attacked: set[tuple[Player, Player]] = set()  # (a, b): a has attacked b (§18)
        self.destroy_tried = [False] * players  # for goals that read history
        self.entered_unique: set[str] = set()  # U-2: unique resources that entered play
        self.order: list[Player] = list(range(players))
        # The first turn sets who is active (flow._setup_done); nothing asks before it.
        # pragma: no mutate start
        self.active_index = 0
        # pragma: no mutate end
        self.round = 0
        self.turns = 0
        self.phase = Phase.CABAL
        self.cabal_pick: list[Uid] = [NONE] * players
        self.start_pick: list[Uid] = [NONE] * players
        self.start_round = 1
        self.resolved = [False] * players
        self.barred: set[str] = set()
        # per turn
        self.moved_links: set[Uid] = set()
        self.used_resources: set[Uid] = set()
        self.called_off: set[Uid] = set()
        self.open_attacked: set[Uid] = set()
        self.once: set[tuple[Uid, int]] = set()
        # Every turn's start sets these numbers afresh (flow._start_turn) before anything reads them.
        # pragma: no mutate start
        self.resource_placements = 0
        self.extra_placements = 0
        self.group_draws = 0
        self.free_moves = 0
        self.placed_free = False
        self.offers_made = [0] * setup.players  # this turn (HR-85); a proposed swap counts as an offer
        # pragma: no mutate end
        self.ending_turn = False
        # The set-up's last placement asks for the first lap (flow._place) before any main phase
        # reads this; and the turn's cut is only ever truth-tested (None reads as False).
        # pragma: no mutate start
        self.lap_due = False
        self.turn_cut = False  # HR-61: the active player is out; the turn ends at once
        # pragma: no mutate end
        # prompts and windows
        self.attack: Attack | None = None
        self.windows: list[Window] = []
        self.stack: list[Entry] = []
        self.claims: list[Claim] = []
        self.shelter: tuple[Player, Uid, Player] | None = None
        self.counter: tuple[Player, Uid] | None = None  # (defender, the group whose attack failed)
        self.offer: tuple[Player, Player, tuple[Uid, ...], bool] | None = None  # (from, to, cards, trade)
        self.swap: tuple[Player, Uid, Player, Uid] | None = None  # (from, their resource, to, the other's)
        self.due: tuple[Player, int] | None = None  # (player, cards to put on the bottom)
        self.last_roll: Rolled | None = None
        self.outcome: Outcome | None = None
        self.actions: list[Action] = []
        self.history: list[Event] = [Happened(NONE, "began", number=players)]

    # -- questions ---------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.setup.players

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def active(self) -> Player:
        return self.order[self.active_index]

    def live(self) -> list[Player]:
        return [p for p in range(self.players) if not self.eliminated[p]]

    def name(self, uid: Uid) -> str:
        return self.defs[uid].name

    def plot_limit(self) -> int:
        limit = PLOT_HAND_LIMIT
        for agenda in self.board.agendas.values():
            for effect in self.defs[agenda].effects:
                for op in effect.ops("set_limit"):
                    if op["limit"] == "plot_hand":
                        limit = op["value"]
        return int(limit)

    def group_draw_limit(self) -> int:
        limit = 1
        for agenda in self.board.agendas.values():
            for effect in self.defs[agenda].effects:
                for op in effect.ops("set_limit"):
                    if op["limit"] == "group_draws":
                        limit = op["value"]
        return int(limit)

    def hidden(self) -> bool:
        """Do the seats in ``to_act`` answer at once and in secret (S-2)?"""
        return self.phase in (Phase.CABAL, Phase.START) and self.outcome is None

    def choosing(self) -> tuple[Player, ...]:
        """Everyone in the present secret round, whether they have answered or not (S-2)."""
        if self.phase is Phase.CABAL:
            return tuple(self.live())
        if self.phase is Phase.START:
            return tuple(p for p in self.live() if not self.resolved[p])
        return ()

    def to_act(self) -> tuple[Player, ...]:
        if self.outcome is not None:
            return ()
        if self.phase is Phase.CABAL:
            return tuple(p for p in self.live() if self.cabal_pick[p] == NONE)
        if self.phase is Phase.START:
            return tuple(p for p in self.live() if not self.resolved[p] and self.start_pick[p] == NONE)
        if self.phase is Phase.OPEN_START:
            return (next(p for p in range(self.players) if not self.resolved[p]),)
        return (self._prompted(),)

    def _prompted(self) -> Player:
        if self.shelter is not None:
            return self.shelter[0]
        if self.due is not None:
            return self.due[0]
        if self.counter is not None:
            return self.counter[0]
        if self.offer is not None:
            return self.offer[1]
        if self.swap is not None:
            return self.swap[2]
        if self.windows:
            return self.windows[-1].asked
        if self.attack is not None:
            return self.attack.player
        return self.active

    def prompt(self) -> str:
        """What the game asks of the player to act, in a word."""
        if self.phase in (Phase.CABAL, Phase.START, Phase.OPEN_START, Phase.OVER):
            return str(self.phase.value)
        if self.shelter is not None:
            return "shelter"
        if self.due is not None:
            return "bottom"
        if self.counter is not None:
            return "counter"
        if self.offer is not None:
            return "offer"
        if self.swap is not None:
            return "swap"
        if self.windows:
            return self.windows[-1].kind.value
        if self.attack is not None:
            return "commit"
        return str(self.phase.value)

    def basic_goal(self) -> int:
        return self.setup.basic_goal

    # -- views ---------------------------------------------------------------------------------

    def view(self, player: int, public: PublicView | None = None) -> PlayerView:
        from .view import player_view

        return player_view(self, player, public)  # pragma: no mutate: an optimisation: without it the same public view is made anew

    def public_view(self) -> PublicView:
        from .view import public_view

        return public_view(self)

    @classmethod
    def from_view(cls, view: PlayerView) -> Game:
        raise NotImplementedError("Pulling Strings does not rebuild a game from a view; a view lists "
                                  "its seat's legal actions instead")

    # -- legal actions ----------------------------------------------------------------------------

    def legal_actions(self, player: int) -> tuple[Action, ...]:
        if self.outcome is not None or player not in self.to_act():
            return ()
        return legal_actions(self, player)

    def why_illegal(self, action: object) -> str | None:
        try:
            self._check(action)
        except errors.IllegalActionError as exc:
            return str(exc)
        return None

    def _check(self, action: object) -> None:
        if type(action) not in ACTION_TYPES:
            raise errors.MalformedActionError(f"{action!r} is not an action of Pulling Strings.")
        check(self, action)  # type: ignore[arg-type]

    # -- applying -------------------------------------------------------------------------------

    def apply(self, action: Action, *, checked: bool = False) -> list[Event]:
        """Carry out ``action``; an illegal one raises its error and changes nothing."""
        if not checked:
            self._check(action)
        start = len(self.history)
        top_level = (self.phase is Phase.MAIN and not self.windows and self.attack is None
                     and self.shelter is None and self.due is None and self.counter is None and self.offer is None
                     and self.swap is None and action.player == self.active)
        carry_out(self, action)
        if top_level and type(action) not in (EndTurn, Declare) and self.phase is Phase.MAIN:
            self.lap_due = True
        settle(self)
        self.actions.append(action)
        return self.history[start:]

    def emit(self, event: Event) -> None:
        self.history.append(event)

    def say(self, player: int, what: str, cards: Sequence[Uid] = (), number: int = 0, detail: str = "") -> None:
        self.history.append(Happened(player, what, tuple(cards), tuple(self.defs[c].id for c in cards),
                                     number, detail))

    def tell(self, player: int, what: str, cards: Sequence[Uid], about: int = NONE) -> None:
        self.history.append(Saw(player, what, tuple(cards), tuple(self.defs[c].id for c in cards), about))

    def roll(self) -> tuple[int, int]:
        return self.rolls.randint(1, 6), self.rolls.randint(1, 6)

    def finish(self, outcome: Outcome) -> None:
        self.outcome = outcome
        self.phase = Phase.OVER
        self.windows.clear()
        self.attack = None
        self.shelter = None
        # No view shows these two, and a finished game asks nothing (every question reads the
        # outcome first): cleared so that the state says no question is open.
        # pragma: no mutate start
        self.due = None
        self.counter = None
        # pragma: no mutate end
        self.offer = None
        self.swap = None
        hands = tuple(tuple(self.defs[c].id for c in self.plot_hand[p] + self.group_hand[p])
                      for p in range(self.players))
        decks_left = tuple(tuple(self.defs[c].id for c in reversed(self.plot_deck[p] + self.group_deck[p]))
                           for p in range(self.players))
        self.history.append(GameEnded(outcome, hands, decks_left))


__all__ = ["Attack", "Claim", "Contribution", "Entry", "Game", "NONE", "Window"]
