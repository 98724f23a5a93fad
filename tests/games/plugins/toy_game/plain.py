"""Pebbles in plain lines (``grail-tui --plain``): the pile, the seats and the choices in words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from grail_tui.games.kit.plain import Choice

from .engine import Bid, Doubt, PlayerView, PublicView, Take
from .situation import status


def label(action: Any) -> str:
    if isinstance(action, Take):
        return "Take one pebble" if action.count == 1 else "Take two pebbles (may be doubted)"
    if isinstance(action, Bid):
        return "Bid one pebble, in secret" if action.count else "Bid no pebble, in secret"
    if isinstance(action, Doubt):
        return "Doubt the take of two, in secret" if action.doubt else "Let the take of two stand, in secret"
    return "Keep both (each doubter takes one)" if action.keep else "Give one back"


def _public(view: Any) -> PublicView:
    return view.public if isinstance(view, PlayerView) else view


class PebblesPlain:
    def status(self, view: Any, seat: int | None) -> tuple[str, str]:
        return status(_public(view), seat, hotseat=False)

    def board(self, view: Any, seat: int | None) -> list[str]:
        pub = _public(view)
        lines = [f"The pile: {pub.pile} pebbles."]
        for p in range(pub.players):
            who = f"You ({pub.name(p)})" if p == seat else pub.name(p)
            lines.append(f"  {who}: has taken {pub.taken[p]}.")
        return lines

    def sheet(self, view: Any, seat: int | None) -> list[str]:
        if not isinstance(view, PlayerView):
            return ["You are watching: each bonus is hidden."]
        return [f"Your secret bonus: {view.bonus}."]

    def situation(self, view: Any, seat: int | None, *, asked: bool, pending: Any, standing: Any = None) -> str:
        pub = _public(view)
        if pub.outcome is not None:
            return "The game is over."
        if pending is not None:
            return "Your answer is given; all answers are shown together."
        if not asked or not isinstance(view, PlayerView):
            return "Waiting for the others." if pub.mover is None else f"Waiting for {pub.name(pub.mover)}."
        return f"Your move. The pile has {pub.pile}; your secret bonus is {view.bonus}."

    def choices(self, view: Any, seat: int, legal: Sequence[Any], standing: Any = None) -> list[Choice]:
        return [Choice(label(action), action=action) for action in legal]


PLAIN = PebblesPlain()
