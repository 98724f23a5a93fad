"""What the card game's screen says: the status line, the prompt, what a take would do.

Pure functions of what the player at the keyboard may see (their own view, or
the public one), so the wording can be read and tested apart from the widgets.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .engine import (
    GRAIL,
    GRAILS,
    ROUNDS,
    TURNS,
    Card,
    PlayerView,
    PublicView,
    describe_cards,
    score,
)


class Compose(Enum):
    """What the player at the keyboard is doing before an action is sent."""

    IDLE = "idle"  # choosing a card in the hand (Enter plays it)
    TAKE = "take"  # a take shown with what it would bring, waiting for a yes


@dataclass(frozen=True)
class TakePreview:
    """What taking now would bring ``player``: the cards and both running scores."""

    cards: tuple[Card, ...]
    before: tuple[int, int]  # both players' scores now
    after: tuple[int, int]  # ... and after the take
    wins: bool  # the take completes the three grail cards


def take_preview(view: PublicView, player: int) -> TakePreview:
    cards = view.window()
    holdings = [list(view.taken[0]), list(view.taken[1])]
    before = score(holdings)
    holdings[player].extend(cards)
    after = score(holdings)
    wins = GRAIL in cards and sum(1 for c in holdings[player] if c is GRAIL) == GRAILS
    return TakePreview(cards, (before[0].total, before[1].total), (after[0].total, after[1].total), wins)


def status(view: PublicView, viewer: int | None, *, hotseat: bool) -> tuple[str, str]:
    """The card game's part of the status line (app/table_screen.py adds the rest): the round
    and turn, and whose turn it is (yours, said so). Short enough for 80 columns."""
    where = f"Round {view.round}/{ROUNDS}"
    if view.is_over:
        return where, "Game over"
    where += f", turn {view.turn + 1}/{2 * TURNS}"
    return where, "Your turn" if viewer == view.mover and not hotseat else f"{view.name(view.mover)}'s turn"


def may_take(view: PublicView, player: int) -> bool:
    return not view.took[player] and bool(view.row)


def prompt(mode: Compose, asked: bool, view: PublicView, pv: PlayerView | None,
           *, remote: bool = False) -> str:
    """The prompt for what the player is doing (``mode``), else what is asked of them."""
    if view.is_over:
        return "The game is over."
    if not asked or pv is None:
        if remote and pv is None:
            return "You are watching; the hands are hidden."
        return f"Waiting for {view.name(view.mover)}…"
    me = pv.player
    if mode is Compose.TAKE:
        p = take_preview(view, me)
        rival = 1 - me
        head = f"Take {describe_cards(p.cards)}?"
        if p.wins:
            return f"{head} That makes all three grail cards: you win at once.\nEnter or t takes; Esc backs out."
        return (f"{head} You would have {p.after[me]} (now {p.before[me]}), "
                f"{view.name(rival)} {p.after[rival]} (now {p.before[rival]}).\n"
                "Enter or t takes; Esc backs out.")
    if pv.hand and may_take(view, me):
        return ("Your turn: ←/→ or 1-5 choose a card, Enter or p plays it; "
                f"t takes the {len(view.window())} marked cards of the row.")
    if pv.hand:
        why = "you have taken this round" if view.took[me] else "the row is empty"
        return f"Your turn: play a card (←/→ or 1-5, then Enter or p); {why}."
    if may_take(view, me):
        return "Your hand is empty: t takes the marked cards of the row."
    return "You can neither play nor take: n passes your turn."
