"""Text one person can make another see (chat, names), made safe to show.

Everything is cleaned at the server: control characters, terminal escape
sequences, bidirectional overrides and isolates, and lone surrogates are
removed; lengths are bounded. Screens render such text as plain text, never
as markup.
"""

from __future__ import annotations

import re
import unicodedata

NAME_LENGTH = 20
LINE_LENGTH = 500
_ESCAPES = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)?|[@-Z\\-_])")
_BIDI = dict.fromkeys(map(ord, "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"))


def clean_line(text: str, length: int = LINE_LENGTH) -> str:
    text = _ESCAPES.sub("", text).translate(_BIDI)
    kept = []
    for ch in unicodedata.normalize("NFC", text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")):
        category = unicodedata.category(ch)
        if category in ("Cc", "Cs", "Co", "Cn") or (category == "Cf" and ch not in "\u200d"):
            if ch in "\t\n":
                kept.append(" ")
            continue
        kept.append(ch)
    return " ".join("".join(kept).split())[:length]


def clean_name(text: str) -> str:
    return clean_line(text, NAME_LENGTH)
