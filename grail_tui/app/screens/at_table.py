"""What every game's screen offers at a table, whatever the game: chat and help, new chat
marked while the log is out of sight, a key that does nothing saying why, the hot-seat hand-off."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from textual import events
from textual.actions import parse
from textual.binding import Binding


class AtTable:
    """A game screen's chat (`:`) and help (`?`) actions; the screen has ``app`` and ``client``,
    shows a refusal in ``error`` and says which of its panes show (``log_shown``) and why a key
    does nothing now (``why_not``)."""

    app: Any
    client: Any
    error: Any
    BINDINGS: ClassVar[Any]
    _why = ""  # the error line says why a key did nothing (forgotten when the situation changes)

    def action_chat(self) -> None:
        from .prompts import TextPrompt

        def said(text: str | None) -> None:
            if text and text.strip():
                self.client.chat(text.strip()[:500])

        self.app.push_screen(TextPrompt("Say to the table (everyone in this game reads it)"), said)

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(self.client.kind))

    # -- hot-seat: handing the keyboard over ----------------------------------------------

    privacy_open = False  # the hand-off screen is up
    _at_keyboard: int | None = None  # the seat whose person had the keyboard last

    def hand_keyboard(self, asked: Sequence[int], name: str, reason: str,
                      ready: Callable[[int], None]) -> int | None:
        """Hot-seat: the keyboard goes to one of the ``asked`` seats. The person who had it last
        keeps it, with no hand-off screen (returned: the seat to show now); anyone else gets the
        privacy screen first (None is returned; ``ready`` is called once they have the keyboard).
        ``name``: how the game names the first asked seat."""
        if self._at_keyboard is not None and self._at_keyboard in asked:
            return self._at_keyboard
        from .prompts import PrivacyScreen

        target = asked[0]
        self.privacy_open = True

        def handed(_: None) -> None:
            self.privacy_open = False
            self._at_keyboard = target
            ready(target)

        self.app.push_screen(PrivacyScreen(name, reason), handed)
        return None

    # -- new chat while the log is out of sight ------------------------------------------

    _unread = 0  # chat lines said while the log was hidden, not yet seen

    def log_shown(self) -> bool:
        raise NotImplementedError

    def tell_new_chat(self, seat: int | None) -> None:
        """At 80x24 the log is one pane of several: lines said while it is hidden are counted
        for the status line's marker (``chat_marker``). A notice would cover the side pane (the
        player's own sheet) for seconds; the player's own lines are not counted."""
        heard = self.client.new_chat()
        if not heard or self.log_shown():
            return
        latest = self.client.latest(seat)
        names = latest.names if latest is not None else ()
        me = names[seat] if seat is not None and seat < len(names) else None
        self._unread += sum(1 for line in heard if line.who != me)

    def chat_marker(self, log_key: str) -> str:
        """What the status line adds while chat waits unread: how many lines, and the key that
        shows the log (the log in front clears it)."""
        if self._unread and self.log_shown():
            self._unread = 0
        if not self._unread:
            return ""
        lines = "line" if self._unread == 1 else "lines"
        return f" · {self._unread} new chat {lines}: {log_key} shows the log"

    # -- a key that does nothing says why ---------------------------------------------

    def why_not(self, action: str) -> str | None:
        """Why ``action``'s key does nothing now, in the player's words; None says nothing."""
        return None

    def on_key(self, event: events.Key) -> None:
        """A key of this screen's that would do nothing now says why on the error line (where a
        refusal shows), instead of nothing at all. A key something else takes is left alone."""
        self.forget_why()
        active = self.active_bindings.get(event.key)  # type: ignore[attr-defined]
        if active is not None and active.enabled:
            return
        for binding in self.BINDINGS:
            if isinstance(binding, Binding) and event.key in binding.key.split(","):
                why = self.why_not(parse(binding.action)[1])
                if why:
                    self.error = self._why = why
                    return

    def forget_why(self) -> None:
        """The reason a key did nothing goes once another key is pressed or the game moves on."""
        if self._why and self.error == self._why:
            self.error = ""
        self._why = ""
