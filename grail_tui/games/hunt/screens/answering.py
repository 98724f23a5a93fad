"""Setting standing answers from the game screen (w): pass on every proposal this
turn, keep objecting to moves of an initiate up to an amount, or clear them.

The answers themselves are given by the table client (table/client.py) at a
person's pace; the rule of what they answer is games/hunt/standing.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets.option_list import Option

from ..engine import Initiate, Phase
from ..situation import Compose
from ..standing import StandingAnswers
from ..widgets.choices import ChoiceList

if TYPE_CHECKING:
    from .game import GameScreen


def may_stand(screen: GameScreen) -> bool:
    """Standing answers are for others' proposals: not in the opening, not on your turn."""
    view, me = screen.public, screen.viewer
    if view is None or me is None or screen.mine is None:
        return False
    return view.phase in (Phase.TURN, Phase.OBJECTIONS, Phase.REPLY) and view.mover != me


def standing_answers(screen: GameScreen) -> StandingAnswers | None:
    """The standing answers of the player at the keyboard, for this turn (or every turn: set
    to answer while they are away)."""
    me, view = screen.viewer, screen.public
    standing = screen.client.standing(me) if me is not None else None
    if not isinstance(standing, StandingAnswers) or view is None or standing.turn not in (None, view.turn):
        return None
    return standing


def open_choices(screen: GameScreen) -> None:
    view, pv = screen.public, screen.mine
    if view is None or pv is None or not may_stand(screen):
        return
    current = standing_answers(screen)
    screen.composing.standing()
    screen.follow("")
    choices = screen.query_one(ChoiceList)
    choices.clear_options()
    choices.add_option(Option("Pass on every proposal", id="pass"))
    first = view.contest.proposal.initiate if view.contest is not None else None
    for i in sorted(Initiate, key=lambda i: i != first):  # the initiate on the table first
        have = pv.sheet.influence[i]
        if view.positions[i] is None or not have:
            continue
        limit = current.limit(i) if current is not None else None
        now = f" (now {limit})" if limit is not None else ""
        choices.add_option(Option(f"Object to {i.code} up to…{now}", id=f"object:{i.code}"))
    if current is not None and not current.empty:
        choices.add_option(Option("Clear standing answers", id="clear"))
    screen.set_focus(choices)
    choices.highlighted = 0


def chosen(screen: GameScreen, choice: str) -> None:
    view, me = screen.public, screen.viewer
    if view is None or me is None:
        return
    current = standing_answers(screen) or StandingAnswers(view.turn)
    if choice == "clear":
        screen.client.stand(me, None)
        _done(screen)
    elif choice == "pass":
        screen.client.stand(me, current.passing())
        _done(screen)
    elif choice.startswith("object:"):
        initiate = Initiate.parse(choice[7:])
        limit = current.limit(initiate)
        start = limit if limit is not None else screen.mine.sheet.influence[initiate] \
            if screen.mine is not None else 0
        screen.ask_amount(Compose.STANDING_AMOUNT, start, initiate)


def amount_typed(screen: GameScreen, value: int) -> None:
    view, pv, me, initiate = screen.public, screen.mine, screen.viewer, screen.composing.chosen
    if view is None or pv is None or me is None or initiate is None:
        return
    have = pv.sheet.influence[initiate]
    if not 1 <= value <= have:
        screen.error = f"Type an amount from 1 to {have}: you have {have} on {initiate.title}."
        return
    current = standing_answers(screen) or StandingAnswers(view.turn)
    screen.client.stand(me, current.objecting(initiate, value))
    _done(screen)


def _done(screen: GameScreen) -> None:
    screen.cancel_compose()
    screen.focus_board()
