"""Walking a record for its story: what to keep after each action (story.py says what it means)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .engine import (
    Action,
    Assign,
    Conceded,
    CoverBlown,
    Event,
    Game,
    GrailDropped,
    GrailTaken,
    Initiate,
    Matched,
    ObjectionsRevealed,
    Proposal,
    ProposalCarried,
    Proposed,
    Termination,
    TurnBegan,
)
from .story import (
    Assignment,
    Blow,
    Control,
    Grid,
    Moment,
    Spending,
    Story,
    Track,
    War,
    WarEnd,
    ceilings,
)


@dataclass
class Frame:
    """The position after one action, as far as the story needs it."""

    turn: int  # the turn the action was taken in (0: the opening)
    true: Grid
    known: Grid
    costs: Grid


@dataclass
class OpenWar:
    turn: int
    mover: int
    proposal: Proposal
    held: tuple[int, ...]
    rounds: int = 0
    showing: int = 0
    high: int = 0
    holder: int | None = None
    objected: bool = False


@dataclass
class Walk:
    game: Game
    frames: list[Frame] = field(default_factory=list)
    moments: list[Moment] = field(default_factory=list)
    snapshots: list[tuple[Grid, Grid]] = field(default_factory=list)  # (true, known) per moment
    out_from: dict[int, int] = field(default_factory=dict)  # initiate -> moment
    lost: dict[int, tuple[int, ...]] = field(default_factory=dict)
    wars: list[War] = field(default_factory=list)
    open_war: OpenWar | None = None
    proposals: int = 0
    blows: list[Blow] = field(default_factory=list)
    assignments: list[list[Assignment]] = field(default_factory=list)
    reveals: list[list[int]] = field(default_factory=list)  # [player][initiate]: highest own reveal

    def __post_init__(self) -> None:
        n = self.game.players
        self.assignments = [[] for _ in range(n)]
        self.reveals = [[0] * 8 for _ in range(n)]

    # -- after each action ----------------------------------------------------------

    def after(self, turn: int, action: Action, events: list[Event]) -> None:
        game = self.game
        if isinstance(action, Assign):
            points: dict[Initiate, int] = {}
            for unit, initiate in action.placements:
                points[initiate] = points.get(initiate, 0) + unit.points
            self.assignments[action.player].extend(Assignment(turn, i, p) for i, p in points.items())
        for number, event in enumerate(events):
            if isinstance(event, Proposed):
                held = tuple(game.influence(p, event.proposal.initiate) for p in range(game.players))
                self.open_war = OpenWar(turn, event.player, event.proposal, held)
            elif isinstance(event, ObjectionsRevealed):
                self._round(event)
            elif isinstance(event, Matched):
                war = self._war()
                war.showing = event.amount
                self._reveal(event.player, war.proposal.initiate, event.amount)
            elif isinstance(event, (ProposalCarried, Conceded)):
                self._close(WarEnd.CARRIED if isinstance(event, ProposalCarried) else WarEnd.REJECTED)
            elif isinstance(event, CoverBlown):
                self._blow(turn, event, events[number + 1:])
        self.frames.append(Frame(turn, self._true(), self._known(), self._costs()))
        if any(isinstance(e, TurnBegan) for e in events) or game.is_over:
            self._moment(game.turn if game.is_over else game.turn - 1)

    def _war(self) -> OpenWar:
        assert self.open_war is not None
        return self.open_war

    def _reveal(self, player: int, initiate: int, amount: int) -> None:
        row = self.reveals[player]
        row[initiate] = max(row[initiate], amount)

    def _round(self, event: ObjectionsRevealed) -> None:
        war = self._war()
        war.rounds += 1
        for player, amount in event.objections:
            self._reveal(player, war.proposal.initiate, amount)
        if event.holder is not None:
            war.objected = True
            war.high, war.holder = event.high, event.holder

    def _close(self, end: WarEnd) -> None:
        war = self._war()
        self.open_war = None
        if end is not WarEnd.OPEN:
            self.proposals += 1
        if not war.objected:
            return
        assert war.holder is not None
        mine = war.held[war.mover]
        rivals = max(v for p, v in enumerate(war.held) if p != war.mover)
        gave_in: tuple[int, ...]
        if end is WarEnd.REJECTED:
            gave_in = (war.mover,) if mine >= rivals else ()  # a match needs no more than an objection
        elif end is WarEnd.CARRIED:
            gave_in = tuple(p for p, v in enumerate(war.held) if p != war.mover and v > mine)
        else:
            gave_in = ()
        self.wars.append(War(war.turn, war.mover, war.proposal, war.rounds, war.showing, war.high,
                             war.holder, end, war.held, gave_in))

    def _blow(self, turn: int, event: CoverBlown, later: list[Event]) -> None:
        # the engine drops a blown bearer's grail at once, then the active initiate may take it
        grail = bool(later) and isinstance(later[0], GrailDropped) and later[0].initiate == event.target
        taken = grail and len(later) > 1 and isinstance(later[1], GrailTaken)
        self.blows.append(Blow(turn, event.payer, event.active, event.target, event.field,
                               event.losses, grail, taken))
        self.lost[event.target] = event.losses
        self.out_from[event.target] = len(self.moments)

    def _true(self) -> Grid:
        game = self.game
        return tuple(tuple(game.influence(p, i) for i in range(8)) for p in range(game.players))

    def _known(self) -> Grid:
        return tuple(tuple(row) for row in self.game.known)

    def _costs(self) -> Grid:
        return tuple(tuple(sheet.costs) for sheet in self.game.sheets)

    def _moment(self, turn: int) -> None:
        frame = self.frames[-1]
        self.moments.append(Moment(turn, len(self.frames)))
        self.snapshots.append((frame.true, frame.known))

    # -- the story --------------------------------------------------------------------

    def story(self, viewer: int | None) -> Story:
        game = self.game
        finished = game.is_over
        if not finished:
            if self.open_war is not None:
                self._close(WarEnd.OPEN)
            if not self.moments or self.moments[-1].actions != len(self.frames):
                if not self.frames:
                    self.frames.append(Frame(0, self._true(), self._known(), self._costs()))
                self.moments.append(Moment(game.turn, len(game.actions)))
                self.snapshots.append((self.frames[-1].true, self.frames[-1].known))

        def seen(player: int) -> bool:
            return finished or player == viewer

        n = game.players
        tracks = []
        for i in range(8):
            true = tuple(tuple(s[0][p][i] if seen(p) else None for s in self.snapshots) for p in range(n))
            known = tuple(tuple(s[1][p][i] for s in self.snapshots) for p in range(n))
            tracks.append(Track(Initiate(i), true, known, self.lost.get(i), self.out_from.get(i)))
        wars = [w if all(seen(p) for p in range(n)) else _hide(w, seen) for w in self.wars]
        outcome = game.outcome.describe(game.setup.name) if game.outcome is not None else _so_far(game)
        return Story(game.setup, finished, None if finished else viewer, outcome, game.turn,
                     len(game.actions), self.proposals, tuple(self.moments), tuple(tracks), tuple(wars),
                     tuple(self.blows), self._control(), tuple(self._spending(p, seen(p)) for p in range(n)))

    def _control(self) -> Control | None:
        outcome = self.game.outcome
        if outcome is None or outcome.termination is not Termination.DELIVERED:
            return None
        winner, bearer = outcome.winner, outcome.bearer
        assert winner is not None and bearer is not None
        b = bearer.value

        def leads(frame: Frame) -> bool:
            mine = frame.true[winner][b]
            return all(mine > row[b] for p, row in enumerate(frame.true) if p != winner)

        held_action: int | None = None
        for index in range(len(self.frames) - 1, -1, -1):
            if not leads(self.frames[index]):
                break
            held_action = index
        knowable_action = shown = ceiling = None
        for index, frame in enumerate(self.frames):
            tops = ceilings(frame.known, frame.costs, b)
            rival = max(c for p, c in enumerate(tops) if p != winner)
            if frame.known[winner][b] > rival:
                knowable_action, shown, ceiling = index, frame.known[winner][b], rival
                break
        return Control(winner, bearer, outcome.influence,
                       None if held_action is None else self.frames[held_action].turn, held_action,
                       None if knowable_action is None else self.frames[knowable_action].turn,
                       knowable_action, shown, ceiling)

    def _spending(self, player: int, seen: bool) -> Spending:
        game = self.game
        sheet = game.sheets[player]
        paid = sum(sheet.costs)
        lost = sum(losses[player] for losses in self.lost.values())
        revealed = sum(self.reveals[player])
        if not seen:
            return Spending(player, None, revealed, lost, paid, None, None, None)
        assigned = sum(sheet.totals)
        held = sum(game.influence(player, i) for i in range(8))
        return Spending(player, assigned, revealed, lost, paid, held, sheet.remaining,
                        tuple(self.assignments[player]))


def _hide(war: War, seen: Callable[[int], bool]) -> War:
    """A war of an unfinished game: only the viewer's own holding may be told, and who gave in
    while holding more compares secret sheets, so it waits for the end."""
    held = tuple(v if seen(p) else None for p, v in enumerate(war.held))
    return War(war.turn, war.mover, war.proposal, war.rounds, war.showing, war.high, war.holder,
               war.end, held, ())


def _so_far(game: Game) -> str:
    name = game.setup.name
    if game.turn == 0:
        return "The game is still in its opening."
    return f"The game is not over: turn {game.turn}, {name(game.mover)} to move."
