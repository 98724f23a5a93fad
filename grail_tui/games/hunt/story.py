"""The story of a game of The Hunt for the Grail, told from its record with every sheet known.

Pure: a record's setup and actions in, a :class:`Story` out, no UI and no I/O.
The record is replayed action by action on a :class:`Game`, which holds every
sheet, and the story keeps, beside what was true, what the table could know.

What it tells:

- **Tracks**, one per initiate: each player's true influence and public
  "known at least" after the opening and after every turn (a *moment*), and
  the losses published when the initiate left the game.
- **Bidding wars**: proposals that met at least one objection. A war *went
  against the sheets* when the side that gave way held more than the side
  that won, so that bidding everything would have turned it: the mover
  conceded while holding at least as much as every rival (ties favour the
  mover), or a rival let the proposal carry while holding more than the
  mover. Those players *gave in while holding more*. In an unfinished game
  that compares secret sheets, so it is left untold until the end.
- **Blows**: who paid 10, which initiate left, what each player lost with it.
- **Control** (a standard game won by delivery): the turn from which the
  winner held strictly more on the bearer than every rival, to the end; and
  the first moment the winner's control was *knowable*.

  *Knowable* means provable from the public record alone by counting points:
  the winner's known-at-least on the bearer exceeded every rival's *ceiling*
  there. A rival's ceiling is the 100 points of a sheet less, for every other
  initiate, its known-at-least plus the blow costs it has paid there (for an
  initiate out of play that is its published loss plus those costs), less the
  blow costs it has paid from the bearer. Every point of that ceiling may be on
  the bearer already or still free to be put there, so a rival cannot ever hold
  more than it. (The units' sizes could prove a little more; the story does not
  use them.) A blow paid from the bearer lowers the winner's known-at-least, so
  the condition can hold and lapse; the story names the first moment it held.
- **Spending** per player: points assigned, revealed (the sum over initiates
  of the highest amount that player revealed on each, in objections and
  matches), lost when an initiate left the game, paid for blows, still held on
  initiates in play, and left unassigned. Assigned = held + lost + paid.

An unfinished game's story is the story so far. Its sheets are secret: only
``viewer``'s own is told (``viewer`` None: none), and the rest stay None.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

from .engine import (
    SHEET_TOTAL,
    Action,
    Field,
    Game,
    IllegalActionError,
    Initiate,
    Phase,
    ReplayError,
    Setup,
)

if TYPE_CHECKING:
    from .engine import Proposal

Grid = tuple[tuple[int, ...], ...]  # [player][initiate]


class WarEnd(Enum):
    CARRIED = "carried"
    REJECTED = "rejected"
    OPEN = "open"  # an unfinished game stopped in the middle of it


@dataclass(frozen=True)
class Moment:
    turn: int  # the turn just finished (0: the opening); for the last moment, the turn reached
    actions: int  # how many actions had been applied


@dataclass(frozen=True)
class Track:
    """One initiate through the game, moment by moment."""

    initiate: Initiate
    true: tuple[tuple[int | None, ...], ...]  # [player][moment]; None: still a secret
    known: tuple[tuple[int, ...], ...]  # [player][moment]: the public known at least
    lost: tuple[int, ...] | None  # every player's published loss, once it left the game
    out_from: int | None  # the first moment at which it was out of play

    @property
    def touched(self) -> bool:
        """Did anybody ever have (or show) influence on it?"""
        return any(v for row in self.true for v in row if v) or any(v for row in self.known for v in row)


@dataclass(frozen=True)
class War:
    """A proposal that met at least one objection."""

    turn: int
    mover: int
    proposal: Proposal
    rounds: int  # objection rounds held
    showing: int  # the mover's last reveal
    high: int  # the last objection the mover faced
    holder: int  # who made it
    end: WarEnd
    held: tuple[int | None, ...]  # every player's true influence on the active initiate
    gave_in: tuple[int, ...]  # who gave way while holding more

    @property
    def against_sheets(self) -> bool:
        return bool(self.gave_in)


@dataclass(frozen=True)
class Blow:
    turn: int
    payer: int
    active: Initiate
    target: Initiate
    field: Field
    losses: tuple[int, ...]  # every player's published influence on the target
    grail: bool  # the target carried the grail
    taken: bool  # ... and the active initiate took it


@dataclass(frozen=True)
class Control:
    """How the winner came to hold the bearer (a standard game won by delivery)."""

    winner: int
    bearer: Initiate
    held: tuple[int, ...]  # every player's influence on the bearer at the end
    held_from: int | None  # turn from which the winner held the most, alone, to the end
    held_action: int | None  # the action after which that began
    knowable_from: int | None  # turn at which the table could first prove it; None: never
    knowable_action: int | None
    shown: int | None  # the winner's known at least on the bearer then
    ceiling: int | None  # the highest rival ceiling on the bearer then


@dataclass(frozen=True)
class Assignment:
    turn: int  # 0: the opening
    initiate: Initiate
    points: int


@dataclass(frozen=True)
class Spending:
    player: int
    assigned: int | None  # None: still a secret
    revealed: int
    lost: int
    paid: int
    held: int | None
    left: int | None
    assignments: tuple[Assignment, ...] | None


@dataclass(frozen=True)
class Story:
    setup: Setup
    finished: bool
    viewer: int | None  # whose secrets an unfinished story tells
    outcome: str  # one sentence; for an unfinished game, where it stands
    turn: int
    actions: int
    proposals: int  # decided proposals (carried or rejected)
    moments: tuple[Moment, ...]
    tracks: tuple[Track, ...]
    wars: tuple[War, ...]
    blows: tuple[Blow, ...]
    control: Control | None
    spending: tuple[Spending, ...]

    @property
    def players(self) -> int:
        return self.setup.players

    def name(self, player: int) -> str:
        return self.setup.name(player)

    def to_dict(self) -> dict[str, Any]:
        from .story_text import story_dict

        return story_dict(self)

    def lines(self) -> list[str]:
        from .story_text import story_lines

        return story_lines(self)


def ceilings(known: Grid, costs: Grid, initiate: int) -> tuple[int, ...]:
    """Per player, the most the public record allows on ``initiate``, now or ever (see above)."""
    out = []
    for row_known, row_costs in zip(known, costs, strict=True):
        elsewhere = sum(k + c for i, (k, c) in enumerate(zip(row_known, row_costs, strict=True))
                        if i != initiate)
        out.append(SHEET_TOTAL - elsewhere - row_costs[initiate])
    return tuple(out)


def tell(setup: Setup, actions: Sequence[Action], viewer: int | None = None) -> Story:
    """The story of the game ``actions`` make of ``setup``; ReplayError at a broken action."""
    from .story_walk import Walk

    game = Game(setup)
    walk = Walk(game)
    settled = 0  # actions up to the last position with no answer of a secret round given
    for index, action in enumerate(actions):
        turn = game.turn
        try:
            events = game.apply(action)
        except IllegalActionError as exc:
            raise ReplayError(index, action, str(exc)) from None
        walk.after(turn, action, events)
        if _settled(game):
            settled = index + 1
    if game.is_over or settled == len(actions):
        return walk.story(viewer)
    # How many have answered an open round is nobody's to know yet: the story stops before it.
    return tell(setup, actions[:settled], viewer)


def _settled(game: Game) -> bool:
    if game.phase is Phase.OPENING:
        return all(game.opening_pending)
    return not game.answers
