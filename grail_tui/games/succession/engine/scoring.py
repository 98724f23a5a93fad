"""Ordinary succession: the score of the cards each player has taken."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .vocabulary import FACTIONS, SET_BONUS, Card, Suit


@dataclass(frozen=True, slots=True)
class Score:
    """One player's points, part by part."""

    factions: tuple[int, ...]  # how many 5s, 6s, 7s and 8s
    majority: int  # the values of the factions held in greater number than the rival
    sets: int  # complete sets of one 5, 6, 7 and 8
    cards: int  # plus and minus cards together
    total: int


def faction_counts(cards: Sequence[Card]) -> list[int]:
    counts = [0, 0, 0, 0]
    for c in cards:
        if c.suit is Suit.FACTION:
            counts[c.value - 5] += 1
    return counts


def score(holdings: Sequence[Sequence[Card]]) -> tuple[Score, Score]:
    """Both players' scores from the cards taken in front of them (grail cards count 0)."""
    mine, theirs = (faction_counts(h) for h in holdings)
    scores = []
    for own, rival, held in ((mine, theirs, holdings[0]), (theirs, mine, holdings[1])):
        majority = sum(value for i, value in enumerate(FACTIONS) if own[i] > rival[i])
        sets = min(own)
        cards = sum(c.points for c in held)
        scores.append(Score(tuple(own), majority, sets, cards, majority + SET_BONUS * sets + cards))
    return scores[0], scores[1]


def grails(cards: Sequence[Card]) -> int:
    return sum(1 for c in cards if c.suit is Suit.GRAIL)
