"""The move a card player has no choice over: with an empty hand, the take if it is still theirs
this round, else the pass. Everybody can see it is forced (hand sizes, the row and who has taken
are public), so in hot-seat play the table client makes it for them at a person's pace
(table/client.py, as a standing answer that lasts the game), and nobody is handed the keyboard
only to press one key.

In a server's turn-based game the server keeps it as a named setting (``only-move``) and plays it
for the person away, so the game does not wait days on a move nobody can choose."""

from __future__ import annotations

from collections.abc import Mapping
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


SETTING = "only-move"
AWAY_WORDS = "make the moves you have no choice over (with an empty hand, the take or the pass)"


def settings(standing: object) -> dict[str, int] | None:
    """The forced move as the named setting a server keeps; None: not this game's answers."""
    return {SETTING: 1} if isinstance(standing, OnlyMove) else None


def from_settings(named: Mapping[str, int]) -> OnlyMove:
    """The answers named settings say; ValueError in words a player reads for anything else."""
    value = named.get(SETTING)
    if set(named) == {SETTING} and isinstance(value, int) and not isinstance(value, bool) and value == 1:
        return OnlyMove()
    shown = ", ".join(f"{name[:16]!r} = {value}" for name, value in list(named.items())[:4])
    raise ValueError(f"{shown or 'nothing'} is not a standing answer: Grail Succession's only one is "
                     f"'{SETTING}' (1), the moves nobody can choose.")
