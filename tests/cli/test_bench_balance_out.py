"""`bench balance --out FILE [--resume]`: each game is written as it ends, a stopped run keeps its
games, and the figures come from the file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from grail_tui.bench import balance

DECKS = ["old-money", "low-note", "masks"]


def _matrix(summary: dict[str, Any]) -> dict[str, Any]:
    return summary["two_players"]["matrix"]


def test_a_stopped_run_resumes_from_its_file_and_plays_only_the_games_it_lacks(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    whole = balance.run("strings", games=2, table_games=0, decks=DECKS, out=tmp_path / "whole.jsonl")
    lines = (tmp_path / "whole.jsonl").read_text().splitlines()
    assert len(lines) == 6 and whole["games_from_file"] == 0  # 3 pairings x 2 games, one line each
    games = [json.loads(line) for line in lines]
    # round by round: each pairing's first game before any pairing's second
    assert [g["seed"] % 100_000 for g in games] == [0, 0, 0, 1, 1, 1]
    for game in games:
        assert game["content"].startswith("ps1 ") and game["bot"] == "heuristic"
        assert sum(game["share"]) in (0.0, 1.0) and game["turns"] > 0 and "wins" in game["text"]
        assert [game["share"][s] for s in game["winners"]] == [1.0 / len(game["winners"])] * len(game["winners"])
    # A run stopped after four games, in the middle of writing the fifth
    stopped = tmp_path / "stopped.jsonl"
    stopped.write_text("\n".join(lines[:4]) + "\n" + lines[4][:30])
    played: list[int] = []
    real = balance.play_one_game

    def counting(*args: Any) -> dict[str, Any]:
        played.append(args[2])
        return real(*args)

    monkeypatch.setattr(balance, "play_one_game", counting)
    with pytest.raises(ValueError, match="exists: --resume"):
        balance.run("strings", games=2, table_games=0, decks=DECKS, out=stopped)
    resumed = balance.run("strings", games=2, table_games=0, decks=DECKS, out=stopped, resume=True)
    assert sorted(played) == sorted(g["seed"] for g in games[4:])  # only the two it lacked
    assert resumed["games_from_file"] == 4 and _matrix(resumed) == _matrix(whole)
    after = stopped.read_text().splitlines()  # the cut line gone, the two games added whole
    assert after[:4] == lines[:4] and len(after) == 6 and all(json.loads(line)["turns"] > 0 for line in after)
    # Finished: resuming again plays nothing and gives the same figures
    played.clear()
    again = balance.run("strings", games=2, table_games=0, decks=DECKS, out=stopped, resume=True)
    assert played == [] and _matrix(again) == _matrix(whole)


def test_resume_refuses_a_file_of_games_played_with_other_cards_or_bots(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    balance.run("strings", games=1, table_games=0, decks=DECKS[:2], out=path)
    row = json.loads(path.read_text())
    for key, value, said in (("content", "ps1 0.9.0 0123456789abcdef", "another card set"),
                             ("bot", "random", "another bot level")):
        path.write_text(json.dumps({**row, key: value}) + "\n")
        with pytest.raises(ValueError, match=said):
            balance.run("strings", games=1, table_games=0, decks=DECKS[:2], out=path, resume=True)
    path.write_text("not json\n")
    with pytest.raises(ValueError, match="not a game written by bench balance --out"):
        balance.run("strings", games=1, table_games=0, decks=DECKS[:2], out=path, resume=True)


def test_involving_plays_only_one_decks_pairings_with_the_seeds_of_the_whole_plan(tmp_path: Path) -> None:
    balance.run("strings", games=1, table_games=0, decks=DECKS, out=tmp_path / "whole.jsonl")
    whole = {(tuple(g["decks"]), g["seed"]): g for g in map(json.loads, (tmp_path / "whole.jsonl").open())}
    part = balance.run("strings", games=1, table_games=0, decks=DECKS, involving=["masks"],
                       out=tmp_path / "masks.jsonl")
    games = [json.loads(line) for line in (tmp_path / "masks.jsonl").open()]
    assert sorted(tuple(sorted(g["decks"])) for g in games) == [("low-note", "masks"), ("masks", "old-money")]
    for game in games:  # the very games the whole matrix played
        assert game == whole[(tuple(game["decks"]), game["seed"])]
    assert set(_matrix(part)["old-money"]) == {"masks"} and "| old-money | - | - | " in balance.markdown(part)
    with pytest.raises(ValueError, match="deck 'open-eye' is not among the decks compared"):
        balance.run("strings", games=1, table_games=0, decks=DECKS, involving=["open-eye"])
