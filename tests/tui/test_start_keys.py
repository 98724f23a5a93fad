"""The start and create forms: Enter never renames by surprise, Home and End jump, and each row's
hint offers only what its keys do there."""

from __future__ import annotations

from grail_tui.app.app import GrailApp
from grail_tui.app.screens.prompts import TextPrompt
from grail_tui.app.screens.server_game import NewGameScreen
from grail_tui.app.screens.start import NewGame, StartMenu
from grail_tui.games.api import BotLevel
from grail_tui.games.hunt.screens.game import GameScreen
from grail_tui.table.seats import SeatConfig

SIZE = (80, 24)


async def to_row(pilot, menu: StartMenu, row: str) -> None:
    while menu.rows()[menu.row] != row:
        await pilot.press("down")


def hint_of(menu: StartMenu, label: str) -> str:
    """The line of the form the cursor is on (its hint shows only there)."""
    line = next(line for line in menu.render().plain.splitlines() if line.startswith("> ") and label in line)
    return line


async def test_enter_on_a_seat_starts_the_game_and_n_names_the_seat():
    app = GrailApp(seed=7, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        menu = app.screen.query_one(StartMenu)
        await to_row(pilot, menu, "seat1")
        assert "n renames" in hint_of(menu, "Seat 2") and "Enter" not in hint_of(menu, "Seat 2")
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TextPrompt)
        await pilot.press("ctrl+u", *"Hild", "enter")
        await pilot.pause()
        assert menu.settings.seats[1].name == "Hild"
        await pilot.press("enter")  # as on every other setting: the game starts
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.client.latest(0).names[1] == "Hild"


async def test_home_and_end_jump_to_the_first_and_last_line():
    app = GrailApp(seed=7, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        menu = app.screen.query_one(StartMenu)
        await pilot.press("end")
        assert menu.row == len(menu.rows()) - 1
        await pilot.press("home")
        assert menu.row == 0
        await pilot.press("end", "up")
        assert menu.row == len(menu.rows()) - 2


async def test_the_server_form_offers_on_each_seat_only_what_it_allows():
    settings = NewGame(seed=0)
    settings.seats[0] = SeatConfig("ann")
    settings.seats[1] = SeatConfig(None)  # an open seat
    settings.seats[2] = SeatConfig("Inga", BotLevel.HEURISTIC)
    app = GrailApp(seed=7, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(NewGameScreen(settings))
        await pilot.pause()
        menu = app.screen.query_one(StartMenu)
        await to_row(pilot, menu, "seat0")
        assert hint_of(menu, "Seat 1").endswith("yours")
        await pilot.press("n")
        assert "Seat 1 is yours" in menu.message and isinstance(app.screen, NewGameScreen)
        await pilot.press("down")
        assert "n keeps it for someone" in hint_of(menu, "Seat 2")
        await pilot.press("down")
        assert hint_of(menu, "Seat 3").endswith("←/→ kind")  # a bot's seat is kept for nobody
        await pilot.press("n")
        assert "Only an open seat" in menu.message and isinstance(app.screen, NewGameScreen)
        await pilot.press("up", "n")  # the open seat: kept for a named person
        await pilot.pause()
        assert isinstance(app.screen, TextPrompt)
        await pilot.press(*"zoe", "enter")
        await pilot.pause()
        assert settings.seats[1].reserved == "zoe"


async def test_a_game_of_fixed_size_offers_no_arrows_on_players():
    app = GrailApp(seed=7, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        menu = app.screen.query_one(StartMenu)
        await to_row(pilot, menu, "game")
        while menu.settings.game != "succession":
            await pilot.press("right")
        await pilot.press("down")
        assert "←/→" not in hint_of(menu, "Players") and "◂" not in hint_of(menu, "Players")


async def test_a_game_without_screens_is_not_offered_at_the_terminal_and_the_form_says_why(monkeypatch):
    """Pebbles (the tests' toy game, installed as a package) says its screens are still to come
    (``on_screen = False``): ←/→ on the Game row steps through the three games a terminal can play,
    and the row says why Pebbles is not among them."""
    from grail_tui.games import registry

    from ..games.conftest import PLUGINS

    monkeypatch.syspath_prepend(str(PLUGINS))
    registry.refresh()
    monkeypatch.setattr(registry.get("toy"), "on_screen", False)
    try:
        app = GrailApp(seed=7, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            menu = app.screen.query_one(StartMenu)
            await to_row(pilot, menu, "game")
            seen = []
            for _ in range(4):
                seen.append(menu.settings.game)
                await pilot.press("right")
            assert seen == ["hunt", "succession", "strings", "hunt"]
            assert "Pebbles: no screens, bots only" in hint_of(menu, "Game")
            title = str(app.screen.query_one("#title").render())
            assert "Pebbles" not in title and "Grail Succession" in title
    finally:
        monkeypatch.undo()
        registry.refresh()


def test_a_seat_steps_through_the_bot_levels_its_game_offers_its_own_too(monkeypatch):
    from grail_tui.games import registry

    from ..games.conftest import PLUGINS

    monkeypatch.syspath_prepend(str(PLUGINS))
    registry.refresh()
    try:
        hunt = NewGame(seed=0)
        assert hunt.seat_kinds() == (None, BotLevel.RANDOM, BotLevel.HEURISTIC, BotLevel.STRONG)
        toy = NewGame(game="toy", seed=0)
        greedy = BotLevel("greedy")
        assert toy.seat_kinds() == (None, BotLevel.RANDOM, greedy)
        toy.set_players(3)  # the form's fair bots become the game's own fair level
        assert [seat.bot for seat in toy.seats] == [None, greedy, greedy]
        assert [seat.bot.label for seat in toy.seats[1:]] == ["greedy", "greedy"]
    finally:
        monkeypatch.undo()
        registry.refresh()


def test_the_cursor_stays_on_its_row_when_rows_come_and_go_above_it():
    """A row appearing above the cursor while the form is open (here Continue, as a save is found;
    on a server, choices arriving) leaves the cursor on the row it was on, not on the row that
    now has its number: a key pressed then acts on the row the person sees."""
    from grail_tui.app.screens.start import NewGame

    menu = StartMenu(NewGame(seed=0), None)
    menu.action_jump(menu.rows().index("seed"))
    assert menu.current() == "seed"
    menu.saved = "a saved game"  # Continue appears above
    assert "continue" in menu.rows() and menu.current() == "seed"
    menu.saved = None
    assert menu.current() == "seed"
    menu.action_move(1)
    assert menu.current() == menu.rows()[menu.rows().index("seed") + 1]
