"""The move a card player has no choice over: with an empty hand, the take if it is still theirs
this round, else the pass. Everybody can see it is forced (hand sizes, the row and who has taken
are public), so in hot-seat play the table client makes it for them at a person's pace
(table/client.py, as a standing answer that lasts the game), and nobody is handed the keyboard
only to press one key."""

from __future__ import annotations

from dataclasses import dataclass

from .engine import Action, Pass, PlayerView, Take
from .situation import may_take


@dataclass(frozen=True)
class OnlyMove:
    def done(self, view: PlayerView) -> bool:
        return view.public.is_over

    def answer(self, view: PlayerView) -> Action | None:
        if not view.waiting or view.hand:
            return None  # a card to choose: the person chooses it
        return Take(view.player) if may_take(view.public, view.player) else Pass(view.player)
