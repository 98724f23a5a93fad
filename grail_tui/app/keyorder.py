"""Keys act in the order typed, even when they arrive together.

Textual hands a key from the terminal to the widget that has focus *now*, and
goes on to the next key at once; the first key's binding runs only later, when
the key has travelled up from that widget to the app (textualize/textual#6605).
So when keys arrive together (a laggy SSH link delivers `o 1 2 Enter` in one
read), a key that opens a field (o: the objection's amount) has not opened it
yet when the next keys are handed out: the digits went to the board, where 1
and 2 pick initiates, and Enter revealed the amount filled in beforehand.

Here the app holds each key that arrives while the one before it is still on
its way, and hands it out once that one has been dealt with everywhere it goes
(the widget, each container above it, the screen, the app's bindings), and so
has everything it set going (a prompt pushed, mounted and focused), and the
screen has been painted: so the next key goes to the field or prompt the key
before opened, and everything a key changed, a typed amount in a field, has been
on the screen before the next key acts on it. A key that comes alone (typing at
a human pace) is handed out at once, exactly as Textual does.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

from textual import events
from textual.app import ScreenStackError
from textual.message_pump import MessagePump
from textual.timer import Timer

# A key whose travel is not over after this long (a handler awaiting something slow) lets the
# next one go: better keys out of order than a terminal that no longer answers.
STUCK = 2.0


def pumps(app: Any) -> list[MessagePump]:
    """The app and everything on its screens: where a key, or what it set going, may wait."""
    found: list[MessagePump] = [app]
    for screen in app.screen_stack:
        found.extend(screen.walk_children(with_self=True))
    return found


class KeyOrder:
    """The keys held for one app; ``send`` is Textual's own handing out of a key."""

    def __init__(self, app: Any, send: Callable[[events.Key], Awaitable[None]]) -> None:
        self.app = app
        self.send = send
        self.held: deque[events.Key] = deque()
        self.busy = 0  # the travel under way (a number, so that a late end of an old one is ignored)
        self.travels = 0
        self._watch: Timer | None = None
        self._before: tuple[object, object] = (None, None)  # the screen and focus before a key

    async def arrived(self, key: events.Key) -> None:
        if self.busy or self.held:
            self.held.append(key)
            self._watch_over(self.busy)
            return
        await self._hand_out(key)

    def _watch_over(self, travel: int) -> None:
        if travel and self._watch is None:
            self._watch = self.app.set_timer(STUCK, partial(self._over, travel), name="key-order")

    async def _hand_out(self, key: events.Key) -> None:
        self.travels += 1
        travel = self.busy = self.travels
        self._before = self._where()
        await self.send(key)
        if self.held:
            self._watch_over(travel)
        self._settle(travel)

    def _where(self) -> tuple[object, object]:
        """The screen in front and the widget with the focus."""
        try:
            return self.app.screen, self.app.focused
        except ScreenStackError:
            return None, None

    def _settle(self, travel: int) -> None:
        """Wait until no queue holds a message: the key has been everywhere it goes (the
        widget, each container above it, the screen, the app's bindings), and so has what it
        set going (a message that opens a prompt, the prompt's mounting and focusing).

        A message posted to a node is handled after those already there; whatever those
        post meanwhile is found by the next look."""
        if travel != self.busy:
            return
        busy = [pump for pump in pumps(self.app) if not pump._message_queue.empty()]
        if not busy:
            self._over(travel)
            return
        waiting = len(busy)

        def handled() -> None:
            nonlocal waiting
            waiting -= 1
            if not waiting:
                self._settle(travel)

        for pump in busy:
            if not pump.call_later(handled):
                handled()

    def _over(self, travel: int) -> None:
        if travel != self.busy:
            return
        if self._watch is not None:
            self._watch.stop()
            self._watch = None
        if not self.held:
            self.busy = 0
            return
        # The next key waits for the screen to show what this one did when it opened something
        # (a field, a prompt) or when it acts (Enter sends what the field shows). Characters
        # typed one after another into the same field need no paint between them.
        where = self._where()
        screen = where[0]
        painted = False
        if isinstance(screen, MessagePump) and (where != self._before or not self.held[0].is_printable):
            painted = screen.call_after_refresh(self._next, travel)
        if not painted:
            self.app.call_later(self._next, travel)

    async def _next(self, travel: int) -> None:
        if travel != self.busy:
            return
        self.busy = 0
        if self.held:
            await self._hand_out(self.held.popleft())
