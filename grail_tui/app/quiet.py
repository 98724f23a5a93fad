"""When an app has done everything it was set going to do: no message waits anywhere.

Textual handles a key, a message from the server or a paint in many small steps, each a message
to some widget (a widget's repaint is a message from it to its screen, a class set is a style
update at the app, a new size a Resize to each widget laid out again). Two parts of the app wait
for all of them: the key order (keyorder.py: the next key goes out once the last one has been
everywhere it goes) and the screen's paint (textual_patches.py: one frame per change, not one
frame with half of it and another with the rest, as the 60 Hz timer would cut it by chance).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from textual.message_pump import MessagePump


def pumps(app: Any) -> list[MessagePump]:
    """The app and everything on its screens, scrollbars too (widgets of their own, outside the
    DOM): where a message may wait."""
    found: list[MessagePump] = [app]
    for screen in app.screen_stack:
        for node in screen.walk_children(with_self=True):
            found.append(node)
            found.extend(node._get_virtual_dom())
    return found


def busy(app: Any) -> list[MessagePump]:
    """The pumps with a message waiting."""
    return [pump for pump in pumps(app) if not pump._message_queue.empty()]


def when_quiet(app: Any, then: Callable[[], object], patience: float | None = None) -> None:
    """``then()`` once no queue holds a message (at once if none does now): every message waiting
    now has been handled, and so has everything those set going. A message posted to a pump is
    handled after those already there; whatever they post meanwhile is found by the next look.
    ``patience``: seconds after which ``then()`` runs all the same (an app that never falls
    quiet, a handler awaiting something slow)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + patience if patience is not None else None

    def look() -> None:
        waiting = busy(app)
        if not waiting or (deadline is not None and loop.time() >= deadline):
            then()
            return
        left = 0

        def handled() -> None:  # runs later, from a pump's queue: ``left`` is counted by then
            nonlocal left
            left -= 1
            if not left:
                look()

        for pump in waiting:
            left += bool(pump.call_later(handled))
        if not left:  # every pump waiting is closing: nothing more will be handled
            then()

    look()
