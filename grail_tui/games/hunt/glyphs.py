"""The hunt's characters: its board, its pieces and its marks, a full set and plain ASCII.

The shell chooses (``--ascii``, app/glyphs.py) and hands its choice to the game's screens
(``ui.game_screen(client, drawing)``); the hunt draws with the set that follows it."""

from __future__ import annotations

from dataclasses import dataclass

from ..api import Drawing


@dataclass(frozen=True)
class Glyphs:
    ascii_only: bool  # the shell's choice this set follows (a set hands it on as it is)
    grail: str
    society: tuple[str, str, str, str]  # Templars, Assassins, Rosicrucians, Illuminati
    h: str
    v: str
    cross: str
    top_left: str
    top: str
    top_right: str
    left: str
    right: str
    bottom_left: str
    bottom: str
    bottom_right: str
    destination: str
    used: str
    arrow: str


UNICODE = Glyphs(
    ascii_only=False,
    grail="◆", society=("✠", "†", "✝", "▲"),
    h="─", v="│", cross="┼", top_left="┌", top="┬", top_right="┐", left="├", right="┤",
    bottom_left="└", bottom="┴", bottom_right="┘", destination="›", used="x", arrow="→",
)

ASCII = Glyphs(
    ascii_only=True,
    grail="*", society=("+", "!", "&", "^"),
    h="-", v="|", cross="+", top_left="+", top="+", top_right="+", left="+", right="+",
    bottom_left="+", bottom="+", bottom_right="+", destination=">", used="x", arrow="->",
)


def glyphs(drawing: Drawing) -> Glyphs:
    """The hunt's set for the shell's choice (or for another of the hunt's sets: the same)."""
    return ASCII if drawing.ascii_only else UNICODE
