"""Never lose a game: every unfinished game under Continue until finished or deleted on
purpose; the replay menu lists the records; a damaged record replays up to the damage."""

from __future__ import annotations

import json

from grail_tui.app.app import GrailApp
from grail_tui.app.screens.prompts import ConfirmPrompt
from grail_tui.app.screens.records import RecordsScreen
from grail_tui.app.screens.saves import SavesScreen
from grail_tui.games import registry
from grail_tui.games.hunt.engine import GameRecord, Pass
from grail_tui.games.hunt.screens.game import GameScreen
from grail_tui.games.hunt.screens.replay import ReplayScreen
from grail_tui.table.files import records_dir, saves_dir
from grail_tui.table.journal import read_save
from grail_tui.table.seats import SeatConfig

from . import scenarios
from .scenarios import table_of

SIZE = (80, 24)


async def test_every_unfinished_game_is_listed_and_continues():
    scenarios.save(scenarios.midgame())
    app = GrailApp(seed=4, bot_delay=30, player_name="Bea")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # a new game: the saved one stays
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
    assert len(list(saves_dir().glob("*.jsonl"))) == 2
    again = GrailApp(bot_delay=30)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, SavesScreen) and len(screen.saves) == 2
        rows = [str(o.prompt) for o in screen.query_one("OptionList").options]
        assert any("Ann, Gregor, Inga" in r and "turn 4" in r and "last played" in r for r in rows)
        assert any("Bea" in r and "opening" in r for r in rows)
        ann = next(k for k, r in enumerate(rows) if "Ann" in r)
        screen.query_one("OptionList").highlighted = ann
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(again.screen, GameScreen)
        assert table_of(again).state.turn == 4 and table_of(again).names[0] == "Ann"


async def test_a_game_is_deleted_only_when_confirmed():
    scenarios.save(scenarios.midgame())
    app = GrailApp(bot_delay=30)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("d")
        assert isinstance(app.screen, ConfirmPrompt)
        await pilot.press("n")  # kept
        assert isinstance(app.screen, SavesScreen) and len(list(saves_dir().glob("*.jsonl"))) == 1
        await pilot.press("d", "y")
        await pilot.pause()
        assert not list(saves_dir().glob("*.jsonl"))
        assert isinstance(app.screen, SavesScreen) and not app.screen.saves


async def test_the_replay_menu_lists_the_records():
    record = GameRecord.of(scenarios.finished()).to_dict()
    folder = records_dir()
    (folder / "game-20260101-120000.json").write_text(json.dumps(record))
    app = GrailApp(bot_delay=30)
    async with app.run_test(size=SIZE) as pilot:
        menu = app.screen.query_one("StartMenu")
        menu.row = menu.rows().index("replay")
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RecordsScreen)
        rows = [str(o.prompt) for o in screen.query_one("OptionList").options]
        assert "The Hunt for the Grail · Ann, Gregor, Inga" in rows[0]
        assert rows[-1].startswith("Another record file")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("end")
        assert app.screen.game.outcome is not None


def broken_record(tmp_path, how: str):
    """A finished game's record with its 10th action made illegal, or damaged."""
    data = GameRecord.of(scenarios.finished()).to_dict()
    if how == "illegal":
        data["actions"][10] = {"kind": "pass", "player": 2}  # nobody may pass on a turn
    else:
        data["actions"][10] = {"kind": "teleport", "player": 1}
    path = tmp_path / f"{how}.json"
    path.write_text(json.dumps(data))
    return path


async def test_a_record_with_an_illegal_action_replays_up_to_it_and_says_so(tmp_path):
    from grail_tui.games import registry

    kind, record, note = registry.read_record_for_replay(broken_record(tmp_path, "illegal"))
    assert note is None and record.actions[10] == Pass(2)  # it reads; it breaks a rule
    app = GrailApp(replay=record, replay_note=note)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("end")
        assert screen.index == 10 and app.return_code is None  # no crash
        said = str(screen.query_one("#replay-end").content)
        assert "Action 10 of the record breaks the rules" in said
        await pilot.press("right", "pagedown", "pagedown")
        assert screen.index == 10
        await pilot.press("home", "pagedown")
        assert screen.index <= 10


async def test_a_record_with_a_damaged_action_replays_up_to_it_and_says_so(tmp_path):
    from grail_tui.games import registry

    kind, record, note = registry.read_record_for_replay(broken_record(tmp_path, "damaged"))
    assert len(record.actions) == 10 and note is not None and "Action 10" in note
    app = GrailApp(replay=record, replay_note=note)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await pilot.press("end")
        assert screen.index == 10
        assert "Action 10 of the record is damaged" in str(screen.query_one("#replay-end").content)


def test_the_replay_command_starts_on_a_damaged_record(tmp_path, monkeypatch):
    """`grail-tui replay` used to stop with an internal error where `check` names the action."""
    import argparse

    from grail_tui.app import launch

    seen = {}

    class Recorder:
        def __init__(self, **kwargs):
            seen.update(kwargs)
            self.failure = ""

        def run(self, **_):
            return 0

    monkeypatch.setattr("grail_tui.app.app.GrailApp", Recorder)
    args = argparse.Namespace(command="replay", record=str(broken_record(tmp_path, "damaged")),
                              ascii=False, bot_delay=0.5, seed=None, resume=False, mouse=False,
                              local=True, socket=None)
    assert launch.launch(args) == 0
    assert len(seen["replay"].actions) == 10 and "damaged" in seen["replay_note"]


def test_hot_seat_names_are_kept_in_the_list():
    scenarios.save(scenarios.midgame(), [SeatConfig("Ann"), SeatConfig("Bo"), scenarios.SEATS[2]])
    from grail_tui.app.screens.saves import describe
    from grail_tui.table.journal import unfinished

    [save] = unfinished()
    assert "3 players: Ann, Bo, Inga" in describe(save)


HUNT = registry.get("hunt")


def notices(app: GrailApp) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def test_a_save_torn_by_a_crash_goes_on_says_so_once_and_stays_under_continue():
    scenarios.save(scenarios.midgame())
    save = saves_dir() / scenarios.SAVE
    with open(save, "ab") as out:
        out.write(b'{"kind": "propose", "player": 0, "initi')  # killed while writing an action
    app = GrailApp(bot_delay=30)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("c", "enter")  # Continue, the torn game
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and table_of(app).state.turn == 4
        [told] = notices(app)
        assert "half-written action" in told and "game goes on from its last complete action" in told
        table = table_of(app)
        action = table.state.legal_actions(0)[0]
        table.submit(0, action, table.seq)  # the next action, kept on a line of its own
    kept = [*GameRecord.of(scenarios.midgame()).to_dict()["actions"], HUNT.action_to_dict(action)]
    assert read_save(save).actions == kept  # every complete action, then the new one
    assert (saves_dir() / (scenarios.SAVE + ".damaged")).read_bytes().startswith(b'{"kind": "propose"')
    again = GrailApp(bot_delay=30)
    async with again.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("c")
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, SavesScreen) and len(screen.saves) == 1  # not vanished
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(again.screen, GameScreen)
        resumed = table_of(again).state.public_view()
        assert resumed == HUNT.replay(table.state.setup, [HUNT.action_from_dict(a) for a in kept]).public_view()
        assert not notices(again)  # told once: the save is whole again


async def test_a_save_with_junk_in_the_middle_is_listed_as_damaged_and_kept():
    scenarios.save(scenarios.midgame())
    save = saves_dir() / scenarios.SAVE
    lines = save.read_bytes().split(b"\n")
    lines[3] = b"#!junk"
    save.write_bytes(b"\n".join(lines))
    app = GrailApp(bot_delay=30)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("c")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SavesScreen)
        [row] = [str(o.prompt) for o in screen.query_one("OptionList").options]
        assert "Damaged save scenario.jsonl" in row and "damaged at line 4: it is not an action" in row
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, GameScreen)
        assert any("Cannot continue: the saved game is damaged at line 4" in n for n in notices(app))
    assert save.exists()
