"""Pulling Strings' key table: for each action, whether its key works now and, if not, why not in
the player's words (app/table_screen.py asks it). A key that lists choices works when the seat's
legal actions (from its own view, S-3) hold one of its kind."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from grail_tui.app.table_screen import Key

from ..engine import EndTurn, Pass
from ..situation import Menu, idle_attacker, in_menu

if TYPE_CHECKING:
    from .game import StringsScreen

Reason = Callable[["StringsScreen"], "str | None"]

NOTHING = {
    Menu.DECIDE: "Nothing to choose here now",
    Menu.ATTACK: "No attack is open to you now",
    Menu.SUPPORT: "Nothing of yours can support this attack now",
    Menu.PLOT: "No plot of yours can be played now",
    Menu.MOVE: "Nothing of yours can be moved or linked now",
    Menu.OFFER: "You cannot offer or give cards now",
    Menu.MORE: "You cannot buy, draw, place or show anything now",
}


def whose_turn(then: Reason | None = None) -> Reason:
    """Watching, not asked, a list open, then ``then``."""
    def why(screen: StringsScreen) -> str | None:
        view = screen.public
        if view is None or view.is_over:
            return None
        if not screen.client.seats:
            return "You are watching this game."
        if not screen.asked():
            if view.prompt in ("cabal", "start") and screen.mine is not None and screen.mine.choice is not None:
                return "Your choice is made; the choices are shown together."
            return "It is not your move: the prompt says who is asked."
        if screen.menu is not None:
            return "Finish this choice first: Enter does it, Esc backs out."
        return then(screen) if then is not None else None
    return why


def has(menu: Menu) -> Callable[[StringsScreen], bool]:
    def works(screen: StringsScreen) -> bool:
        view = screen.public
        return (screen.menu is None and view is not None
                and any(in_menu(a, menu, view.prompt) for a in screen.legal()))
    return works


def nothing(menu: Menu) -> Reason:
    def why(screen: StringsScreen) -> str | None:
        idle = idle_attacker(screen.mine, screen.cursor) if menu is Menu.ATTACK and screen.mine is not None else None
        return f"{NOTHING[menu]}. {idle}" if idle else f"{NOTHING[menu]}."
    return why


def legal(kind: type) -> Callable[[StringsScreen], bool]:
    def works(screen: StringsScreen) -> bool:
        return screen.menu is None and screen.viewer is not None and kind(screen.viewer) in screen.legal()
    return works


def menu_key(menu: Menu) -> Key:
    return Key(has(menu), whose_turn(nothing(menu)))


KEYS: dict[str, Key] = {
    "enter": Key(lambda s: s.menu is not None or has(Menu.DECIDE)(s), whose_turn(nothing(Menu.DECIDE))),
    "decide": menu_key(Menu.DECIDE),
    "attack": menu_key(Menu.ATTACK),
    "support": menu_key(Menu.SUPPORT),
    "plot": menu_key(Menu.PLOT),
    "move": menu_key(Menu.MOVE),
    "offer": menu_key(Menu.OFFER),
    "more": menu_key(Menu.MORE),
    "pass": Key(legal(Pass), whose_turn(lambda s: "There is no window to pass in now: "
                                        + ("e ends your turn." if s.public is not None and s.public.prompt == "main"
                                           else "the prompt says what is asked."))),
    "end_turn": Key(legal(EndTurn), whose_turn(lambda _s: "Only in your own main phase, with no attack under way.")),
    "back": Key(lambda s: s.menu is not None),
    "lobby": Key(lambda s: s.menu is None and s.client.remote),
    "standing": Key(lambda s: s.viewer is not None and s.menu is None),  # z: games/strings/standing.py
    "chat": Key(lambda s: s.client.may_chat and s.menu is None,
                lambda s: None if s.public is None or s.public.is_over
                else "Chat is for games on a server; here everyone sees this screen."),
}
