"""The game: state, whose move it is, and applying actions by the rules."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, overload

from ...kit.dice import Dice
from . import errors
from .actions import Action, Assign, Concede, Match, Object, Pass, Proposal, Propose
from .board import CENTRE, FIELDS, Field
from .carry import carry_out, finish
from .checks import check
from .events import (
    Assigned,
    Conceded,
    Event,
    GameStarted,
    HqDealt,
    Matched,
    ObjectionsRevealed,
    Outcome,
    ProposalCarried,
    Proposed,
    TurnBegan,
    UnitsPlaced,
)
from .pieces import HOMES, INITIATES, NO_INITIATE, UNITS, Initiate, Society
from .proposals import legal_proposals
from .sheet import Sheet
from .vocabulary import MAX_AMOUNT, MAX_PLAYERS, Phase, Setup, Termination, Variant

if TYPE_CHECKING:
    from .view import PlayerView, PublicView

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
        dice = Dice(setup.seed)
        first = setup.first_player if setup.first_player is not None else dice.seat(n)
        self.first_player = first
        self.hq_owner: tuple[int, ...] | None = None
        if setup.variant is Variant.ORIGINAL:
            self.hq_owner = tuple(dice.deck(range(4)))  # society -> player
        self.small = setup.small
        self.positions: list[int] = list(HOMES)  # each initiate starts on its HQ
        self.in_play: list[bool] = [True] * len(INITIATES)
        self.grail_field: int = CENTRE.value  # CARRIED while an initiate bears it
        self.bearer: int = NO_INITIATE
        self.sheets = [Sheet() for _ in range(n)]
        self.known: list[list[int]] = [[0] * len(INITIATES) for _ in range(n)]
        self.losses: list[list[int | None]] = [[None] * len(INITIATES) for _ in range(n)]
        self.phase = Phase.OPENING
        self.opening_pending: list[bool] = [True] * n
        self.turn = 0  # 0 during the opening, then 1, 2, ...
        self.mover = first
        self.rejected: list[Proposal] = []
        self.proposal: Proposal | None
        self.showing: int  # the mover's reveal in this contest
        self.high: int  # the highest objection of the last round
        self.holder: int | None
        self.round: int
        self.answers: dict[int, int]  # secret until the round is complete; 0 = pass
        self._clear_contest()
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

    def asked(self) -> tuple[int, ...]:
        """Who is asked to act, as everybody may know it: in the opening and in an
        objection round everyone asked, whether or not they have answered yet."""
        phase = self.phase
        if phase is Phase.OBJECTIONS:
            n = self.players
            return tuple((self.mover + k) % n for k in range(1, n))
        if phase is Phase.OPENING:
            return tuple(range(self.players))
        return self.to_act()

    def may_assign(self) -> bool:
        """On the mover's turn: assigning is open unless a proposal was rejected
        and some legal proposal has not been rejected yet."""
        return not self.rejected or not legal_proposals(self, self.mover)

    def legal_actions(self, player: int) -> LegalActions:
        items: list[Action] = []
        phase = self.phase
        seat = 0 <= player < self.players  # for anybody else nothing is legal
        if phase is Phase.OBJECTIONS:
            if seat and player != self.mover and player not in self.answers:
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
            if seat and self.opening_pending[player]:
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

    @classmethod
    def from_view(cls, view: PlayerView, sheets: Sequence[Sheet] | None = None,
                  hq_owner: tuple[int, ...] | None = None) -> Game:
        """A playable game in the position ``view`` shows, for looking ahead.

        The viewer's own sheet is as the view shows it; the others are empty
        unless ``sheets`` gives every seat's. In The Original the headquarters
        nobody has shown are dealt in seat order unless ``hq_owner`` says whom.
        In an objection round only the viewer's own answer is known: the others
        are taken as not given yet."""
        from .rebuild import from_view

        return from_view(view, sheets, hq_owner)

    def what_if_turn(self, mover: int, proposal: Proposal | None = None) -> Game:
        """A copy stepped back to ``mover``'s choice on a turn, so a contested
        proposal can be tried as if nobody objected. A blow needs 10 on the
        active initiate: where the mover's sheet (perhaps a guess) holds less,
        the copy credits the shortfall."""
        from .rebuild import what_if_turn

        return what_if_turn(self, mover, proposal)

    def view(self, player: int, public: PublicView | None = None) -> PlayerView:
        """What ``player`` may know; ``public``: this position's public view, if made already
        (it is the same for every seat)."""
        from .view import player_view

        return player_view(self, player, public)  # pragma: no mutate: without ``public`` the same view is made anew

    def public_view(self) -> PublicView:
        from .view import public_view

        return public_view(self)

    def copy(self, *, history: bool = True, sheets: Sequence[Sheet] | None = None) -> Game:
        """An independent game in the same position (for search and what-ifs);
        ``sheets``: play it with these sheets instead (copied)."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.positions = self.positions[:]
        other.in_play = self.in_play[:]
        other.sheets = [s.copy() for s in (self.sheets if sheets is None else sheets)]
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

    def apply(self, action: Action, *, checked: bool = False) -> list[Event]:
        """Validate ``action``, carry it out, and return what happened.

        Raises a subclass of :class:`IllegalActionError` and leaves the game
        untouched if the action breaks the rules. ``checked``: the caller has just
        found it legal in this very position (``why_illegal``), so it is not
        checked again (the table checks each action once).
        """
        if not checked:
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
        events.append(UnitsPlaced(player, action.placements))
        if self.phase is Phase.OPENING:
            # The opening is simultaneous: who has assigned stays unknown until all have.
            self.opening_pending[player] = False  # pragma: no mutate: None would read the same (only truth-tested)
            if not any(self.opening_pending):
                for p in range(self.players):
                    self.assign_log.append((0, p))
                    events.append(Assigned(p, True))
                self.phase = Phase.TURN
                self.turn = 1
                self.mover = self.first_player
                events.append(TurnBegan(self.mover, self.turn))
        else:
            self.assign_log.append((self.turn, player))
            events.insert(0, Assigned(player, False))
            self._end_turn(events)

    def _do_propose(self, action: Propose, events: list[Event]) -> None:
        self._clear_contest()
        self.proposal = action.proposal
        self.round = 1
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
            carry_out(self, proposal, events)
            if self.outcome is None:
                self._close_contest()
                self._end_turn(events)
        else:
            self.high, self.holder = high, holder
            self.phase = Phase.REPLY

    def _clear_contest(self) -> None:
        """No contest on the table: also where every proposal's contest starts from."""
        self.proposal = None
        self.showing = self.high = self.round = 0
        self.holder = None
        self.answers = {}

    def _close_contest(self) -> None:
        self._clear_contest()
        self.phase = Phase.TURN

    def _end_turn(self, events: list[Event]) -> None:
        if self.turn >= self.setup.turn_limit:
            finish(self, Outcome(Termination.TURN_LIMIT, None), events)
            return
        self.turn += 1
        self.mover = (self.mover + 1) % self.players
        self.rejected = []
        self.contest = []
        events.append(TurnBegan(self.mover, self.turn))
