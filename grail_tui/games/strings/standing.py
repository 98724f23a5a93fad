"""Standing answers (STRINGS.md §14.7): what a player answers in the windows around the table
without being asked each time, so a six-player game does not stop at every seat for every attack.

The table client gives a standing answer through the same path and at a person's pace as a key
press (table/client.py), so nobody can tell one from the other. Whether one answers, and what,
is worked out from public facts alone (the window, the attack, whose groups are whose, the cards
on the stack, the turn) and the player's own setting: never from their hand, or answering would
tell the table what the hand holds (S-1). The screens offer ``STANDING`` by its key words.

On a server's turn-based game the server keeps them and plays them while the person is away, so
they travel as *named settings* (``settings``, ``from_settings``): a closed vocabulary of small
whole numbers, checked there, never code or free text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from .engine import PLAYERS_MAX, Action, Pass, PlayerView, PublicView, card_set

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
    mine, or a strike is waiting to resolve). Stands until the player clears it or the game ends.
    ``laps``: pass in every lap at the table as well, whoever's turn: the answers for the time
    away, or a turn-based game would wait on the absent player after each action of every turn."""

    laps: bool = False

    def done(self, view: PlayerView) -> bool:
        return view.public.is_over

    def answer(self, view: PlayerView) -> Action | None:
        if self.laps and _asked(view, (ROUND_TABLE,)):
            return Pass(view.player)
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
    # with several people at one table every action of the active player asks each of the others
    # for a lap: this one passes them all, every turn, as the answers for the time away do
    ("laps", "pass in every lap at the table, every turn, and on every support and reaction unless "
             "a group of mine is attacked", lambda _view: QuietUnlessMine(laps=True)),
)

# -- named settings a server keeps (turn-based games) ------------------------------------------

MOST_ROUNDS = 1000  # more than any game runs (its round limit is an option): a lap past it is a mistake
SETTINGS_HELP = (f"Pulling Strings' standing answers are 'quiet' (1), 'away' (1: 'quiet' and every lap), or "
                 f"'lap' (a round, 0 to {MOST_ROUNDS}) with 'seat' (the active player's, 0 to {PLAYERS_MAX - 1})")
AWAY_WORDS = "pass in every lap at the table, and on every support and reaction unless a group of yours is attacked,"


def settings(standing: object) -> dict[str, int] | None:
    """These answers as the named settings a server keeps; None: not answers of this game's."""
    if isinstance(standing, QuietUnlessMine):
        return {"away": 1} if standing.laps else {"quiet": 1}
    if isinstance(standing, QuietThisTurn):
        return {"lap": standing.round, "seat": standing.active}
    return None


def from_settings(named: Mapping[str, int]) -> QuietUnlessMine | QuietThisTurn:
    """The answers named settings say; ValueError in words a player reads if they say anything
    else (one answer at a time, as the screen's z sets them)."""
    for name, value in named.items():
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"{name[:16]!r} needs a whole number: {SETTINGS_HELP}")
    names = set(named)
    if names == {"quiet"} and named["quiet"] == 1:
        return QuietUnlessMine()
    if names == {"away"} and named["away"] == 1:
        return QuietUnlessMine(laps=True)
    if names == {"lap", "seat"} and 0 <= named["lap"] <= MOST_ROUNDS and 0 <= named["seat"] < PLAYERS_MAX:
        return QuietThisTurn(named["lap"], named["seat"])
    shown = ", ".join(f"{name[:16]!r} = {value}" for name, value in list(named.items())[:4])
    raise ValueError(f"{shown or 'nothing'} is not a standing answer: {SETTINGS_HELP}")
