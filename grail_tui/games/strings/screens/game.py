"""Pulling Strings at the table: your power structure as a tree with your resources and hands
beside it, a pane at the right (the attack, the focused card's text, the table, the log), the
prompt that says what is asked now, and the key line.

It stands on the one table screen (app/table_screen.py: the client's wiring, the hot-seat hand-off,
the end, the status line's platform part, chat and help, one paint per change). Legal actions
come from the seat's own view (S-3): a key lists those of its kind in words (situation.py), and
Enter takes the one chosen, so nothing illegal is ever composed; a key with nothing to list says
why on the error line (keys.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Static

from grail_tui.app.changedlines import ChangedLines
from grail_tui.app.keyline import KeyFooter
from grail_tui.app.table_screen import TableScreen
from grail_tui.app.wrappedlog import WrappedLog

from .. import situation
from ..engine import Action, CallOff, Declare, EndTurn, Pass, PlayerView, PublicView
from ..situation import Cards, Menu
from ..standing import STANDING
from ..widgets.board import (
    Row,
    attack_text,
    card_pane,
    choices_text,
    side_rows,
    table_text,
    window,
    window_top,
)
from .keys import KEYS

PANES = ("attack", "card", "table", "log")
MENU_TITLES = {Menu.DECIDE: "Choose", Menu.ATTACK: "Attacks: attacker → kind: target (whose)",
               Menu.SUPPORT: "Support", Menu.PLOT: "Play a plot", Menu.MOVE: "Move a group or a link",
               Menu.OFFER: "Offer, give or swap", Menu.MORE: "Buy, draw, place, show, look, discard"}


class LogPane(WrappedLog):
    can_focus = False  # the cursor keys walk your side of the table, never the log


class SidePane(ChangedLines):
    """Your side of the table, cut to its width: a new width (the wide layout, a resized
    terminal) paints it again."""

    class Resized(Message):
        pass

    def on_resize(self) -> None:
        super().on_resize()
        self.post_message(self.Resized())


class StringsScreen(TableScreen):
    CSS_PATH = Path(__file__).parent / "strings.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    # repaint=False: a change paints the panes it touches (paint()), never the whole screen, which
    # would send every line to the terminal again for one cursor key
    menu: reactive[Menu | None] = reactive(None, init=False, repaint=False)
    cursor: reactive[int] = reactive(-1, init=False, repaint=False)  # the card under the cursor on your side
    choice: reactive[int] = reactive(0, init=False, repaint=False)
    pane: reactive[str] = reactive("card", init=False, repaint=False)
    other: reactive[int] = reactive(-1, init=False, repaint=False)  # whose structure the table pane shows
    KEYS = KEYS
    LOG_KEY = "g"
    BINDINGS = [
        Binding("up,k", "up", "Up", show=False),
        Binding("down,j", "down", "Down", show=False),
        Binding("left,h", "master", "Master", show=False),
        Binding("right,l", "puppet", "Puppet", show=False),
        Binding("enter", "enter", "Choose", key_display="⏎", tooltip="Choose what the game asks, or do the choice",
                id="enter"),
        Binding("a", "attack", "Attack", id="attack"),
        Binding("s", "support", "Support", id="support"),
        Binding("p", "plot", "Plot", id="plot"),
        Binding("m", "move", "Move", id="move"),
        Binding("o", "offer", "Offer", id="offer"),
        Binding("u", "more", "More", tooltip="Buy, draw, place a resource or agent, show, look", id="more"),
        Binding("n", "pass", "Pass", id="pass"),
        Binding("e", "end_turn", "End turn", id="end-turn"),
        Binding("escape,x", "back", "Back", key_display="Esc", id="back"),
        # with no list open, Esc leaves a server game for the lobby, as in the hunt (keys.py says when)
        Binding("escape", "lobby", "Lobby", key_display="Esc", tooltip="Back to the lobby; your seat stays yours",
                id="lobby"),
        Binding("z", "standing", "Standing", tooltip="Standing answers for support and reaction windows",
                id="standing"),
        Binding("tab", "next_pane", "Pane", key_display="Tab", tooltip="Attack, card, table, log", id="next-pane"),
        Binding("w", "next_other", "Whose", show=False, id="next-other"),
        Binding("c", "pane('card')", "Card", show=False),
        Binding("t", "pane('table')", "Table", show=False),
        Binding("g", "pane('log')", "Log", show=False),
        Binding("v", "pane('attack')", "Attack", show=False),
        *TableScreen.AT_EVERY_TABLE,
    ]

    public: PublicView | None
    mine: PlayerView | None

    def __init__(self, client: Any, glyphs: Any) -> None:
        super().__init__(client, glyphs)
        self.rows: list[Row] = []
        self.top: int | None = None  # the first row of your side on screen
        self.listed: list[Action] = []
        self._attack_seen: object = None
        self._played_seen: int | None = None
        self.seen_attack: Any = None

    # -- layout ----------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status", markup=False)  # players' names: plain text
        with Horizontal(id="body"):
            yield SidePane(id="board")
            with Vertical(id="panes"):
                # each sends only its lines that changed: a cursor key is a few lines on the wire
                yield ChangedLines(id="pane-table", classes="pane")
                yield ChangedLines(id="pane-attack", classes="pane")
                yield ChangedLines(id="pane-card", classes="pane")
                yield LogPane(id="pane-log", classes="pane")
                yield ChangedLines(id="choices")
        with Vertical(id="prompt"):
            yield Static(id="prompt-text", markup=False)
            yield Static(id="prompt-error", markup=False)
        yield KeyFooter()

    def set_up(self) -> None:
        self._show_pane()

    def _show_pane(self) -> None:
        for name in PANES:
            self.query_one(f"#pane-{name}").set_class(name == self.pane and self.menu is None, "-current")
        self.query_one("#choices").set_class(self.menu is not None, "-current")
        self.set_class(self.menu is not None, "-menu")  # wide: a list takes the table's room (strings.tcss)

    # -- the game's part of the table screen -------------------------------------------

    def asked(self) -> bool:
        v = self.viewer
        update = self.client.latest(v) if v is not None else None
        return update is not None and update.asked and self.mine is not None and not update.over

    def is_asked(self) -> bool:
        return self.asked()

    def legal(self) -> tuple[Action, ...]:
        return tuple(self.mine.legal) if self.asked() and self.mine is not None else ()

    def position(self) -> object:
        public = self.public
        assert public is not None
        return public.round, public.active, public.prompt, len(self.legal()), public.attack

    def status(self, view: PublicView) -> tuple[str, str]:
        return situation.status(view, self.viewer)

    def synced(self) -> None:
        view = self.public
        if self.menu is not None and not self.listing():
            self.menu = None
        if view is not None and view.attack is not None:
            self.seen_attack = view.attack  # its breakdown stays on screen under the roll
            key = (view.attack.attacker, view.attack.target.uid)
            if key != self._attack_seen and self.menu is None:
                self.pane = "attack"  # a new attack: everyone follows it
            self._attack_seen = key
        played = view.stack[-1].uid if view is not None and view.stack else None
        if played is not None and played != self._played_seen and self.menu is None:
            self.pane = "attack"  # a plot played: the pane says whose it is
        self._played_seen = played

    def cancel(self) -> None:
        self.menu = None
        self.error = ""

    def game_over(self) -> None:
        self.menu = None

    def hand_off_reason(self) -> str:
        view = self.public
        return situation.asked_text(view, None) if view is not None else "It is your turn."

    def end_screen(self) -> Screen[Any]:
        from .end import EndScreen

        return EndScreen(self.client, self.g)

    def log_shown(self) -> bool:
        return self.pane == "log" and self.menu is None

    # -- the cursor on your side, and the lists of choices ----------------------------------

    def side_seat(self) -> int | None:
        if self.viewer is not None:
            return self.viewer
        view = self.public
        return max(view.active, 0) if view is not None else None

    def card_uids(self) -> list[int]:
        return [row.uid for row in self.rows if row.uid >= 0]

    def listing(self) -> list[Action]:
        if self.menu is None or self.public is None:
            return []
        return situation.choices(self.legal(), self.menu, self.public.prompt, self.cursor, self.mine)

    def action_up(self) -> None:
        self._step(-1)

    def action_down(self) -> None:
        self._step(1)

    def _step(self, delta: int) -> None:
        if self.menu is not None:
            if self.listed:
                self.choice = (self.choice + delta) % len(self.listed)
            return
        uids = self.card_uids()
        if uids:
            at = uids.index(self.cursor) if self.cursor in uids else -1
            self.cursor = uids[(at + delta) % len(uids)]

    def action_master(self) -> None:
        view = self.public
        if self.menu is Menu.ATTACK:
            self._other_attacker(-1)
        elif self.menu is None and view is not None:
            seated = next((s for s in view.structure if s.uid == self.cursor), None)
            if seated is not None and seated.master >= 0:
                self.cursor = seated.master

    def action_puppet(self) -> None:
        view = self.public
        if self.menu is Menu.ATTACK:
            self._other_attacker(1)
        elif self.menu is None and view is not None:
            puppets = sorted((s for s in view.structure if s.master == self.cursor), key=lambda s: s.arrow)
            if puppets:
                self.cursor = puppets[0].uid

    def _other_attacker(self, delta: int) -> None:
        """In the list of attacks, ← → list those of the previous or next card that can attack
        (in the order of your side), the cursor following it."""
        attackers = {a.attacker for a in self.legal() if isinstance(a, Declare)}
        order = [uid for uid in self.card_uids() if uid in attackers]
        if not order:
            return
        at = order.index(self.cursor) if self.cursor in order else (-1 if delta > 0 else 0)
        self.cursor = order[(at + delta) % len(order)]
        self.listed = self.listing()
        self.choice = 0

    def action_attack(self) -> None:
        self.open(Menu.ATTACK)
        why = situation.idle_attacker(self.mine, self.cursor) if self.mine is not None else None
        if why:  # the card under the cursor has none: the list shows every other card's
            self.error = why

    def action_support(self) -> None:
        self.open(Menu.SUPPORT)

    def action_plot(self) -> None:
        self.open(Menu.PLOT)

    def action_move(self) -> None:
        self.open(Menu.MOVE)

    def action_offer(self) -> None:
        self.open(Menu.OFFER)

    def action_more(self) -> None:
        self.open(Menu.MORE)

    def open(self, menu: Menu) -> None:
        self.menu = menu
        self.listed = self.listing()
        self.choice = 0
        self.error = ""
        self._show_pane()

    def action_enter(self) -> None:
        if self.menu is None:
            if self.check_action("decide", ()):
                self.open(Menu.DECIDE)
            else:
                self.error = self.why_not("decide") or ""
            return
        listed = self.listing()
        if not listed or self.viewer is None:
            self.menu = None
            return
        action = listed[min(self.choice, len(listed) - 1)]
        attack = self.public.attack if self.public is not None else None
        self.submit(action)
        if isinstance(action, CallOff) and attack is not None and self.mine is not None and not self.error:
            name = Cards(self.mine).name(attack.attacker)
            self.error = (f"Called off: nothing is spent, but {name} declares no more attacks this turn "
                          "(another card may).")

    def action_pass(self) -> None:
        if self.viewer is not None:
            self.submit(Pass(self.viewer))

    def action_end_turn(self) -> None:
        if self.viewer is not None:
            self.submit(EndTurn(self.viewer))

    def action_standing(self) -> None:
        """z: the next of the standing answers (none, then each one the game offers, then none
        again); what is set now is said on the error line, in the player's words."""
        seat, view = self.viewer, self.mine
        if seat is None or view is None:
            return
        current = self.client.standing(seat)
        made = [make(view) for _, _, make in STANDING]
        # the one set now: itself (two answers may share a kind), else one of its kind (a lap of a turn gone)
        at = next((k for k, answer in enumerate(made) if answer == current),
                  next((k for k, answer in enumerate(made) if type(answer) is type(current)), -1))
        if at + 1 < len(STANDING):
            word, words, make = STANDING[at + 1]
            self.client.stand(seat, make(view))
            self.error = f"Standing answer ({word}): {words}. z for the next, or none."
        else:
            self.client.stand(seat, None)
            self.error = "No standing answer: you are asked at every window. z sets one."
        self._dirty()

    def action_back(self) -> None:
        self.cancel()

    def action_lobby(self) -> None:
        """Back to the lobby: the seat stays yours (a turn-based game first offers its answers for
        the time away), and the lobby opens it again."""
        self.leave_table()

    def action_pane(self, name: str) -> None:
        self.menu = None
        self.pane = name

    def action_next_pane(self) -> None:
        self.menu = None
        self.pane = PANES[(PANES.index(self.pane) + 1) % len(PANES)]

    def action_next_other(self) -> None:
        view = self.public
        if view is None:
            return
        seats = [p for p in (view.order or range(view.players)) if not view.seats[p].eliminated]
        if seats:
            at = seats.index(self.other) if self.other in seats else -1
            self.other = seats[(at + 1) % len(seats)]
        self.menu = None
        self.pane = "table"

    # -- one paint per change ----------------------------------------------------

    def on_side_pane_resized(self) -> None:
        self._dirty()

    def watch_viewer(self) -> None:
        self.cursor = -1
        self._dirty()

    def watch_menu(self) -> None:
        self._show_pane()
        self._dirty()

    def watch_cursor(self) -> None:
        self._dirty()

    def watch_choice(self) -> None:
        self._dirty()

    def watch_other(self) -> None:
        self._dirty()

    def watch_pane(self) -> None:
        self._show_pane()
        self._dirty()
        if self.pane == "log":
            self.query_one(LogPane).scroll_end(animate=False)

    def paint(self) -> None:
        view, pv = self.public, self.mine
        assert view is not None
        cards = Cards(pv if pv is not None else view)
        board = self.query_one("#board", Static)
        width = max(20, board.size.width - 2 if board.size.width else 37)
        seat = self.side_seat()
        hidden = ("Hidden: pass the keyboard to the player asked." if self.hotseat
                  else "Only their holders see the hands.")
        self.rows = side_rows(view, pv, seat, cards, width, self.g, hidden) if seat is not None else []
        uids = self.card_uids()
        if uids and self.cursor not in uids:
            self.cursor = uids[0]  # paints again: the cursor is a reactive
            return
        height = max(3, board.size.height or 17)
        self.top = window_top(self.rows, self.cursor, height, self.top)  # scrolled only as the cursor needs
        self.say("#board", window(self.rows, self.cursor, height, self.top))
        if self.other < 0 or self.other == seat or view.seats[self.other].eliminated:
            others = [p for p in range(view.players) if p != seat and not view.seats[p].eliminated]
            if others:
                self.other = others[0]
                return
        pane_width = max(24, self.query_one("#panes").size.width or 36)
        wide = self.has_class("-wide")
        shown: list[int] = [self.other] if self.other >= 0 else []
        if wide:  # room for every other player's structure at once
            shown = [p for p in (view.order or range(view.players)) if p != seat and not view.seats[p].eliminated]
        # a pane out of sight is not built (a paint per key): showing it paints it (watch_pane)
        if wide or self.pane == "table":
            self.say("#pane-table", table_text(view, cards, shown, pane_width, self.g))
        if wide or self.pane == "attack":
            self.say("#pane-attack", attack_text(view, cards, pane_width, self.seen_attack))
        self.listed = self.listing()
        focus = self.cursor
        if self.menu is not None and self.listed:
            self.choice = min(self.choice, len(self.listed) - 1)
            focus = situation.subject(self.listed[self.choice])
        focused = card_pane(cards, focus, view.basic_goal)
        if self.menu is not None and focus < 0:  # a choice about no card (a draw, a commit)
            focused = attack_text(view, cards, pane_width, self.seen_attack) if view.attack is not None else Text()
        self.say("#pane-card", focused)
        if self.menu is not None and pv is not None:
            attackers = {a.attacker for a in self.listed if isinstance(a, Declare)}
            short = self.menu is Menu.ATTACK and len(attackers) == 1
            titled = short or (self.menu is Menu.DECIDE and view.prompt in situation.DECIDING)
            lines = [situation.describe(a, pv, titled) for a in self.listed]
            title = (f"Attacks by {cards.name(next(iter(attackers)))}" if short
                     else situation.DECIDING.get(view.prompt, "Choose") if self.menu is Menu.DECIDE
                     else MENU_TITLES[self.menu])
            keys = "Best chance first · ←→ other attackers" if self.menu is Menu.ATTACK else ""  # under ↑↓ Enter
            detail = situation.detail(self.listed[self.choice], pv) if self.listed else ""
            height = self.query_one("#choices").size.height or 12
            # to commit or call off, the odds decide, not the attacker's text: the attack stays in view
            below = attack_text(view, cards, pane_width - 2) if view.prompt == "commit" else focused
            self.say("#choices", choices_text(title, lines, self.choice, height, pane_width - 2, below,
                                              detail=detail, keys=keys))
        self.write_log(self.query_one(LogPane))
        if self.asked():
            prompt = situation.asked_text(view, pv)
        elif not self.client.seats:
            prompt = "You are watching. " + situation.waiting_text(view, None)
        else:
            prompt = situation.waiting_text(view, self.viewer)
        self.say("#prompt-text", prompt)
        self.say("#prompt-error", self.error)
        self.keys_changed(tuple(b.action for b in self.BINDINGS if isinstance(b, Binding)
                                and self.check_action(*self.parse_action(b.action)) is not False))
