"""Is an action legal now? Each way of breaking a rule raises its own error."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import errors
from .actions import Assign, Concede, Match, Object, Pass, Propose
from .pieces import UNITS, Initiate, Unit
from .proposals import check_proposal
from .vocabulary import Phase

if TYPE_CHECKING:
    from .game import Game


def check(game: Game, action: object) -> None:
    """Raise the precise IllegalActionError for ``action``; return quietly if it is legal."""
    if game.outcome is not None:
        raise errors.GameOverError("The game is over; no more actions are possible.")
    player = getattr(action, "player", None)
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < game.players:
        raise errors.UnknownPlayerError(f"There is no player {player!r} in this game.")
    phase = game.phase
    if isinstance(action, Assign):
        if phase is Phase.OPENING:
            if not game.opening_pending[player]:
                raise errors.NotYourTurnError("You have already made your opening assignment.")
        elif phase is Phase.TURN:
            _check_mover(game, player)
            if not game.may_assign():
                raise errors.AssignLockedError(
                    "A proposal of yours was rejected this turn: you may assign only once "
                    "every proposal you could make has been rejected."
                )
        else:
            _check_phase(game, player, "assign influence")
        _check_placements(game, action)
    elif isinstance(action, Propose):
        if phase is not Phase.TURN:
            _check_phase(game, player, "propose")
        _check_mover(game, player)
        check_proposal(game, player, action.proposal)
    elif isinstance(action, (Pass, Object)):
        if phase is not Phase.OBJECTIONS:
            _check_phase(game, player, "object or pass")
        if player == game.mover:
            raise errors.NotYourTurnError("You cannot object to your own proposal.")
        if player in game.answers:
            raise errors.NotYourTurnError("You have already answered this objection round.")
        if isinstance(action, Object):
            amount = _check_amount(action.amount)
            if amount <= game.showing:
                raise errors.AmountError(
                    f"An objection must show more than the mover's {game.showing}."
                )
            _check_have(game, player, amount)
    elif isinstance(action, (Match, Concede)):
        if phase is not Phase.REPLY:
            _check_phase(game, player, "match or concede")
        _check_mover(game, player)
        if isinstance(action, Match):
            amount = _check_amount(action.amount)
            if amount < game.high:
                raise errors.AmountError(
                    f"To hold your proposal you must show at least the objection of {game.high}."
                )
            _check_have(game, player, amount)
    else:
        raise errors.MalformedActionError(f"{action!r} is not an action of this game.")

def _check_mover(game: Game, player: int) -> None:
    if player != game.mover:
        raise errors.NotYourTurnError(
            f"It is {game.setup.name(game.mover)}'s turn, not yours."
        )

def _check_phase(game: Game, player: int, what: str) -> None:
    waiting = game.to_act()
    if player not in waiting:
        raise errors.NotYourTurnError(f"You cannot {what} now: nothing is asked of you.")
    asked = {
        Phase.OPENING: "the opening assignment",
        Phase.TURN: "to assign influence or propose an action",
        Phase.OBJECTIONS: "to pass or object",
        Phase.REPLY: "to match the objection or concede",
    }[game.phase]
    raise errors.WrongPhaseError(f"You cannot {what} now; you are asked {asked}.")

def _check_amount(amount: object) -> int:
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
        raise errors.MalformedActionError("An amount is a whole number of at least 1.")
    return amount

def _check_have(game: Game, player: int, amount: int) -> None:
    initiate = game._active()
    have = game.influence(player, initiate)
    if amount > have:
        raise errors.NotEnoughInfluenceError(
            f"You have only {have} on {Initiate(initiate).title}; you cannot reveal {amount}."
        )

def _check_placements(game: Game, action: Assign) -> None:
    if not isinstance(action.placements, tuple):
        raise errors.MalformedActionError("An assignment is a list of unit and initiate pairs.")
    sheet = game.sheets[action.player]
    seen: set[Unit] = set()
    targets: set[Initiate] = set()
    for pair in action.placements:
        if not (isinstance(pair, tuple) and len(pair) == 2):
            raise errors.MalformedActionError("Each placement pairs one unit with one initiate.")
        unit, initiate = pair
        if not isinstance(unit, Unit) or unit not in UNITS:
            raise errors.MalformedActionError(
                f"{unit!r} is not a unit of the sheet (strip A: 1-10, strip B: 1-9)."
            )
        if not isinstance(initiate, Initiate):
            raise errors.MalformedActionError(f"{initiate!r} is not an initiate.")
        if unit in seen:
            raise errors.UnitUsedError(
                f"Unit {unit} can go to one initiate only; a unit is never split."
            )
        if sheet.is_used(unit):
            raise errors.UnitUsedError(f"You have already crossed out unit {unit}.")
        if not game.in_play[initiate]:
            raise errors.RemovedInitiateError(
                f"{initiate.title} has left the game; influence on it would be lost."
            )
        seen.add(unit)
        targets.add(initiate)
    if len(targets) > 1 and not game.small and game.phase is Phase.TURN:
        raise errors.OneInitiateError(
            "In the large game all the units you assign on a turn go to one initiate."
        )
