"""The game: state, whose turn it is, and applying actions by the rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...kit.dice import Dice
from . import errors
from .actions import Action, Pass, Play, Take
from .events import (
    Event,
    GameEnded,
    GameStarted,
    HandDealt,
    Outcome,
    Passed,
    Played,
    RoundBegan,
    Took,
)
from .scoring import grails, score
from .vocabulary import (
    ASIDE,
    CARD_KINDS,
    GRAIL,
    GRAILS,
    HAND,
    PLAYERS,
    ROUNDS,
    ROW_START,
    TAKE,
    TURNS,
    Card,
    Player,
    Setup,
    Termination,
)

if TYPE_CHECKING:
    from .rebuild import Hidden
    from .view import PlayerView, PublicView

# Every action a list of legal actions can hold, made once: listing them allocates no action.
_TAKE = (Take(0), Take(1))
_PASS = (Pass(0), Pass(1))
_PLAYS = tuple({card: Play(player, card) for card in CARD_KINDS} for player in range(PLAYERS))


class Game:
    """One game of Grail Succession, by the rules in docs/succession.md.

    The state is read through its attributes (``row``, ``taken``, ``hands``,
    ``took``, ``round``, ``turn``, ``mover``, ``outcome``) and changed only by
    :meth:`apply`. ``row`` runs from the deck to the far end; ``deck`` from its
    top; a hand is kept sorted, so its order says nothing about the deal.
    """

    def __init__(self, setup: Setup, order: Sequence[Card] | None = None) -> None:
        """A new game; ``order``: all 45 cards in the order they come off the deck
        (the first three put aside), instead of shuffling by the setup's seed."""
        dice = Dice(setup.seed)
        cards = list(setup.cards())
        if order is None:
            cards = dice.deck(cards)
        else:
            if sorted(order) != cards:  # setup.cards() is sorted
                raise ValueError("The order must hold exactly the game's 45 cards.")
            cards = list(order)
        # drawn after the shuffle, so choosing the start player does not change the deal
        first = setup.first_player if setup.first_player is not None else dice.seat(PLAYERS)
        self.setup = setup
        self.first_player: Player = first
        self.aside: tuple[Card, ...] = tuple(cards[:ASIDE])
        self.deck: list[Card] = cards[ASIDE:]
        self.hands: list[list[Card]] = [[], []]
        self.taken: list[list[Card]] = [[], []]
        self.took: list[bool] = [False, False]
        self.round = 1
        self.starter: Player = first  # who begins this round
        self.turn = 0  # turns played in this round, 0-12
        self.mover: Player = first
        self.outcome: Outcome | None = None
        self.actions: list[Action] = []
        self.history: list[Event] = []
        dealt = self._deal()
        self.row: list[Card] = self.deck[:ROW_START]
        del self.deck[:ROW_START]
        self.history.append(GameStarted(first, setup.plus, setup.minus, tuple(self.row)))
        self.history.append(RoundBegan(1, first, len(self.deck)))
        self.history.extend(dealt)

    # -- questions -----------------------------------------------------------

    @property
    def players(self) -> int:
        return PLAYERS

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def turns_played(self) -> int:
        """Turns played in the whole game so far."""
        return (self.round - 1) * 2 * TURNS + self.turn

    def turns_left(self, player: Player) -> int:
        """How many turns ``player`` still has in this round."""
        own = (self.turn + 1) // 2 if player == self.starter else self.turn // 2
        return TURNS - own

    def to_act(self) -> tuple[int, ...]:
        return () if self.outcome is not None else (self.mover,)

    def legal_actions(self, player: int) -> tuple[Action, ...]:
        """Every legal action of ``player`` now: one play per different card in hand,
        the take if allowed, or else the pass."""
        if self.outcome is not None or player != self.mover:
            return ()
        plays = _PLAYS[player]
        items: list[Action] = [plays[c] for c in dict.fromkeys(self.hands[player])]  # each card once
        if not self.took[player] and self.row:
            items.append(_TAKE[player])
        if not items:
            items.append(_PASS[player])
        return tuple(items)

    def is_legal(self, action: object) -> bool:
        return self.why_illegal(action) is None

    def why_illegal(self, action: object) -> str | None:
        """None if ``action`` is legal now, else the reason, in its player's words."""
        try:
            self._check(action)
        except errors.IllegalActionError as exc:
            return str(exc)
        return None

    def view(self, player: int, public: PublicView | None = None) -> PlayerView:
        """What ``player`` may know; ``public``: this position's public view, if made already."""
        from .view import player_view

        return player_view(self, player, public)  # pragma: no mutate: without ``public`` the same view is made anew

    def public_view(self) -> PublicView:
        from .view import public_view

        return public_view(self)

    @classmethod
    def from_view(cls, view: PlayerView, hidden: Hidden | None = None) -> Game:
        """A playable game in the position ``view`` shows, for looking ahead.

        ``hidden`` places the cards the viewer has not seen (the other hand, the
        deck's order, the cards put aside); without it they are placed in a
        fixed order that depends only on the view. The game has no history."""
        from .rebuild import from_view

        return from_view(view, hidden)

    def copy(self, *, history: bool = True) -> Game:
        """An independent game in the same position (for search)."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.deck = self.deck[:]
        other.hands = [self.hands[0][:], self.hands[1][:]]
        other.row = self.row[:]
        other.taken = [self.taken[0][:], self.taken[1][:]]
        other.took = self.took[:]
        other.actions = self.actions[:] if history else []
        other.history = self.history[:] if history else []
        return other

    # -- checking ------------------------------------------------------------

    def _instead(self, player: Player) -> str:
        if self.hands[player]:
            return "play a card from your hand"
        if not self.took[player] and self.row:
            return "take cards from the row"
        return "you can only pass this turn"

    def _check(self, action: object) -> None:
        if self.outcome is not None:
            raise errors.GameOverError("The game is over.")
        kind = type(action)
        if kind is not Play and kind is not Take and kind is not Pass:
            raise errors.MalformedActionError(f"{action!r} is not an action of Grail Succession.")
        assert isinstance(action, (Play, Take, Pass))
        player = action.player
        if type(player) is not int or not 0 <= player < PLAYERS:
            raise errors.UnknownPlayerError(f"There is no seat {player!r}: the seats are 0 and 1.")
        if player != self.mover:
            raise errors.NotYourTurnError(f"It is {self.setup.name(self.mover)}'s turn, not yours.")
        hand = self.hands[player]
        if kind is Play:
            assert isinstance(action, Play)
            if not isinstance(action.card, Card):
                raise errors.MalformedActionError("A play names one card from your hand.")
            if action.card not in hand:
                if not hand:
                    raise errors.NotInHandError(f"Your hand is empty: {self._instead(player)}.")
                raise errors.NotInHandError(f"You have no {action.card.title} in your hand.")
        elif kind is Take:
            if self.took[player]:
                raise errors.AlreadyTookError(
                    f"You have taken cards this round already: {self._instead(player)}.")
            if not self.row:
                raise errors.EmptyRowError(f"The row is empty, so there is nothing to take: "
                                           f"{self._instead(player)}.")
        elif hand or (not self.took[player] and self.row):
            raise errors.CannotPassError(
                f"You may pass only when you can neither play nor take: {self._instead(player)}.")

    # -- applying ------------------------------------------------------------

    def apply(self, action: Action, *, checked: bool = False) -> list[Event]:
        """Carry out ``action`` and return what happened; an illegal one raises its
        :class:`IllegalActionError` and changes nothing. ``checked``: ``why_illegal`` has
        just passed it in this position, so the rules are not checked twice."""
        if not checked:
            self._check(action)
        player = action.player
        events: list[Event]
        if type(action) is Play:
            hand = self.hands[player]
            card = hand.pop(hand.index(action.card))
            self.row.append(card)
            events = [Played(player, card)]
        elif type(action) is Take:
            count = min(TAKE, len(self.row))
            cards = self.row[-count:]
            del self.row[-count:]
            holding = self.taken[player]
            holding.extend(cards)
            self.took[player] = True
            events = [Took(player, tuple(cards))]
            if GRAIL in cards and grails(holding) == GRAILS:
                self._finish(Outcome(Termination.GRAIL, player, ()), events)
        else:
            events = [Passed(player)]
        self.turn += 1
        if self.outcome is None:
            if self.turn == 2 * TURNS:
                self._end_round(events)
            else:
                self.mover = 1 - self.mover
        self.actions.append(action)
        self.history.extend(events)
        return events

    def _deal(self) -> list[Event]:
        """Five cards to each player, the round's first player first."""
        events: list[Event] = []
        for player in (self.starter, 1 - self.starter):
            cards = sorted(self.deck[:HAND])
            del self.deck[:HAND]
            self.hands[player] = cards
            events.append(HandDealt(player, self.round, tuple(cards)))
        return events

    def _end_round(self, events: list[Event]) -> None:
        if self.round == ROUNDS:
            scores = score(self.taken)
            totals = (scores[0].total, scores[1].total)
            winner = None if totals[0] == totals[1] else totals.index(max(totals))
            self._finish(Outcome(Termination.SCORED, winner, scores), events)
            return
        self.round += 1
        self.starter = 1 - self.starter
        self.turn = 0
        self.took = [False, False]
        self.mover = self.starter
        dealt = self._deal()
        events.append(RoundBegan(self.round, self.starter, len(self.deck)))
        events.extend(dealt)

    def _finish(self, outcome: Outcome, events: list[Event]) -> None:
        self.outcome = outcome
        events.append(GameEnded(outcome, self.aside, (tuple(self.hands[0]), tuple(self.hands[1])),
                                tuple(self.deck)))
