"""Pulling Strings' log pane follows its end as the game writes to it, in the very frame that
brings the new lines, and stays where the person scrolled it until they scroll back to the end."""

from __future__ import annotations

from textual import events

from grail_tui.app.table_screen import TableChanged
from grail_tui.games.strings.screens.game import LogPane, StringsScreen

from ...pilot_table import table_of
from . import scenarios
from .test_play import on_screen

RIGHT = 41  # the right-hand pane's first column at 80x24 (the side pane and its border before it)


def log_rows(app) -> list[str]:  # type: ignore[no-untyped-def]
    """The log pane's rows on the terminal, as a person reads them."""
    log = app.screen.query_one(LogPane)
    top, height = log.region.y, log.region.height
    return [row[RIGHT:RIGHT + log.scrollable_content_region.width].rstrip()
            for row in on_screen(app).split("\n")[top:top + height]]


def frames_sent(app) -> list[tuple[list[str], str]]:  # type: ignore[no-untyped-def]
    """From now on, at every frame the app sends: the log pane's rows and the log's own last line."""
    sent: list[tuple[list[str], str]] = []
    send = app._display

    def display(screen, renderable):  # type: ignore[no-untyped-def]
        log = screen.query_one(LogPane)
        if renderable is not None and log.display:
            sent.append((log_rows(app), log.lines[-1].text.rstrip() if log.lines else ""))
        send(screen, renderable)

    app._display = display
    return sent


async def test_every_frame_that_brings_new_log_lines_shows_the_log_at_its_end():
    """Ann ends her turn with the log in front: the game writes its lines and the log shows the
    newest of them at its foot in the first frame that has them (before, Textual scrolled to the
    end only after a frame had gone out with the new lines below the pane, out of sight)."""
    scenarios.save(scenarios.main_phase())
    async with scenarios.resumed() as (app, pilot):
        screen = app.screen
        assert isinstance(screen, StringsScreen)
        await pilot.press("g")
        await pilot.pause()
        log = screen.query_one(LogPane)
        assert len(log.lines) > log.scrollable_content_region.height  # more than the pane holds
        written = len(log.lines)
        sent = frames_sent(app)
        actions = len(table_of(app).state.actions)
        await pilot.press("e")  # Ann ends her turn: the game says so in the log
        for _ in range(6):
            await pilot.pause()
        assert len(table_of(app).state.actions) > actions and len(log.lines) > written
        assert sent, "no frame was sent"
        for rows, last in sent:
            assert [row for row in rows if row][-1] == last, "\n".join(rows)
        assert log_rows(app)[-1] == log.lines[-1].text.rstrip()


async def test_a_log_scrolled_back_stays_where_the_person_left_it_and_follows_again_at_its_end():
    scenarios.save(scenarios.main_phase())
    async with scenarios.resumed() as (app, pilot):
        screen = app.screen
        await pilot.press("g")
        await pilot.pause()
        log = screen.query_one(LogPane)

        def wheel(up: bool) -> None:
            kind = events.MouseScrollUp if up else events.MouseScrollDown
            log.post_message(kind(log, 1, 1, 0, -1 if up else 1, 0, False, False, False))

        for _ in range(5):
            wheel(up=True)
        await pilot.pause()
        read = log_rows(app)
        assert read[-1] != log.lines[-1].text.rstrip()  # scrolled back: the end is out of sight
        book = screen.client.log(screen.viewer)
        book.note("Written while reading further up.")
        screen.post_message(TableChanged())  # as the client says when an update comes
        for _ in range(4):
            await pilot.pause()
        assert log.lines[-1].text.rstrip() == "Written while reading further up."
        assert log_rows(app) == read  # the person's place is kept
        for _ in range(40):
            wheel(up=False)
        await pilot.pause()
        book.note("One more, back at the end.")
        screen.post_message(TableChanged())
        for _ in range(4):
            await pilot.pause()
        assert log_rows(app)[-1] == "One more, back at the end."
