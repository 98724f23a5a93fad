"""`grail-tui check`, `selfplay` and `bench engine` as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from grail_tui.games.hunt.engine import Field, GameRecord, Initiate, Pass, Proposal, Propose

from ..hunt.engine.helpers import new_game, opening


def grail(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "grail_tui", *args],
                          capture_output=True, text=True, timeout=120)


def finished_record(tmp_path: Path) -> Path:
    import random

    from grail_tui.games.hunt.bots.random_bot import play_random_game
    from grail_tui.games.hunt.engine import Setup

    game, _ = play_random_game(Setup(players=3, seed=4, turn_limit=60), random.Random(4))
    path = tmp_path / "game.json"
    path.write_text(GameRecord.of(game).to_json())
    return path


def test_check_prints_one_line_outcome(tmp_path):
    out = grail("check", str(finished_record(tmp_path)))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert len(lines) == 1
    assert "actions" in lines[0] and ("wins" in lines[0] or "No winner" in lines[0])


def test_check_names_the_illegal_action(tmp_path):
    game = new_game(3)
    opening(game, {})
    record = GameRecord.of(game)
    record.actions.append(Propose(0, Proposal(Initiate.AC, Field.AKKON)))  # not adjacent
    path = tmp_path / "bad.json"
    path.write_text(record.to_json())
    out = grail("check", str(path))
    assert out.returncode == 1
    assert "action 3" in out.stderr and "not next to it" in out.stderr
    assert "Traceback" not in out.stderr


def test_check_reads_an_unfinished_game(tmp_path):
    game = new_game(3)
    opening(game, {})
    game.apply(Propose(0, Proposal(Initiate.AC, Field.TORTOSA)))
    game.apply(Pass(1))
    path = tmp_path / "open.json"
    path.write_text(GameRecord.of(game).to_json())
    out = grail("check", str(path))
    assert out.returncode == 0 and "in progress" in out.stdout


def test_check_corrupt_truncated_and_missing_files(tmp_path):
    good = finished_record(tmp_path).read_text()
    cases = {
        "truncated.json": good[: len(good) // 2],
        "binary.json": "\x00\xff garbage",
        "other.json": json.dumps({"hello": "world"}),
        "badaction.json": good.replace('"kind": "propose"', '"kind": "teleport"', 1),
        "badsetup.json": good.replace('"players": 3', '"players": 11', 1),
    }
    for name, text in cases.items():
        path = tmp_path / name
        path.write_text(text, encoding="latin-1")
        out = grail("check", str(path))
        assert out.returncode == 2, (name, out)
        assert "Traceback" not in out.stderr and out.stderr.startswith("grail-tui: "), name
    out = grail("check", str(tmp_path / "missing.json"))
    assert out.returncode == 2 and "no such file" in out.stderr


def test_selfplay_json_summary():
    out = grail("selfplay", "--players", "4", "--games", "3", "--seed", "5", "--json")
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["games"] == 3 and len(summary["wins"]) == 4
    assert sum(summary["wins"]) + summary["no_winner"] == 3
    for key in ("mean_turns", "games_per_second"):
        assert summary[key] > 0
    again = json.loads(grail("selfplay", "--players", "4", "--games", "3", "--seed", "5", "--json").stdout)
    assert again["wins"] == summary["wins"] and again["mean_turns"] == summary["mean_turns"]


def test_selfplay_original_variant():
    out = grail("selfplay", "--variant", "original", "--games", "2", "--json")
    assert out.returncode == 0
    assert json.loads(out.stdout)["players"] == 4


def test_bad_arguments_get_a_usage_message():
    out = grail("selfplay", "--players", "12")
    assert out.returncode == 2 and "2 to 8 players" in out.stderr


def test_bench_engine_prints_json():
    out = grail("bench", "engine", "--seconds", "0.2", "--json")
    assert out.returncode == 0
    report = json.loads(out.stdout)
    assert report["actions_per_second"] > 0 and set(report["by_players"]) == {"3p", "6p"}
    for size in report["games"]["strings"]["by_players"].values():  # the steadier figure on a busy machine
        per_action = size["cpu_seconds"] / size["actions"] * 1e6
        assert 0 < size["cpu_seconds"] and abs(size["cpu_us_per_action"] - per_action) < 0.05 * per_action


def test_bench_engine_measures_one_game_when_asked():
    out = grail("bench", "engine", "--game", "strings", "--seconds", "0.2")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert set(report["games"]) == {"strings"} and set(report["by_players"]) == {"4p", "6p"}
    assert report["target_actions_per_second"] == 20_000 and report["by_players"]["4p"]["cpu_us_per_action"] > 0
    out = grail("bench", "engine", "--game", "chess", "--seconds", "0.2")
    assert out.returncode != 0 and "no game 'chess'" in out.stderr and "strings" in out.stderr
    assert "Traceback" not in out.stderr


def test_tournament_keeps_its_summary_in_a_file_after_every_game(tmp_path):
    out_file = tmp_path / "run.json"
    out = grail("tournament", "--bots", "heuristic,random,random", "--games", "6", "--seed", "2",
                "--json", "--out", str(out_file))
    assert out.returncode == 0, out.stderr
    printed = json.loads(out.stdout)
    kept = json.loads(out_file.read_text())
    assert kept == printed and kept["games"] == 6
    assert sum(e["wins"] for e in kept["per_entry"]) + kept["no_winner"] == 6


def test_tournament_partial_summary_counts_only_games_played():
    from grail_tui import tournament

    seen: list[dict] = []
    tournament.run(["heuristic", "random"], games=3, seed=1, checkpoint=seen.append)
    assert [s["games"] for s in seen] == [0, 1, 2, 3]
    assert all(s["planned"] == 3 for s in seen)


def test_tournament_says_when_its_file_cannot_be_written(tmp_path):
    out = grail("tournament", "--bots", "heuristic,random", "--games", "2",
                "--out", str(tmp_path / "missing" / "run.json"))
    assert out.returncode == 2
    assert "cannot write" in out.stderr and "Traceback" not in out.stderr


def test_bench_server_times_round_trips_apart_from_its_own_clients_delays():
    """Two small `bench server` runs: round trips are timed, the bench says how late its own
    clients' event loop woke and how busy the machine was (so a slow bench or a busy neighbour is
    never mistaken for a slow server), and the runs' median is reported beside each run."""
    import statistics

    out = grail("bench", "server", "--games", "2", "--seconds", "3", "--think", "0.1", "--repeat", "2", "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["repeat"] == 2 and len(report["runs"]) == 2
    for run in report["runs"]:
        assert run["games"] == 2 and run["connections"] == 8
        assert run["round_trip_ms"]["samples"] > 10 and run["round_trip_ms"]["p99"] > 0
        lag = run["bench_clients_loop_lag_ms"]
        assert lag["p50"] is not None and 0 <= lag["p50"] <= lag["p99"] <= lag["max"]
        machine = run["machine"]
        assert machine["cores"] >= 1 and 0 <= machine["steal_percent"] <= 100
        assert 0 < machine["server_percent_of_a_core"] and 0 < machine["bench_clients_percent_of_a_core"]
    p99s = [run["round_trip_ms"]["p99"] for run in report["runs"]]
    assert report["median_of_runs"]["round_trip_ms"]["p99"] == round(statistics.median(p99s), 2)


def test_bench_clients_collector_is_quiet_while_measuring_and_back_after():
    import gc

    from grail_tui.bench.gauges import collector_quiet

    assert gc.isenabled()
    with collector_quiet():
        assert not gc.isenabled() and gc.get_freeze_count() > 0
    assert gc.isenabled() and gc.get_freeze_count() == 0


def test_bench_bots_reports_the_strong_bot_the_oracle_and_the_gap_and_resumes_from_its_log(tmp_path):
    """`bench bots` plays the strong bot and the oracle in the same games, reports both with
    intervals, the gap, the inference figures; the same command with its log plays nothing again."""
    log = tmp_path / "bots.log"
    args = ("bench", "bots", "--games", "2", "--seed", "4", "--budget", "0.05", "--part", "strong",
            "--part", "oracle", "--log", str(log), "--json")
    out = grail(*args)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)["against_two_heuristic"]
    for key in ("strong_vs_two_heuristic", "oracle_vs_two_heuristic"):
        assert report[key]["games"] == 2 and len(report[key]["ci95"]) == 2
        assert report[key]["decisions"]["p95_ms"] is not None
        turns = report[key]["turns"]  # how long the games ran: one past turn 60 has stalled, or nearly
        assert 1 <= turns["median"] <= turns["max"] and 0 <= turns["from_turn_60"] <= 2
    assert "gap" in report["oracle_gap"]
    inference = report["inference"]
    assert set(inference["mean_error_per_rival_and_initiate"]) == {"beliefs", "sampler", "revealed"}
    assert "turns 4-7" in inference["who_leads_nearest_by_stage"]
    lines = log.read_text().splitlines()
    assert len(lines) == 4  # two games of each
    again = grail(*args)
    assert again.returncode == 0 and json.loads(again.stdout)["against_two_heuristic"] == report
    assert log.read_text().splitlines() == lines  # nothing played twice


def test_bench_bots_reads_the_beliefs_alone_and_counts_cpu_time_when_asked(tmp_path):
    """`--part infer` scores the beliefs in games of heuristic players without searching;
    `--clock cpu` counts the strong bot's budget on CPU time, and the report says which clock
    and the load the machine was under."""
    out = grail("bench", "bots", "--games", "2", "--part", "infer", "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    alone = report["inference_alone"]
    assert alone["up_to_turn"] == 30 and alone["inference"]["probes"] > 10
    assert set(alone["inference"]["who_leads_nearest_from_turn_4"]) == {"beliefs", "sampler", "revealed"}
    assert alone["update_cpu_ms"]["p95"] is not None
    assert len(report["load_average_at_start"]) == 3
    out = grail("bench", "bots", "--games", "1", "--part", "today", "--budget", "0.05", "--clock", "cpu", "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["clock"] == "cpu"
    decisions = report["against_two_heuristic"]["today_vs_two_heuristic"]["decisions"]
    assert decisions["p95_ms"] is not None and decisions["wall_p95_ms"] is not None


def test_bench_bots_refuses_a_part_it_does_not_have():
    out = grail("bench", "bots", "--part", "everything")
    assert out.returncode != 0 and "invalid choice" in out.stderr and "Traceback" not in out.stderr


def test_bench_balance_plays_each_deck_against_the_others_with_seats_alternating():
    out = grail("bench", "balance", "--game", "strings", "--decks", "old-money,low-note,masks,open-eye",
                "--games", "4", "--table-games", "1", "--seed", "3")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    matrix = report["two_players"]["matrix"]
    assert set(matrix) == {"old-money", "low-note", "masks", "open-eye"}
    for row, cells in matrix.items():
        for col, cell in cells.items():
            assert cell["games"] == 4 and cell["wins"] + matrix[col][row]["wins"] <= 4
            lo, hi = cell["ci95"]
            assert lo <= cell["share"] <= hi
    # one table of these four decks, each deck at it once
    assert report["four_players"]["tables"] == 1
    assert all(row["games"] == 1 for row in report["four_players"]["decks"].values())
    table = grail("bench", "balance", "--game", "strings", "--decks", "old-money,low-note", "--games", "2",
                  "--table-games", "0", "--markdown")
    assert table.returncode == 0 and table.stdout.startswith("| deck \\ against | old-money | low-note | mean |")
    # only the tables of four: no pairings played, none reported
    four = grail("bench", "balance", "--game", "strings", "--decks", "old-money,low-note,masks,open-eye",
                 "--games", "0", "--table-games", "2", "--markdown")
    assert four.returncode == 0, four.stderr
    assert four.stdout.startswith("| deck | share at 4 players |") and "per pairing" not in four.stdout
    assert "2 games at each of the 1 tables of four decks" in four.stdout


def test_bench_balance_refuses_what_it_cannot_compare():
    for args, said in ((("--game", "hunt"), "has no preconstructed decks"),
                       (("--decks", "old-money,nowhere"), "no deck 'nowhere'"),
                       (("--decks", "old-money"), "at least two decks"),
                       (("--bot", "wizard"), "unknown bot level 'wizard'"),
                       (("--table-games", "-1"), "at least 0"),
                       (("--games", "-1"), "at least 0"),
                       (("--games", "0", "--table-games", "0"), "nothing to play"),
                       (("--resume",), "--resume plays on from the file of --out")):
        out = grail("bench", "balance", *(() if "--games" in args else ("--games", "1")), *args)
        assert out.returncode != 0 and said in out.stderr and "Traceback" not in out.stderr, (args, out.stderr)


def test_bench_tui_for_a_game_times_its_own_keys_and_says_how_it_measured():
    """`bench tui --game strings` (small): the game's cursor and pane keys timed and weighed,
    the table's changes (its attack window apart), and the command and load to rerun it by."""
    out = grail("bench", "tui", "--game", "strings", "--players", "6", "--samples", "4", "--bot", "random",
                "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["game"] == "strings" and report["players"] == 6
    assert report["command"] == "grail-tui bench tui --game strings --players 6 --samples 4 --bot random"
    assert len(report["load_before"]) == len(report["load_after"]) == 3 and report["what"]
    for part in ("cursor", "panes"):
        assert report[part]["key_to_repaint_ms"]["samples"] == 4 and report[part]["ignored"] == 0
        assert report[part]["bytes_per_key"]["median"] > 0
    assert report["table_change_bytes"]["samples"] > 0 and "attack_window_bytes" in report


def test_bench_tui_with_a_bot_level_the_game_lacks_says_so():
    out = grail("bench", "tui", "--game", "strings", "--samples", "2", "--bot", "genius")
    assert out.returncode == 2 and "Traceback" not in out.stderr + out.stdout
    assert "has no bot level 'genius' (it has random, heuristic, strong)" in out.stdout


def test_bench_tui_for_a_game_without_bench_keys_says_so():
    out = grail("bench", "tui", "--game", "nosuchgame", "--samples", "2")
    assert out.returncode == 2 and "Traceback" not in out.stderr + out.stdout
    assert "grail-tui bench tui:" in out.stdout


def test_selfplay_and_a_tournament_keep_records_that_check_replays(tmp_path):
    """--records DIR keeps each headless game's record, named by its game and seed; `check`
    replays each to the same winners the summary counted."""
    out = grail("selfplay", "--game", "strings", "--players", "2", "--games", "2", "--seed", "20",
                "--records", str(tmp_path / "self"), "--json")
    assert out.returncode == 0, out.stderr
    wins = json.loads(out.stdout)["wins"]
    kept = sorted(p.name for p in (tmp_path / "self").iterdir())
    assert kept == ["strings-20.json", "strings-21.json"]
    said = [grail("check", str(tmp_path / "self" / name)) for name in kept]
    assert all(done.returncode == 0 for done in said), [done.stderr for done in said]
    assert [sum(f"Player {seat + 1} wins" in done.stdout for done in said) for seat in range(2)] == wins
    out = grail("tournament", "--game", "succession", "--bots", "random,random", "--games", "2", "--seed", "3",
                "--records", str(tmp_path / "tour"), "--json")
    assert out.returncode == 0, out.stderr
    kept = sorted(p.name for p in (tmp_path / "tour").iterdir())
    assert kept == ["succession-3.json", "succession-4.json"]
    for name in kept:
        done = grail("check", str(tmp_path / "tour" / name))
        assert done.returncode == 0 and "actions" in done.stdout, done.stderr
    (tmp_path / "a-file").write_text("")
    out = grail("selfplay", "--games", "1", "--records", str(tmp_path / "a-file"))
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.startswith(f"grail-tui: cannot keep records in {tmp_path / 'a-file'}: ")
