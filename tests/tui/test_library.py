"""The record library and the replay with secrets, reached by keys alone at 80x24."""

from __future__ import annotations

import json
import os
import stat

from textual.widgets import OptionList

from grail_tui.app.app import GrailApp
from grail_tui.app.screens.library import LibraryScreen
from grail_tui.app.screens.prompts import ConfirmPrompt, TextPrompt
from grail_tui.games import registry
from grail_tui.games.hunt.engine import GameRecord
from grail_tui.games.hunt.screens.replay import ReplayScreen
from grail_tui.games.hunt.screens.story import StoryScreen
from grail_tui.games.hunt.widgets.sheets import SheetsPane
from grail_tui.table.files import records_dir

from ..hunt.test_story import delivery, worked_example
from . import scenarios
from .test_story_screen import until

DAY = 86400.0
T0 = 1_700_000_000.0


def keep(name: str, game, when: float, cut: int | None = None) -> dict:
    """A record in the records folder, as a finished game leaves it, dated ``when``."""
    record = GameRecord(game.setup, list(game.actions)[:cut]).to_dict()
    path = records_dir() / name
    path.write_text(json.dumps(record))
    os.utime(path, (when, when))
    return record


def shelf_of_three() -> None:
    keep("game-anna.json", delivery(), T0 + 2 * DAY)  # Anna and Ben; Anna wins
    keep("game-ann.json", scenarios.finished(), T0)  # Ann, Gregor, Inga; Ann wins
    keep("game-manuel.json", worked_example(turn_limit=6), T0 + DAY)  # Gregor, Manuel, Inga; nobody wins


async def open_library(pilot, app) -> LibraryScreen:
    await until(pilot, lambda: type(app.screen).__name__ == "StartScreen")
    await pilot.press("f")
    await until(pilot, lambda: isinstance(app.screen, LibraryScreen) and bool(app.screen.entries)
                or "No finished" in str(app.screen.query_one("#library-status").content))
    return app.screen


def listed(screen: LibraryScreen) -> list[tuple[str, ...]]:
    return [e.names for e in screen.entries]


async def test_the_library_lists_finished_games_newest_first_and_filters_by_player():
    shelf_of_three()
    app = GrailApp(seed=1, bot_delay=0, player_name="Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_library(pilot, app)
        assert listed(screen) == [("Anna", "Ben"), ("Gregor", "Manuel", "Inga"), ("Ann", "Gregor", "Inga")]
        first = screen.entries[0]
        assert first.outcome.endswith("Anna wins with 43 influence on the bearer.")
        assert first.length == f"9 turns, {len(delivery().actions)} actions" and first.winners == ("Anna",)
        assert screen.entries[1].winners == () and screen.entries[1].outcome.startswith("No winner")
        await pilot.press("slash")
        assert isinstance(app.screen, TextPrompt)
        await pilot.press(*"inga", "enter")
        await until(pilot, lambda: len(screen.entries) == 2 and app.screen is screen)
        assert listed(screen) == [("Gregor", "Manuel", "Inga"), ("Ann", "Gregor", "Inga")]
        assert "2 games of inga" in str(screen.query_one("#library-status").content)
        await pilot.press("slash", "ctrl+u", "enter")  # an empty filter: everyone's games again
        await until(pilot, lambda: len(screen.entries) == 3)
        await pilot.press("escape")
        assert type(app.screen).__name__ == "StartScreen"


async def test_enter_tells_the_story_and_r_replays():
    shelf_of_three()
    app = GrailApp(seed=1, bot_delay=0, player_name="Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_library(pilot, app)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, StoryScreen))
        assert app.screen.story.control.winner == 0 and app.screen.story.name(1) == "Ben"
        await pilot.press("escape")
        assert app.screen is screen
        await pilot.press("down", "r")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert app.screen.record.setup.names == ("Gregor", "Manuel", "Inga")


async def test_export_writes_a_private_file_and_never_replaces_one_without_asking(tmp_path, monkeypatch):
    shelf_of_three()
    target = tmp_path / "out" / "kept.json"
    target.parent.mkdir()
    monkeypatch.chdir(target.parent)  # a short name to type: a path is taken from where grail-tui runs
    app = GrailApp(seed=1, bot_delay=0, player_name="Ann")

    async def export() -> None:
        await pilot.press("e")
        assert isinstance(app.screen, TextPrompt)
        await pilot.press("ctrl+u", *target.name, "enter")

    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_library(pilot, app)
        await export()
        await until(pilot, target.exists)
        assert json.loads(target.read_text()) == json.loads((records_dir() / "game-anna.json").read_text())
        assert stat.S_IMODE(target.stat().st_mode) == 0o600
        target.write_text("mine")
        await export()
        await until(pilot, lambda: isinstance(app.screen, ConfirmPrompt))
        await pilot.press("n")
        await pilot.pause(0.2)
        assert target.read_text() == "mine" and app.screen is screen
        await export()
        await until(pilot, lambda: isinstance(app.screen, ConfirmPrompt))
        await pilot.press("y")
        await until(pilot, lambda: target.read_text() != "mine")
        assert json.loads(target.read_text())["setup"]["names"] == ["Anna", "Ben"]
        assert stat.S_IMODE(target.stat().st_mode) == 0o600


async def test_a_damaged_record_is_listed_with_its_problem_and_opens_no_story():
    keep("game-anna.json", delivery(), T0)
    (records_dir() / "game-bad.json").write_text("{not json")
    app = GrailApp(seed=1, bot_delay=0, player_name="Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_library(pilot, app)
        bad = next(e for e in screen.entries if e.key == "game-bad.json")
        assert "not valid JSON" in (bad.problem or "")
        screen.query_one(OptionList).highlighted = screen.entries.index(bad)
        await pilot.press("s")
        await pilot.pause(0.2)
        assert app.screen is screen  # a notice, no story


def sheet_text(app) -> str:
    return str(app.screen.query_one(SheetsPane).content)


async def test_replay_shows_every_sheet_of_a_finished_game_step_by_step():
    keep("game-anna.json", delivery(), T0)
    app = GrailApp(seed=1, bot_delay=0, player_name="Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_library(pilot, app)
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        pane = app.screen.query_one(SheetsPane)
        assert not pane.display
        await pilot.press("right", "right", "v")  # after the opening
        assert pane.display
        jb = next(line for line in sheet_text(app).splitlines() if line.startswith("JB"))
        assert jb.split()[1:] == ["10", "20"]  # Anna's and Ben's true influence on JB then
        await pilot.press("end")
        jb = next(line for line in sheet_text(app).splitlines() if line.startswith("JB"))
        assert jb.split()[1:] == ["43", "20"]
        await pilot.press("v")
        assert not pane.display


async def test_replay_of_an_unfinished_game_shows_no_sheet_but_the_viewers_own():
    keep("game-cut.json", delivery(), T0, cut=8)  # stopped in turn 2
    app = GrailApp(seed=1, bot_delay=0, player_name="Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_library(pilot, app)
        assert not screen.entries[0].finished
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("end", "v")
        assert not app.screen.query_one(SheetsPane).display  # a record alone: every sheet stays secret
        assert app.screen.check_action("sheets", ()) is False
        await pilot.press("escape")
        # the same game replayed for Anna, a seat of it: her own sheet and nobody else's
        record = GameRecord(delivery().setup, list(delivery().actions)[:8])
        app.push_screen(registry.get("hunt").ui().replay_screen(record, app.g, viewer=0))  # as the app opens it
        await pilot.press("end", "v")
        text = sheet_text(app)
        assert app.screen.query_one(SheetsPane).display
        assert "Ann" in text and "Ben" not in text
        jb = next(line for line in text.splitlines() if line.startswith("JB"))
        assert jb.split()[1:] == ["10"]


def test_only_a_game_that_tells_stories_offers_one():
    from grail_tui.games.api import tells_stories

    class Silent:  # a game with screens but no story, as Grail Succession may be
        story = None

        def ui(self):
            return object()

    assert tells_stories(registry.get("hunt"))
    assert not tells_stories(Silent())  # type: ignore[arg-type]


async def test_the_library_offers_no_story_for_a_game_without_one(monkeypatch):
    import grail_tui.app.screens.library as library

    keep("game-anna.json", delivery(), T0)
    monkeypatch.setattr(library, "tells_stories", lambda kind: False)
    app = GrailApp(seed=1, bot_delay=0, player_name="Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_library(pilot, app)
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert app.screen is screen
        await pilot.press("r")  # it is replayed all the same
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))


async def test_a_path_with_brackets_is_asked_about_as_typed_never_read_as_markup(tmp_path, monkeypatch):
    shelf_of_three()
    name = "[bold]x [red"  # a file name is anybody's text: no style, no markup error
    (tmp_path / name).write_text("mine")
    monkeypatch.chdir(tmp_path)
    app = GrailApp(seed=1, bot_delay=0, player_name="Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_library(pilot, app)
        await pilot.press("e")
        assert isinstance(app.screen, TextPrompt)
        await pilot.press("ctrl+u", *name, "enter")
        await until(pilot, lambda: isinstance(app.screen, ConfirmPrompt))
        shown = str(app.screen.query_one("#question").render())
        assert name in shown and "is there already" in shown
        await pilot.press("n")
        await pilot.pause(0.2)
        assert (tmp_path / name).read_text() == "mine"
