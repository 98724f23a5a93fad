"""Text one person can make another see: hostile strings come out harmless."""

from __future__ import annotations

import re
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grail_tui.net.names import NAME_LIMIT, NameRefused, clean_name, clean_text, confusable, name_keys
from grail_tui.net.skeleton import data_version, skeleton

BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
INVISIBLE = "\u200b\u200c\u200d\u2060\ufeff\u00ad\u3164\u115f\u2800\U000e0041"


def harmless(text: str) -> bool:
    """Nothing a terminal would act on or hide."""
    return all(unicodedata.category(ch)[0] != "C" and ch not in BIDI + INVISIBLE for ch in text)


def longest_mark_run(text: str) -> int:
    longest = run = 0
    for ch in text:
        run = run + 1 if unicodedata.category(ch)[0] == "M" else 0
        longest = max(longest, run)
    return longest


@pytest.mark.parametrize("hostile, shown", [
    ("\x1b[31mred\x1b[0m", "red"),
    ("\x1b]52;c;cm0gLXJmIH4=\x07copy me", "copy me"),             # OSC 52 writes the clipboard
    ("\x1b]52;c;cm0gLXJmIH4=\x1b\\copy me", "copy me"),           # ... ended by ST
    ("\x1b]0;new window title", ""),                              # unterminated: everything goes
    ("\x1bP+q544e\x1b\\x", "x"),                                   # DCS
    ("\x9b31mred", "red"),                                        # C1 CSI
    ("\x1bcreset", "reset"),                                      # ESC c would reset the terminal
    ("left\u202eright", "leftright"),                             # right-to-left override
    ("a\u2066b\u2069c", "abc"),                                   # isolates
    ("A\u200bnn", "Ann"),                                         # zero-width space
    ("fa\u200dmily", "family"),                                   # zero-width joiner
    ("bell\x07 and\x08 back", "bell and back"),
    ("two\nlines\r\nhere\ttab", "two lines here tab"),
    ("lone \ud800 surrogate", "lone surrogate"),
    ("  many    spaces  ", "many spaces"),
    ("\u3164\u3164", ""),                                          # Hangul fillers look empty
    ("tag\U000e0041\U000e0042s", "tags"),                          # tag characters hide text
])
def test_clean_text_takes_out_what_a_terminal_would_act_on(hostile, shown):
    assert clean_text(hostile, limit=100) == shown


def test_clean_text_caps_stacks_of_combining_marks_and_length():
    zalgo = "Z" + "\u0336\u0337\u0338\u0301" * 30 + "ed"
    cleaned = clean_text(zalgo, limit=100)
    assert unicodedata.normalize("NFD", cleaned).startswith("Z") and cleaned.endswith("ed")
    assert longest_mark_run(cleaned) <= 2
    assert clean_text("é" * 1000, limit=50) == "é" * 50
    assert clean_text("x" * 10**6, limit=200) == "x" * 200


@given(st.text(alphabet=st.characters(codec=None), max_size=200), st.integers(0, 80))
def test_clean_text_is_always_harmless_bounded_and_stable(text, limit):
    cleaned = clean_text(text, limit=limit)
    assert harmless(cleaned) and longest_mark_run(cleaned) <= 2
    assert len(cleaned) <= limit
    assert clean_text(cleaned, limit=limit) == cleaned


@pytest.mark.parametrize("typed, name", [
    ("Ann", "Ann"), ("  Bob ", "Bob"), ("Zoë", "Zoë"), ("Zoe\u0308", "Zoë"), ("ＡＮＮ", "ANN"),
    ("\U0001d400nn", "Ann"), ("A\u200bnn", "Ann"), ("Søren_2", "Søren_2"), ("Юлия", "Юлия"),
    ("김민준", "김민준"), ("さくら", "さくら"), ("x-y", "x-y"), ("a" * NAME_LIMIT, "a" * NAME_LIMIT),
])
def test_names_people_may_use(typed, name):
    assert clean_name(typed) == name


@pytest.mark.parametrize("typed, why", [
    ("", "at least one"), ("\u200b\u3164", "at least one"), ("\x1b[31m", "at least one"),
    ("a" * (NAME_LIMIT + 1), "at most 20"), ("Ann Lee", "a space"), ("ann!", "'!'"),
    ("-ann", "starts with a letter"), ("\u0410nn", "Cyrillic and Latin"), ("Αnn", "Greek and Latin"),
    ("ann٣", "digits 0-9"), ("a\u20ddb", "U+20DD"),
])
def test_names_refused_say_why(typed, why):
    with pytest.raises(NameRefused, match=re.escape(why)):
        clean_name(typed)


@given(st.text(max_size=60))
def test_a_name_that_passes_is_harmless_short_and_stable(text):
    try:
        name = clean_name(text)
    except NameRefused as refused:
        assert harmless(str(refused).replace("\n", ""))  # the message is safe to show too
        return
    assert harmless(name) and 1 <= len(name) <= NAME_LIMIT
    assert clean_name(name) == name


def test_skeleton_data_is_unicodes_table():
    assert data_version().startswith("1")
    assert skeleton("\u0410") == "A"          # Cyrillic A
    assert skeleton("m") == "rn"              # confusables.txt's own example


@pytest.mark.parametrize("first, second", [
    ("Ann", "\u0410nn"), ("Ann", "ann"), ("Ann", "ANN"), ("B0b", "Bob"), ("Ian", "lan"), ("Ian", "ian"),
    ("Sam", "Sarn"), ("paypal", "pаypal"), ("Ann", "Ａnn"),
    # What Unicode's confusables table leaves out: small capitals, a letter with a mark set on it
    # (composed or combining), letters with a stroke.
    ("Ann", "\u1d00nn"), ("Ann", "A\u0274n"), ("kim", "\u1d0bim"), ("Ian", "\ua7aean"),
    ("Bob", "Bo\u0323b"), ("Bob", "B\u00f3b"), ("Zoe", "Zo\u00eb"), ("Zoe", "Zoe\u0308"),
    ("dave", "\u0111ave"), ("Soren", "S\u00f8ren"), ("Ann", "Ann\u0307"),
])
def test_lookalike_names_collide(first, second):
    assert confusable(first, second)


@pytest.mark.parametrize("first, second", [("Ann", "Anna"), ("ian", "lan"), ("Bob", "Rob"), ("Юлия", "Юлиа")])
def test_different_names_do_not(first, second):
    assert not confusable(first, second)


@given(st.text(max_size=30))
def test_every_name_collides_with_itself_and_its_case(text):
    assert name_keys(text) & name_keys(text)
    assert name_keys(text.casefold()) & name_keys(text.casefold().upper().casefold())


LETTER_WITH_SOMETHING = re.compile(r"LATIN (?:SMALL |CAPITAL )?LETTER (?:SMALL CAPITAL )?([A-Z])(?: WITH (.+)| BAR)?")


def test_every_latin_letter_with_a_mark_or_in_small_capitals_folds_to_its_letter():
    """Not only the pairs above: every Latin letter Unicode names as a plain letter with something
    on it (an accent, a stroke, a hook, a bar), or as a small capital, collides with that letter.
    Left out: letters that fold to two (ǅ is D and Z) and ẚ, whose ring becomes an apostrophe."""
    missed = []
    for code in range(0x80, 0x20000):
        letter = chr(code)
        found = LETTER_WITH_SOMETHING.fullmatch(unicodedata.name(letter, ""))
        if found is None or unicodedata.category(letter)[0] != "L" or "SMALL LETTER" in (found[2] or ""):
            continue
        if letter == "\u1e9a":
            continue
        try:
            name = clean_name(f"x{letter}x")
        except NameRefused:
            continue  # not a name at all
        if not confusable(name, f"x{found[1].lower()}x"):
            missed.append(f"U+{code:04X} {unicodedata.name(letter)}")
    assert missed == []
