"""Pulling Strings' characters: the branches of a power structure, its arrows and marks, a full
set and plain ASCII. The shell chooses (``--ascii``, app/glyphs.py) and hands its choice to the
game's screens (``ui.game_screen(client, drawing)``); the game draws with the set that follows it."""

from __future__ import annotations

from dataclasses import dataclass

from ..api import Drawing


@dataclass(frozen=True)
class Glyphs:
    ascii_only: bool  # the shell's choice this set follows (a set hands it on as it is)
    h: str  # a branch of the tree
    v: str
    left: str
    bottom_left: str
    arrow: str  # an out-arrow, and a resource's holder
    destination: str  # the seat whose move it is


UNICODE = Glyphs(ascii_only=False, h="─", v="│", left="├", bottom_left="└", arrow="→", destination="›")
ASCII = Glyphs(ascii_only=True, h="-", v="|", left="+", bottom_left="+", arrow="->", destination=">")


def glyphs(drawing: Drawing) -> Glyphs:
    """The set that follows the shell's choice."""
    return ASCII if drawing.ascii_only else UNICODE
