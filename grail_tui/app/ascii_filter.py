"""--ascii: every character that reaches the terminal is plain ASCII.

A line filter sees the app's whole output, Textual's own footer and scrollbars
included, so nothing slips through. Each character maps to exactly one
character, so the layout's cell widths stay as they are.
"""

from __future__ import annotations

from functools import lru_cache

from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

_MAP = {
    **dict.fromkeys("─━═╌╍┄┅┈┉⎯▁▂_", "-"),
    **dict.fromkeys("│┃║╎╏┆┇┊┋▏▕▎▍▌▐", "|"),
    **dict.fromkeys("┌┐└┘├┤┬┴┼╭╮╯╰╔╗╚╝╠╣╦╩╬┏┓┗┛┣┫┳┻╋", "+"),
    **dict.fromkeys("▃▄▅▆▇█▉▊▋▀▔■□▪▫░▒▓", "#"),
    "◂": "<", "◀": "<", "←": "<", "▸": ">", "▶": ">", "→": ">", "›": ">", "‹": "<",
    "↑": "^", "↓": "v", "…": ".", "·": ".", "•": "*", "●": "*", "○": "o", "◆": "*", "✠": "+", "†": "!",
    "✝": "&", "▲": "^", "⏎": "@", "✓": "v", "✗": "x", "×": "x", "—": "-", "–": "-",
    "“": '"', "”": '"', "‘": "'", "’": "'", "\u00a0": " ",
}


@lru_cache(maxsize=4096)
def to_ascii(text: str) -> str:
    if text.isascii():
        return text
    return "".join(ch if ch.isascii() else _MAP.get(ch, "?") for ch in text)


class AsciiFilter(LineFilter):
    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [Segment(to_ascii(s.text), s.style, s.control) for s in segments]
