"""Characters for the board: a full set, and plain ASCII for terminals without it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Glyphs:
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
    grail="◆", society=("✠", "†", "✝", "▲"),
    h="─", v="│", cross="┼", top_left="┌", top="┬", top_right="┐", left="├", right="┤",
    bottom_left="└", bottom="┴", bottom_right="┘", destination="›", used="x", arrow="→",
)

ASCII = Glyphs(
    grail="*", society=("+", "!", "&", "^"),
    h="-", v="|", cross="+", top_left="+", top="+", top_right="+", left="+", right="+",
    bottom_left="+", bottom="+", bottom_right="+", destination=">", used="x", arrow="->",
)


def glyphs(ascii_only: bool) -> Glyphs:
    return ASCII if ascii_only else UNICODE
