"""Choosing a game of Pulling Strings on the start screen and the server's new-game screen, by
keys alone at 80x24: the game, the player count (2-6), each seat's deck, the bots.

Until its game screens are in, Pulling Strings is not offered at a terminal (``on_screen``): the
fixture offers it, as the finished game will be."""

from __future__ import annotations

import pytest

from grail_tui.app.app import GrailApp
from grail_tui.app.screens.seat_choices import SeatChoices
from grail_tui.app.screens.server_game import NewGameScreen
from grail_tui.app.screens.start import NewGame, StartMenu
from grail_tui.games.api import BotLevel
from grail_tui.games.strings.kind import KIND
from grail_tui.table.seats import SeatConfig

from .test_start_keys import to_row

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def offered(monkeypatch):
    monkeypatch.setattr(KIND, "on_screen", True)


def screen_text(app) -> str:
    """The form as it is painted (its hints show on the cursor's line only)."""
    return app.screen.query_one(StartMenu).render().plain


async def choose_strings(pilot, menu: StartMenu) -> None:
    await to_row(pilot, menu, "game")
    while menu.settings.game != "strings":
        await pilot.press("right")


async def test_the_start_screen_offers_players_each_seats_deck_and_bots_by_keys():
    app = GrailApp(seed=7, bot_delay=0, player_name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        menu = app.screen.query_one(StartMenu)
        await choose_strings(pilot, menu)
        settings = menu.settings
        assert settings.game == "strings"
        await to_row(pilot, menu, "players")
        await pilot.press("left", "left", "left", "left", "left")
        assert len(settings.seats) == 2  # the fewest
        await pilot.press("right", "right", "right", "right")
        assert len(settings.seats) == 6  # the most
        await pilot.press("right")
        assert len(settings.seats) == 6
        await to_row(pilot, menu, "seat3")
        await pilot.press("left")  # a bot's level, down to random
        assert settings.seats[3].bot == BotLevel.RANDOM
        await to_row(pilot, menu, "option:decks")
        shown = screen_text(app)
        assert "> Decks         by seat, every seat  Enter: each seat's" in shown
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SeatChoices)
        await pilot.press("right", "right", "right", "right", "right", "right")  # seat 1: Masks
        await pilot.press("down", "right")  # seat 2: at random
        await pilot.press("down", "down", "left")  # seat 4: Open Palm (the last)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen.query_one(StartMenu), StartMenu)
        assert settings.options["decks"] == "masks,random,rotation,open-palm,rotation,rotation"
        assert "Masks, at random, by seat, Open Palm, by se…  Enter" in screen_text(app)
        setup = settings.setup()
        assert setup.decks[0] == "masks" and setup.decks[3] == "open-palm" and setup.decks[2] == "borderlines"
        await to_row(pilot, menu, "players")
        await pilot.press("left", "left")  # fewer seats: their decks are dropped with them
        assert settings.setup().decks[:1] == ("masks",) and len(settings.setup().decks) == 4


async def test_esc_leaves_each_seats_deck_as_it_was_and_left_right_on_the_row_says_enter():
    app = GrailApp(seed=7, bot_delay=0, player_name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        menu = app.screen.query_one(StartMenu)
        await choose_strings(pilot, menu)
        await to_row(pilot, menu, "option:decks")
        await pilot.press("right")
        assert "Press Enter to choose one for each seat." in screen_text(app)
        await pilot.press("enter", "right", "escape")
        await pilot.pause()
        assert menu.settings.options["decks"] == ""


def test_every_row_of_a_six_player_game_and_a_note_fit_80x24():
    settings = NewGame(game="strings", seed=0)
    settings.set_players(6)
    menu = StartMenu(settings, "a saved game")  # Continue is offered too
    menu.message = "This choice is always played by 6 players."
    lines = menu.render().plain.splitlines()
    assert len(lines) + 2 <= 24  # the title and the key line
    assert max(len(line) for line in lines) <= 80
    assert "Card set" not in menu.render().plain  # one set installed: nothing to choose


async def test_the_servers_new_game_screen_offers_the_same_by_keys():
    settings = NewGame(game="strings", seed=0)
    settings.seats[0] = SeatConfig("ann")
    settings.set_players(4)
    app = GrailApp(seed=7, bot_delay=0, player_name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(NewGameScreen(settings))
        await pilot.pause()
        menu = app.screen.query_one(StartMenu)
        await to_row(pilot, menu, "option:decks")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SeatChoices)
        assert "Seat 2  Gregor" in app.screen.query_one("SeatList").render().plain
        await pilot.press("down", "right", "enter")
        await pilot.pause()
        assert settings.chosen_options()["decks"] == "rotation,random,rotation,rotation"


@pytest.mark.parametrize("where", ["start", "server"])
def test_snapshot_of_a_strings_game_being_chosen(snap_compare, where):
    settings = NewGame(game="strings", seed=0, options={"decks": "masks,random"})
    settings.seats[0] = SeatConfig("Ann")
    settings.set_players(4)
    app = GrailApp(seed=42, bot_delay=0, player_name="Ann")

    async def to_the_form(pilot):
        if where == "server":
            await app.push_screen(NewGameScreen(settings))
        else:
            app.screen.query_one(StartMenu).settings.__dict__.update(settings.__dict__)
        await pilot.pause()
        menu = app.screen.query_one(StartMenu)
        await to_row(pilot, menu, "option:decks")
        await pilot.pause()

    assert snap_compare(app, run_before=to_the_form, terminal_size=SIZE)


async def test_the_servers_form_offers_the_card_sets_the_server_offers():
    offered = {"strings": {"cards": (("ps1", "Pulling Strings: Starter Set (ps1)"), ("home1", "Home Brew (home1)"))}}
    settings = NewGame(game="strings", seed=0, offered=offered)
    settings.seats[0] = SeatConfig("ann")
    app = GrailApp(seed=7, bot_delay=0, player_name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(NewGameScreen(settings))
        await pilot.pause()
        menu = app.screen.query_one(StartMenu)
        await to_row(pilot, menu, "option:cards")
        await pilot.press("right")
        assert settings.chosen_options()["cards"] == "home1"
        assert "> Card set      Home Brew (home1)" in screen_text(app)


async def test_the_basic_goal_left_to_the_game_says_what_it_comes_to_for_this_table():
    app = GrailApp(seed=7, bot_delay=0, player_name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        menu = app.screen.query_one(StartMenu)
        await choose_strings(pilot, menu)
        await to_row(pilot, menu, "players")
        while len(menu.settings.seats) != 4:
            await pilot.press("right")
        assert "Basic goal    11, by players" in screen_text(app)
        await pilot.press("right", "right")
        assert "Basic goal    10, by players" in screen_text(app)  # 6 players: the goal the rules give them
        await to_row(pilot, menu, "option:goal")
        await pilot.press("8")
        assert "> Basic goal    8 " in screen_text(app) and menu.settings.setup().goal == 8


async def test_on_the_servers_form_the_decks_dialog_calls_an_open_seat_an_open_seat():
    settings = NewGame(game="strings", seed=0)
    settings.seats[0] = SeatConfig("ann")
    settings.set_players(4)
    app = GrailApp(seed=7, bot_delay=0, player_name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(NewGameScreen(settings))
        await pilot.pause()
        menu = app.screen.query_one(StartMenu)
        bot_name = settings.seats[1].name
        await to_row(pilot, menu, "seat1")
        for _ in range(8):
            if settings.seats[1].bot is None:
                break
            await pilot.press("right")
        assert settings.seats[1].bot is None and "open seat" in screen_text(app)
        await to_row(pilot, menu, "option:decks")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SeatChoices)
        seats = app.screen.query_one("SeatList").render().plain
        assert "Seat 2  open seat" in seats and bot_name not in seats
        assert "Seat 1  ann" in seats and f"Seat 3  {settings.seats[2].name}" in seats


async def test_a_game_chosen_past_a_two_player_one_keeps_its_own_player_count():
    app = GrailApp(seed=7, bot_delay=0, player_name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        menu = app.screen.query_one(StartMenu)
        await to_row(pilot, menu, "game")
        while menu.settings.game != "succession":  # two players, always
            await pilot.press("right")
        assert len(menu.settings.seats) == 2
        await pilot.press("right")
        assert menu.settings.game == "strings" and len(menu.settings.seats) == KIND.default_players == 4
        await to_row(pilot, menu, "players")
        await pilot.press("right")  # five, chosen: kept through the games that allow it
        await to_row(pilot, menu, "game")
        await pilot.press("left", "right")
        assert menu.settings.game == "strings" and len(menu.settings.seats) == 5
