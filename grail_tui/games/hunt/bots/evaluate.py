"""How good a position looks to one player: chances that a given initiate
brings the grail home, times the chance that this player holds the most on it."""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..engine import HOMES, HQ_VALUES, SIZE, Game, PublicView

# Prior for influence nobody has revealed: about 40 in the opening, 12 a later assignment.
OPENING_GUESS = 40
TURN_GUESS = 12


_DIST = tuple(tuple(abs(a % SIZE - b % SIZE) + abs(a // SIZE - b // SIZE) for b in range(SIZE * SIZE))
              for a in range(SIZE * SIZE))


def distance(a: int, b: int) -> int:
    return _DIST[a][b]


def grail_at(game: Game) -> int:
    return game.positions[game.bearer] if game.bearer >= 0 else game.grail_field


def steps_home(game: Game, i: int, home: int | None = None, at: int | None = None) -> int:
    """Steps before initiate ``i`` could hold the grail on ``home`` (its own HQ
    unless given), standing where it stands or on field ``at``."""
    pos = game.positions[i] if at is None else at
    if home is None:
        home = HOMES[i]
    bearer = game.bearer
    if bearer == i:
        return _DIST[pos][home]
    if bearer >= 0:  # someone else holds it: a blow is needed
        grail = game.positions[bearer]
        return _DIST[pos][grail] + _DIST[grail][home] + 3
    grail = game.grail_field
    return _DIST[pos][grail] + _DIST[grail][home]


def assignments(pub: PublicView) -> tuple[list[bool], list[int]]:
    """Per player, from the public record: did they assign in the opening, and
    how many turns have they assigned on since."""
    opened = [False] * pub.players
    later = [0] * pub.players
    for turn, p in pub.assign_log:
        if turn == 0:
            opened[p] = True
        else:
            later[p] += 1
    return opened, later


def unshown(pub: PublicView) -> list[float]:
    """Per player, the influence they likely hold on initiates in play beyond what they showed."""
    live = [i for i in range(8) if pub.positions[i] is not None]
    opened, turns_assigned = assignments(pub)
    out = []
    for p in range(pub.players):
        guess = (OPENING_GUESS if opened[p] else 0) + TURN_GUESS * turns_assigned[p]
        out.append(max(0.0, min(100.0, guess) - sum(pub.known[p][i] for i in live)))
    return out


def estimates(pub: PublicView, me: int) -> list[list[float]]:
    """Each player's likely influence on each initiate, as far as ``me`` can tell."""
    live = [i for i in range(8) if pub.positions[i] is not None]
    out = []
    for p, hidden in enumerate(unshown(pub)):
        known = pub.known[p]
        share = hidden / len(live) if live else 0.0
        out.append([known[i] + share if pub.positions[i] is not None else 0.0 for i in range(8)])
    return out


def lead(margin: float) -> float:
    """How likely a player holds the most on an initiate, by their margin over
    the best rival: even at 0, about 73% at +4, about 27% at -4."""
    return 1.0 / (1.0 + math.exp(-margin / 4.0))


_REACH = tuple(1.0 / (1.0 + s) ** 2 for s in range(64))


def reach(steps: int) -> float:
    return _REACH[steps] if steps < 64 else 1.0 / (1.0 + steps) ** 2


def weights(game: Game, me: int, rivals: Sequence[Sequence[float]]) -> list[float]:
    """What each initiate's progress home is worth to ``me`` (standard game, not over):
    ``value`` is the sum over initiates of ``reach(steps home) * weight``."""
    n = game.players
    sheet = game.sheets[me]
    totals, costs, in_play = sheet.totals, sheet.costs, game.in_play
    others = [rivals[p] for p in range(n) if p != me]
    share = 1.0 / n
    out = [0.0] * 8
    for i in range(8):
        if not in_play[i]:
            continue
        mine = totals[i] - costs[i]
        if mine < 0:
            mine = 0
        best_rival = 0.0
        for row in others:
            if row[i] > best_rival:
                best_rival = row[i]
        out[i] = lead(mine - best_rival) - share
    return out


def value(game: Game, me: int, rivals: Sequence[Sequence[float]], hq: int | None = None,
          to_scale: bool = False) -> float:
    """Higher is better for ``me``. ``rivals`` estimates the others' influence.

    A won game is worth 10 and a lost one -10, so that a finished game outweighs
    any position. ``to_scale`` puts them on the same scale as the positional
    terms instead (a sure win is worth 1 - 1/n, a loss -1/n), for averaging
    many playouts without a few finished ones drowning the rest."""
    out = game.outcome
    if out is not None:
        if out.winner is None:
            return 0.0
        if to_scale:
            share = 1.0 / game.players
            return 1.0 - share if out.winner == me else -share
        return 10.0 if out.winner == me else -10.0
    n = game.players
    if game.hq_owner is not None:  # The Original: the grail must reach my headquarters
        total = 0.0
        for h in HQ_VALUES:
            best = min((steps_home(game, i, h) for i in range(8) if game.in_play[i]), default=99)
            total += reach(best) * (1.0 if h == hq else -1.0 / (n - 1))
        return total
    total = 0.0
    in_play = game.in_play
    for i, w in enumerate(weights(game, me, rivals)):
        if in_play[i]:
            total += _REACH[steps_home(game, i)] * w
    return total
