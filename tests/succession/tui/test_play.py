"""Playing the card game through the app with key presses only, at 80x24."""

from __future__ import annotations

import json
import shutil

from grail_tui.app.app import GrailApp
from grail_tui.app.screens.prompts import PrivacyScreen, TextPrompt
from grail_tui.app.screens.start import StartMenu
from grail_tui.games.succession.engine import Card, HandDealt, describe_cards
from grail_tui.games.succession.screens.end import EndScreen
from grail_tui.games.succession.screens.game import SuccessionScreen
from grail_tui.games.succession.situation import Compose
from grail_tui.games.succession.widgets.cards import HandView
from grail_tui.table.files import saves_dir
from grail_tui.table.seats import SeatConfig

from ...pilot_table import settle
from . import scenarios
from .scenarios import table_of

SIZE = (80, 24)


def dealt_lines(game, seat: int) -> set[str]:
    """How the log words the hands dealt to ``seat``."""
    return {f"You are dealt {describe_cards(e.cards)}." for e in game.history
            if isinstance(e, HandDealt) and e.player == seat}




def hand_text(screen: SuccessionScreen) -> str:
    return str(screen.query_one(HandView).render())


async def choose_game(app: GrailApp, pilot, name: str = "succession") -> None:
    """On the start screen: the Game row, then ←/→ until the game is chosen."""
    menu = app.screen.query_one(StartMenu)
    while menu.rows()[menu.row] != "game":
        await pilot.press("down")
    while app.settings.game != name:
        await pilot.press("right")


async def turn_by_keys(app: GrailApp, pilot, k: int) -> None:
    """Whatever the game asks of Ann: a take when the row is long, else a card, else a take or a pass."""
    screen = app.screen
    assert isinstance(screen, SuccessionScreen) and screen.is_asked()
    view, mine = screen.public, screen.mine
    assert view is not None and mine is not None
    may_take = not view.took[0] and view.row
    if may_take and (len(view.row) >= 4 or not mine.hand):
        await pilot.press("t")
        assert screen.mode is Compose.TAKE
        await pilot.press("enter" if k % 2 else "t")
    elif mine.hand:
        await pilot.press(*(["right"] * (k % 3)), "enter" if k % 2 else "p")
    else:
        await pilot.press("n")


async def test_a_whole_solo_game_to_the_end_screen_by_keys():
    app = GrailApp(seed=5, bot_delay=0, player_name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await choose_game(app, pilot)
        assert [s.bot for s in app.settings.seats][0] is None and len(app.settings.seats) == 2
        await pilot.press("up")  # back to the first row: start the game
        while app.screen.query_one(StartMenu).row:
            await pilot.press("up")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SuccessionScreen)
        for k in range(200):
            await settle(app, pilot)
            if isinstance(app.screen, EndScreen):
                break
            before = len(table_of(app).state.actions)
            await turn_by_keys(app, pilot, k)
            await settle(app, pilot)
            assert len(table_of(app).state.actions) > before, app.screen.error
        assert isinstance(app.screen, EndScreen)
        text = str(app.screen.query_one("#end Static").content)
        game = table_of(app).state
        assert game.is_over and game.outcome.describe(game.setup.name) in text
        assert "Put aside:" in text and "Ann's hand" in text and "Gregor's hand" in text
        for card in game.aside:
            assert f"[{card.code:>2}]" in text
        if game.outcome.scores:
            assert "majorities" in text and "sets" in text and "total" in text
            for s in game.outcome.scores:
                assert str(s.total) in text
        assert not list(saves_dir().glob("*.jsonl"))  # a finished game leaves no save behind
        record = json.loads((saves_dir().parent / "records" / "game.json").read_text())
        assert record["game"] == "succession" and len(record["actions"]) == len(game.actions)


async def test_a_take_is_shown_before_it_is_made_and_escape_backs_out():
    scenarios.save(scenarios.midgame())
    app = GrailApp(bot_delay=30, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SuccessionScreen) and screen.is_asked()
        before = table_of(app).state.public_view()
        window = before.window()
        await pilot.press("t")
        prompt = str(screen.query_one("#prompt-text").content)
        assert prompt.startswith("Take ") and "You would have" in prompt
        assert table_of(app).state.public_view() == before  # nothing taken yet
        await pilot.press("escape")
        assert screen.mode is Compose.IDLE and table_of(app).state.public_view() == before
        await pilot.press("t", "t")
        after = table_of(app).state
        assert after.took[0] and list(after.taken[0][-len(window):]) == list(window)


async def test_a_second_take_is_refused_in_the_players_words_and_changes_nothing():
    scenarios.save(scenarios.after_take())
    app = GrailApp(bot_delay=30, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SuccessionScreen) and screen.is_asked()
        before = table_of(app).state.public_view()
        await pilot.press("t")
        assert screen.error == "You have taken cards this round already: play a card from your hand."
        assert screen.mode is Compose.IDLE and table_of(app).state.public_view() == before
        await pilot.press("n")  # a pass is not offered while a card can be played
        assert table_of(app).state.public_view() == before


async def test_wrong_keys_change_nothing():
    game = scenarios.midgame()
    scenarios.save(game)
    app = GrailApp(bot_delay=30, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SuccessionScreen)
        before = table_of(app).state.public_view()
        await pilot.press("x", "z", "9", "escape", "n", "c", "g", "tab")
        assert table_of(app).state.public_view() == before
        assert screen.mode is Compose.IDLE


async def test_the_hand_cursor_moves_with_arrows_and_digits_and_enter_plays_that_card():
    scenarios.save(scenarios.midgame())
    app = GrailApp(bot_delay=30, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SuccessionScreen)
        hand = screen.mine.hand
        await pilot.press("2")
        assert screen.cursor == 1
        await pilot.press("right")
        assert screen.cursor == 0  # wraps round a hand of two
        await pilot.press("left", "enter")
        game = table_of(app).state
        assert game.row[-1] is hand[1] and list(game.hands[0]) == [hand[0]]


async def test_hotseat_never_shows_a_hand_to_the_wrong_player():
    scenarios.save(scenarios.midgame(), [SeatConfig("Ann"), SeatConfig("Gregor")])
    app = GrailApp(bot_delay=0, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seen: set[int] = set()
        for k in range(30):
            screen = app.screen
            if isinstance(screen, EndScreen):
                break
            if isinstance(screen, PrivacyScreen):
                game_screen = app.screen_stack[-2]
                assert isinstance(game_screen, SuccessionScreen)
                assert game_screen.viewer is None and "Hidden" in hand_text(game_screen)
                recent = str(game_screen.query_one("#recent").content)
                assert "dealt" not in recent  # no dealt hand in the log behind the cover
                await pilot.press("enter")
                continue
            assert isinstance(screen, SuccessionScreen)
            game = table_of(app).state
            assert screen.viewer == game.mover, "a hand is on screen for a player who is not asked"
            shown = hand_text(screen)
            assert all(f"[{c.code:>2}]" in shown for c in game.hands[game.mover])
            assert screen.log_book is screen.client.log(screen.viewer)  # the log shown is the seat's own
            book = screen.client.log(screen.viewer).lines
            assert not set(book) & dealt_lines(game, 1 - game.mover) - dealt_lines(game, game.mover)
            seen.add(screen.viewer)
            hand = game.hands[game.mover]
            await pilot.press("enter" if hand else "t")
            if screen.error:
                await pilot.press("t", "t")
            await pilot.pause()
            if k > 6 and seen == {0, 1}:
                break
        assert seen == {0, 1}


async def test_resume_after_a_kill_continues_at_the_same_position(tmp_path):
    app = GrailApp(seed=3, bot_delay=0, player_name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await choose_game(app, pilot)
        while app.screen.query_one(StartMenu).row:
            await pilot.press("up")
        await pilot.press("enter")
        for k in range(5):
            await settle(app, pilot)
            await turn_by_keys(app, pilot, k)
        await settle(app, pilot)
        # The disk as it is at this moment is what a kill -9 would leave behind.
        [save] = saves_dir().glob("*.jsonl")
        shutil.copy(save, tmp_path / "killed.jsonl")
        position = table_of(app).state.public_view()
        mine = table_of(app).state.view(0)
    shutil.copy(tmp_path / "killed.jsonl", save)
    again = GrailApp(bot_delay=0)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.press("down", "enter")  # Continue is the second entry: the list of games
        await pilot.pause()
        await pilot.press("enter")  # the one unfinished game
        await pilot.pause()
        assert isinstance(again.screen, SuccessionScreen)
        assert table_of(again).state.public_view() == position
        assert table_of(again).state.view(0) == mine
        assert all(f"[{c.code:>2}]" in hand_text(again.screen) for c in mine.hand)


async def test_a_typed_setting_is_checked_at_once_and_kept_when_good():
    app = GrailApp(seed=1, bot_delay=0, player_name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await choose_game(app, pilot)
        menu = app.screen.query_one(StartMenu)
        while menu.rows()[menu.row] != "option:plus":
            await pilot.press("down")
        await pilot.press("enter")
        assert isinstance(app.screen, TextPrompt)
        await pilot.press("ctrl+u", *"1 2 3", "enter")  # too few values
        assert app.settings.options["plus"] == "1,1,2,2,2,3,3"
        assert "Give the 7 plus card values" in menu.message
        await pilot.press("enter", "ctrl+u", *"3, 3, 3, 3, 3, 3, 3", "enter")
        assert app.settings.options["plus"] == "3, 3, 3, 3, 3, 3, 3" and not menu.message
        assert app.settings.setup().plus == (3,) * 7
        await pilot.press("left", "1")  # neither ←/→ nor a digit breaks a typed setting
        assert app.settings.options["plus"] == "3, 3, 3, 3, 3, 3, 3"


async def test_no_color_keeps_the_take_and_the_cursor_readable(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    scenarios.save(scenarios.midgame())
    app = GrailApp(bot_delay=30, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert app.no_color and isinstance(screen, SuccessionScreen)
        row = str(screen.query_one("#row").content)
        window = screen.public.window()
        assert " | " + " ".join(f"[{c.code:>2}]" for c in window) in row
        assert "^^" in hand_text(screen)


async def test_help_is_the_card_games_own():
    from grail_tui.app.screens.help import help_text

    scenarios.save(scenarios.midgame())
    app = GrailApp(bot_delay=30, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        assert type(app.screen).__name__ == "HelpScreen"
        assert [k.name for k in app.screen.kinds] == ["succession"]
        text = help_text(app.screen.kinds)
        assert "| t | take" in text and "# Grail Succession — the rules" in text and "initiate" not in text
        await pilot.press("escape")
        assert isinstance(app.screen, SuccessionScreen)


def test_cards_read_alike_in_every_style():
    from grail_tui.games.succession.widgets.cards import label

    assert [label(Card.parse(c)) for c in ("5", "+2", "-3", "G")] == ["[ 5]", "[+2]", "[-3]", "[ G]"]
