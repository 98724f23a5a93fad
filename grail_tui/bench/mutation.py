"""Mutation testing of a game's engine with mutmut: the score and the mutants that survive.

mutmut (configured under ``[tool.mutmut]`` in pyproject.toml) copies the package
into ``mutants/``, plants one small mistake at a time in the engine and runs the
engine's tests against it. A mutant the tests notice is *killed*; one they miss
*survives*. Run from a checkout: the tests and pyproject.toml are needed.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import tomllib
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

# mutmut's exit codes per mutant (mutmut/stats.py, 3.8): what the engine's tests made of it.
KILLED = frozenset({1, 3})
TIMEOUT = frozenset({36, 24, -24, 152, 255})
SURVIVED = frozenset({0})
NO_TESTS = frozenset({5, 33})
SKIPPED = frozenset({34})
DIFFS = 60  # survivors shown with their diff (mutmut show, a process each); the rest by name
PRAGMA = re.compile(r"#\s*pragma:\s*no mutate\b:?\s*(?P<reason>.*)$")


class MutationError(Exception):
    """The mutation run cannot be made here; the message says why."""


def engine_dir(root: Path, game: str) -> Path:
    return root / "grail_tui" / "games" / game / "engine"


def check_checkout(root: Path, game: str) -> None:
    """Refuse early, in words, where mutmut would fail deep inside."""
    pyproject = root / "pyproject.toml"
    if not pyproject.is_file() or not (root / "tests").is_dir():
        raise MutationError("run this from a checkout of grail-tui (it needs pyproject.toml and tests/)")
    config = tomllib.loads(pyproject.read_text("utf-8")).get("tool", {}).get("mutmut", {})
    engine = engine_dir(root, game)
    if not engine.is_dir():
        raise MutationError(f"there is no engine for a game called {game!r}")
    sample = f"grail_tui/games/{game}/engine/game.py"
    if not any(fnmatch(sample, pattern) for pattern in config.get("only_mutate", [])):
        raise MutationError(f"[tool.mutmut] only_mutate in pyproject.toml does not cover the {game} engine")
    if f"tests/{game}/engine" not in config.get("pytest_add_cli_args_test_selection", []):
        raise MutationError(f"[tool.mutmut] does not run tests/{game}/engine")


def run_mutmut(root: Path, game: str, jobs: int, only: tuple[str, ...] = ()) -> None:
    """Test the engine's mutants afresh (naming them makes mutmut rerun cached ones): every
    one, or those whose names match a pattern of ``only``."""
    log = root / "mutants" / "mutation.log"
    log.parent.mkdir(exist_ok=True)
    # hypothesis derandomized (the same examples every run), few of them and no shrinking
    # (tests/conftest.py): the pointed tests run first and should catch a mistake on their own.
    env = dict(os.environ, CI="1", GRAIL_MUTATION="1",
               GRAIL_EXAMPLES=os.environ.get("GRAIL_EXAMPLES", "5"))
    with log.open("w") as out:
        done = subprocess.run(
            [sys.executable, "-m", "mutmut", "run", "--max-children", str(jobs),
             *(only or (f"grail_tui.games.{game}.engine.*",))],
            cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT, check=False,
        )
    if done.returncode != 0:
        raise MutationError(f"mutmut failed (exit {done.returncode}); its output is in {log}")


def results(root: Path, game: str) -> dict[str, int | None]:
    """Each mutant of the engine and mutmut's exit code for it (None: not tested yet)."""
    mutated = root / "mutants" / engine_dir(root, game).relative_to(root)
    found: dict[str, int | None] = {}
    for meta in sorted(mutated.glob("*.py.meta")):
        found.update(json.loads(meta.read_text("utf-8"))["exit_code_by_key"])
    return found


def diff(root: Path, mutant: str) -> str:
    shown = subprocess.run([sys.executable, "-m", "mutmut", "show", mutant], cwd=root,
                           capture_output=True, text=True, check=False)
    return "\n".join(line for line in shown.stdout.splitlines()
                     if line.startswith(("+", "-")) and not line.startswith(("+++", "---")))


def excluded(root: Path, game: str) -> list[dict[str, str]]:
    """The code kept from mutation, each with its reason: written after the pragma
    (``# pragma: no mutate: reason``) or, for a ``start``..``end`` stretch, in the
    comment lines just above it."""
    out = []
    for path in sorted(engine_dir(root, game).glob("*.py")):
        lines = path.read_text("utf-8").splitlines()
        for number, line in enumerate(lines, start=1):
            found = PRAGMA.search(line)
            if found is None or found["reason"].strip() == "end":
                continue
            reason, code = found["reason"].strip(), line[:found.start()].strip()
            if reason == "start":
                above: list[str] = []
                for earlier in reversed(lines[:number - 1]):
                    if not earlier.lstrip().startswith("#"):
                        break
                    above.insert(0, earlier.strip().lstrip("# "))
                reason = " ".join(above)
                end = next((n for n in range(number, len(lines)) if "no mutate end" in lines[n]), number)
                code = f"lines {number + 1}-{end}"
            out.append({"where": f"{path.relative_to(root)}:{number}", "code": code, "reason": reason})
    return out


def summary(codes: dict[str, int | None]) -> dict[str, Any]:
    def count(kinds: frozenset[int]) -> int:
        return sum(1 for code in codes.values() if code in kinds)

    killed, timeout = count(KILLED), count(TIMEOUT)
    skipped = count(SKIPPED)
    untested = sum(1 for code in codes.values() if code is None)
    judged = len(codes) - skipped - untested
    return {
        "mutants": len(codes),
        "killed": killed,
        "timeout": timeout,  # a mutant that hangs the tests is caught too
        "survived": count(SURVIVED),
        "no_tests": count(NO_TESTS),
        "other": judged - killed - timeout - count(SURVIVED) - count(NO_TESTS),
        "not_run": untested,
        "score": round((killed + timeout) / judged, 4) if judged else None,
    }


def run(game: str = "hunt", jobs: int = 1, fresh: bool = True, root: Path | None = None,
        only: tuple[str, ...] = ()) -> dict[str, Any]:
    """Run (unless ``fresh`` is False: report the last run) and report the engine's mutation score.
    ``only``: rerun just the mutants matching these patterns; the others keep their last result."""
    root = (root or Path.cwd()).resolve()
    check_checkout(root, game)
    started = time.perf_counter()
    prefix = f"grail_tui.games.{game}.engine."
    if any(not pattern.startswith(prefix) for pattern in only):
        raise MutationError(f"mutant names of the {game} engine start with {prefix}")
    if fresh:
        run_mutmut(root, game, jobs, only)
    codes = results(root, game)
    if not codes:
        raise MutationError("no mutation results yet: run without --report-only first")
    report: dict[str, Any] = {"game": game, "tool": "mutmut", **summary(codes)}
    if fresh:
        report["seconds"] = round(time.perf_counter() - started, 1)
    missed = [(name, code) for name, code in sorted(codes.items())
              if code is not None and code not in KILLED | TIMEOUT | SKIPPED]
    report["surviving"] = [
        {"mutant": name, "status": "survived" if code in SURVIVED else "no tests" if code in NO_TESTS
         else f"exit {code}", "diff": diff(root, name) if index < DIFFS else None}
        for index, (name, code) in enumerate(missed)
    ]
    report["excluded"] = excluded(root, game)
    return report
