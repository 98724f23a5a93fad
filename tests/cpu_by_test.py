"""Where the suite's CPU goes: a pytest plugin, and its report (docs/testing.md, "How the suite
stays fast").

    CPU_BY_TEST=/tmp/cpu pytest -p tests.cpu_by_test          # one file per worker
    python -m tests.cpu_by_test /tmp/cpu [depth]               # the report

Each test's CPU is its worker's own (every thread) and that of the processes it started and
waited for (servers, apps, commands, and what they waited for in turn), set-up and teardown
included; wall time says more about the neighbours on a shared machine. Each worker also notes
what it spent before its first test (imports, collecting the suite).
"""

from __future__ import annotations

import collections
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import pytest

_out: Any = None


def _cpu() -> tuple[float, float]:
    times = os.times()
    return time.process_time(), times.children_user + times.children_system


def _note(**fields: Any) -> None:
    if _out is not None:
        _out.write(json.dumps(fields) + "\n")


def pytest_configure(config: pytest.Config) -> None:
    global _out
    folder = os.environ.get("CPU_BY_TEST")
    if folder:
        worker = getattr(config, "workerinput", {}).get("workerid", "main")
        _out = open(Path(folder) / f"{worker}.jsonl", "a")  # noqa: SIM115 (open for the whole run)


def pytest_collection_finish(session: pytest.Session) -> None:
    own, _ = _cpu()
    _note(ev="collected", self=own, tests=len(session.items))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None):
    own, children = _cpu()
    began = time.time()
    yield
    own_after, children_after = _cpu()
    _note(ev="test", id=item.nodeid, self=own_after - own, kids=children_after - children,
          wall=time.time() - began)


def pytest_unconfigure(config: pytest.Config) -> None:
    own, children = _cpu()
    _note(ev="end", self=own, kids=children)
    if _out is not None:
        _out.close()


def report(folder: Path, depth: int = 3, top: int = 30) -> None:
    tests: list[dict[str, Any]] = []
    for path in sorted(folder.glob("*.jsonl")):
        notes = [json.loads(line) for line in path.read_text().splitlines()]
        tests += [note for note in notes if note["ev"] == "test"]
        before = next((note["self"] for note in notes if note["ev"] == "collected"), None)
        if before is not None:
            print(f"{path.stem}: {before:.1f} CPU-s before its first test")
    total = sum(test["self"] + test["kids"] for test in tests)
    print(f"{len(tests)} tests, {total:.1f} CPU-s (own {sum(t['self'] for t in tests):.1f},"
          f" processes started {sum(t['kids'] for t in tests):.1f})\n")
    groups: dict[str, list[float]] = collections.defaultdict(lambda: [0, 0.0, 0.0])
    for test in tests:
        parts = test["id"].split("::")[0].split("/")
        group = groups["/".join(parts[:depth])]
        group[0] += 1
        group[1] += test["self"]
        group[2] += test["kids"]
    for name, (count, own, children) in sorted(groups.items(), key=lambda g: -(g[1][1] + g[1][2]))[:top]:
        print(f"{own + children:7.1f} CPU-s {count:5} tests  {name}  (own {own:.1f}, started {children:.1f})")
    print()
    for test in sorted(tests, key=lambda t: -(t["self"] + t["kids"]))[:top]:
        print(f"{test['self'] + test['kids']:6.2f} CPU-s  {test['id']}")


if __name__ == "__main__":
    report(Path(sys.argv[1]), *(int(arg) for arg in sys.argv[2:3]))
