"""What a holding of taken cards is worth to a player, against the rival's.

A holding is tallied as six numbers: the 5s, 6s, 7s and 8s, the plus and minus
cards together, and the grails. ``worth`` is the final score difference with a
little credit for a lead that is hard to overturn and for a set half built, and
a value for grails while the rival holds none (all three win at once).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..engine import Card, Suit

Tally = list[int]  # [5s, 6s, 7s, 8s, plus and minus points, grails]

LEAD = 0.15  # per card of lead in a faction, times its value, up to two cards
NEXT_SET = 1.2  # points per faction already present toward the next set
GRAIL_HOPE = (0.0, 1.5, 7.0)  # holding 0, 1 or 2 grails while the rival holds none
WIN = 100.0


def tally(cards: Iterable[Card]) -> Tally:
    out = [0, 0, 0, 0, 0, 0]
    for c in cards:
        suit = c.suit
        if suit is Suit.FACTION:
            out[c.value - 5] += 1
        elif suit is Suit.GRAIL:
            out[5] += 1
        else:
            out[4] += c.value
    return out


def added(base: Tally, cards: Iterable[Card]) -> Tally:
    out = base[:]
    for c in cards:
        suit = c.suit
        if suit is Suit.FACTION:
            out[c.value - 5] += 1
        elif suit is Suit.GRAIL:
            out[5] += 1
        else:
            out[4] += c.value
    return out


def _sets(t: Tally) -> float:
    full = min(t[0], t[1], t[2], t[3])
    toward = (t[0] > full) + (t[1] > full) + (t[2] > full) + (t[3] > full)
    return 5.0 * full + NEXT_SET * toward


def worth(mine: Tally, theirs: Tally) -> float:
    """Roughly my final score minus the rival's if the game ended with these holdings."""
    if mine[5] >= 3:
        return WIN
    if theirs[5] >= 3:
        return -WIN
    value = 0.0
    for i, faction in enumerate((5, 6, 7, 8)):
        lead = mine[i] - theirs[i]
        if lead > 0:
            value += faction * (1.0 + LEAD * min(lead - 1, 2))
        elif lead < 0:
            value -= faction * (1.0 + LEAD * min(-lead - 1, 2))
    value += _sets(mine) - _sets(theirs) + mine[4] - theirs[4]
    if theirs[5] == 0:
        value += GRAIL_HOPE[mine[5]]
    if mine[5] == 0:
        value -= GRAIL_HOPE[theirs[5]]
    return value


def gain(mine: Tally, theirs: Tally, cards: Iterable[Card]) -> float:
    """How much taking ``cards`` improves ``worth`` for the one who takes them."""
    return worth(added(mine, cards), theirs) - worth(mine, theirs)
