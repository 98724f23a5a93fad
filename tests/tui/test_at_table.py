"""The frictions a newcomer met at the table, in both games (mostly at 80x24): nothing acts
behind the "too small" notice, Ctrl+Q says how to come back, a key that does nothing says why,
the key line says how to switch panes, the hot-seat hand-off only to somebody else and only for
a choice, log lines whole, the end screen's record path, paths whole in notices, key glyphs on
the replay's line, "more games", the › on a headquarters."""

from __future__ import annotations

import pytest

from grail_tui.app.app import GrailApp
from grail_tui.app.screens.start import StartScreen
from grail_tui.app.table_screen import TableScreen
from grail_tui.games.hunt.screens.game import GameScreen
from grail_tui.games.succession.screens.game import SuccessionScreen
from grail_tui.table.files import saves_dir

from ..succession.tui import scenarios as cards
from . import scenarios as hunt

SIZE = (80, 24)
GAMES = {"hunt": (lambda: hunt.save(hunt.midgame()), GameScreen),
         "succession": (lambda: cards.save(cards.midgame()), SuccessionScreen)}


async def settle(app: GrailApp, pilot) -> None:
    await pilot.pause()
    if app.client is not None:
        table = app.client.table
        for _ in range(50):
            if not table.busy():
                break
            await table.settle()
            await pilot.pause()
    await pilot.pause()


async def open_saved(app: GrailApp, pilot, game: str) -> TableScreen:
    await settle(app, pilot)
    screen = app.screen
    assert isinstance(screen, GAMES[game][1]) and screen.mine is not None
    return screen


@pytest.mark.parametrize("game", GAMES)
async def test_no_key_acts_behind_the_too_small_notice(game):
    GAMES[game][0]()
    app = GrailApp(resume=True, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_saved(app, pilot, game)
        actions = len(app.client.table.state.actions)
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert app.has_class("-too-small")
        # p proposes or plays, Enter confirms, t takes, n passes: none of them may act unseen
        await pilot.press("p", "enter", "t", "enter", "n", "a", "enter", "colon", "question_mark")
        await settle(app, pilot)
        assert app.screen is screen
        assert len(app.client.table.state.actions) == actions
        assert screen.mode.name == "IDLE"
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert not app.has_class("-too-small")
        await pilot.press("p")  # the same key acts again once the screen shows: propose, or play
        await pilot.pause()
        assert screen.mode.name != "IDLE" or len(app.client.table.state.actions) > actions


async def test_no_key_acts_behind_the_too_small_notice_on_the_start_screen():
    app = GrailApp(seed=5, bot_delay=0)
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "f", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert app.client is None


@pytest.mark.parametrize("game", GAMES)
async def test_ctrl_q_in_a_game_says_it_is_saved_and_how_to_continue(game):
    GAMES[game][0]()
    app = GrailApp(resume=True, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await open_saved(app, pilot, game)
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.exit_message is not None
    assert "saved" in app.exit_message and "grail-tui --continue" in app.exit_message
    assert list(saves_dir().glob("*.jsonl"))  # and it is


async def test_ctrl_q_outside_a_game_says_nothing():
    app = GrailApp(seed=5, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.exit_message is None


def error_line(screen: TableScreen) -> str:
    return str(screen.query_one("#prompt-error").content)


async def test_a_hunt_key_that_does_nothing_says_why_until_the_next_key():
    GAMES["hunt"][0]()  # Ann to move: nobody has proposed anything
    app = GrailApp(resume=True, bot_delay=30)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_saved(app, pilot, "hunt")
        await pilot.press("o")
        await pilot.pause()
        assert error_line(screen) == "You can object only when someone proposes a move."
        await pilot.press("m")
        await pilot.pause()
        assert error_line(screen) == "You can match only when your own proposal meets an objection."
        await pilot.press("p")  # a key that acts: the reason goes
        await pilot.pause()
        assert screen.mode.name == "INITIATE" and error_line(screen) == ""
        await pilot.press("o")  # composing: the key does nothing for another reason
        await pilot.pause()
        assert error_line(screen) == "Finish what you are doing first: Enter sends it, Esc backs out."
        await pilot.press("escape")
        await pilot.pause()
        assert error_line(screen) == "" and screen.mode.name == "IDLE"


async def test_the_hunt_offers_no_objection_to_a_player_with_nothing_to_object_with():
    hunt.save(hunt.proposed_elsewhere())  # Gregor proposes MA; Ann holds nothing on MA
    app = GrailApp(resume=True, bot_delay=30)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_saved(app, pilot, "hunt")
        prompt = str(screen.query_one("#prompt-text").content)
        assert "You hold 0 on MA, not enough to beat 0: n passes" in prompt and "o objects" not in prompt
        assert screen.check_action("object", ()) is None  # shown, dimmed
        await pilot.press("o")
        await pilot.pause()
        assert error_line(screen) == "You hold 0 on MA: an objection must show more than 0. n passes."
        assert screen.mode.name == "IDLE"
    hunt.save(hunt.proposed())  # Gregor proposes AC; Ann holds 15 on AC: o opens the amount
    app = GrailApp(resume=True, bot_delay=30)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_saved(app, pilot, "hunt")
        assert screen.check_action("object", ()) is True
        await pilot.press("o")
        await pilot.pause()
        assert screen.mode.name == "OBJECT"


async def test_a_card_game_key_that_does_nothing_says_why():
    GAMES["succession"][0]()  # Ann to move with cards in hand and a take to come
    app = GrailApp(resume=True, bot_delay=30)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_saved(app, pilot, "succession")
        actions = len(app.client.table.state.actions)
        await pilot.press("n")
        await pilot.pause()
        assert error_line(screen) == "You can pass only when you can neither play nor take."
        assert len(app.client.table.state.actions) == actions
        await pilot.press("colon")
        await pilot.pause()
        assert error_line(screen) == "Chat is for games on a server; here everyone sees this screen."


def key_line(screen: TableScreen) -> str:
    from grail_tui.app.keyline import KeyLine

    return str(screen.query_one(KeyLine).render())


@pytest.mark.parametrize("game", GAMES)
async def test_at_80_columns_the_key_line_says_how_to_switch_panes(game):
    GAMES[game][0]()
    app = GrailApp(resume=True, bot_delay=30)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_saved(app, pilot, game)
        assert "Tab Panes" in key_line(screen)
        pane = screen.pane
        await pilot.press("tab")
        await pilot.pause()
        assert screen.pane != pane


async def test_wide_every_hunt_pane_shows_and_the_key_line_offers_no_tab():
    GAMES["hunt"][0]()
    app = GrailApp(resume=True, bot_delay=30)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_saved(app, pilot, "hunt")
        assert "Tab" not in key_line(screen) and "Propose" in key_line(screen)


# -- hot-seat: the keyboard is handed over only to somebody else, only for a choice ----------


def card_game_before_a_forced_take():
    """Gregor to move; then Ann, who has played every card and never taken, can only take."""
    from grail_tui.games.api import BotLevel
    from grail_tui.games.succession.engine import Game, Play, Setup

    def fresh():
        return Game(Setup(seed=11, first_player=0, names=("Ann", "Gregor")))

    game = fresh()
    bot = cards.KIND.make_bot(BotLevel.HEURISTIC, 12)
    while game.to_act()[0] == 1 or game.hands[0]:
        if game.to_act()[0] == 0:
            game.apply(Play(0, game.hands[0][0]))
        else:
            game.apply(bot.decide(game.view(1), game.legal_actions(1)))
    assert game.mover == 0 and not game.took[0] and game.actions[-1].player == 1
    before = fresh()
    for action in game.actions[:-1]:
        before.apply(action)
    return before, game.actions[-1]


async def test_card_hot_seat_hands_over_only_to_somebody_else_and_only_for_a_choice(monkeypatch):
    import grail_tui.table.client as table_client
    from grail_tui.app.screens.prompts import PrivacyScreen
    from grail_tui.games.succession.engine import Take
    from grail_tui.table.seats import SeatConfig

    monkeypatch.setattr(table_client, "STANDING_PACE", 0.05)
    game, gregors = card_game_before_a_forced_take()
    cards.save(game, [SeatConfig("Ann"), SeatConfig("Gregor")])
    app = GrailApp(resume=True, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)  # nobody has had the keyboard yet
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SuccessionScreen) and screen.viewer == 1
        table = app.client.table
        await pilot.press(str(screen.mine.hand.index(gregors.card) + 1), "enter")  # Gregor plays
        seen = []
        for _ in range(100):  # Ann's take is made for her, then Gregor's turn comes back
            await pilot.pause(0.02)
            seen.append(type(app.screen).__name__)
            if len(table.state.actions) == len(game.actions) + 2 and screen.viewer == 1:
                break
        assert isinstance(table.state.actions[-1], Take) and table.state.actions[-1].player == 0
        assert "PrivacyScreen" not in seen  # no hand-off to Ann for the take, none back to Gregor
        assert app.screen is screen and screen.viewer == 1 and screen.mine is not None


async def test_hunt_hot_seat_no_hand_off_to_the_person_already_at_the_keyboard(monkeypatch):
    import grail_tui.table.client as table_client
    from grail_tui.app.screens.prompts import PrivacyScreen
    from grail_tui.games.api import BotLevel
    from grail_tui.games.hunt.engine import Initiate
    from grail_tui.games.hunt.situation import Request
    from grail_tui.games.hunt.standing import StandingAnswers
    from grail_tui.table.seats import SeatConfig

    monkeypatch.setattr(table_client, "STANDING_PACE", 0.05)
    hunt.save(hunt.midgame(), [SeatConfig("Ann"), SeatConfig("Gregor"), SeatConfig("Inga", BotLevel.RANDOM)])
    app = GrailApp(resume=True, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        await pilot.press("enter")  # Ann's turn 4
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.viewer == 0
        # Gregor (4 on AC) has said he objects to moves of AC this turn: he needs no keyboard
        app.client.stand(1, StandingAnswers(turn=4, objections=((Initiate.AC, 10),)))
        await pilot.press("p", "2", "enter")  # Ann proposes a move of AC
        seen = []
        for _ in range(100):  # the answers come by themselves; Ann must match, raise or concede
            await pilot.pause(0.02)
            seen.append(type(app.screen).__name__)
            if screen.request() is Request.REPLY:
                break
        assert screen.request() is Request.REPLY
        assert "PrivacyScreen" not in seen  # no "Pass the keyboard to Ann": she has it
        assert app.screen is screen and screen.viewer == 0 and screen.mine is not None
        await pilot.press("c")  # and her keys work: she concedes
        await pilot.pause()
        assert screen.request() is not Request.REPLY


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("size", [(120, 40), SIZE])
async def test_every_log_line_is_whole_in_the_log_pane(game, size):
    """A new game's first lines are written while the panes take their widths: none is cut off."""
    from grail_tui.app.screens.start import StartMenu

    app = GrailApp(seed=5, bot_delay=0, player_name="Ann")
    async with app.run_test(size=size) as pilot:
        menu = app.screen.query_one(StartMenu)
        while app.settings.game != game:
            await pilot.press("down") if menu.rows()[menu.row] != "game" else await pilot.press("right")
        while menu.row:
            await pilot.press("up")
        await pilot.press("enter")  # a new game, from the start screen
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, GAMES[game][1])
        await pilot.press("g")  # the log in front (at 120 columns it shows anyway)
        await pilot.pause()
        pane = screen.query_one("#pane-log")
        assert pane.display and pane.size.width < 60
        width = pane.scrollable_content_region.width
        assert all(strip.text[width:].strip() == "" for strip in pane.lines)  # nothing past the edge
        shown = " ".join(" ".join(strip.text[:width].split()) for strip in pane.lines).split()
        book = " ".join(screen.client.log(screen.viewer).lines).split()
        assert shown == book and book


# -- the end screen and notices say paths a player can use ------------------------------------


def save_finished(game: str) -> None:
    """A save whose last action ended the game (the process stopped before the end screen)."""
    if game == "hunt":
        hunt.save(hunt.finished())
    else:
        cards.save(cards.finished())


@pytest.mark.parametrize("game", GAMES)
async def test_the_end_screen_names_the_record_it_wrote_and_how_to_replay_it(game, monkeypatch):
    import grail_tui.table.journal as journal
    from grail_tui.app.paths import shown_path
    from grail_tui.table.files import write_record

    monkeypatch.setattr(journal, "write_record", write_record)  # the real one, not the tests' stand-in
    save_finished(game)
    app = GrailApp(resume=True, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(50):
            await settle(app, pilot)
            if type(app.screen).__name__ == "EndScreen":
                break
        assert type(app.screen).__name__ == "EndScreen"
        text = str(app.screen.query_one("#end Static").content)
        path = app.client.record_path
        assert path is not None and path.is_file()
        assert f"grail-tui replay {shown_path(path)}\n" in text
        assert "FILE" not in text


async def test_a_notice_at_80_columns_shows_a_path_whole_on_its_own_line(tmp_path, monkeypatch):
    from textual.geometry import Region
    from textual.widgets._toast import Toast

    from .test_library import open_library, shelf_of_three, until

    monkeypatch.setenv("HOME", str(tmp_path))
    folder = tmp_path / "exports" / "grail-tui"
    folder.mkdir(parents=True)
    name = "game-20261125-121530.json"
    shelf_of_three()
    app = GrailApp(seed=1, bot_delay=0, player_name="Ann")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await open_library(pilot, app)
        await pilot.press("e")
        await pilot.press("ctrl+u", *f"~/exports/grail-tui/{name}", "enter")
        await until(pilot, lambda: (folder / name).exists() and bool(app.screen.query(Toast)))
        await pilot.pause()
        toast = app.screen.query(Toast).last()
        lines = [s.text.strip("▌ ") for s in toast.render_lines(Region(0, 0, *toast.outer_size))]
        assert "The record is in" in lines
        assert f"~/exports/grail-tui/{name}" in lines  # whole, on a line of its own


@pytest.mark.parametrize("game", GAMES)
async def test_the_replay_key_line_shows_key_glyphs_like_every_other(game, tmp_path):
    import json

    from grail_tui.app.keyline import KeyLine
    from grail_tui.games import registry
    from grail_tui.games.hunt.engine import GameRecord

    data = GameRecord.of(hunt.finished()).to_dict() if game == "hunt" else cards.KIND.record(cards.finished())
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    kind, record, note = registry.read_record_for_replay(path)
    app = GrailApp(replay=record, replay_game=kind.name, replay_note=note)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(10):
            await pilot.pause()
            if app.screen.query(KeyLine):
                break
        line = str(app.screen.query_one(KeyLine).render())
        assert "→ Next" in line and "← Back" in line and "Tab Pane" in line
        assert "right" not in line and "left" not in line and "tab " not in line


async def test_continue_on_the_start_screen_says_more_of_what():
    from grail_tui.app.screens.start import StartMenu

    for k in range(3):
        hunt.save(hunt.midgame())
        (saves_dir() / hunt.SAVE).rename(saves_dir() / f"game-{k}.jsonl")
    app = GrailApp(seed=1, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        menu = str(app.screen.query_one(StartMenu).render())
        assert "Ann (+2 more games)" in menu


async def test_a_headquarters_a_proposal_can_step_to_is_marked_and_listed_like_any_field():
    """HQ Templars is field 0: it was left unmarked (a falsy step), listed by another name and
    its cursor sent to the initiate instead."""
    from grail_tui.games.hunt.engine import Field
    from grail_tui.games.hunt.widgets.board import SOCIETY_STYLE, BoardMap
    from grail_tui.games.hunt.widgets.choices import ChoiceList

    GAMES["hunt"][0]()  # Ann to move; JB stands on Baghras, beside the Templars' headquarters
    app = GrailApp(resume=True, bot_delay=30)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_saved(app, pilot, "hunt")
        await pilot.press("p", "1")  # JB: the board marks where it can step
        await pilot.pause()
        board = screen.query_one(BoardMap)
        assert board.destinations == {Field.HQ_TEMPLARS, Field.RENNES_LE_CHATEAU, Field.AVIGNON}
        listed = [str(o.prompt) for o in screen.query_one(ChoiceList).options]
        assert listed[0] == "→ ✠Templar" and "→ Rennes" in listed  # the board's names
        assert board.cursor == Field.HQ_TEMPLARS  # the first choice, highlighted
        lines = board.render().split("\n")
        row0, row1 = lines[1], lines[4]  # the names of the first two rows
        hq, rennes = row0.plain.index("›✠Templa"), row1.plain.index("›Rennes")
        console = app.console
        mark, other = row0.get_style_at_offset(console, hq), row1.get_style_at_offset(console, rennes)
        assert (mark.color, mark.underline) == (other.color, other.underline)  # the same › (HQ has the cursor)
        assert row0.get_style_at_offset(console, hq + 1).color == SOCIETY_STYLE[0].color  # ✠ in red
