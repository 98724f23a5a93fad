"""Grail Succession in plain lines (``grail-tui --plain``): the row, the hand and the choices in words.

Read from one seat's view (or the public one) and the legal actions the table client worked out
from it: the plain front end offers exactly what the full screen offers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..kit.plain import Choice
from .engine import PLAYERS, Pass, Play, PlayerView, PublicView, Take, describe_cards, score
from .situation import status, take_preview


def _public(view: Any) -> PublicView:
    return view.public if isinstance(view, PlayerView) else view


class SuccessionPlain:
    """The card game's words and choices for the plain front end."""

    def status(self, view: Any, seat: int | None) -> tuple[str, str]:
        return status(_public(view), seat, hotseat=False)

    def board(self, view: Any, seat: int | None) -> list[str]:
        pub = _public(view)
        window = pub.window()
        rest = pub.row[:len(pub.row) - len(window)]
        lines = [f"The row, from the deck to its far end: {describe_cards(pub.row)}."]
        if pub.row:
            lines.append(f"  A take now gets the last {len(window)}: {describe_cards(window)}"
                         + (f" (before them: {describe_cards(rest)})." if rest else "."))
        lines.append(f"  Deck: {pub.deck_size} cards.")
        scores = score([list(t) for t in pub.taken])
        for p in range(PLAYERS):
            took = ", has taken this round" if pub.took[p] else ""
            who = f"You ({pub.name(p)})" if p == seat else pub.name(p)
            lines.append(f"  {who}: {pub.hand_sizes[p]} cards in hand{took}; has taken "
                         f"{describe_cards(pub.taken[p])}; score {scores[p].total}.")
        return lines

    def sheet(self, view: Any, seat: int | None) -> list[str]:
        if not isinstance(view, PlayerView):
            return ["You are watching: the hands are hidden."]
        numbered = "; ".join(f"{k}: {card.title}" for k, card in enumerate(view.hand, 1))
        return [f"Your hand (secret): {numbered or 'empty'}."]

    def situation(self, view: Any, seat: int | None, *, asked: bool, pending: Any,
                  standing: Any = None) -> str:
        pub = _public(view)
        if pub.is_over:
            return "The game is over."
        if not asked or not isinstance(view, PlayerView):
            return f"Waiting for {pub.name(pub.mover)}."
        hand = describe_cards(view.hand) if view.hand else "nothing"
        row = f"The row ends with {describe_cards(pub.window())}." if pub.row else "The row is empty."
        return f"Your turn. Your hand: {hand}. {row}"

    def choices(self, view: Any, seat: int, legal: Sequence[Any], standing: Any = None) -> list[Choice]:
        if not isinstance(view, PlayerView):
            return []
        pub = view.public
        choices: list[Choice] = []
        played = set()
        for action in legal:
            if isinstance(action, Play) and action.card not in played:
                played.add(action.card)
                choices.append(Choice(f"Play {action.card.title}", action=action))
        if Take(seat) in legal:
            preview = take_preview(pub, seat)
            rival = 1 - seat
            if preview.wins:
                then = "all three grail cards: you win at once"
            else:
                then = (f"you would have {preview.after[seat]} (now {preview.before[seat]}), "
                        f"{pub.name(rival)} {preview.after[rival]} (now {preview.before[rival]})")
            choices.append(Choice(f"Take {describe_cards(preview.cards)}: {then}", action=Take(seat)))
        if Pass(seat) in legal:
            choices.append(Choice("Pass (you can neither play nor take)", action=Pass(seat)))
        return choices


PLAIN = SuccessionPlain()
