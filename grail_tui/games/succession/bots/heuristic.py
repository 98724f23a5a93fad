"""A bot that plays by rules of thumb and one turn of lookahead.

- Taking is worth what the cards add to its holding, less what the rival could
  then take from what is left in the row.
- Playing a card is worth minus what the rival could take next turn from the
  row with that card at its end (a minus card spoils the rival's take), plus,
  while it may still take this round, part of what it could take itself.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine import TAKE, Action, Card, Game, Play, PlayerView, Take
from .evaluate import Tally, gain, tally

OWN_LATER = 1.0  # a take of its own later, from the row with this card at its end, counts this much


def threat(row: Sequence[Card], rival: Tally, mine: Tally, rival_may_take: bool) -> float:
    """What the rival gains by taking from ``row`` on its next turn (0 if it cannot or would not)."""
    if not rival_may_take or not row:
        return 0.0
    return max(0.0, gain(rival, mine, row[-TAKE:]))


def choose(legal: Sequence[Action], row: Sequence[Card], mine: Tally, theirs: Tally, i_took: bool,
           they_took: bool) -> Action:
    """The heuristic's action among ``legal`` for a player in this situation."""
    best: Action = legal[0]
    best_value = float("-inf")
    rival_may_take = not they_took
    for action in legal:
        if isinstance(action, Take):
            window = row[-TAKE:]
            value = gain(mine, theirs, window) - threat(row[:-TAKE], theirs, mine, rival_may_take)
        elif isinstance(action, Play):
            after = [*row[-TAKE + 1:], action.card] if len(row) >= TAKE else [*row, action.card]
            value = -threat(after, theirs, mine, rival_may_take)
            if not i_took:
                value += OWN_LATER * max(0.0, gain(mine, theirs, after))
        else:
            value = 0.0
        if value > best_value:
            best, best_value = action, value
    return best


def choose_in(game: Game, player: int, legal: Sequence[Action]) -> Action:
    """The heuristic's choice in a game the caller holds (a sampled world)."""
    return choose(legal, game.row, tally(game.taken[player]), tally(game.taken[1 - player]),
                  game.took[player], game.took[1 - player])


class HeuristicBot:
    level = "heuristic"
    budget = 0.0  # answers in well under a millisecond

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        pub = view.public
        me = view.player
        return choose(legal, pub.row, tally(pub.taken[me]), tally(pub.taken[1 - me]), pub.took[me],
                      pub.took[1 - me])
