"""`grail-tui bench mutation`: its targets, and its report, read from a mutation run's results."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grail_tui.bench import mutation
from grail_tui.cli import build_parser, run

PYPROJECT = """
[tool.mutmut]
source_paths = ["grail_tui/"]

[tool.grail-tui.mutation.hunt]
mutate = ["grail_tui/games/hunt/engine/*"]
tests = ["tests/hunt/engine"]

[tool.grail-tui.mutation.table]
mutate = ["grail_tui/table/table.py"]
tests = ["tests/table"]
skip = { 'log\\.exception' = "only the server's log hears of it" }

[tool.grail-tui.mutation.broken]
mutate = ["grail_tui/nowhere/*"]
tests = ["tests/hunt/engine"]

[tool.grail-tui.mutation.untested]
mutate = ["grail_tui/table/table.py"]
tests = ["tests/nowhere"]
"""


def checkout(root: Path, codes: dict[str, int | None], table: dict[str, int | None] | None = None) -> Path:
    (root / "pyproject.toml").write_text(PYPROJECT)
    for tests in ("hunt/engine", "table"):
        (root / "tests" / tests).mkdir(parents=True)
    engine = root / "grail_tui" / "games" / "hunt" / "engine"
    engine.mkdir(parents=True)
    (engine / "rules.py").write_text(
        "x = 1\n"
        "y = x or 2  # pragma: no mutate: the same either way\n"
        "# Reason, first line;\n# second line.\n# pragma: no mutate start\nz = 3\n# pragma: no mutate end\n")
    (root / "grail_tui" / "table").mkdir(parents=True)
    (root / "grail_tui" / "table" / "table.py").write_text("x = 1\nlog.exception('oh')\n")
    (root / "grail_tui" / "table" / "seats.py").write_text("x = 1\n")
    mutated = root / "mutants" / "hunt" / "mutants" / "grail_tui" / "games" / "hunt" / "engine"
    mutated.mkdir(parents=True)
    (mutated / "rules.py.meta").write_text(json.dumps({"exit_code_by_key": codes}))
    mutated = root / "mutants" / "table" / "mutants" / "grail_tui" / "table"
    mutated.mkdir(parents=True)
    (mutated / "table.py.meta").write_text(json.dumps({"exit_code_by_key": table or {}}))
    (mutated / "seats.py.meta").write_text(json.dumps({"exit_code_by_key": {"not.this.one": 0}}))
    return root


def no_diffs(folder, target, names):
    return {name: f"diff of {name}" for name in names}


def test_the_report_counts_every_kind_of_result(tmp_path, monkeypatch):
    codes = {"m.a": 1, "m.b": 0, "m.c": 36, "m.d": 33, "m.e": 1, "m.f": 34, "m.g": None, "m.h": 3}
    checkout(tmp_path, codes)
    monkeypatch.setattr(mutation, "diffs", no_diffs)
    report = mutation.run("hunt", fresh=False, root=tmp_path)
    assert {k: report[k] for k in ("target", "mutants", "killed", "timeout", "survived", "no_tests",
                                   "other", "not_run", "score")} == {
        "target": "hunt", "mutants": 8, "killed": 3, "timeout": 1, "survived": 1, "no_tests": 1,
        "other": 0, "not_run": 1, "score": round(4 / 6, 4)}
    assert report["surviving"] == [
        {"mutant": "m.b", "status": "survived", "diff": "diff of m.b"},
        {"mutant": "m.d", "status": "no tests", "diff": "diff of m.d"}]
    assert report["excluded"] == [
        {"where": "grail_tui/games/hunt/engine/rules.py:2", "code": "y = x or 2",
         "reason": "the same either way"},
        {"where": "grail_tui/games/hunt/engine/rules.py:5", "code": "lines 6-6",
         "reason": "Reason, first line; second line."}]
    assert "seconds" not in report


def test_each_target_keeps_its_own_results_and_exclusions(tmp_path, monkeypatch):
    checkout(tmp_path, {"m.a": 1}, table={"grail_tui.table.table.x__mutmut_1": 0})
    monkeypatch.setattr(mutation, "diffs", no_diffs)
    report = mutation.run("table", fresh=False, root=tmp_path)
    assert (report["mutants"], report["survived"]) == (1, 1)  # seats.py is not the table target's
    assert report["excluded"] == [{"where": "grail_tui/table/table.py:2", "code": "log.exception('oh')",
                                   "reason": "only the server's log hears of it"}]
    assert mutation.target(tmp_path, "table").modules == ("grail_tui.table.table.",)
    assert mutation.target(tmp_path, "hunt").modules == ("grail_tui.games.hunt.engine.",)


def test_a_run_is_refused_where_it_cannot_work(tmp_path):
    with pytest.raises(mutation.MutationError, match="checkout of grail-tui"):
        mutation.run("hunt", fresh=False, root=tmp_path)
    checkout(tmp_path, {})
    with pytest.raises(mutation.MutationError, match="nothing called 'chess'.*has: broken, hunt, table"):
        mutation.run("chess", fresh=False, root=tmp_path)
    with pytest.raises(mutation.MutationError, match="mutate matches no source file"):
        mutation.run("broken", fresh=False, root=tmp_path)
    with pytest.raises(mutation.MutationError, match="tests that are not there: tests/nowhere"):
        mutation.run("untested", fresh=False, root=tmp_path)
    with pytest.raises(mutation.MutationError, match="no mutation results yet"):
        mutation.run("hunt", fresh=False, root=tmp_path)


def test_a_target_runs_in_its_own_folder_beside_the_checkout(tmp_path):
    checkout(tmp_path, {})
    folder = mutation.workdir(tmp_path, mutation.target(tmp_path, "table"))
    assert folder == tmp_path / "mutants" / "table"
    assert (folder / "pyproject.toml").read_text() == PYPROJECT
    assert (folder / "tests" / "table").is_dir() and (folder / "grail_tui" / "table" / "table.py").is_file()
    assert mutation.workdir(tmp_path, mutation.target(tmp_path, "table")) == folder  # again: no error


def test_the_command_is_part_of_bench(tmp_path, monkeypatch, capsys):
    args = build_parser().parse_args(["bench", "mutation", "--game", "hunt", "--report-only",
                                      "--min-score", "0.9"])
    assert args.report_only and args.min_score == 0.9 and args.jobs == 1 and args.target == "hunt"
    assert build_parser().parse_args(["bench", "mutation", "--target", "table"]).target == "table"
    checkout(tmp_path, {"m.a": 1, "m.b": 0})
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(mutation, "diffs", no_diffs)
    assert run(["bench", "mutation", "--report-only", "--min-score", "0.9"]) == 1
    assert json.loads(capsys.readouterr().out)["score"] == 0.5
    assert run(["bench", "mutation", "--report-only", "--min-score", "0.5"]) == 0


def test_only_names_mutants_of_the_target(tmp_path):
    checkout(tmp_path, {"m.a": 1})
    with pytest.raises(mutation.MutationError, match="start with grail_tui.games.hunt.engine."):
        mutation.run("hunt", root=tmp_path, only=("carry.*",))
    with pytest.raises(mutation.MutationError, match="start with grail_tui.table.table."):
        mutation.run("table", root=tmp_path, only=("grail_tui.table.clock.*",))
