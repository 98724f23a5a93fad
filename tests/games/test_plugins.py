"""Games as plug-ins: the built-in games register through the ``grail_tui.games`` entry points
like any other, and a game installed as a package of its own is found, listed and played."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from importlib.metadata import entry_points
from pathlib import Path

from grail_tui.games import registry

from .conftest import PLUGINS

ROOT = Path(__file__).resolve().parents[2]


def test_the_built_in_games_register_through_the_entry_points():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"][registry.GROUP]
    assert declared == dict(registry.BUILT_IN)
    installed = {point.name: point.value for point in entry_points(group=registry.GROUP)}
    assert installed.items() >= declared.items(), "reinstall grail-tui (pip install -e .) to register its games"
    assert registry.names()[:2] == ("hunt", "succession")


def test_a_game_installed_as_its_own_package_is_found_and_named_by_its_kind(toy_installed):
    assert "toy" in registry.names() and registry.names()[:2] == ("hunt", "succession")
    assert toy_installed.title == "Pebbles" and toy_installed.package == "toy_game"
    assert "toy_game.bots" in registry.modules() and "toy_game.ui" in registry.modules(app=True)


def test_a_plug_in_game_is_played_by_the_command_line(tmp_path):
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(PLUGINS), os.environ.get("PYTHONPATH", "")]),
                   "GRAIL_TUI_DATA": str(tmp_path)}
    out = subprocess.run([sys.executable, "-m", "grail_tui", "selfplay", "--game", "toy", "--games", "3",
                          "--players", "3", "--json"], capture_output=True, text=True, env=environment,
                         timeout=60, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["game"] == "toy" and summary["games"] == 3, summary


def test_a_plug_in_that_does_not_load_is_left_out_with_a_line_in_the_log(tmp_path, monkeypatch, caplog):
    broken = tmp_path / "broken_game-0.1.dist-info"
    broken.mkdir()
    (broken / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-game\nVersion: 0.1\n")
    (broken / "entry_points.txt").write_text("[grail_tui.games]\nbroken = broken_game.kind:KIND\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.refresh()
    try:
        assert tuple(kind.name for kind in registry.kinds()) == ("hunt", "succession", "strings")
        assert "the game 'broken' (broken_game.kind:KIND) is left out: it does not load" in caplog.text
        assert registry.names() == ("hunt", "succession", "strings", "broken")  # named without loading it
        assert "Traceback" not in caplog.text
    finally:
        monkeypatch.undo()
        registry.refresh()


async def test_a_plug_in_game_is_played_to_its_end_at_a_table_of_bots_with_its_secret_round(toy_installed, tmp_path):
    import asyncio

    from grail_tui.games.api import BotLevel, SetupRequest
    from grail_tui.table.journal import JournalStore
    from grail_tui.table.seats import SeatConfig
    from grail_tui.table.settings import TableSettings
    from grail_tui.table.store import StoredGame
    from grail_tui.table.table import Table

    kind = toy_installed
    setup = kind.make_setup(SetupRequest(players=3, seed=5))
    seats = [SeatConfig(f"Bot {k}", BotLevel.RANDOM) for k in range(3)]
    settings = TableSettings(bot_delay=0)
    store = JournalStore(tmp_path / "toy.jsonl", StoredGame("toy", kind.setup_to_dict(setup), seats, settings),
                         records=tmp_path)
    table = Table(kind, setup, seats, store, settings=settings)
    heard = []
    table.join(None, heard.append)
    table.start()
    try:
        await asyncio.wait_for(table.settle(), 20)
        assert table.over and heard[-1].result is not None
        assert sum(1 for e in table.state.history if type(e).__name__ == "Took") >= 3  # the bids, together
    finally:
        table.close()
    _, record = registry.read_record_file(next(tmp_path.glob("*.json")))
    assert list(record.actions) == list(table.state.actions)


def test_a_game_offers_bot_levels_of_its_own_and_its_nearest_for_a_level_it_lacks(toy_installed):
    """Pebbles offers the standard easy bot and a fair one of its own, "greedy"; the table's
    stand-in for a silent seat (a fair bot) is its greedy one, and a hard one it lacks is too."""
    from grail_tui.games.api import BotLevel

    greedy = toy_installed.bot_levels[1]
    assert toy_installed.bot_levels == (BotLevel.RANDOM, BotLevel("greedy"))
    assert (greedy.label, greedy.rank) == ("greedy", 1)
    assert [toy_installed.make_bot(level, 3).level for level in BotLevel] == ["random", "greedy", "greedy"]
    assert toy_installed.make_bot(BotLevel("greedy"), 3).level == "greedy"  # as a save names it
    hunt = registry.get("hunt")
    assert [hunt.make_bot(level, 3).level for level in BotLevel] == ["random", "heuristic", "strong"]
    assert hunt.make_bot(greedy, 3).level == "heuristic"  # another game's fair level: the hunt's fair one


def test_listing_the_games_imports_none_and_only_games_with_screens_are_offered_at_a_terminal(toy_installed,
                                                                                             monkeypatch):
    """The names come from the entry points alone (a fresh interpreter imports no game to list
    them); a game whose screens are still to come is not offered at a terminal (the start screen
    says why). Pebbles, with its ui, is offered after the built-in games."""
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(PLUGINS), os.environ.get("PYTHONPATH", "")])}
    script = ("import sys; from grail_tui.games import registry; names = registry.names();"
              " print(names, [m for m in ('grail_tui.games.hunt.kind', 'grail_tui.games.succession.kind',"
              " 'toy_game.kind') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=environment, timeout=60)
    assert out.stdout.strip() == "('hunt', 'succession', 'strings', 'toy') []", out.stderr
    assert registry.has_screens(toy_installed) and registry.has_screens(registry.get("hunt"))
    assert registry.has_screens(registry.get("strings"))
    playable = [kind.name for kind in registry.playable()]
    assert playable[:3] == ["hunt", "succession", "strings"] and "toy" in playable
    monkeypatch.setattr(toy_installed, "on_screen", False)  # its screens still to come
    assert not registry.has_screens(toy_installed) and "toy" not in [kind.name for kind in registry.playable()]


def test_a_games_own_level_is_named_in_saves_and_by_the_headless_commands(toy_installed):
    import pytest

    from grail_tui.ladder import parse_entries
    from grail_tui.table.seats import SeatConfig
    from grail_tui.tournament import play_game

    greedy = toy_installed.bot_levels[1]
    entries = parse_entries("random, greedy", toy_installed)
    assert [e.level for e in entries] == [toy_installed.bot_levels[0], greedy]
    assert entries[1].level.label == "greedy" and entries[1].level.rank == 1
    with pytest.raises(ValueError, match=r"unknown bot level 'strong' \(choose from random, greedy\)"):
        parse_entries("random,strong", toy_installed)
    result = play_game(toy_installed, ["greedy", "random"], seed=3)
    assert result.actions > 3 and len(result.ranks) == 2
    saved = SeatConfig.from_dict(SeatConfig("Gus", greedy).to_dict())  # a save names the level
    assert saved.to_dict() == {"name": "Gus", "bot": "greedy"} and toy_installed.nearest(saved.bot) is greedy
    with pytest.raises(ValueError, match="a bot level's name is a short lowercase word"):
        SeatConfig.from_dict({"name": "Gus", "bot": "x" * 25})
