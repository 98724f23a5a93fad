"""The hunt's key table: for each action, whether its key works now and, if not, why not in
the player's words. The one table screen (app/table_screen.py) asks it for the key line, for
Textual's check_action and for the error line when a key does nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from grail_tui.app.table_screen import Key

from ..engine import Phase
from ..situation import Compose, Request, short_to_object
from ..widgets.panes import LogPane

if TYPE_CHECKING:
    from .game import GameScreen

Reason = Callable[["GameScreen"], "str | None"]

BUSY = "Finish what you are doing first: Enter sends it, Esc backs out."
WATCHING = "You are watching this game."
ANSWERED = "Your answer is given; all answers are shown together."


def first(*reasons: Reason | str) -> Reason:
    """The first reason that applies (a plain text always applies)."""
    def why(screen: GameScreen) -> str | None:
        for reason in reasons:
            said = reason if isinstance(reason, str) else reason(screen)
            if said:
                return said
        return None
    return why


def watching(screen: GameScreen) -> str | None:
    return WATCHING if not screen.client.seats else None


def busy(screen: GameScreen) -> str | None:
    return None if screen.composing.idle else BUSY


def answered(screen: GameScreen) -> str | None:
    mine = screen.client.latest(screen.viewer) if screen.viewer is not None else None
    return ANSWERED if mine is not None and mine.pending is not None else None


def asked(request: Request) -> Callable[[GameScreen], bool]:
    return lambda screen: screen.request() is request and screen.composing.idle


def may_assign(screen: GameScreen) -> bool | None:
    request, idle = screen.request(), screen.composing.idle
    if request is Request.OPENING:
        return idle
    if request is Request.TURN and idle:
        return True if screen.mine is not None and screen.mine.may_assign else None  # shown, dimmed
    return False


def assign_why(screen: GameScreen) -> str:
    if screen.request() is Request.TURN:
        return "You can assign only once every proposal of this turn has been rejected."
    return "You can assign only in the opening or on your turn."


def short_of(screen: GameScreen) -> str | None:
    """Why the player at the keyboard cannot object to the proposal asked about: an objection
    must show more than the mover does, out of the influence they hold on its initiate."""
    view = screen.public
    have = short_to_object(view, screen.mine) if view is not None else None
    if view is None or view.contest is None or have is None:
        return None
    return (f"You hold {have} on {view.contest.proposal.initiate.code}: an objection must show more "
            f"than {view.contest.showing}. n passes.")


def may_object(screen: GameScreen) -> bool | None:
    if not asked(Request.OBJECTION)(screen):
        return False
    return None if short_of(screen) else True  # shown, dimmed: nothing to object with


def answer_why(verb: str) -> Reason:
    def why(screen: GameScreen) -> str:
        view = screen.public
        if view is not None and view.phase is Phase.OBJECTIONS and screen.viewer == view.mover:
            return "It is your own proposal: the others object or pass."
        return f"You can {verb} only when someone proposes a move."
    return why


def reply_why(verb: str) -> str:
    return f"You can {verb} only when your own proposal meets an objection."


def standing_why(screen: GameScreen) -> str:
    if screen.public is not None and screen.public.phase is Phase.OPENING:
        return "Standing answers are for the turns after the opening."
    return "Standing answers are for the others' proposals, not on your own turn."


def pick_why(screen: GameScreen) -> str | None:
    if screen.request() is Request.TURN:
        return "The numbers pick an initiate once you propose (p) or assign (a)."
    return None


def log_focused(screen: GameScreen) -> bool:
    return isinstance(screen.focused, LogPane)


KEYS: dict[str, Key] = {
    "propose": Key(asked(Request.TURN), first(watching, busy, "You can propose only on your turn.")),
    "assign": Key(may_assign, first(watching, busy, answered, assign_why)),
    "object": Key(may_object, first(watching, busy, answered, short_of, answer_why("object"))),
    "pass": Key(asked(Request.OBJECTION), first(watching, busy, answered, answer_why("pass"))),
    "match": Key(asked(Request.REPLY), first(watching, busy, reply_why("match"))),
    "raise": Key(asked(Request.REPLY), first(watching, busy, reply_why("raise"))),
    "concede": Key(asked(Request.REPLY), first(watching, busy, reply_why("concede"))),
    "standing": Key(lambda s: s.composing.idle and s.may_stand(), first(watching, busy, standing_why)),
    "back": Key(lambda s: not s.composing.idle or log_focused(s), watching),
    "lobby": Key(lambda s: s.composing.idle and s.client.remote and not log_focused(s), watching),
    "pick": Key(lambda s: s.composing.mode in (Compose.INITIATE, Compose.ASSIGN), pick_why),
    "chat": Key(lambda s: s.client.may_chat and s.composing.idle,
                first("Chat is for games on a server; here everyone sees this screen.")),
    "log": Key(lambda s: s.composing.idle, watching),
}
