"""Seeing everything at 80x24: the log from the keyboard, whole choice lists, notices
that never cover the prompt, a clear word below the smallest size, a help that fits."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.markdown import Markdown

from grail_tui.app.app import GrailApp
from grail_tui.app.screens.size import MIN_HEIGHT, MIN_WIDTH, SizeNotice
from grail_tui.games.hunt.screens.game import GameScreen
from grail_tui.games.hunt.situation import Compose
from grail_tui.games.hunt.widgets.board import BoardMap
from grail_tui.games.hunt.widgets.choices import ChoiceList
from grail_tui.games.hunt.widgets.panes import LogPane

from . import scenarios

SIZE = (80, 24)
ROOT = Path(__file__).resolve().parents[2]


async def test_the_log_scrolls_from_the_keyboard_and_shows_it_has_the_keys():
    scenarios.save(scenarios.midgame())
    app = GrailApp(bot_delay=30, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        log = screen.query_one(LogPane)
        for k in range(40):  # more lines than the pane holds
            screen.client.log(0).note(f"line {k}")
        screen._dirty()
        await pilot.pause()
        assert screen.pane == "contest" and not log.display  # at 80 columns one pane shows
        await pilot.press("pageup")
        await pilot.pause()
        assert screen.pane == "log" and log.display
        assert screen.focused is log and log.has_focus
        assert 0 < log.scroll_offset.y < log.max_scroll_y
        await pilot.press("home")
        assert log.scroll_offset.y == 0
        screen.client.log(0).note("a new line")  # news does not pull a reader down
        screen._dirty()
        await pilot.pause()
        assert log.scroll_offset.y == 0
        await pilot.press("end")
        assert log.scroll_offset.y == log.max_scroll_y
        await pilot.press("escape")  # the keyboard goes back to the board, nothing else happens
        assert isinstance(screen.focused, BoardMap) and isinstance(app.screen, GameScreen)


async def test_the_whole_log_is_one_key_away():
    scenarios.save(scenarios.midgame())
    app = GrailApp(bot_delay=30, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = app.screen
        await pilot.press("f")
        await pilot.pause()
        full = app.screen
        assert type(full).__name__ == "LogScreen"
        lines = [str(line.text) for line in full.query_one(LogPane).lines]
        assert any("== Turn 3" in line for line in lines) and any("You put" in line for line in lines)
        await pilot.press("escape")
        assert app.screen is game


async def test_choice_lists_show_every_entry_and_stop_at_their_ends():
    scenarios.save(scenarios.midgame())
    app = GrailApp(bot_delay=30, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("p")
        await pilot.pause()
        choices = screen.query_one(ChoiceList)
        assert screen.mode is Compose.INITIATE and choices.option_count == 8
        assert choices.size.height >= choices.option_count  # all eight at once, not three rows
        assert choices.max_scroll_y == 0
        await pilot.press("up")
        assert choices.highlighted == 0  # the top stays the top
        for _ in range(12):
            await pilot.press("down")
        assert choices.highlighted == 7  # ... and the bottom the bottom, never back to the top
        await pilot.press("home", "down", "enter")  # AC: what should it do?
        await pilot.pause()
        assert screen.mode is Compose.PROPOSAL
        assert choices.size.height >= choices.option_count and choices.max_scroll_y == 0
        assert screen.composing.chosen is not None
        prompt = str(screen.query_one("#prompt-text").content)
        assert prompt.startswith(f"{screen.composing.chosen.title} steps to")  # the whole proposal in words


async def test_notices_never_cover_the_prompt():
    scenarios.save(scenarios.midgame())
    app = GrailApp(bot_delay=30, resume=True)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        app.notify("Something happened somewhere.", timeout=30)
        await pilot.pause()
        await pilot.pause(0.1)
        from textual.widgets._toast import Toast

        prompt = app.screen.query_one("#prompt").region
        toasts = list(app.screen.query(Toast))
        assert toasts, "the notice is shown"
        for toast in toasts:
            assert not toast.region.overlaps(prompt)


async def test_a_computer_players_failure_is_told_once_in_the_log_not_as_a_lingering_toast():
    scenarios.save(scenarios.midgame())
    app = GrailApp(bot_delay=30, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        scenarios.table_of(app).error = RuntimeError("boom")
        for _ in range(3):
            screen._sync()
            await pilot.pause()
        lines = screen.client.log(0).lines
        assert sum("A computer player failed" in line for line in lines) == 1
        assert not app._notifications


async def test_below_the_smallest_size_a_clear_notice_instead_of_a_cut_off_prompt():
    scenarios.save(scenarios.midgame())
    app = GrailApp(bot_delay=30, resume=True)
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        notice = screen.query_one(SizeNotice)
        assert notice.display and notice.region.height > 0
        assert f"at least {MIN_WIDTH}×{MIN_HEIGHT}" in str(notice.content)
        assert screen.query_one("#prompt").region.height == 0  # no cut-off prompt
        await pilot.press("p")  # nothing to compose blind
        assert screen.mode is Compose.IDLE
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert not notice.display or notice.region.height == 0
        assert screen.query_one("#prompt").region.height > 0
        await pilot.press("p")
        assert screen.mode is Compose.INITIATE


def test_the_readme_states_the_smallest_size():
    assert f"{MIN_WIDTH}×{MIN_HEIGHT}" in (ROOT / "README.md").read_text()


def test_the_help_field_map_fits_80_columns():
    from grail_tui.app.screens.help import help_text
    from grail_tui.games import registry

    console = Console(width=76, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(Markdown(help_text([registry.get("hunt")])))
    text = console.export_text()
    assert "1  HQ Templars  Tortosa      Akkon        Masyaf       HQ Assassins" in text
    assert "5  HQ           Wildenburg   Ardennen     Stonehenge   HQ" in text


def test_the_help_lists_every_key_of_the_game_and_the_lobby():
    from grail_tui.app.screens.help import help_text
    from grail_tui.app.screens.lobby import LobbyScreen
    from grail_tui.games import registry

    KEYS = help_text([registry.get("hunt")])  # noqa: N806: the help as the game screen shows it

    shown = [b for b in GameScreen.BINDINGS if getattr(b, "show", False)]
    for binding in shown:
        key = binding.key_display or binding.key.split(",")[0]
        key = {"question_mark": "?", "colon": ":"}.get(key, key).split("/")[0]
        assert f"| {key}" in KEYS or f"| {key} " in KEYS or f", {key}" in KEYS or f"/ {key}" in KEYS, key
    assert "| : | say something" in KEYS
    assert "## In the lobby of a server" in KEYS
    for binding in LobbyScreen.BINDINGS:
        key = binding.key.split(",")[0]
        if key not in ("question_mark", "ctrl+q"):
            assert f"| {key} |" in KEYS, f"the lobby's {key} is missing from the help"


async def test_the_grail_mark_is_explained_on_the_board():
    scenarios.save(scenarios.midgame())
    app = GrailApp(bot_delay=30, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = app.screen.query_one(BoardMap)
        assert "grail lies here" in str(board.render()) and "AC◆: AC carries it" in str(board.render())


async def test_the_known_table_shows_a_published_loss_of_zero_as_the_log_does():
    from grail_tui.games.hunt.engine import Field, Initiate, Proposal, Propose
    from grail_tui.games.hunt.widgets.panes import KnownPane

    game = scenarios.midgame()  # Ann: 15 on AC (Tortosa), 9 on JB (Baghras); nobody else on JB
    scenarios.step(game, Initiate.JB, Field.HQ_TEMPLARS)  # Ann
    scenarios.step(game, Initiate.MA, Field.AKKON)  # Gregor
    scenarios.step(game, Initiate.AR, Field.MALTA)  # Inga
    game.apply(Propose(0, Proposal(Initiate.AC, Field.HQ_TEMPLARS, blow=Initiate.JB)))
    scenarios.everyone_passes(game)
    assert game.public_view().losses[2][Initiate.JB] == 0
    scenarios.save(game)
    app = GrailApp(bot_delay=30, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        blown = next(line for line in screen.client.log(0).lines if "Influence lost" in line)
        assert "Influence lost: you 9, Gregor 0, Inga 0." in blown
        await pilot.press("t")
        await pilot.pause()
        table = str(screen.query_one(KnownPane).content)
        row = next(line for line in table.splitlines() if line.startswith("JB"))
        assert row.split()[1:] == ["9", "0", "0"], row  # exact figures, as the log has them


def test_in_ascii_no_symbol_means_two_things():
    from grail_tui.games.hunt.glyphs import ASCII

    marks = [*ASCII.society, ASCII.grail, "x"]  # "x": out of play, in the table of known influence
    assert len(set(marks)) == len(marks), marks


async def test_the_log_shows_the_newest_lines_when_it_comes_back_into_view():
    scenarios.save(scenarios.midgame())
    app = GrailApp(bot_delay=30, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        log = screen.query_one(LogPane)
        await pilot.press("g", "b")  # the log shown once, then the bidding war again
        for k in range(60):  # a long game goes on while the log is out of view
            screen.client.log(0).note(f"line {k}")
            screen._dirty()
            await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        await pilot.pause()
        assert log.scroll_offset.y == log.max_scroll_y > 0
        assert "line 59" in str(log.lines[-1].text)


async def test_the_log_keeps_following_when_news_comes_faster_than_it_repaints():
    """Two batches of lines before the log has scrolled to the first: it still shows the newest
    (it used to see the end move away, take the reader for someone who had scrolled up, and stop)."""
    from textual.app import App, ComposeResult

    class OneLog(App[None]):
        def compose(self) -> ComposeResult:
            yield LogPane()

    app = OneLog()
    async with app.run_test(size=(40, 8)) as pilot:
        log = app.query_one(LogPane)
        lines = [f"line {k}" for k in range(30)]
        log.add(lines[:5])
        await pilot.pause()
        log.add(lines[:15])
        log.add(lines[:30])  # before any repaint
        await pilot.pause()
        await pilot.pause()
        assert log.follow and log.max_scroll_y > 0 and log.scroll_offset.y == log.max_scroll_y
