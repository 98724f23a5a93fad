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
from grail_tui.games.hunt.screens.game import GameScreen
from grail_tui.games.hunt.widgets.board import BoardMap
from grail_tui.games.hunt.widgets.choices import ChoiceList

from . import scenarios

SIZE = (80, 24)


async def test_the_cursor_follows_focus_and_the_caret_of_a_field():
    app = GrailApp(seed=7, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        menu = app.screen.query_one(StartMenu)
        await pilot.pause()
        assert menu.has_focus and menu.content_region.offset != Offset(0, 0)
        assert app.cursor_position == menu.content_region.offset + Offset(2, 0)  # the first row's label
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
        assert _row_under_cursor(app, menu).startswith("> Seat 2")  # back on its row


async def _settle(pilot) -> None:
    await pilot.pause()
    await pilot.pause()


def _row_under_cursor(app, menu: StartMenu) -> str:
    """The start menu's line where the terminal's cursor stands, from its label on."""
    at = app.cursor_position
    region = menu.content_region
    assert region.contains_point(at), (at, region)
    lines = menu.render().wrap(app.console, region.width)  # as drawn: a long hint wraps
    return lines[at.y - region.y].plain[at.x - region.x - 2:]


async def test_the_cursor_follows_the_highlighted_row_of_the_start_menu():
    app = GrailApp(seed=7, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        menu = app.screen.query_one(StartMenu)
        await _settle(pilot)
        seen = []
        for _ in menu.rows():  # down through every row, menu entries and settings alike
            seen.append(_row_under_cursor(app, menu))
            await pilot.press("down")
            await _settle(pilot)
        assert all(line.startswith("> ") for line in seen), seen  # the highlighted row's mark
        assert [line.split("  ")[0] for line in seen[:2]] == ["> Start a new game", "> Learn to play: a guided first game"]
        assert any(line.startswith("> Players") for line in seen) and seen[-1].startswith("> Turn limit")
        assert len(set(seen)) == len(seen)  # a row of its own each time
        await pilot.press("up", "up")
        await _settle(pilot)
        assert _row_under_cursor(app, menu) == seen[-2]
        while menu.rows()[menu.row] != "game":
            await pilot.press("up")
        await pilot.press("right")  # Grail Succession: the row's hint wraps onto a second line
        await _settle(pilot)
        assert _row_under_cursor(app, menu).startswith("> Game")
        await pilot.press("down")
        await _settle(pilot)
        assert _row_under_cursor(app, menu).startswith("> Players")  # below the wrapped hint


async def test_the_cursor_follows_the_board_square_and_the_list_of_proposals():
    scenarios.save(scenarios.midgame())
    app = GrailApp(seed=7, bot_delay=0, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        board = screen.query_one(BoardMap)
        assert board.has_focus
        start = app.cursor_position
        assert board.content_region.contains_point(start)
        await pilot.press("right")
        await _settle(pilot)
        assert app.cursor_position == start + Offset(10, 0)  # the next square: nine cells and a border
        await pilot.press("down")
        await _settle(pilot)
        assert app.cursor_position == start + Offset(10, 3)  # the next row: name, pieces, border
        await pilot.press("p")  # propose: the list of initiates takes the keyboard
        await _settle(pilot)
        choices = screen.query_one(ChoiceList)
        assert choices.has_focus
        first = app.cursor_position
        assert choices.content_region.contains_point(first)
        await pilot.press("down", "down")
        await _settle(pilot)
        assert choices.highlighted == 2
        assert app.cursor_position == first + Offset(0, 2)
        await pilot.press("up")
        await _settle(pilot)
        assert app.cursor_position == first + Offset(0, 1)


async def test_the_cursor_follows_the_caret_of_the_chat_field():
    scenarios.save(scenarios.midgame())
    app = GrailApp(seed=7, bot_delay=0, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        app.ask_to_say(lambda _said: None)  # the chat prompt (a server game's ':'; no server here)
        await _settle(pilot)
        assert isinstance(app.screen, TextPrompt)
        field = app.screen.query_one(Input)
        await pilot.press(*"hello")
        await _settle(pilot)
        left = field.content_region.offset
        # after the letters, as Textual's Input says (one cell further while at the end)
        assert app.cursor_position == field.cursor_screen_offset == left + Offset(6, 0)
        await pilot.press("left", "left")
        await _settle(pilot)
        assert app.cursor_position == left + Offset(3, 0)
        await pilot.press("home")
        await _settle(pilot)
        assert app.cursor_position == left


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


async def test_the_cursor_follows_the_unit_being_assigned():
    from grail_tui.games.hunt.widgets.composer import AssignPad

    scenarios.save(scenarios.midgame())
    app = GrailApp(seed=7, bot_delay=0, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        await pilot.press("a")
        await _settle(pilot)
        pad = app.screen.query_one(AssignPad)
        assert pad.has_focus

        def unit_under_cursor() -> str:
            at, region = app.cursor_position, pad.content_region
            assert at.y == region.y  # the strips' line
            return pad.render().plain.split("\n")[0][at.x - region.x:].split(" ")[0]

        free = sorted(pad.free, key=lambda unit: (unit.strip, unit.points))
        assert unit_under_cursor() == str(pad.cursor.points)
        before = app.cursor_position
        await pilot.press("left")
        await _settle(pilot)
        assert app.cursor_position.x < before.x  # one unit to the left, on its number
        assert unit_under_cursor() == str(pad.cursor.points) and pad.cursor in free


async def test_the_cursor_follows_the_card_chosen_in_the_hand():
    from grail_tui.games.succession.widgets.cards import HandView

    from .test_at_table import GAMES

    GAMES["succession"][0]()  # Ann to move with cards in hand
    app = GrailApp(seed=7, bot_delay=30, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        hand = app.screen.query_one(HandView)
        assert hand.has_focus
        seen = []
        for key in ("1", "2"):  # the hand holds two cards
            await pilot.press(key)
            await _settle(pilot)
            at, region = app.cursor_position, hand.content_region
            assert at.y == region.y + 1  # the line of cards, below the hand's title
            shown = hand.render().plain.split("\n")[1][at.x - region.x:]
            assert shown.startswith("[")  # on a card's label
            seen.append(at.x)
        assert seen[1] == seen[0] + 5  # card 2: one label ("[+1]") and a space to the right
