"""Whole games rebuilt from one player's view, for looking ahead.

A bot never sees the true state. To ask the engine "what would happen if",
it builds a world: the public position exactly as its view shows it, its own
sheet as it is, and the rivals' sheets either empty (enough to see where the
pieces go) or sampled so that they agree with everything public: every reveal
is a lower bound, every published loss is exact, blow costs are known, and no
sheet holds more than its 19 units.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine import (
    UNITS,
    Game,
    PlayerView,
    Sheet,
    Society,
    Unit,
)
from .evaluate import assignments


def build(view: PlayerView, sheets: Sequence[Sheet] | None = None,
          hq_owner: tuple[int, ...] | None = None) -> Game:
    """A game in the view's position; rivals' sheets empty unless given."""
    return Game.from_view(view, sheets, hq_owner)


def guess_hq_owner(view: PlayerView, rng: random.Random) -> tuple[int, ...]:
    players = list(range(view.public.players))
    mine = view.hq
    others = [p for p in players if p != view.player]
    rng.shuffle(others)
    owners: list[int] = []
    for society in Society:
        owners.append(view.player if society == mine else others.pop())
    return tuple(owners)


# How a rival is guessed to have placed influence: in the opening one big
# holding and a smaller one, then a handful of points each time they assign.
PRIMARY = (25.0, 60.0)
SECOND = (5.0, 25.0)
LATER = (4.0, 16.0)


def sample_sheets(view: PlayerView, rng: random.Random, only: int | None = None) -> list[Sheet]:
    """Rival sheets consistent with the public record; ours as it is (``only``: that rival's
    sheet sampled, the others' left blank)."""
    pub = view.public
    costs = pub.costs
    in_play = [f is not None for f in pub.positions]
    opened, later = assignments(pub)
    sheets: list[Sheet] = []
    for p in range(pub.players):
        if p == view.player:
            sheets.append(Sheet.from_view(view.sheet))
            continue
        if only is not None and p != only:
            sheets.append(Sheet())
            continue
        sheets.append(_sample_one(pub.known[p], pub.losses[p], costs[p], in_play, rng,
                                  opened[p], later[p]))
    return sheets


def _sample_one(known: Sequence[int], losses: Sequence[int | None], costs: Sequence[int],
                in_play: Sequence[bool], rng: random.Random, opened: bool, later: int) -> Sheet:
    """One rival's sheet: what the record proves (published losses exactly, reveals
    as lower bounds), then holdings drawn from how players place influence, on
    initiates picked with a lean toward those the rival has shown something on.
    A reveal is usually part of a holding, not on top of it."""
    sheet = Sheet()
    sheet.costs = list(costs)
    free = list(UNITS)
    rng.shuffle(free)
    need = []
    for i in range(8):
        if not in_play[i]:
            lost = losses[i] or 0
            need.append((i, lost + costs[i]))
        elif known[i]:
            need.append((i, known[i] + costs[i]))
    need.sort(key=lambda x: -x[1])
    for i, amount in need:
        cover(sheet, free, i, amount)
    live = [i for i in range(8) if in_play[i]]
    if not live:
        return sheet
    lean = [1 + known[i] / 10 for i in live]  # a reveal makes a big holding there a bit likelier
    plan = [rng.uniform(*PRIMARY), rng.uniform(*SECOND)] if opened else []
    plan += [rng.uniform(*LATER) for _ in range(later)]
    gone: float = sum(losses[i] or 0 for i in range(8) if not in_play[i])
    planned = [0.0] * 8
    for size in plan:
        if gone >= size:  # this holding was on an initiate that has left the game
            gone -= size
            continue
        size -= gone
        gone = 0.0
        i = rng.choices(live, lean)[0]
        planned[i] += size
        cover(sheet, free, i, int(planned[i]) + costs[i])
    return sheet


def cover(sheet: Sheet, free: list[Unit], initiate: int, amount: int) -> None:
    """Put units from ``free`` on ``initiate`` until it holds at least ``amount``."""
    while sheet.totals[initiate] < amount and free:
        short = amount - sheet.totals[initiate]
        fits = [u for u in free if u.points <= short]
        unit = max(fits, key=lambda u: u.points) if fits else min(free, key=lambda u: u.points)
        free.remove(unit)
        sheet.place(unit, initiate)
