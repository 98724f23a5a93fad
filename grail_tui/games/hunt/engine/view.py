"""What a player, or anybody, may see of a game (RULES §8)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import Placement, Proposal
from .board import FIELDS, Field
from .codec import jsonable
from .events import Matched, ObjectionsRevealed, Outcome
from .pieces import INITIATES, UNITS, Initiate, Society, Unit
from .vocabulary import Phase, Variant

if TYPE_CHECKING:
    from .game import Game

@dataclass(frozen=True)
class ContestView:
    """The bidding war on the table."""

    mover: int
    proposal: Proposal
    round: int
    showing: int  # the mover's reveal so far
    high: int  # the highest objection of the last round
    holder: int | None
    awaiting: tuple[int, ...]
    rounds: tuple[ObjectionsRevealed | Matched, ...]
    shown: tuple[int, ...]  # each player's highest amount in this contest


@dataclass(frozen=True)
class SheetView:
    """One influence sheet: secret to its owner until the end."""

    placements: tuple[Placement, ...]
    free: tuple[Unit, ...]
    placed: tuple[int, ...]  # points placed per initiate
    costs: tuple[int, ...]  # blow costs paid per initiate
    influence: tuple[int, ...]  # what counts now (0 on initiates out of play)

    @property
    def remaining(self) -> int:
        return sum(u.points for u in self.free)


@dataclass(frozen=True)
class PublicView:
    players: int
    names: tuple[str, ...]
    variant: Variant
    small: bool
    turn_limit: int
    first_player: int
    phase: Phase
    turn: int
    mover: int
    to_act: tuple[int, ...]
    positions: tuple[Field | None, ...]  # per initiate; None once out of play
    grail_field: Field
    bearer: Initiate | None
    known: tuple[tuple[int, ...], ...]  # [player][initiate] known at least
    losses: tuple[tuple[int | None, ...], ...]  # [player][initiate] published losses
    costs: tuple[tuple[int, ...], ...]  # [player][initiate] blow costs paid (public)
    rejected: tuple[Proposal, ...]
    contest: ContestView | None
    assign_log: tuple[tuple[int, int], ...]  # (turn, player); turn 0 is the opening
    outcome: Outcome | None
    sheets: tuple[SheetView, ...] | None  # every sheet, once the game is over
    hq_owner: tuple[int, ...] | None  # The Original: society -> player, once over

    def name(self, player: int) -> str:
        return self.names[player] if self.names else f"Player {player + 1}"

    def initiates_on(self, where: Field) -> list[Initiate]:
        return [Initiate(i) for i, f in enumerate(self.positions) if f == where]

    def to_dict(self) -> dict[str, Any]:
        return jsonable(self)  # type: ignore[no-any-return]


@dataclass(frozen=True)
class PlayerView:
    """Everything ``player`` may know: the public view plus their own secrets."""

    player: int
    public: PublicView
    sheet: SheetView
    hq: Society | None  # The Original: the HQ this player holds
    answer: int | None  # this player's answer in the open round, if given (0: pass)
    may_assign: bool  # on this player's turn: is assigning open?
    waiting: bool  # does the game wait for this player's action now?

    def to_dict(self) -> dict[str, Any]:
        return jsonable(self)  # type: ignore[no-any-return]


def sheet_view(game: Game, player: int) -> SheetView:
    sheet = game.sheets[player]
    placements = tuple(
        (u, INITIATES[sheet.owner[u.index]]) for u in UNITS if sheet.owner[u.index] >= 0
    )
    return SheetView(
        placements=placements,
        free=tuple(sheet.free_units()),
        placed=tuple(sheet.totals),
        costs=tuple(sheet.costs),
        influence=tuple(game.influence(player, i) for i in range(8)),
    )


def public_view(game: Game) -> PublicView:

    contest = None
    if game.proposal is not None:
        shown = [0] * game.players
        shown[game.mover] = game.showing
        for r in game.contest:
            if isinstance(r, ObjectionsRevealed):
                for p, amount in r.objections:
                    shown[p] = max(shown[p], amount)
        contest = ContestView(
            mover=game.mover,
            proposal=game.proposal,
            round=game.round,
            showing=game.showing,
            high=game.high,
            holder=game.holder,
            awaiting=game.asked(),
            rounds=tuple(game.contest),
            shown=tuple(shown),
        )
    over = game.phase is Phase.OVER
    return PublicView(
        players=game.players,
        names=game.setup.names,
        variant=game.setup.variant,
        small=game.small,
        turn_limit=game.setup.turn_limit,
        first_player=game.first_player,
        phase=game.phase,
        turn=game.turn,
        mover=game.mover,
        to_act=game.asked(),
        positions=tuple(FIELDS[f] if game.in_play[i] else None for i, f in enumerate(game.positions)),
        grail_field=game.grail_position(),
        bearer=INITIATES[game.bearer] if game.bearer >= 0 else None,
        known=tuple(tuple(row) for row in game.known),
        losses=tuple(tuple(row) for row in game.losses),
        costs=tuple(tuple(s.costs) for s in game.sheets),
        rejected=tuple(game.rejected),
        contest=contest,
        assign_log=tuple(game.assign_log),
        outcome=game.outcome,
        sheets=tuple(sheet_view(game, p) for p in range(game.players)) if over else None,
        hq_owner=game.hq_owner if over else None,
    )


def player_view(game: Game, player: int, public: PublicView | None = None) -> PlayerView:
    """``public``: the game's public view, if already made (it is the same for every seat)."""

    hq = None
    if game.hq_owner is not None:
        hq = Society(game.hq_owner.index(player))
    return PlayerView(
        player=player,
        public=public if public is not None else public_view(game),  # pragma: no mutate: made anew, the same
        sheet=sheet_view(game, player),
        hq=hq,
        answer=game.answers.get(player),
        may_assign=game.phase is Phase.TURN and game.mover == player and game.may_assign(),
        waiting=player in game.to_act(),
    )
