"""Text that one person can make another see: cleaned before anyone sees it.

``clean_text`` makes one line of free text (chat, a game's title) safe to
print in someone else's terminal: no escape sequences (colours, OSC 52
clipboard writes, window titles), no control characters, no bidirectional
overrides or isolates, nothing invisible, no lone surrogates, no towers of
combining marks, and a bounded length.

``clean_name`` goes further for the names people are known by: it refuses
what a name may not hold, with a message the person understands, and
``name_keys`` folds a name so that two names which look alike collide
(``Ann`` and ``Аnn`` with a Cyrillic A, ``B0b`` and ``Bob``, ``ann`` and
``Ann``, ``ᴀnn`` in small capitals, ``Bọb`` with an accent): names are unique
by these keys, not by their code points.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from .skeleton import skeleton

NAME_LIMIT = 20
MARKS_IN_A_ROW = 2

# ESC or C1 introducers and everything up to the sequence's end; an
# unterminated string runs to the end of the text and goes with it.
_ESCAPES = re.compile(
    r"""
      (?:\x1b\[|\x9b) [0-?]* [\x20-/]* [@-~]                        # CSI: colours, cursor moves
    | (?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f]) .*? (?:\x07|\x1b\\|\x9c|\Z)   # OSC, DCS, SOS, PM, APC
    | \x1b [\x20-/]* [0-~]                                           # two-character escapes
    """,
    re.VERBOSE | re.DOTALL,
)

# Unicode's Default_Ignorable_Code_Point: rendered as nothing, so they hide
# differences between names or smuggle reordering (bidi controls are here).
_IGNORABLE = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
# Blank but not ignorable: a name of these would look empty.
_BLANK_LETTERS = frozenset("\u2800")

# Look-alikes Unicode's confusables table leaves out, folded by a letter's own name: small
# capitals (LATIN LETTER SMALL CAPITAL A looks like a small a) and letters with a stroke, hook
# or bar that do not decompose (LATIN SMALL LETTER D WITH STROKE looks like d).
_SMALL_CAPITAL = re.compile(r"(\w+) (?:CAPITAL )?LETTER SMALL CAPITAL ([A-Z]+)(?: WITH .+)?")
_WITH_SOMETHING = re.compile(r"(.+ LETTER [A-Z]+) (?:WITH .+|BAR)")
# Bump when name_keys changes, so stores of folded names fold them again.
FOLDING = 2

_EAST_ASIAN = frozenset({"CJK", "HIRAGANA", "KATAKANA", "HANGUL", "BOPOMOFO", "IDEOGRAPHIC"})


class NameRefused(ValueError):
    """A name that may not be used; the text says why and what is allowed."""


def _ignorable(ch: str) -> bool:
    code = ord(ch)
    return any(low <= code <= high for low, high in _IGNORABLE)


def clean_text(text: str, *, limit: int) -> str:
    """One line of text, safe to show anyone, at most ``limit`` characters."""
    text = "".join(ch for ch in text if not 0xD800 <= ord(ch) <= 0xDFFF)
    text = unicodedata.normalize("NFC", _ESCAPES.sub("", text))
    kept: list[str] = []
    marks = 0
    for ch in text:
        category = unicodedata.category(ch)
        if category in ("Zs", "Zl", "Zp") or ch in "\t\n\r\v\f":
            ch = " "
        elif category[0] == "C" or _ignorable(ch) or ch in _BLANK_LETTERS:
            continue  # Cc, Cf, Cs, Co, Cn: controls, formats, private and unassigned
        if category[0] == "M":
            marks += 1
            if marks > MARKS_IN_A_ROW or not kept:
                continue
        else:
            marks = 0
        if ch == " " and (not kept or kept[-1] == " "):
            continue
        kept.append(ch)
    return "".join(kept).strip()[:limit].rstrip()


def _script(ch: str) -> str | None:
    """The script a letter belongs to, near enough to tell Latin from Cyrillic."""
    name = unicodedata.name(ch, "")
    if not name or name.startswith("MODIFIER LETTER"):
        return None
    first = name.split()[0]
    return "EAST ASIAN" if first in _EAST_ASIAN else first


def _shown(ch: str) -> str:
    if ch == " ":
        return "a space"
    # A mark would sit on the quote before it; show its number instead.
    if ch.isprintable() and not ch.isspace() and unicodedata.category(ch)[0] != "M":
        return repr(ch)
    return f"U+{ord(ch):04X}"


def clean_name(text: str) -> str:
    """The name as it will be shown, or NameRefused saying what is wrong."""
    name = unicodedata.normalize("NFKC", clean_text(text, limit=len(text) + 1))
    if not name:
        raise NameRefused("A name needs at least one letter or digit.")
    if len(name) > NAME_LIMIT:
        raise NameRefused(f"A name is at most {NAME_LIMIT} characters; that one has {len(name)}.")
    scripts: set[str] = set()
    for ch in name:
        category = unicodedata.category(ch)
        if category[0] == "L":
            script = _script(ch)
            if script:
                scripts.add(script)
        elif category == "Nd":
            if not "0" <= ch <= "9":
                raise NameRefused(f"A name uses the digits 0-9; {_shown(ch)} is not one of them.")
        elif category in ("Mn", "Mc"):
            pass
        elif ch not in "-_":
            raise NameRefused(f"A name may hold letters, digits, - and _ only; {_shown(ch)} is not allowed.")
    if unicodedata.category(name[0])[0] not in "LN":
        raise NameRefused("A name starts with a letter or a digit.")
    if len(scripts) > 1:
        alphabets = " and ".join(sorted(s.title() for s in scripts))
        raise NameRefused(f"A name is written in one alphabet; that one mixes {alphabets}.")
    return name


@functools.lru_cache(maxsize=4096)
def _base_letter(ch: str) -> str:
    """The plain letter a small capital or a letter with a stroke or hook stands for."""
    name = unicodedata.name(ch, "")
    if found := _SMALL_CAPITAL.fullmatch(name):
        plain = f"{found[1]} SMALL LETTER {found[2]}"
    elif found := _WITH_SOMETHING.fullmatch(name):
        plain = found[1]
    else:
        return ch
    try:
        return unicodedata.lookup(plain)
    except KeyError:
        return ch


def _unmarked(text: str) -> str:
    """Without accents and other marks set on a letter, every letter its plain self: a mark is a
    dot or a stroke at the size a terminal draws it, and easily missed."""
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(_base_letter(ch) for ch in decomposed if unicodedata.category(ch) not in ("Mn", "Me"))


def _look(text: str) -> str:
    return _unmarked(skeleton(_unmarked(text)))


# Cached: a lobby's list of open games compares the asker's name with every seat's.
@functools.lru_cache(maxsize=8192)
def name_keys(name: str) -> frozenset[str]:
    """Keys under which a name is unique: two names collide if any key is shared.

    One key folds case before the skeleton (``Ann`` = ``ann``), the other after
    it (``Ian`` = ``lan``, since a capital I looks like a small L); a single
    key cannot do both, because "looks like" is not transitive. Both leave out
    marks and fold small capitals and letters with strokes (``_unmarked``),
    before the skeleton and after it, since its prototypes may carry marks.
    """
    folded = unicodedata.normalize("NFKC", name).casefold()
    return frozenset({_look(folded), _look(_look(name).casefold())})


def confusable(first: str, second: str) -> bool:
    return bool(name_keys(first) & name_keys(second))
