"""Playing through the app with key presses only, at 80x24."""

from __future__ import annotations

import shutil

from grail_tui.app.app import GrailApp
from grail_tui.app.screens.prompts import PrivacyScreen
from grail_tui.games.hunt.screens.end import EndScreen
from grail_tui.games.hunt.screens.game import GameScreen
from grail_tui.games.hunt.situation import Compose, Request
from grail_tui.games.hunt.widgets.panes import SheetPane
from grail_tui.table.files import saves_dir

from ..pilot_table import settle
from . import scenarios
from .scenarios import table_of

SIZE = (80, 24)


def sheet_shown(screen: GameScreen) -> bool:
    return "Hidden" not in str(screen.query_one(SheetPane).content)




async def act_by_keys(app: GrailApp, pilot, turn_keys: list[str]) -> None:
    """Answer whatever the game asks of the human at the keyboard."""
    screen = app.screen
    assert isinstance(screen, GameScreen)
    request = screen.request()
    if request is Request.OPENING:
        await pilot.press("a", "left", "space", "left", "space", "2", "enter")
    elif request is Request.TURN:
        await pilot.press(*turn_keys)
        if screen.request() is Request.TURN:  # the proposal was refused or rejected: assign nothing
            await pilot.press("escape", "escape", "a", "enter")
            if screen.request() is Request.TURN:
                await pilot.press("escape", "p", "enter", "enter")
    elif request is Request.OBJECTION:
        await pilot.press("n")
    elif request is Request.REPLY:
        await pilot.press("c")


async def test_a_whole_solo_game_to_the_end_screen_by_keys():
    app = GrailApp(seed=5, bot_delay=0, player_name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        # Set the turn limit to 12 on the start screen: up wraps to the last row.
        await pilot.press("up", "backspace", "backspace", "backspace", "1", "2")
        assert app.settings.options["turn_limit"] == 12
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        moves = [["p", "2", "enter"], ["a", "right", "3", "enter"], ["p", "1", "down", "enter"]]
        for k in range(300):
            await settle(app, pilot)
            if isinstance(app.screen, EndScreen):
                break
            await act_by_keys(app, pilot, moves[k % len(moves)])
        assert isinstance(app.screen, EndScreen)
        text = str(app.screen.query_one("#end Static").content)
        assert "Game over" in text and ("No winner" in text or "wins" in text or "you win" in text)
        assert "All sheets" in text and "Ann" in text and "Gregor" in text
        assert table_of(app).over
        assert not list(saves_dir().glob("*.jsonl"))  # a finished game leaves no save behind


async def test_bidding_war_keys_object_match_and_concede():
    scenarios.save(scenarios.bidding())
    app = GrailApp(bot_delay=0, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.request() is Request.OBJECTION
        # Ann has 15 on AC; the showing is 4. Reveal too much first: refused, nothing changes.
        await pilot.press("o", "backspace", "2", "0", "enter")
        assert "You have only 15 on Alberto Castellano" in str(screen.query_one("#prompt-error").content)
        assert 0 not in table_of(app).state.answers  # Ann's refused answer was not taken
        await pilot.press("escape", "o")
        await pilot.press("backspace", "3", "enter")  # 3 does not beat 4
        assert "must show more than the mover's 4" in str(screen.query_one("#prompt-error").content)
        await pilot.press("backspace", "6", "enter")
        await settle(app, pilot)
        known = table_of(app).state.public_view().known
        assert known[0][1] == 6  # Ann's objection is public


async def test_wrong_keys_change_nothing():
    scenarios.save(scenarios.midgame())
    app = GrailApp(bot_delay=0, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = table_of(app).state.public_view()
        await pilot.press("o", "n", "m", "c", "x", "z", "9", "escape", "r")
        assert table_of(app).state.public_view() == before
        await pilot.press("p", "5", "escape", "escape")  # choose then back out
        assert table_of(app).state.public_view() == before
        assert app.screen.mode is Compose.IDLE


async def test_hotseat_never_shows_a_sheet_to_the_wrong_player():
    from grail_tui.table.seats import SeatConfig

    scenarios.save(scenarios.midgame(), [SeatConfig("Ann"), SeatConfig("Gregor"), scenarios.SEATS[2]])
    app = GrailApp(bot_delay=0, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        prompted: set[int] = set()
        for _ in range(120):
            await settle(app, pilot)
            screen = app.screen
            if isinstance(screen, EndScreen) or table_of(app).state.public_view().turn > 14:
                break
            if isinstance(screen, PrivacyScreen):
                game_screen = app.screen_stack[-2]
                assert not sheet_shown(game_screen), "a sheet is visible behind the privacy screen"
                await pilot.press("enter")
                continue
            assert isinstance(screen, GameScreen)
            to_act = table_of(app).asked()
            if sheet_shown(screen):
                assert screen.viewer in to_act, "a sheet is on screen for a player who is not asked"
            if screen.viewer is not None:
                prompted.add(screen.viewer)
            await act_by_keys(app, pilot, ["p", "1", "enter"])
        assert prompted == {0, 1}


async def test_hotseat_objections_are_collected_privately():
    from grail_tui.games.hunt.widgets.panes import ContestPane, LogPane
    from grail_tui.table.seats import SeatConfig

    game = scenarios.midgame()
    scenarios.save(game, [SeatConfig("Ann"), SeatConfig("Gregor"), SeatConfig("Inga")])
    app = GrailApp(bot_delay=0, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        await pilot.press("enter")  # Ann takes the keyboard
        await pilot.press("p", "2", "enter")  # Ann proposes with AC
        assert isinstance(app.screen, PrivacyScreen)  # hand over to Bo
        await pilot.press("enter", "o", "backspace", "3", "enter")  # Gregor objects with 3
        assert isinstance(app.screen, PrivacyScreen)  # hand over to Inga
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.viewer == 2
        # Inga must answer without knowing what Gregor did.
        assert table_of(app).state.public_view().known[1][1] == 0
        contest = str(screen.query_one(ContestPane).content)
        gregor_row = next(line for line in contest.splitlines() if line.startswith("Gregor"))
        # ... nor even whether he has answered: his row reads as it did before he did
        assert gregor_row.split() == ["Gregor", "-", "…"]
        log = "\n".join(str(line.text) for line in screen.query_one(LogPane).lines)
        assert "Ann proposes" in log  # the log is there ...
        assert "Gregor objects" not in log and "with 3" not in log  # ... without Gregor's answer
        await pilot.press("n")  # Inga passes: now both answers are shown together
        assert table_of(app).state.public_view().known[1][1] == 3


async def test_resume_after_a_kill_continues_at_the_same_position(tmp_path):
    app = GrailApp(seed=3, bot_delay=0, player_name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        for _ in range(6):
            await settle(app, pilot)
            await act_by_keys(app, pilot, ["p", "2", "enter"])
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
        await pilot.press("enter")  # the only one
        await pilot.pause()
        assert isinstance(again.screen, GameScreen)
        assert table_of(again).state.public_view() == position
        assert table_of(again).state.view(0) == mine


async def test_a_damaged_save_gets_a_message_not_a_crash():
    saves_dir().joinpath("damaged.jsonl").write_text('{"format": "grail-tui-save"}\nnot json\n{"x"')
    app = GrailApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert not isinstance(app.screen, GameScreen)
        assert app.return_code is None


async def test_help_opens_and_closes():
    app = GrailApp(seed=1, bot_delay=0, player_name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert type(app.screen).__name__ == "HelpScreen"
        await pilot.press("escape")
        await pilot.press("enter")
        await pilot.press("question_mark")
        assert type(app.screen).__name__ == "HelpScreen"
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)
