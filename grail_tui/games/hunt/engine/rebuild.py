"""Games rebuilt from what one seat may know, and what-if positions, for looking ahead.

Bots and remote clients never see the true state; to ask the engine what an
action would do they rebuild a game from a view. Only the engine writes a
game's internals, here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .actions import Proposal
from .board import CARRIED
from .pieces import HOMES, NO_INITIATE, Society
from .sheet import Sheet
from .vocabulary import BLOW_COST, Phase, Setup, Variant

if TYPE_CHECKING:
    from .game import Game
    from .view import PlayerView


def from_view(view: PlayerView, sheets: Sequence[Sheet] | None,
              hq_owner: tuple[int, ...] | None) -> Game:
    from .game import Game

    pub = view.public
    setup = Setup(players=pub.players, variant=pub.variant, turn_limit=pub.turn_limit,
                  first_player=pub.first_player, names=pub.names)
    game = Game(setup)
    if pub.variant is Variant.ORIGINAL:
        game.hq_owner = hq_owner or _dealt_in_order(view)
    # an initiate out of play is put back on its starting field: nothing reads it
    game.positions = [f.value if f is not None else HOMES[i] for i, f in enumerate(pub.positions)]
    game.in_play = [f is not None for f in pub.positions]
    if pub.bearer is not None:
        game.bearer, game.grail_field = pub.bearer.value, CARRIED
    else:
        game.bearer, game.grail_field = NO_INITIATE, pub.grail_field.value
    if sheets is None:
        game.sheets = [Sheet.from_view(view.sheet) if p == view.player else _unknown(pub.costs[p])
                       for p in range(pub.players)]
    else:
        game.sheets = [s.copy() for s in sheets]
    game.known = [list(row) for row in pub.known]
    game.losses = [list(row) for row in pub.losses]
    game.phase = pub.phase
    game.turn = pub.turn
    game.mover = pub.mover
    game.rejected = list(pub.rejected)
    game.assign_log = list(pub.assign_log)
    game.opening_pending = [pub.phase is Phase.OPENING and (p != view.player or view.waiting)
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
        if pub.phase is Phase.OBJECTIONS and view.answer is not None:
            game.answers = {view.player: view.answer}
    return game


def _unknown(costs: tuple[int, ...]) -> Sheet:
    """Another seat's sheet: nothing placed that the viewer knows of, but the blow costs it
    paid are public, and the public view shows them."""
    sheet = Sheet()
    sheet.costs = list(costs)
    return sheet


def _dealt_in_order(view: PlayerView) -> tuple[int, ...]:
    """Headquarters for a rebuilt Original: the viewer's own where the view says,
    the rest to the other seats in order."""
    others = [p for p in range(view.public.players) if p != view.player]
    return tuple(view.player if society == view.hq else others.pop(0) for society in Society)


def what_if_turn(game: Game, mover: int, proposal: Proposal | None) -> Game:
    other = game.copy(history=False)  # pragma: no mutate: history=None reads the same
    other._close_contest()
    other.mover = mover
    other.contest = []
    other.rejected = []  # a fresh turn: nothing rejected yet
    if proposal is not None and proposal.blow is not None:
        sheet = other.sheets[mover]
        sheet.totals[proposal.initiate] += max(0, BLOW_COST - sheet.influence(proposal.initiate))
    return other
