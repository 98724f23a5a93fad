"""Small helpers for Grail Succession tests: games with a chosen deal."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from grail_tui.games.succession.engine import (
    Card,
    Game,
    Hidden,
    Pass,
    Play,
    Setup,
    Take,
    jsonable,
    visible_to,
)


def cards(text: str) -> list[Card]:
    """'5 5 +2 G' -> the cards."""
    return [Card.parse(code) for code in text.split()]


def arrange(*, first: int = 0, aside: str = "", hands: Sequence[str] = ("", ""), row: str = "",
            deck: str = "", setup: Setup | None = None) -> Game:
    """A game whose deal is as given; every card not named fills the gaps, in a fixed order.

    ``hands`` are seat 0's and seat 1's first hands; ``deck`` is the top of the deck
    after the starting row (the next round's hands: the new starter's five first)."""
    setup = setup or Setup(first_player=first)
    pool = Counter(setup.cards())

    def claim(text: str) -> list[Card]:
        chosen = cards(text)
        for c in chosen:
            if pool[c] <= 0:
                raise AssertionError(f"no {c.code} left to deal")
            pool[c] -= 1
        return chosen

    parts = [claim(aside), claim(hands[0]), claim(hands[1]), claim(row), claim(deck)]
    spare = sorted(pool.elements())

    def fill(part: list[Card], size: int) -> list[Card]:
        while len(part) < size:
            part.append(spare.pop(0))
        return part

    aside_cards = fill(parts[0], 3)
    hand_cards = [fill(parts[1], 5), fill(parts[2], 5)]
    row_cards = fill(parts[3], 2)
    order = aside_cards + hand_cards[first] + hand_cards[1 - first] + row_cards + parts[4] + spare
    return Game(setup, order)


def play(game: Game, code: str) -> None:
    game.apply(Play(game.mover, Card.parse(code)))


def take(game: Game) -> None:
    game.apply(Take(game.mover))


def pass_turn(game: Game) -> None:
    game.apply(Pass(game.mover))


def codes(items: Iterable[Card]) -> list[str]:
    return [c.code for c in items]


def encoded(value: Any) -> bytes:
    return json.dumps(jsonable(value), sort_keys=True).encode()


def seen_by(events: Iterable[Any], seat: int | None) -> list[bytes]:
    return [encoded(e) for e in events if visible_to(e, seat)]


def snapshot(game: Game) -> tuple[bytes, ...]:
    """Everything about a game, for checking that a refused action changed nothing."""
    return (encoded(game.public_view()), encoded(game.view(0)), encoded(game.view(1)),
            encoded(game.deck), encoded(game.aside), encoded(game.actions), encoded(game.history))


def finish_round_quietly(game: Game) -> None:
    """Play out the round: each player takes when the hand is empty, else plays its first card."""
    start = game.round
    while not game.is_over and game.round == start:
        legal = game.legal_actions(game.mover)
        plays = [a for a in legal if isinstance(a, Play)]
        game.apply(plays[0] if plays else legal[0])


def position(*, round_: int = 1, turn: int = 0, starter: int = 0, row: str = "", taken: Sequence[str] = ("", ""),
             hands: Sequence[str] = ("", ""), took: tuple[bool, bool] = (False, False), aside: str = "",
             deck: str | None = None, first: int | None = None, names: tuple[str, ...] = (),
             setup: Setup | None = None) -> Game:
    """A game standing in any position, placed by the engine's own ``Game.from_view``.

    ``row`` runs from the deck to the far end. Cards not named fill the cards put aside to
    three, then the deck, or, when ``deck`` is given, the row's end next to the deck."""
    setup = setup or Setup(first_player=starter if first is None else first, names=names)
    pool = Counter(setup.cards())

    def claim(text: str) -> list[Card]:
        chosen = cards(text)
        for c in chosen:
            if pool[c] <= 0:
                raise AssertionError(f"no {c.code} left to place")
            pool[c] -= 1
        return chosen

    row_cards, hand_cards = claim(row), [claim(hands[0]), claim(hands[1])]
    taken_cards = [claim(taken[0]), claim(taken[1])]
    aside_cards, deck_cards = claim(aside), claim(deck or "")
    spare = sorted(pool.elements())
    while len(aside_cards) < 3:
        aside_cards.append(spare.pop(0))
    if deck is None:
        deck_cards = spare
    else:
        row_cards = spare + row_cards
    mover = starter if turn % 2 == 0 else 1 - starter
    base = Game(setup).view(0)
    public = dataclasses.replace(
        base.public, round=round_, turn=turn, starter=starter, mover=mover, to_act=(mover,),
        row=tuple(row_cards), taken=(tuple(sorted(taken_cards[0])), tuple(sorted(taken_cards[1]))),
        hand_sizes=(len(hand_cards[0]), len(hand_cards[1])), deck_size=len(deck_cards), took=took)
    view = dataclasses.replace(base, public=public, hand=tuple(sorted(hand_cards[0])), waiting=mover == 0)
    return Game.from_view(view, Hidden(tuple(hand_cards[1]), tuple(deck_cards), tuple(aside_cards)))
