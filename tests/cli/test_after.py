"""`grail-tui story` and `grail-tui ladder` as a user runs them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grail_tui.cli import main
from grail_tui.games.hunt.engine import GameRecord

from ..hunt.test_story import delivery, worked_example


def grail(capsys, *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(list(args))
    out = capsys.readouterr()
    return info.value.code, out.out, out.err


def record_file(tmp_path: Path, game, name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_text(GameRecord.of(game).to_json())
    return path


def test_story_tells_a_finished_game(capsys, tmp_path):
    code, out, err = grail(capsys, "story", str(record_file(tmp_path, delivery())))
    assert code == 0, err
    assert "Anna wins with 43 influence on the bearer" in out
    assert "The table could know it from turn 5" in out
    assert "Spending, of 100 points each:" in out


def test_story_as_json(capsys, tmp_path):
    code, out, _ = grail(capsys, "story", "--json", str(record_file(tmp_path, delivery())))
    data = json.loads(out)
    assert code == 0 and data["format"] == "grail-tui-story" and data["finished"]
    assert data["control"]["knowable_from"] == 5 and data["names"] == ["Anna", "Ben"]


def test_story_of_an_unfinished_game_keeps_the_sheets_secret(capsys, tmp_path):
    path = record_file(tmp_path, worked_example())
    code, out, _ = grail(capsys, "story", "--json", str(path))
    data = json.loads(out)
    assert code == 0 and not data["finished"]
    assert all(s["assigned"] is None for s in data["spending"])
    code, out, _ = grail(capsys, "story", "--json", "--seat", "1", str(path))
    assert [s["assigned"] for s in json.loads(out)["spending"]] == [15, None, None]
    code, _, err = grail(capsys, "story", "--seat", "4", str(path))
    assert code == 2 and "no seat 4" in err


@pytest.mark.parametrize("content, message", [
    ("{not json", "not valid JSON"),
    ('{"game": "chess"}', "a game grail-tui knows"),
    ('{"format": "grail-tui-record", "version": 1, "setup": {"players": 3}, "actions": [{"x": 1}]}',
     "action 0 is damaged"),
    ('{"format": "grail-tui-record", "version": 1, "setup": {"players": 3}, "actions": '
     '[{"kind": "pass", "player": 0}]}', "action 0 breaks the rules"),
])
def test_story_of_a_damaged_record_says_what_is_wrong(capsys, tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, out, err = grail(capsys, "story", str(path))
    assert code == 2 and message in err and "Traceback" not in err and out == ""


def test_story_of_a_missing_file(capsys, tmp_path):
    code, _, err = grail(capsys, "story", str(tmp_path / "none.json"))
    assert code == 2 and "no such file" in err


def test_ladder_prints_ratings_with_their_uncertainty(capsys):
    code, out, err = grail(capsys, "ladder", "--bots", "random,heuristic", "--games", "2")
    assert code == 0, err
    assert "2 games of The Hunt for the Grail, 2 players" in out
    assert "+/-" in out and "random" in out and "heuristic" in out


def test_ladder_json_and_out_file(capsys, tmp_path):
    out_file = tmp_path / "ladder.json"
    code, out, _ = grail(capsys, "ladder", "--bots", "random,heuristic,random", "--players", "3",
                         "--games", "3", "--json", "--out", str(out_file))
    summary = json.loads(out)
    assert code == 0 and summary["games"] == 3 and summary["entries"] == ["random", "heuristic", "random#2"]
    assert json.loads(out_file.read_text()) == summary


@pytest.mark.parametrize("args, message", [
    (["--bots", "random"], "at least two entries"),
    (["--bots", "random,heuristic", "--players", "3"], "3 seats need at least 3 entries"),
    (["--bots", "random,oracle"], "unknown bot level"),
    (["--bots", "random,heuristic", "--game", "chess"], "no game called 'chess'"),
])
def test_ladder_refuses_bad_requests_plainly(capsys, args, message):
    code, _, err = grail(capsys, "ladder", *args, "--games", "1")
    assert code == 2 and message in err


def test_ladder_out_file_that_cannot_be_written(capsys, tmp_path):
    code, _, err = grail(capsys, "ladder", "--bots", "random,heuristic", "--games", "1",
                         "--out", str(tmp_path / "no" / "such" / "dir.json"))
    assert code == 2 and "cannot write" in err
