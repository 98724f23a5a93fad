"""The game screen's keys: which work now (and the key line that shows them), and the
screen's own actions that compose nothing: panes, the log, chat, help, the lobby."""

from __future__ import annotations

from typing import Any

from textual.binding import Binding

from grail_tui.app.keyline import KeyLine
from grail_tui.app.screens.at_table import AtTable

from .. import situation
from ..situation import CHOOSING, Compose, Request
from ..widgets.board import BoardMap
from ..widgets.panes import LogPane
from .composing import ComposingScreen

PANES = ("contest", "sheet", "known", "log")


class ScreenKeys(AtTable, ComposingScreen):
    _enabled: tuple[str, ...] = ()
    _full_log: Any = None  # the full-screen log, while open

    def _wide(self) -> bool:
        raise NotImplementedError

    def _show_keys(self) -> None:
        """The key line: the keys that work now, the focused widget's first."""
        shown: list[tuple[Binding, bool]] = []
        focused = self.focused
        if focused is not None and not isinstance(focused, (BoardMap, LogPane)):
            shown += [(b, True) for b in focused.BINDINGS if isinstance(b, Binding) and b.show]
        narrow = not self._wide() and self.mode not in CHOOSING  # a list of choices hides the panes
        for b in self.BINDINGS:
            # Narrow, one pane shows at a time: the line says how to see the others.
            if isinstance(b, Binding) and (b.show or (narrow and b.action == "next_pane")):
                works = self.check_action(*self._parse(b.action))
                if works is not False:
                    shown.append((b, works is True))
        shown += [(b, True) for b in self.app.BINDINGS if isinstance(b, Binding) and b.show]
        self.query_one(KeyLine).show(shown)
        enabled = tuple(b.action for b, on in shown if on)
        if enabled != self._enabled:
            self._enabled = enabled
            self.refresh_bindings()  # the command palette lists what works now

    @staticmethod
    def _parse(action: str) -> tuple[str, tuple[object, ...]]:
        from textual.actions import parse

        _, name, params = parse(action)
        return name, params

    # -- which keys work now ---------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        request = self.request()
        idle = self.mode is Compose.IDLE
        if action == "propose":
            return request is Request.TURN and idle
        if action == "assign":
            if request is Request.OPENING:
                return idle
            if request is Request.TURN and idle:
                return True if self.mine is not None and self.mine.may_assign else None
            return False
        if action in ("object", "pass"):
            return request is Request.OBJECTION and idle
        if action in ("match", "raise", "concede"):
            return request is Request.REPLY and idle
        if action == "standing":
            return idle and self.may_stand()
        if action == "back":
            return not idle or isinstance(self.focused, LogPane)
        if action == "lobby":
            return idle and self.client.remote and not isinstance(self.focused, LogPane)
        if action == "pick":
            return self.mode in (Compose.INITIATE, Compose.ASSIGN)
        if action == "chat":
            return self.client.may_chat and idle
        if action == "log":
            return idle
        return True

    def why_not(self, action: str) -> str | None:
        mine = self.client.latest(self.viewer) if self.viewer is not None else None
        return situation.why_not(action, self.request(), self.mode, self.public, self.viewer,
                                 answered=mine is not None and mine.pending is not None,
                                 watching=not self.client.seats)

    def log_shown(self) -> bool:
        return bool(self.query_one(LogPane).display) or self._full_log is not None

    def action_back(self) -> None:
        if isinstance(self.focused, LogPane) and self.mode is Compose.IDLE:
            self.focus_board()
            self._dirty()
            return
        super().action_back()

    def action_lobby(self) -> None:
        """Back to the lobby: the seat stays yours, and the lobby opens it again."""
        self.client.close()
        self.app.pop_screen()

    def action_pane(self, name: str) -> None:
        self.pane = name

    def action_next_pane(self) -> None:
        self.pane = PANES[(PANES.index(self.pane) + 1) % len(PANES)]

    def action_log(self, how: str) -> None:
        """PgUp/PgDn/Home/End: scroll the log, showing it and giving it the keyboard."""
        log = self.query_one(LogPane)
        scroll = getattr(log, f"action_{how}")
        if not log.display:
            self.pane = "log"
            log.follow = False  # this key says where it stands: from the end, once it is shown

            def from_the_end() -> None:
                log.scroll_end(animate=False, immediate=True)
                scroll()

            self.call_after_refresh(from_the_end)
        else:
            scroll()
        self.set_focus(log)
        self._dirty()  # the key line: Esc now gives the keyboard back

    def action_full_log(self) -> None:
        from .logview import LogScreen

        title = "The log" if self.viewer is None else "Your log"
        screen = LogScreen(list(self.client.log(self.viewer).lines), title)
        self._full_log = screen

        def closed(_: None) -> None:
            self._full_log = None

        self.app.push_screen(screen, closed)

    def _close_full_log(self) -> None:
        """In hot-seat a player's log closes before the keyboard changes hands."""
        if self._full_log is not None and self.app.screen is self._full_log:
            self._full_log.dismiss(None)
        self._full_log = None
