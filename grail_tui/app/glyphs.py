"""What the shell draws itself, and the choice every game's glyphs follow.

``--ascii`` (or a terminal without the full set) chooses plain ASCII; the shell hands that
choice (a ``Drawing``, games/api.py) to each game's screens, which build their own glyphs from
it (games/hunt/glyphs.py). The shell's own marks are few: its borders are CSS (``-ascii``), and
the lobby marks whose move it is.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ShellGlyphs:
    ascii_only: bool
    destination: str  # the lobby's mark before the seat whose move it is


UNICODE = ShellGlyphs(ascii_only=False, destination="›")
ASCII = ShellGlyphs(ascii_only=True, destination=">")


def glyphs(ascii_only: bool) -> ShellGlyphs:
    return ASCII if ascii_only else UNICODE
