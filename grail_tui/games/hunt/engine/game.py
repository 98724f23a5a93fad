"""The game: state, whose move it is, and applying actions by the rules."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, overload

from . import errors
from .actions import Action, Assign, Concede, GrailMove, Match, Object, Pass, Proposal, Propose
from .board import CENTRE, FIELDS, HQ_VALUES, Field
from .checks import check
from .events import (
    Assigned,
    Conceded,
    CoverBlown,
    Event,
    GameEnded,
    GameStarted,
    GrailDropped,
    GrailTaken,
    HqDealt,
    Matched,
    ObjectionsRevealed,
    Outcome,
    ProposalCarried,
    Proposed,
    Stepped,
    Termination,
    TurnBegan,
    UnitsPlaced,
    Variant,
)
from .phase import Phase
from .pieces import HOMES, UNITS, Initiate, Society
from .proposals import BLOW_COST, legal_proposals
from .sheet import Sheet

if TYPE_CHECKING:
    from .view import PlayerView, PublicView

MIN_PLAYERS, MAX_PLAYERS = 2, 8
DEFAULT_TURN_LIMIT = 500
MAX_AMOUNT = 100


@dataclass(frozen=True)
class Setup:
    """Everything fixed before the first action; with the actions, a whole game."""

    players: int
    variant: Variant = Variant.STANDARD
    seed: int = 0
    turn_limit: int = DEFAULT_TURN_LIMIT
    first_player: int | None = None
    names: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"A game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {self.players}.")
        if self.variant is Variant.ORIGINAL and self.players != 4:
            raise ValueError("The Original is played by exactly 4 players.")
        if not isinstance(self.turn_limit, int) or self.turn_limit < 1:
            raise ValueError("The turn limit must be a whole number of at least 1.")
        if self.first_player is not None and not 0 <= self.first_player < self.players:
            raise ValueError(f"The start player must be a seat from 1 to {self.players}.")
        if self.names and len(self.names) != self.players:
            raise ValueError("Give a name for every seat, or none.")

    @property
    def small(self) -> bool:
        """2-3 players play the small game; The Original uses the large game's rules."""
        return self.players <= 3 and self.variant is Variant.STANDARD

    def name(self, player: int) -> str:
        return self.names[player] if self.names else f"Player {player + 1}"


# Shared action objects: listing legal actions should not allocate per call.
_PASS = tuple(Pass(p) for p in range(MAX_PLAYERS))
_CONCEDE = tuple(Concede(p) for p in range(MAX_PLAYERS))
_OBJECT = tuple(tuple(Object(p, a) for a in range(MAX_AMOUNT + 1)) for p in range(MAX_PLAYERS))
_MATCH = tuple(tuple(Match(p, a) for a in range(MAX_AMOUNT + 1)) for p in range(MAX_PLAYERS))
_ASSIGN_NONE = tuple(Assign(p, ()) for p in range(MAX_PLAYERS))
_ASSIGN_ONE = tuple(
    tuple(tuple(Assign(p, ((u, i),)) for i in Initiate) for u in UNITS) for p in range(MAX_PLAYERS)
)


class LegalActions(Sequence[Action]):
    """The legal actions of one player now.

    Iterating yields every legal proposal and answer; for assignments it yields
    the empty assignment and each single-unit placement. Membership (``in``)
    checks any action, including assignments of several units at once.
    """

    __slots__ = ("_game", "_player", "_items")

    def __init__(self, game: Game, player: int, items: list[Action]) -> None:
        self._game, self._player, self._items = game, player, items

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        return self._items[index]

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[Action]:
        return iter(self._items)

    def __contains__(self, action: object) -> bool:
        return getattr(action, "player", None) == self._player and self._game.is_legal(action)


class Game:
    """One game of The Hunt for the Grail, by the rules in RULES.md."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        n = setup.players
        rng = random.Random(setup.seed)
        first = setup.first_player if setup.first_player is not None else rng.randrange(n)
        self.first_player = first
        self.hq_owner: tuple[int, ...] | None = None
        if setup.variant is Variant.ORIGINAL:
            owners = list(range(4))
            rng.shuffle(owners)
            self.hq_owner = tuple(owners)  # society -> player
        self.small = setup.small
        self.positions: list[int] = list(HOMES)  # each initiate starts on its HQ
        self.in_play: list[bool] = [True] * 8
        self.grail_field: int = CENTRE.value  # -1 while carried
        self.bearer: int = -1
        self.sheets = [Sheet() for _ in range(n)]
        self.known: list[list[int]] = [[0] * 8 for _ in range(n)]
        self.losses: list[list[int | None]] = [[None] * 8 for _ in range(n)]
        self.phase = Phase.OPENING
        self.opening_pending: list[bool] = [True] * n
        self.turn = 0  # 0 during the opening, then 1, 2, ...
        self.mover = first
        self.rejected: list[Proposal] = []
        self.proposal: Proposal | None = None
        self.showing = 0  # the mover's reveal in this contest
        self.high = 0  # the highest objection of the last round
        self.holder: int | None = None
        self.round = 0
        self.answers: dict[int, int] = {}  # secret until the round is complete; 0 = pass
        self.contest: list[ObjectionsRevealed | Matched] = []  # this contest, public
        self.assign_log: list[tuple[int, int]] = []  # (turn, player); turn 0 is the opening
        self.outcome: Outcome | None = None
        self.actions: list[Action] = []
        self.history: list[Event] = [GameStarted(n, setup.variant, first)]
        if self.hq_owner is not None:
            for society, player in enumerate(self.hq_owner):
                self.history.append(HqDealt(player, Society(society)))

    # -- questions -----------------------------------------------------------

    @property
    def players(self) -> int:
        return self.setup.players

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def influence(self, player: int, initiate: int) -> int:
        """``player``'s secret influence on an initiate (0 once it has left the game)."""
        if not self.in_play[initiate]:
            return 0
        return self.sheets[player].influence(initiate)

    def grail_position(self) -> Field:
        return FIELDS[self.positions[self.bearer] if self.bearer >= 0 else self.grail_field]

    def initiates_on(self, where: int) -> list[Initiate]:
        return [Initiate(i) for i in range(8) if self.in_play[i] and self.positions[i] == where]

    def to_act(self) -> tuple[int, ...]:
        """The players whose action the game is waiting for now."""
        phase = self.phase
        if phase is Phase.TURN or phase is Phase.REPLY:
            return (self.mover,)
        if phase is Phase.OBJECTIONS:
            n = self.players
            order = [(self.mover + k) % n for k in range(1, n)]
            return tuple(p for p in order if p not in self.answers)
        if phase is Phase.OPENING:
            return tuple(p for p in range(self.players) if self.opening_pending[p])
        return ()

    def may_assign(self) -> bool:
        """On the mover's turn: assigning is open unless a proposal was rejected
        and some legal proposal has not been rejected yet."""
        return not self.rejected or not legal_proposals(self, self.mover)

    def legal_actions(self, player: int) -> LegalActions:
        items: list[Action] = []
        phase = self.phase
        if phase is Phase.OBJECTIONS:
            if player != self.mover and player not in self.answers:
                assert self.proposal is not None
                have = self.influence(player, self.proposal.initiate)
                items.append(_PASS[player])
                items.extend(_OBJECT[player][self.showing + 1 : have + 1])
        elif phase is Phase.REPLY:
            if player == self.mover:
                assert self.proposal is not None
                have = self.influence(player, self.proposal.initiate)
                items.append(_CONCEDE[player])
                items.extend(_MATCH[player][self.high : have + 1])
        elif phase is Phase.TURN:
            if player == self.mover:
                proposals = legal_proposals(self, player)
                if not self.rejected or not proposals:
                    items.extend(self._single_assignments(player))
                items.extend(proposals)
        elif phase is Phase.OPENING:
            if 0 <= player < self.players and self.opening_pending[player]:
                items.extend(self._single_assignments(player))
        return LegalActions(self, player, items)

    def _single_assignments(self, player: int) -> list[Action]:
        owner = self.sheets[player].owner
        singles = _ASSIGN_ONE[player]
        live = [i for i in range(8) if self.in_play[i]]
        items: list[Action] = [_ASSIGN_NONE[player]]
        for u in range(len(UNITS)):
            if owner[u] < 0:
                row = singles[u]
                items.extend(row[i] for i in live)
        return items

    def is_legal(self, action: object) -> bool:
        return self.why_illegal(action) is None

    def why_illegal(self, action: object) -> str | None:
        """None if ``action`` is legal now, else the reason, in its player's words."""
        try:
            check(self, action)
        except errors.IllegalActionError as exc:
            return str(exc)
        return None

    def view(self, player: int) -> PlayerView:
        from .view import player_view

        return player_view(self, player)

    def public_view(self) -> PublicView:
        from .view import public_view

        return public_view(self)

    def copy(self, *, history: bool = True) -> Game:
        """An independent game in the same position (for search and what-ifs)."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.positions = self.positions[:]
        other.in_play = self.in_play[:]
        other.sheets = [s.copy() for s in self.sheets]
        other.known = [row[:] for row in self.known]
        other.losses = [row[:] for row in self.losses]
        other.opening_pending = self.opening_pending[:]
        other.rejected = self.rejected[:]
        other.answers = dict(self.answers)
        other.contest = self.contest[:]
        other.assign_log = self.assign_log[:]
        other.actions = self.actions[:] if history else []
        other.history = self.history[:] if history else []
        return other

    # -- applying ------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Validate ``action``, carry it out, and return what happened.

        Raises a subclass of :class:`IllegalActionError` and leaves the game
        untouched if the action breaks the rules.
        """
        check(self, action)
        return self._apply_unchecked(action)

    def _apply_unchecked(self, action: Action) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, Assign):
            self._do_assign(action, events)
        elif isinstance(action, Propose):
            self._do_propose(action, events)
        elif isinstance(action, (Pass, Object)):
            self.answers[action.player] = action.amount if isinstance(action, Object) else 0
            if len(self.answers) == self.players - 1:
                self._resolve_round(events)
        elif isinstance(action, Match):
            self.showing = action.amount
            row = self.known[action.player]
            initiate = self._active()
            row[initiate] = max(row[initiate], action.amount)
            m = Matched(action.player, action.amount)
            self.contest.append(m)
            events.append(m)
            self.round += 1
            self.answers = {}
            self.phase = Phase.OBJECTIONS
        else:  # Concede
            proposal = self._active_proposal()
            self.rejected.append(proposal)
            events.append(Conceded(action.player, proposal))
            self._close_contest()
        self.actions.append(action)
        self.history.extend(events)
        return events

    def _active_proposal(self) -> Proposal:
        assert self.proposal is not None
        return self.proposal

    def _active(self) -> int:
        return self._active_proposal().initiate

    # -- carrying out --------------------------------------------------------

    def _do_assign(self, action: Assign, events: list[Event]) -> None:
        player = action.player
        sheet = self.sheets[player]
        for unit, initiate in action.placements:
            sheet.place(unit, initiate)
        opening = self.phase is Phase.OPENING
        self.assign_log.append((self.turn, player))
        events.append(Assigned(player, opening))
        events.append(UnitsPlaced(player, action.placements))
        if opening:
            self.opening_pending[player] = False
            if not any(self.opening_pending):
                self.phase = Phase.TURN
                self.turn = 1
                self.mover = self.first_player
                events.append(TurnBegan(self.mover, self.turn))
        else:
            self._end_turn(events)

    def _do_propose(self, action: Propose, events: list[Event]) -> None:
        self.proposal = action.proposal
        self.showing = 0
        self.high = 0
        self.holder = None
        self.round = 1
        self.answers = {}
        self.contest = []
        self.phase = Phase.OBJECTIONS
        events.append(Proposed(action.player, action.proposal))

    def _resolve_round(self, events: list[Event]) -> None:
        n = self.players
        order = [(self.mover + k) % n for k in range(1, n)]
        objections = tuple((p, self.answers[p]) for p in order if self.answers[p] > 0)
        passed = tuple(p for p in order if self.answers[p] == 0)
        initiate = self._active()
        high, holder = 0, None
        for p, amount in objections:
            row = self.known[p]
            row[initiate] = max(row[initiate], amount)
            if amount > high:
                high, holder = amount, p
        revealed = ObjectionsRevealed(self.round, objections, passed, holder, high)
        self.contest.append(revealed)
        events.append(revealed)
        self.answers = {}
        if holder is None:
            proposal = self._active_proposal()
            events.append(ProposalCarried(self.mover, proposal))
            self._carry_out(proposal, events)
            if self.outcome is None:
                self._close_contest()
                self._end_turn(events)
        else:
            self.high, self.holder = high, holder
            self.phase = Phase.REPLY

    def _close_contest(self) -> None:
        self.proposal = None
        self.showing = self.high = self.round = 0
        self.holder = None
        self.answers = {}
        self.phase = Phase.TURN

    def _end_turn(self, events: list[Event]) -> None:
        if self.turn >= self.setup.turn_limit:
            self._finish(Outcome(Termination.TURN_LIMIT, None), events)
            return
        self.turn += 1
        self.mover = (self.mover + 1) % self.players
        self.rejected = []
        self.contest = []
        events.append(TurnBegan(self.mover, self.turn))

    def _carry_out(self, p: Proposal, events: list[Event]) -> None:
        a = p.initiate
        if p.step is not None:
            origin = Field(self.positions[a])
            dest = p.step
            g = p.grail
            if self.bearer == a:
                if g is GrailMove.DROP_BEFORE:
                    self._drop(a, origin, events)
            elif self.grail_field == origin and g in (GrailMove.CARRY, GrailMove.DROP_AFTER):
                if self._take(a, origin, events):
                    return
            self.positions[a] = dest.value
            events.append(Stepped(a, origin, dest))
            if self.bearer == a:
                if self._reached_end(a, dest, events):
                    return
                if g is GrailMove.DROP_AFTER:
                    self._drop(a, dest, events)
            elif g is GrailMove.PICK_UP:
                if self._take(a, dest, events):
                    return
        if p.blow is not None:
            self._blow(p, events)

    def _take(self, a: Initiate, where: Field, events: list[Event]) -> bool:
        self.bearer = a.value
        self.grail_field = -1
        events.append(GrailTaken(a, where))
        return self._reached_end(a, where, events)

    def _drop(self, a: Initiate, where: Field, events: list[Event]) -> None:
        self.bearer = -1
        self.grail_field = where.value
        events.append(GrailDropped(a, where))

    def _blow(self, p: Proposal, events: list[Event]) -> None:
        a, target = p.initiate, p.blow
        assert target is not None
        where = Field(self.positions[a])
        mover = self.mover
        self.sheets[mover].costs[a] += BLOW_COST
        self.known[mover][a] = max(0, self.known[mover][a] - BLOW_COST)
        losses = tuple(self.influence(q, target) for q in range(self.players))
        for q, lost in enumerate(losses):
            self.losses[q][target] = lost
            self.known[q][target] = lost
        self.in_play[target] = False
        events.append(CoverBlown(a, target, where, mover, losses))
        if self.bearer == target:
            self._drop(target, where, events)
            if p.take_grail and self._take(a, where, events):
                return
        if not any(self.in_play):
            self._finish(Outcome(Termination.NO_INITIATES, None), events)

    def _reached_end(self, bearer: Initiate, where: Field, events: list[Event]) -> bool:
        """End the game if ``bearer`` now holds the grail on a deciding HQ."""
        if self.hq_owner is not None:
            if where.value not in HQ_VALUES:
                return False
            society = next(s for s in Society if s.hq == where)
            owner = self.hq_owner[society]
            self._finish(
                Outcome(Termination.HQ_REACHED, owner, bearer, where,
                        self._influence_on(bearer), False, self.mover, owner),
                events,
            )
            return True
        if where != bearer.society.hq:
            return False
        influence = self._influence_on(bearer)
        top = max(influence)
        leaders = [q for q, v in enumerate(influence) if v == top]
        tie = len(leaders) > 1
        winner = self.mover if tie else leaders[0]
        self._finish(
            Outcome(Termination.DELIVERED, winner, bearer, where, influence, tie, self.mover),
            events,
        )
        return True

    def _influence_on(self, initiate: int) -> tuple[int, ...]:
        return tuple(self.influence(q, initiate) for q in range(self.players))

    def _finish(self, outcome: Outcome, events: list[Event]) -> None:
        self.outcome = outcome
        self.phase = Phase.OVER
        events.append(GameEnded(outcome))
