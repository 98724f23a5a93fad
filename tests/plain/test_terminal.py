"""What plain mode writes is text: nothing another person typed can reach the terminal as control."""

from __future__ import annotations

import io

from grail_tui.app.plain.terminal import Terminal, plain_text


def test_control_characters_in_untrusted_text_become_question_marks():
    hostile = "Eve\x1b[2J\x1b]0;owned\x07\u202ereversed\u200b\r\x08"
    cleaned = plain_text(hostile)
    assert cleaned == "Eve?[2J?]0;owned??reversed???"
    out = io.StringIO()
    Terminal(fd=0, out=out).say(f"[chat] {hostile}", "two\nlines")
    assert out.getvalue() == f"[chat] {cleaned}\ntwo\nlines\n"
