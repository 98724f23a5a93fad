"""Mutation testing with mutmut: the score and the mutants that survive, per target.

A *target* is a part of the code and the tests that judge it: a game's engine with the
engine's own tests, or the table's ordering of answers with the table's tests. Each is
configured under ``[tool.grail-tui.mutation.<target>]`` in pyproject.toml; the settings
all targets share are mutmut's own, under ``[tool.mutmut]``. mutmut copies the package
into ``mutants/``, plants one small mistake at a time and runs the tests against it. A
mutant the tests notice is *killed*; one they miss *survives*. Run from a checkout: the
tests and pyproject.toml are needed.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

# mutmut's exit codes per mutant (mutmut/stats.py, 3.8): what the tests made of it.
KILLED = frozenset({1, 3})
TIMEOUT = frozenset({36, 24, -24, 152, 255})
SURVIVED = frozenset({0})
NO_TESTS = frozenset({5, 33})
SKIPPED = frozenset({34})
PRAGMA = re.compile(r"#\s*pragma:\s*no mutate\b:?\s*(?P<reason>.*)$")
# Each target runs in its own folder, so that targets keep their results apart: mutmut
# keeps everything in ./mutants of the folder it runs in, and reads ./pyproject.toml.
LINKED = ("grail_tui", "tests", "pyproject.toml")

# mutmut reads its settings from pyproject.toml and has no switch for picking a target,
# so this launcher (run in a fresh interpreter: nothing of grail_tui may be imported
# before mutmut puts its mutated copy first on the path) sets the target's files, tests
# and skipped lines on mutmut's configuration, then runs mutmut's command line.
LAUNCH = """
import json, sys
from mutmut import configuration
target = json.loads(sys.argv[1])
cfg = configuration.config()
cfg.only_mutate = target["mutate"]
cfg.pytest_add_cli_args_test_selection = target["tests"]
cfg.do_not_mutate_patterns = target["skip"]
if sys.argv[2] == "diffs":
    from mutmut.mutation.diff_apply import get_diff_for_mutant
    print(json.dumps({name: get_diff_for_mutant(name) for name in sys.argv[3:]}))
else:
    sys.argv = ["mutmut", *sys.argv[2:]]
    from mutmut.__main__ import cli
    cli()
"""


class MutationError(Exception):
    """The mutation run cannot be made here; the message says why."""


@dataclass(frozen=True)
class Target:
    """What one mutation run mutates (source globs) and which tests judge it."""

    name: str
    mutate: tuple[str, ...]
    tests: tuple[str, ...]
    skip: dict[str, str]  # a pattern of source lines kept from mutation -> why

    @property
    def modules(self) -> tuple[str, ...]:
        """The dotted prefixes that every mutant's name of this target starts with."""
        return tuple(re.sub(r"(\.py)?\*?$", "", pattern).rstrip("/").replace("/", ".") + "."
                     for pattern in self.mutate)

    def covers(self, path: str) -> bool:
        return any(fnmatch(path, pattern) for pattern in self.mutate)

    def launch_data(self) -> str:
        return json.dumps({"mutate": list(self.mutate), "tests": list(self.tests),
                           "skip": list(self.skip)})


def targets(root: Path) -> dict[str, Target]:
    """Every target configured in the checkout at ``root``."""
    pyproject = root / "pyproject.toml"
    if not pyproject.is_file() or not (root / "tests").is_dir():
        raise MutationError("run this from a checkout of grail-tui (it needs pyproject.toml and tests/)")
    tool = tomllib.loads(pyproject.read_text("utf-8")).get("tool", {})
    found = {}
    for name, raw in tool.get("grail-tui", {}).get("mutation", {}).items():
        found[name] = Target(name, tuple(raw.get("mutate", ())), tuple(raw.get("tests", ())),
                             dict(raw.get("skip", {})))
    return found


def target(root: Path, name: str) -> Target:
    """The target called ``name``, checked: refuse early, in words, where mutmut would fail deep inside."""
    known = targets(root)
    if name not in known:
        names = ", ".join(sorted(known)) or "none"
        raise MutationError(f"nothing called {name!r} is set up for mutation testing "
                            f"([tool.grail-tui.mutation] in pyproject.toml has: {names})")
    chosen = known[name]
    if not chosen.mutate or not any(chosen.covers(str(p.relative_to(root)))
                                    for p in sorted((root / "grail_tui").rglob("*.py"))):
        raise MutationError(f"[tool.grail-tui.mutation.{name}] mutate matches no source file")
    missing = [t for t in chosen.tests if not t.startswith("-") and not (root / t.split("::")[0]).exists()]
    if not chosen.tests or missing:
        raise MutationError(f"[tool.grail-tui.mutation.{name}] names no tests, or tests that are not there: "
                            f"{', '.join(missing)}")
    return chosen


def workdir(root: Path, chosen: Target) -> Path:
    """The folder the target's mutmut runs in, under the (git-ignored) ``mutants/``."""
    folder = root / "mutants" / chosen.name
    folder.mkdir(parents=True, exist_ok=True)
    for name in LINKED:
        link = folder / name
        if not link.is_symlink():
            link.symlink_to(Path("..", "..", name))
    return folder


def mutmut(folder: Path, chosen: Target, *args: str, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", LAUNCH, chosen.launch_data(), *args], cwd=folder,
                          text=True, check=False, **kwargs)


def run_mutmut(folder: Path, chosen: Target, jobs: int, only: tuple[str, ...] = ()) -> None:
    """Test the target's mutants afresh (naming them makes mutmut rerun cached ones): every
    one, or those whose names match a pattern of ``only``."""
    log = folder / "mutation.log"
    # hypothesis derandomized (the same examples every run), few of them and no shrinking
    # (tests/conftest.py): the pointed tests run first and should catch a mistake on their own.
    env = dict(os.environ, CI="1", GRAIL_MUTATION="1",
               GRAIL_EXAMPLES=os.environ.get("GRAIL_EXAMPLES", "5"))
    with log.open("w") as out:
        done = mutmut(folder, chosen, "run", "--max-children", str(jobs),
                      *(only or tuple(prefix + "*" for prefix in chosen.modules)),
                      env=env, stdout=out, stderr=subprocess.STDOUT)
    if done.returncode != 0:
        raise MutationError(f"mutmut failed (exit {done.returncode}); its output is in {log}")


def results(folder: Path, chosen: Target) -> dict[str, int | None]:
    """Each mutant of the target and mutmut's exit code for it (None: not tested yet)."""
    found: dict[str, int | None] = {}
    mutated = folder / "mutants"
    for meta in sorted(mutated.glob("grail_tui/**/*.py.meta")):
        if chosen.covers(str(meta.relative_to(mutated))[:-len(".meta")]):
            found.update(json.loads(meta.read_text("utf-8"))["exit_code_by_key"])
    return found


def diffs(folder: Path, chosen: Target, names: list[str]) -> dict[str, str]:
    """Each mutant's change, as the lines taken out (-) and put in (+)."""
    if not names:
        return {}
    shown = mutmut(folder, chosen, "diffs", *names, capture_output=True)
    try:
        full = json.loads(shown.stdout)
    except json.JSONDecodeError:
        return {}
    return {name: "\n".join(line for line in text.splitlines()
                            if line.startswith(("+", "-")) and not line.startswith(("+++", "---")))
            for name, text in full.items()}


def excluded(root: Path, chosen: Target) -> list[dict[str, str]]:
    """The code kept from mutation, each with its reason: written after the pragma
    (``# pragma: no mutate: reason``) or, for a ``start``..``end`` stretch, in the
    comment lines just above it; and the lines matching a ``skip`` pattern of the target."""
    out = []
    skip = [(re.compile(pattern), reason) for pattern, reason in chosen.skip.items()]
    for path in sorted((root / "grail_tui").rglob("*.py")):
        where = str(path.relative_to(root))
        if not chosen.covers(where):
            continue
        lines = path.read_text("utf-8").splitlines()
        for number, line in enumerate(lines, start=1):
            skipped = next((reason for pattern, reason in skip if pattern.search(line)), None)
            if skipped is not None:
                out.append({"where": f"{where}:{number}", "code": line.strip(), "reason": skipped})
                continue
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
            out.append({"where": f"{where}:{number}", "code": code, "reason": reason})
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


def run(name: str = "hunt", jobs: int = 1, fresh: bool = True, root: Path | None = None,
        only: tuple[str, ...] = ()) -> dict[str, Any]:
    """Run (unless ``fresh`` is False: report the last run) and report the target's mutation score.
    ``only``: rerun just the mutants matching these patterns; the others keep their last result."""
    root = (root or Path.cwd()).resolve()
    chosen = target(root, name)
    started = time.perf_counter()
    if any(not pattern.startswith(chosen.modules) for pattern in only):
        raise MutationError(f"mutant names of {name} start with {' or '.join(chosen.modules)}")
    folder = workdir(root, chosen)
    if fresh:
        run_mutmut(folder, chosen, jobs, only)
    codes = results(folder, chosen)
    if not codes:
        raise MutationError("no mutation results yet: run without --report-only first")
    report: dict[str, Any] = {"target": name, "tool": "mutmut", **summary(codes)}
    if fresh:
        report["seconds"] = round(time.perf_counter() - started, 1)
    missed = [(mutant, code) for mutant, code in sorted(codes.items())
              if code is not None and code not in KILLED | TIMEOUT | SKIPPED]
    shown = diffs(folder, chosen, [mutant for mutant, _ in missed])
    report["surviving"] = [
        {"mutant": mutant, "status": "survived" if code in SURVIVED else "no tests" if code in NO_TESTS
         else f"exit {code}", "diff": shown.get(mutant)}
        for mutant, code in missed
    ]
    report["excluded"] = excluded(root, chosen)
    return report
