"""A screen is laid out once for its first frame, not two or three times.

Two things in Textual lay a screen out again right after its first layout, for
nothing, on every screen shown (the lobby's first frame, a game screen
opening, each dialog):

- Textual answers every Resize a screen gets by laying out that screen, and
  the screens under it, from scratch. After laying a screen out for the first
  time it sends the screen a Resize to the very size it has just been laid out
  at.
- When a screen shows, its notifications' rack is told to show what there is;
  with nothing to show it hides itself (``display = False``). It is hidden
  already (by its CSS), but hiding it again sets an inline style, and a new
  style means a new layout.

``install()`` makes the first happen only for a size the screen has not been
laid out at (a terminal that really changes size is handled as before, and
the rest of Textual's Resize handling, its breakpoint classes, still runs),
and the second only when there is something to show or to take away.
"""

from __future__ import annotations

from typing import Any

from textual.geometry import Size
from textual.notifications import Notifications
from textual.screen import Screen
from textual.widgets._toast import ToastRack

_screen_resized = Screen._screen_resized
_show = ToastRack.show


def _resized(self: Screen[Any], size: Size) -> None:
    if size != self.outer_size:
        _screen_resized(self, size)


def _show_toasts(self: ToastRack, notifications: Notifications) -> None:
    # Hidden, the rack holds no toast (hiding it took them all away): nothing to show, nothing to do.
    if notifications or self.display:
        _show(self, notifications)


def install() -> None:
    """From now on, in this process, neither lays a screen out again for nothing."""
    Screen._screen_resized = _resized  # type: ignore[method-assign]
    ToastRack.show = _show_toasts  # type: ignore[method-assign]
