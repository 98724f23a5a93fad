"""The headless commands play either game: `--game`, `--option`, and records that name their game."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from grail_tui.games.succession.engine import Game, GameRecord, Setup, Take


def grail(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "grail_tui", *args],
                          capture_output=True, text=True, timeout=120)


def succession_record(tmp_path: Path, finished: bool = True) -> Path:
    rng = random.Random(2)
    game = Game(Setup(seed=2, names=("Ann", "Bo")))
    while not game.is_over and (finished or len(game.actions) < 7):
        legal = game.legal_actions(game.mover)
        game.apply(legal[rng.randrange(len(legal))])
    path = tmp_path / "succession.json"
    path.write_text(GameRecord.of(game).to_json())
    return path


def test_check_reads_a_succession_record_by_the_game_it_names(tmp_path):
    out = grail("check", str(succession_record(tmp_path)))
    assert out.returncode == 0, out.stderr
    line = out.stdout.strip()
    assert ("wins" in line or "draw" in line) and "actions" in line and "turns)" in line
    out = grail("check", str(succession_record(tmp_path, finished=False)))
    assert out.returncode == 0 and "in progress after 7 actions: round 1, turn 8, waiting for" in out.stdout


def test_check_names_an_illegal_take(tmp_path):
    game = Game(Setup(seed=3, first_player=0))
    record = GameRecord.of(game)
    record.actions = [Take(0), Take(1)]
    path = tmp_path / "bad.json"
    path.write_text(record.to_json())
    out = grail("check", str(path))
    assert out.returncode == 1 and "action 1" in out.stderr and "row is empty" in out.stderr
    data = json.loads(record.to_json()) | {"game": "chess"}
    path.write_text(json.dumps(data))
    out = grail("check", str(path))
    assert out.returncode == 2 and "a game grail-tui knows ('chess')" in out.stderr
    assert "Traceback" not in out.stderr


def test_selfplay_of_succession():
    out = grail("selfplay", "--game", "succession", "--games", "20", "--seed", "3", "--json",
                "--option", "plus=1,1,1,2,2,2,3")
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["game"] == "succession" and summary["players"] == 2
    assert summary["plus"] == [1, 1, 1, 2, 2, 2, 3]
    assert sum(summary["wins"]) + summary["no_winner"] == 20 and 0 < summary["mean_turns"] <= 48


def test_settings_of_another_game_are_refused_clearly():
    cases = [
        (("selfplay", "--game", "succession", "--variant", "original"),
         "--variant is not a setting of Grail Succession; its settings are plus, minus"),
        (("selfplay", "--game", "succession", "--turn-limit", "9"), "--turn-limit is not a setting"),
        (("selfplay", "--game", "succession", "--players", "3"), "played by 2 players, not 3"),
        (("selfplay", "--game", "succession", "--option", "minus=1"), "9 minus card values"),
        (("selfplay", "--option", "plus=1,1,1,1,1,1,1"), "not a setting of The Hunt for the Grail"),
        (("selfplay", "--variant", "odd"), "'odd' is not one of standard, original"),
        (("selfplay", "--option", "turn_limit=soon"), "takes a whole number"),
        (("tournament", "--game", "succession", "--bots", "heuristic,random", "--variant", "original"),
         "--variant is not a setting of Grail Succession"),
        (("tournament", "--game", "succession", "--bots", "heuristic,random,random"),
         "played by 2 players, not 3"),
    ]
    for args, words in cases:
        out = grail(*args)
        assert out.returncode == 2, (args, out.stderr)
        assert words in out.stderr and "Traceback" not in out.stderr, (args, out.stderr)


def test_a_succession_tournament(tmp_path):
    out_file = tmp_path / "run.json"
    out = grail("tournament", "--game", "succession", "--bots", "heuristic,random", "--games", "6",
                "--seed", "4", "--json", "--out", str(out_file))
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert json.loads(out_file.read_text()) == summary
    assert summary["game"] == "succession" and summary["bots"] == ["heuristic", "random"]
    assert sum(e["wins"] for e in summary["per_entry"]) + summary["no_winner"] == 6
    assert summary["per_entry"][0]["decisions"] > 0 and summary["mean_turns"] <= 48


def test_bench_engine_reports_every_game():
    out = grail("bench", "engine", "--seconds", "0.2", "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert set(report["games"]) == {"hunt", "succession", "strings"}
    strings = report["games"]["strings"]
    assert set(strings["by_players"]) == {"4p", "6p"} and strings["target_actions_per_second"] == 20_000
    assert report["actions_per_second"] == report["games"]["hunt"]["actions_per_second"]
    succession = report["games"]["succession"]
    assert set(succession["by_players"]) == {"2p"} and succession["actions_per_second"] > 0
    assert succession["target_actions_per_second"] == 100_000
    assert succession["events"]["Took"] > 0
