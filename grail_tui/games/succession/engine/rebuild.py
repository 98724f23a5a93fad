"""Games rebuilt from what one seat may know, for looking ahead.

Bots and remote clients never see the true state; to ask the engine what an
action would do they rebuild a game from a view, with the cards the viewer has
not seen placed by the caller (a search samples them). Only the engine writes
a game's internals, here.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .vocabulary import ASIDE, Card, Setup, all_cards

if TYPE_CHECKING:
    from .game import Game
    from .view import PlayerView


@dataclass(frozen=True)
class Hidden:
    """Where the cards a viewer has not seen are: the other player's hand, the
    deck (top first) and the cards put aside."""

    hand: tuple[Card, ...]
    deck: tuple[Card, ...]
    aside: tuple[Card, ...]


def unseen(view: PlayerView) -> tuple[Card, ...]:
    """The cards ``view``'s player has not seen, sorted: the other hand, the deck
    and the cards put aside together (nothing once the game is over)."""
    pub = view.public
    if pub.outcome is not None:
        return ()
    left = Counter(all_cards(pub.plus, pub.minus))
    left.subtract(view.hand)
    left.subtract(pub.row)
    for holding in pub.taken:
        left.subtract(holding)
    return tuple(sorted(left.elements()))


def from_view(view: PlayerView, hidden: Hidden | None) -> Game:
    from .game import Game

    pub = view.public
    me, other = view.player, 1 - view.player
    if pub.outcome is not None:
        assert pub.hands is not None and pub.deck is not None and pub.aside is not None  # pragma: no mutate: narrows types only
        hidden = Hidden(pub.hands[other], pub.deck, pub.aside)
    elif hidden is None:
        pool = unseen(view)
        size = pub.hand_sizes[other]
        if len(pool) != size + pub.deck_size + ASIDE:
            raise ValueError("the view does not account for all the cards")
        hidden = Hidden(pool[:size], pool[size:size + pub.deck_size], pool[size + pub.deck_size:])
    else:
        _fits(view, hidden)
    game = Game.__new__(Game)
    # no seed: a view does not tell how the cards were shuffled (the default, 0, stands in)
    game.setup = Setup(first_player=pub.first_player, names=pub.names, plus=pub.plus, minus=pub.minus)
    game.first_player = pub.first_player
    game.aside = tuple(hidden.aside)
    game.deck = list(hidden.deck)
    hands: list[list[Card]] = [[], []]
    hands[me] = sorted(view.hand)
    hands[other] = sorted(hidden.hand)
    game.hands = hands
    game.row = list(pub.row)
    game.taken = [list(t) for t in pub.taken]
    game.took = list(pub.took)
    game.round = pub.round
    game.starter = pub.starter
    game.turn = pub.turn
    game.mover = pub.mover
    game.outcome = pub.outcome
    game.actions = []
    game.history = []
    return game


def _fits(view: PlayerView, hidden: Hidden) -> None:
    pub = view.public
    if len(hidden.hand) != pub.hand_sizes[1 - view.player]:
        raise ValueError(f"the other hand holds {pub.hand_sizes[1 - view.player]} cards, "
                         f"not {len(hidden.hand)}")
    if len(hidden.deck) != pub.deck_size:
        raise ValueError(f"the deck holds {pub.deck_size} cards, not {len(hidden.deck)}")
    if len(hidden.aside) != ASIDE:
        raise ValueError(f"{ASIDE} cards are put aside, not {len(hidden.aside)}")
    if sorted(hidden.hand + hidden.deck + hidden.aside) != list(unseen(view)):
        raise ValueError("the hidden cards are not the cards this player has not seen")
