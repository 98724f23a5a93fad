"""The terminal's cursor stands on the focused item (braille displays follow it); --cursor keeps
it visible."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time

from textual.geometry import Offset
from textual.widgets import Input

from grail_tui.app.app import GrailApp
from grail_tui.app.screens.prompts import TextPrompt
from grail_tui.app.screens.start import StartMenu

SIZE = (80, 24)


async def test_the_cursor_follows_focus_and_the_caret_of_a_field():
    app = GrailApp(seed=7, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        menu = app.screen.query_one(StartMenu)
        await pilot.pause()
        assert menu.has_focus and menu.content_region.offset != Offset(0, 0)
        assert app.cursor_position == menu.content_region.offset
        while menu.rows()[menu.row] != "seat1":
            await pilot.press("down")
        await pilot.press("n")  # a name is typed in a prompt: the cursor goes to its field
        await pilot.pause()
        assert isinstance(app.screen, TextPrompt)
        field = app.screen.query_one(Input)
        await pilot.pause()
        assert app.cursor_position == field.cursor_screen_offset
        await pilot.press("ctrl+u")
        await pilot.pause()
        start = app.cursor_position
        await pilot.press(*"Hild")
        await pilot.pause()
        assert app.cursor_position == field.cursor_screen_offset == start + Offset(4, 0)  # after the letters
        await pilot.press("escape")
        await pilot.pause()
        assert app.cursor_position == menu.content_region.offset  # back on the menu


def _first_frame(*args: str, data) -> bytes:
    """What `grail-tui` sends a terminal until its start screen is drawn."""
    master, slave = pty.openpty()
    env = {**os.environ, "GRAIL_TUI_DATA": str(data), "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
    env.pop("GRAIL_TUI_SOCKET", None)
    proc = subprocess.Popen([sys.executable, "-m", "grail_tui", "--local", *args], stdin=slave, stdout=slave,
                            stderr=slave, env=env, start_new_session=True)
    os.close(slave)
    raw = b""
    deadline = time.monotonic() + 30
    try:
        while b"Quit" not in raw:
            assert time.monotonic() < deadline, raw[-2000:]
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                raw += os.read(master, 65536)
    finally:
        proc.kill()
        proc.wait(5)
        os.close(master)
    return raw


def test_cursor_keeps_the_terminal_cursor_visible(tmp_path):
    shown, hidden = b"\x1b[?25h", b"\x1b[?25l"
    kept = _first_frame("--cursor", data=tmp_path)
    assert kept.rfind(shown) > kept.rfind(hidden)
    plain = _first_frame(data=tmp_path)
    assert plain.rfind(hidden) > plain.rfind(shown)  # without it, hidden as before
