"""§4: nobody can write into another player's terminal.

Whatever one person types that another will see (chat, the name they give,
bot names, a reserved seat's name) reaches everyone else cleaned by the
server: no escape sequences, no C0 or C1 control characters, no
bidirectional overrides or isolates, no other format characters, no lone
surrogates, and bounded in length.
"""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from grail_tui.net.names import NAME_LIMIT as NAME_LENGTH
from grail_tui.net.names import NameRefused, clean_name, clean_text
from grail_tui.net.protocol import TEXT as LINE_LENGTH
from grail_tui.net.protocol import Create, Join, Say

from .conftest import Served
from .wire import Wire, create


def clean_line(text: str) -> str:
    return clean_text(text, limit=LINE_LENGTH)

HOSTILE = (
    "\x1b[2J\x1b[H\x1b[31mthe screen is mine",  # clear the screen, move home, go red
    "\x1b]0;a new title\x07and a title",  # OSC: set the terminal's title
    "\x1b]8;;https://evil.example\x1b\\a link\x1b]8;;\x1b\\",  # OSC 8 hyperlink
    "\x9b31m eight-bit CSI \x9d0;title\x9c",  # C1 controls
    "\x00nul \x07bell \x08backspace \x7fdelete \r\ncarriage",
    "left \u202eevil\u202c right \u2066iso\u2069 \u200fmark",  # bidi overrides, isolates, marks
    "zero\u200bwidth\ufeffbom\u2060joiner",
    "private \ue000 use",
)


def tainted(text: str) -> list[str]:
    """Characters that must never reach another person's terminal."""
    bad = []
    for ch in text:
        category = unicodedata.category(ch)
        if category in ("Cc", "Cs", "Co", "Cn") or (category == "Cf" and ch != "\u200d"):
            bad.append(f"U+{ord(ch):04X}")
    return bad


async def test_chat_and_names_reach_others_cleaned(served: Served):
    ann = await Wire.open(served, "ann\x1b[31m")  # a claimed name on the benchmark transport
    assert ann.user == "bench:ann"
    code = await create(ann, (None, None, "random", "random"),
                        names=("", "", "\x1b[2Jbot\u202eyrrab", "x" * 24),
                        reserved=(None, "bench:b\x07o\u2066b", None, None))
    bob = await Wire.open(served, "bob")
    bob.send(Join(1, code))
    assert (await bob.next("joined")).seat == 1, "the reserved name was not cleaned to 'bob'"
    for line in HOSTILE:
        ann.send(Say(code, line))
    ann.send(Say(code, "y" * 500))
    state = await bob.seen(code, lambda s: len(s.chat) >= len(HOSTILE) + 1 or len(_said(bob)) > len(HOSTILE))
    said = _said(bob)
    assert len(said) == len(HOSTILE) + 1
    for text in said:
        assert not tainted(text), (text, tainted(text))
        assert "\x1b" not in text and len(text) <= LINE_LENGTH
    assert "the screen is mine" in said[0] and "a link" in said[2] and said[5].startswith("left evil right")
    names = state.names
    assert names[2] == "botyrrab" and len(names[3]) <= NAME_LENGTH
    for name in names:
        assert not tainted(name), name
    assert all(not tainted(m.get("error", "")) for m in ann.messages())
    await ann.close()
    await bob.close()


def _said(wire: Wire) -> list[str]:
    return [line["text"] for message in wire.messages() if message["type"] == "state"
            for line in message["chat"]]


async def test_text_that_cannot_be_cleaned_is_refused(served: Served):
    ann = await Wire.open(served, "ann")
    code = await create(ann, (None, "random"))
    ann.send_raw(b'{"type":"say","code":"%s","text":"\\ud83d lone surrogate"}\n' % code.encode())
    assert "not valid text" in (await ann.next("error")).error
    ann.send_raw(b'{"type":"say","code":"%s","text":"%s"}\n' % (code.encode(), b"z" * 501))
    assert "longer than 500" in (await ann.next("error")).error
    ann.send(Create(5, "hunt", (None, "random", "random"), names=("", "Ann", "ANN")))
    assert "cannot both be called" in (await ann.next("error")).error  # a bot may not pass for another
    await ann.close()


@given(st.text(max_size=700))
def test_cleaning_leaves_nothing_to_fear_and_is_stable(text: str):
    line = clean_line(text)
    assert not tainted(line) and len(line) <= LINE_LENGTH
    assert clean_line(line) == line
    assert line == " ".join(line.split())  # no runs of whitespace, nothing at either end
    try:
        name = clean_name(text)
    except NameRefused:
        return  # refused with a reason: nothing to show
    assert not tainted(name) and 0 < len(name) <= NAME_LENGTH and " " not in name
    assert clean_name(name) == name


@given(st.text(st.characters(categories=("L", "N", "P")), max_size=200))
def test_ordinary_text_comes_through_as_typed(text: str):
    assert clean_line(text) == unicodedata.normalize("NFC", text)[:LINE_LENGTH]
