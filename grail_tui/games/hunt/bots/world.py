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
    Phase,
    PlayerView,
    Setup,
    SheetView,
    Society,
    Unit,
    Variant,
)
from ..engine.sheet import Sheet
from .evaluate import assignments


def sheet_from_view(view: SheetView) -> Sheet:
    sheet = Sheet()
    for unit, initiate in view.placements:
        sheet.place(unit, initiate)
    sheet.costs = list(view.costs)
    return sheet


def build(view: PlayerView, sheets: Sequence[Sheet] | None = None,
          hq_owner: tuple[int, ...] | None = None) -> Game:
    """A game in the view's position; rivals' sheets empty unless given."""
    pub = view.public
    setup = Setup(players=pub.players, variant=pub.variant, seed=0, turn_limit=pub.turn_limit,
                  first_player=pub.first_player, names=pub.names)
    game = Game(setup)
    if pub.variant is Variant.ORIGINAL:
        game.hq_owner = hq_owner or _guess_hq_owner(view, random.Random(0))
    game.positions = [f.value if f is not None else 0 for f in pub.positions]
    game.in_play = [f is not None for f in pub.positions]
    game.bearer = pub.bearer.value if pub.bearer is not None else -1
    game.grail_field = -1 if pub.bearer is not None else pub.grail_field.value
    if sheets is None:
        own = sheet_from_view(view.sheet)
        game.sheets = [own if p == view.player else Sheet() for p in range(pub.players)]
    else:
        game.sheets = [s.copy() for s in sheets]
    game.known = [list(row) for row in pub.known]
    game.losses = [list(row) for row in pub.losses]
    game.phase = pub.phase
    game.turn = pub.turn
    game.mover = pub.mover
    game.rejected = list(pub.rejected)
    game.assign_log = list(pub.assign_log)
    game.opening_pending = [p in pub.to_act if pub.phase is Phase.OPENING else False
                            for p in range(pub.players)]
    game.history = []
    contest = pub.contest
    if contest is not None:
        game.proposal = contest.proposal
        game.showing = contest.showing
        game.high = contest.high
        game.holder = contest.holder
        game.round = contest.round
        game.contest = list(contest.rounds)
        if pub.phase is Phase.OBJECTIONS:
            # Who has answered is public, not what: guess a pass; our own answer we know.
            answered = [p for p in range(pub.players)
                        if p != contest.mover and p not in contest.awaiting]
            game.answers = {p: 0 for p in answered}
            if view.answer is not None:
                game.answers[view.player] = view.answer
    return game


def as_turn(game: Game, mover: int, proposal: object | None = None) -> Game:
    """Step back to the mover's choice, so a contested proposal can be tried as if it carried.

    The mover's sheet in a world may be a guess; a blow needs 10 on the active
    initiate, so the guess is raised to that where the proposal is a blow.
    """
    from ..engine import Proposal
    from ..engine.proposals import BLOW_COST

    game.phase = Phase.TURN
    game.mover = mover
    game.proposal = None
    game.answers = {}
    game.contest = []
    if isinstance(proposal, Proposal) and proposal.blow is not None:
        sheet = game.sheets[mover]
        short = BLOW_COST - sheet.influence(proposal.initiate)
        if short > 0:
            sheet.totals[proposal.initiate] += short
    return game


def _guess_hq_owner(view: PlayerView, rng: random.Random) -> tuple[int, ...]:
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


def sample_sheets(view: PlayerView, rng: random.Random) -> list[Sheet]:
    """Rival sheets consistent with the public record; ours as it is."""
    pub = view.public
    costs = pub.costs
    in_play = [f is not None for f in pub.positions]
    opened, later = assignments(pub)
    sheets: list[Sheet] = []
    for p in range(pub.players):
        if p == view.player:
            sheets.append(sheet_from_view(view.sheet))
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
        _cover(sheet, free, i, amount)
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
        _cover(sheet, free, i, int(planned[i]) + costs[i])
    return sheet


def _cover(sheet: Sheet, free: list[Unit], initiate: int, amount: int) -> None:
    """Put units from ``free`` on ``initiate`` until it holds at least ``amount``."""
    while sheet.totals[initiate] < amount and free:
        short = amount - sheet.totals[initiate]
        fits = [u for u in free if u.points <= short]
        unit = max(fits, key=lambda u: u.points) if fits else min(free, key=lambda u: u.points)
        free.remove(unit)
        sheet.place(unit, initiate)
