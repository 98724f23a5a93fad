"""`grail-tui bench mutation`: its report, read from a mutation run's results."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grail_tui.bench import mutation
from grail_tui.cli import build_parser, run

PYPROJECT = """
[tool.mutmut]
only_mutate = ["grail_tui/games/hunt/engine/*"]
pytest_add_cli_args_test_selection = ["tests/hunt/engine"]
"""


def checkout(root: Path, codes: dict[str, int | None]) -> Path:
    (root / "pyproject.toml").write_text(PYPROJECT)
    (root / "tests" / "hunt" / "engine").mkdir(parents=True)
    engine = root / "grail_tui" / "games" / "hunt" / "engine"
    engine.mkdir(parents=True)
    (engine / "rules.py").write_text(
        "x = 1\n"
        "y = x or 2  # pragma: no mutate: the same either way\n"
        "# Reason, first line;\n# second line.\n# pragma: no mutate start\nz = 3\n# pragma: no mutate end\n")
    mutated = root / "mutants" / "grail_tui" / "games" / "hunt" / "engine"
    mutated.mkdir(parents=True)
    (mutated / "rules.py.meta").write_text(json.dumps({"exit_code_by_key": codes}))
    return root


def test_the_report_counts_every_kind_of_result(tmp_path, monkeypatch):
    codes = {"m.a": 1, "m.b": 0, "m.c": 36, "m.d": 33, "m.e": 1, "m.f": 34, "m.g": None, "m.h": 3}
    checkout(tmp_path, codes)
    monkeypatch.setattr(mutation, "diff", lambda root, name: f"diff of {name}")
    report = mutation.run("hunt", fresh=False, root=tmp_path)
    assert {k: report[k] for k in ("mutants", "killed", "timeout", "survived", "no_tests", "other",
                                   "not_run", "score")} == {
        "mutants": 8, "killed": 3, "timeout": 1, "survived": 1, "no_tests": 1, "other": 0,
        "not_run": 1, "score": round(4 / 6, 4)}
    assert report["surviving"] == [
        {"mutant": "m.b", "status": "survived", "diff": "diff of m.b"},
        {"mutant": "m.d", "status": "no tests", "diff": "diff of m.d"}]
    assert report["excluded"] == [
        {"where": "grail_tui/games/hunt/engine/rules.py:2", "code": "y = x or 2",
         "reason": "the same either way"},
        {"where": "grail_tui/games/hunt/engine/rules.py:5", "code": "lines 6-6",
         "reason": "Reason, first line; second line."}]
    assert "seconds" not in report


def test_a_run_is_refused_where_it_cannot_work(tmp_path):
    with pytest.raises(mutation.MutationError, match="checkout of grail-tui"):
        mutation.run("hunt", fresh=False, root=tmp_path)
    checkout(tmp_path, {})
    with pytest.raises(mutation.MutationError, match="no engine for a game called 'chess'"):
        mutation.run("chess", fresh=False, root=tmp_path)
    with pytest.raises(mutation.MutationError, match="no mutation results yet"):
        mutation.run("hunt", fresh=False, root=tmp_path)


def test_the_command_is_part_of_bench(tmp_path, monkeypatch, capsys):
    args = build_parser().parse_args(["bench", "mutation", "--game", "hunt", "--report-only",
                                      "--min-score", "0.9"])
    assert args.report_only and args.min_score == 0.9 and args.jobs == 1
    checkout(tmp_path, {"m.a": 1, "m.b": 0})
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(mutation, "diff", lambda root, name: "")
    assert run(["bench", "mutation", "--report-only", "--min-score", "0.9"]) == 1
    assert json.loads(capsys.readouterr().out)["score"] == 0.5
    assert run(["bench", "mutation", "--report-only", "--min-score", "0.5"]) == 0


def test_only_names_mutants_of_the_engine(tmp_path):
    checkout(tmp_path, {"m.a": 1})
    with pytest.raises(mutation.MutationError, match="start with grail_tui.games.hunt.engine."):
        mutation.run("hunt", root=tmp_path, only=("carry.*",))


def test_only_the_first_survivors_come_with_a_diff(tmp_path, monkeypatch):
    checkout(tmp_path, {f"m.{n:03}": 0 for n in range(mutation.DIFFS + 2)})
    monkeypatch.setattr(mutation, "diff", lambda root, name: "d")
    surviving = mutation.run("hunt", fresh=False, root=tmp_path)["surviving"]
    assert [s["diff"] for s in surviving] == ["d"] * mutation.DIFFS + [None, None]
