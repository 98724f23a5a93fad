"""Standing answers (STRINGS.md §14.7): what a player answers in the windows around the table
without being asked each time, so a six-player game does not stop at every seat for every attack.

The table client gives a standing answer through the same path and at a person's pace as a key
press (table/client.py), so nobody can tell one from the other. Whether one answers, and what,
is worked out from public facts alone (the window, the attack, whose groups are whose, the cards
on the stack, the turn) and the player's own setting: never from their hand, or answering would
tell the table what the hand holds (S-1). The screens offer ``STANDING`` by its key words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .engine import Action, Pass, PlayerView, PublicView, card_set

# The windows a standing answer may pass in; every other question (a replacement, a counter, an
# offer, a claim, the player's own turn) is the person's to answer.
SUPPORT, RESPONSE, ROUND_TABLE = "support", "response", "round table"


def _asked(view: PlayerView, prompts: tuple[str, ...]) -> bool:
    public = view.public
    return not public.is_over and public.prompt in prompts and view.player in public.to_act


def _controller(public: PublicView, uid: int) -> int | None:
    return next((seated.controller for seated in public.structure if seated.uid == uid), None)


def _strike_waiting(public: PublicView) -> bool:
    """A strike on the stack (a destroy that needs no attacker token) may be aimed at anybody:
    a player passing on reactions still wants to see it coming."""
    cards = card_set(public.card_set).cards
    return any(cards[face.card].plot_kind == "strike" for face in public.stack if face.card in cards)


@dataclass(frozen=True)
class QuietUnlessMine:
    """Pass on every support and reaction unless a group of mine is attacked (or the attack is
    mine, or a strike is waiting to resolve). Stands until the player clears it or the game ends."""

    def done(self, view: PlayerView) -> bool:
        return view.public.is_over

    def answer(self, view: PlayerView) -> Action | None:
        if not _asked(view, (SUPPORT, RESPONSE)):
            return None
        public, me = view.public, view.player
        attack = public.attack
        if attack is not None and me in (attack.player, _controller(public, attack.target.uid)):
            return None  # my attack, or my group attacked: I answer myself
        if public.prompt == RESPONSE and _strike_waiting(public):
            return None
        return Pass(me)


@dataclass(frozen=True)
class QuietThisTurn:
    """Pass in every round-table window of the turn it was set in (the lap after each of the
    active player's actions)."""

    round: int
    active: int

    def done(self, view: PlayerView) -> bool:
        public = view.public
        return public.is_over or (public.round, public.active) != (self.round, self.active)

    def answer(self, view: PlayerView) -> Action | None:
        if self.done(view) or not _asked(view, (ROUND_TABLE,)):
            return None
        return Pass(view.player)


def quiet_unless_mine(view: PlayerView) -> QuietUnlessMine:
    return QuietUnlessMine()


def quiet_this_turn(view: PlayerView) -> QuietThisTurn:
    return QuietThisTurn(view.public.round, view.public.active)


Factory = Callable[[PlayerView], QuietUnlessMine | QuietThisTurn]

# What the screens offer: (key word, what it does in the player's words, how to make it from the
# player's view when they set it).
STANDING: tuple[tuple[str, str, Factory], ...] = (
    ("quiet", "pass on every support and reaction unless a group of mine is attacked", quiet_unless_mine),
    ("lap", "pass in every round-table window this turn", quiet_this_turn),
)
