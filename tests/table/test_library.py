"""The local record library's summaries and their cache (table/library.py)."""

from __future__ import annotations

import json
import os
import stat

import pytest

from grail_tui.table.library import RecordIndex, summarize, write_private

from ..pebbles import finished, pebbles

GameRecord = pebbles.GameRecord


def delivery():
    return finished(names=("Anna", "Ben"))


def other_game():
    return finished(players=3, seed=2, pile=8, names=("Cy", "Di", "Ed"))


def keep(folder, name, game, when, cut=None):
    path = folder / name
    path.write_text(json.dumps(GameRecord(game.setup, list(game.actions)[:cut]).to_dict()))
    os.utime(path, (when, when))
    return path


@pytest.fixture
def index(tmp_path):
    folder = tmp_path / "records"
    folder.mkdir()
    keep(folder, "a.json", delivery(), 2000)
    keep(folder, "b.json", other_game(), 1000)
    return RecordIndex(folder, tmp_path / "cache.json")


def test_a_record_is_summed_up_with_its_players_outcome_and_length():
    game = delivery()
    summary = summarize(GameRecord(game.setup, list(game.actions)).to_dict(), "a.json", 5.0)
    assert summary.names == ("Anna", "Ben") and summary.winners == ("Ben",) and summary.finished
    assert (summary.game, summary.title) == ("toy", "Pebbles")
    assert summary.length == f"all taken, {len(game.actions)} actions" and len(game.actions) == 10
    assert summary.outcome == "Ben wins with 6."
    cut = summarize(GameRecord(game.setup, list(game.actions)[:5]).to_dict(), "c.json", 5.0)
    assert not cut.finished and cut.winners == () and cut.outcome == "Not finished (5 pebbles left)."


def test_a_record_that_breaks_the_rules_is_summed_up_to_that_point_with_its_problem():
    game = delivery()
    data = GameRecord(game.setup, list(game.actions)).to_dict()
    data["actions"][3] = data["actions"][2]  # the same take twice, where a doubt was due
    summary = summarize(data, "bad.json", 5.0)
    assert summary.problem == "action 3 breaks the rules: It is not your turn."  # the taker, in the doubts
    assert not summary.finished and summary.outcome == "Not finished (4 pebbles left)."


def test_the_second_look_replays_nothing_and_a_changed_file_alone_is_replayed(index):
    first = index.entries()
    assert [e.key for e in first] == ["a.json", "b.json"] and index.replayed == 2
    assert [e.names for e in first] == [("Anna", "Ben"), ("Cy", "Di", "Ed")]
    assert index.entries() == first and index.replayed == 0
    keep(index.folder, "b.json", delivery(), 3000)  # rewritten: newer, another game
    again = index.entries()
    assert index.replayed == 1 and [e.key for e in again] == ["b.json", "a.json"]
    assert again[0].names == ("Anna", "Ben")
    (index.folder / "a.json").unlink()
    assert [e.key for e in index.entries()] == ["b.json"] and index.replayed == 0
    assert list(json.loads(index.cache_path.read_text())["records"]) == ["b.json"]


def test_the_cache_is_private_and_a_damaged_one_is_only_rebuilt(index):
    index.entries()
    assert stat.S_IMODE(index.cache_path.stat().st_mode) == 0o600
    index.cache_path.write_text("{oops")
    assert len(index.entries()) == 2 and index.replayed == 2
    data = json.loads(index.cache_path.read_text())
    data["records"]["a.json"]["summary"]["names"] = "not a list"
    index.cache_path.write_text(json.dumps(data))
    assert [e.names for e in index.entries()][0] == ("Anna", "Ben") and index.replayed == 1


def test_writing_a_private_file_never_replaces_one_unless_asked(tmp_path):
    path = tmp_path / "x.json"
    write_private(path, "one")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    with pytest.raises(FileExistsError):
        write_private(path, "two")
    assert path.read_text() == "one"
    path.chmod(0o644)
    write_private(path, "three", replace=True)
    assert path.read_text() == "three" and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]  # no temporary file left behind
