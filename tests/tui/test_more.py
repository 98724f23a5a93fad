"""Replay, the command palette, help text, ASCII output, the packaged rules."""

from __future__ import annotations

from pathlib import Path

from grail_tui.app.app import GrailApp
from grail_tui.games.hunt.engine import GameRecord
from grail_tui.games.hunt.screens.game import GameScreen
from grail_tui.games.hunt.screens.replay import ReplayScreen
from grail_tui.games.hunt.situation import Compose

from . import scenarios
from .scenarios import table_of

ROOT = Path(__file__).resolve().parents[2]


def test_packaged_rules_match_docs():
    packaged = ROOT / "grail_tui" / "games" / "hunt" / "rules.md"
    assert packaged.read_text() == (ROOT / "docs" / "rules.md").read_text(), \
        "copy docs/rules.md to grail_tui/games/hunt/rules.md"


async def test_replay_steps_through_a_record_with_arrows_home_and_end():
    from grail_tui.games import registry

    record = GameRecord.of(scenarios.finished())
    app = GrailApp(replay=registry.get("hunt").read_record(record.to_dict()))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.index == 0
        await pilot.press("right", "right", "right")
        assert screen.index == 3 and screen.game.phase.value == "turn"
        await pilot.press("left")
        assert screen.index == 2
        await pilot.press("end")
        assert screen.index == len(record.actions) and screen.game.outcome is not None
        assert "Game over" in str(screen.query_one("#replay-end").content)
        await pilot.press("home")
        assert screen.index == 0
        await pilot.press("pagedown", "pagedown")
        assert screen.game.turn == 2
        start_of_two = screen.index
        await pilot.press("pageup")
        assert screen.game.turn == 1
        # from the middle of a turn, PgUp goes back to its start, then to the turn before
        await pilot.press("pagedown", "right")
        assert screen.game.turn == 2 and screen.index == start_of_two + 1
        await pilot.press("pageup")
        assert screen.index == start_of_two and screen.game.turn == 2
        await pilot.press("pageup")
        assert screen.game.turn == 1


async def test_the_command_palette_offers_what_is_possible_now():
    scenarios.save(scenarios.bidding())
    app = GrailApp(bot_delay=0, resume=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Object" in titles and "Pass" in titles
        assert "Propose" not in titles and "Concede" not in titles
        command = next(c for c in app.get_system_commands(app.screen) if c.title == "Pass")
        command.callback()
        await pilot.pause()
        from grail_tui.games.hunt.engine import Pass

        assert table_of(app).state.actions[-1] == Pass(0) or Pass(0) in table_of(app).state.actions[-3:]


async def test_escape_alternative_backs_out():
    scenarios.save(scenarios.midgame())
    app = GrailApp(bot_delay=0, resume=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("p")
        assert screen.mode is Compose.INITIATE
        await pilot.press("x")
        assert screen.mode is Compose.IDLE


async def test_ascii_mode_paints_only_ascii():
    import html
    import re

    scenarios.save(scenarios.bidding())
    app = GrailApp(bot_delay=0, resume=True, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shots = [app.export_screenshot()]
        await pilot.press("question_mark")
        shots.append(app.export_screenshot())
    for svg in shots:
        painted = "".join(html.unescape(t) for t in re.findall(r">([^<]*)</text>", svg))
        assert painted.strip()
        assert {c for c in painted if not c.isascii()} <= {"\xa0"}  # the SVG's own spaces
    from grail_tui.app.ascii_filter import to_ascii

    assert to_ascii("┌─◆ AC→Akkon …·✠") == "+-* AC>Akkon ..+"
