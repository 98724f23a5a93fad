"""The card game's key table: for each action, whether its key works now and, if not, why not
in the player's words (app/table_screen.py asks it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from grail_tui.app.table_screen import WATCHING, Key

from ..situation import Compose, may_take

if TYPE_CHECKING:
    from .game import SuccessionScreen

Reason = Callable[["SuccessionScreen"], "str | None"]


def whose_turn(then: Reason | None = None) -> Reason:
    """A card key (play, take, pass, a digit) that does nothing: watching, not your turn, a take
    half made, then ``then``."""
    def why(screen: SuccessionScreen) -> str | None:
        view = screen.public
        if view is None or view.is_over:
            return None
        if not screen.client.seats:
            return WATCHING
        if not screen.is_asked():
            return f"It is {view.name(view.mover)}'s turn: wait for yours."
        return then(screen) if then is not None else None
    return why


def taking(then: Reason | None = None) -> Reason:
    def why(screen: SuccessionScreen) -> str | None:
        if screen.mode is not Compose.IDLE:
            return "Finish the take first: Enter or t takes, Esc backs out."
        return then(screen) if then is not None else None
    return why


def may_pass(screen: SuccessionScreen) -> bool:
    if not (screen.is_asked() and screen.mode is Compose.IDLE and screen.viewer is not None
            and screen.public is not None):
        return False
    return not screen.hand() and not may_take(screen.public, screen.viewer)


def idle_and_asked(screen: SuccessionScreen) -> bool:
    return screen.is_asked() and screen.mode is Compose.IDLE


KEYS: dict[str, Key] = {
    # an empty hand plays nothing: no key shown
    "play": Key(lambda s: idle_and_asked(s) and bool(s.hand()), whose_turn(taking())),
    "take": Key(lambda s: s.is_asked(), whose_turn()),
    "pass": Key(may_pass, whose_turn(taking(lambda _s: "You can pass only when you can neither play nor take."))),
    "pick": Key(idle_and_asked, whose_turn(taking())),
    "back": Key(lambda s: s.mode is not Compose.IDLE),
}
