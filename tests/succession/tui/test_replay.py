"""Replaying a record of the card game: from a file, and from the end screen."""

from __future__ import annotations

import json
from pathlib import Path

from grail_tui.app.app import GrailApp
from grail_tui.games import registry
from grail_tui.games.succession.screens.end import EndScreen
from grail_tui.games.succession.screens.replay import SuccessionReplay

from . import scenarios

KIND = registry.get("succession")


def texts(screen) -> str:
    return "\n".join(str(screen.query_one(f"#{name}").content) for name in ("status", "row", "hands"))


async def test_replay_from_a_record_file_steps_by_action_round_and_end(tmp_path: Path):
    game = scenarios.finished()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(KIND.record(game)))
    kind, record = registry.read_record_file(path)  # what `grail-tui replay FILE` does
    app = GrailApp(replay=record, replay_game=kind.name)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, SuccessionReplay) and screen.index == 0
        start_hands = [list(h) for h in KIND.replay(game.setup, [], 0).hands]
        shown = texts(screen)
        assert all(f"[{c.code:>2}]" in shown for h in start_hands for c in h)  # a finished record: hands shown
        await pilot.press("right", "right", "right")
        assert screen.index == 3 and "action 3/" in texts(screen)
        await pilot.press("left")
        assert screen.index == 2
        await pilot.press("pagedown")
        assert screen.game.round == 2 and screen.game.turn == 0
        await pilot.press("pageup")
        assert screen.index == 0
        await pilot.press("end")
        assert screen.index == len(game.actions) and screen.game.is_over
        assert game.outcome.describe(game.setup.name) in str(screen.query_one("#replay-end").content)
        await pilot.press("home")
        assert screen.index == 0


async def test_an_unfinished_record_replays_with_the_hands_hidden():
    game = scenarios.midgame()
    record = KIND.read_record(KIND.record(game))
    app = GrailApp(replay=record, replay_game="succession")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("end")
        screen = app.screen
        assert isinstance(screen, SuccessionReplay)
        shown = str(screen.query_one("#hands").content)
        assert "hidden" in shown and "[" not in shown


async def test_the_end_screen_opens_the_replay():
    scenarios.save(scenarios.finished())
    app = GrailApp(bot_delay=0, resume=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        await pilot.press("r")
        assert isinstance(app.screen, SuccessionReplay)
        await pilot.press("escape")
        assert isinstance(app.screen, EndScreen)
