import compileall
import gc
import os
import sys
from pathlib import Path

import pytest
from _pytest import unraisableexception
from _pytest.assertion import rewrite


# -- pytest rewrites the asserts of the tests, not of the libraries its plugins come in -------------
# Pytest marks every module of a distribution that brings a pytest plugin for assert rewriting:
# all of hypothesis, syrupy, pytest-benchmark, xdist, platformdirs. Where bytecode is not written
# it parses, rewrites and compiles each of them again in every process (121 modules, 0.7 of the
# 2.8 CPU-s a process takes to collect the suite). Their asserts check their own workings, not
# ours, and fail as asserts either way: only the tests and their helpers are rewritten. Done as
# this file is read, before hypothesis is imported below; tests/test_suite.py keeps it so.
def _rewrite_only_the_tests() -> None:
    hook = next((finder for finder in sys.meta_path if isinstance(finder, rewrite.AssertionRewritingHook)),
                None)
    if hook is not None:
        hook._must_rewrite.intersection_update({"tests", "grail_tui"})
        hook._marked_for_rewrite_cache.clear()


_rewrite_only_the_tests()

from hypothesis import Phase, settings  # noqa: E402 (after the rewriting is limited)


# -- the package and the tests compiled once, before any worker or process starts -----------------
# Hundreds of processes start from this checkout (servers, SSH doors, apps, commands), and each
# pytest worker imports it too. Where bytecode is not written (PYTHONDONTWRITEBYTECODE, as on the
# machines that run the suite) every one of them compiled each module it imports from source:
# about a fifth of a process's start. Compiled here once, they read it (reading is allowed).
# The same holds for the tests themselves: each worker collects every test module, and pytest
# rewrote each one's asserts and compiled it again in every worker (5.5 of a worker's 8.7 CPU-s
# before its first test). Pytest reads a rewritten module it finds cached even where it may not
# write one (`exec_module` in _pytest/assertion/rewrite.py), so it is written here, once.
def pytest_configure(config: pytest.Config) -> None:
    root = Path(__file__).resolve().parent.parent
    if not sys.dont_write_bytecode or hasattr(config, "workerinput"):
        return
    if (root / "grail_tui").is_dir():
        compileall.compile_dir(root / "grail_tui", quiet=2)
    _rewrite_once(config, Path(__file__).resolve().parent)


def _rewrite_once(config: pytest.Config, tests: Path) -> None:
    """Every module under ``tests``: the test modules and conftests rewritten as pytest rewrites
    them, the helpers compiled as Python does. Private to pytest (pinned in pyproject.toml):
    tests/test_suite.py fails if a new pytest no longer reads what is written here."""
    from _pytest.pathlib import fnmatch_ex

    state = config.stash[rewrite.assertstate_key]
    patterns = config.getini("python_files")
    for module in tests.rglob("*.py"):
        pyc = rewrite.get_cache_dir(module) / (module.name[:-3] + rewrite.PYC_TAIL)
        if module.name == "conftest.py" or any(fnmatch_ex(pattern, module) for pattern in patterns):
            if rewrite._read_pyc(module, pyc) is None:
                pyc.parent.mkdir(exist_ok=True)
                source, code = rewrite._rewrite_test(module, config)
                rewrite._write_pyc(state, code, source, pyc)
        else:
            compileall.compile_file(module, quiet=2)


# -- the collector set for a test process -----------------------------------------------------------
# A worker keeps everything it has collected (2,170 tests, their modules, Textual, hypothesis) and
# each app a test runs leaves cycles behind it. With Python's thresholds (700, 10, 10) a full
# collection walked all of that every ten or so tests: tests/tui and tests/succession in one
# process spent 16 of their 73 CPU-s in 42 full collections. With young collections every 10,000
# objects and a full one considered after 400 young ones, the same tests take 47 CPU-s (one full
# collection, 25 MB more at the end). Only the test processes are set so: every process a test
# starts (a server, an app, a command) keeps the collector its own code sets.
COLLECTOR = (10_000, 20, 20)
gc.set_threshold(*COLLECTOR)


# At its end each test process collects garbage five times over (pytest's check for exceptions
# raised where nothing can catch them, in a finalizer): five walks of a heap that holds the whole
# suite, 0.25 to 0.35 CPU-s each, in every worker at once, at the very end of the run. A
# collection that finds nothing frees nothing and runs no finalizer, so the next one would find
# nothing either: stop there. The same objects are collected and checked as with five.
def _collect_until_nothing_more(iterations: int) -> None:
    for _ in range(iterations):
        if gc.collect() == 0:
            return


unraisableexception.gc_collect_harder = _collect_until_nothing_more


# -- every test's own places: no test reaches a server, a save or a setting of this machine ------
# A system server (/run/grail-tui) or the tester's own server running here would otherwise be
# found by every app and command a test starts without --local; saves, records, crash reports and
# a server's default database would land in the tester's home. Set before any test runs (the
# processes tests start inherit them); a test that needs its own places sets them over these.
@pytest.fixture(autouse=True, scope="session")
def _places_of_the_test_run(tmp_path_factory: pytest.TempPathFactory):
    home = tmp_path_factory.mktemp("home")
    places = {"HOME": home, "XDG_RUNTIME_DIR": home / "run", "XDG_DATA_HOME": home / ".local" / "share",
              "XDG_STATE_HOME": home / ".local" / "state", "XDG_CONFIG_HOME": home / ".config",
              "XDG_CACHE_HOME": home / ".cache", "GRAIL_TUI_DATA": home / "grail-tui",
              "GRAIL_TUI_SYSTEM_SOCKET": home / "system" / "server.sock"}
    (home / "run").mkdir(mode=0o700)
    patch = pytest.MonkeyPatch()
    for name, place in places.items():
        patch.setenv(name, str(place))
    for name in ("GRAIL_TUI_SOCKET", "GRAIL_TUI_SERVER_FD", "GRAIL_TUI_SERVER_DB"):
        patch.delenv(name, raising=False)
    yield
    patch.undo()


# -- the longest tests start first ------------------------------------------------------------------
# Workers take tests in collection order as they come free: a scene over real SSH sessions, or
# mypy on the whole package, taken last would leave one worker running alone while the others
# have finished. These start first (measured: docs/testing.md, "How the suite stays fast"); the
# order within each kind stays as collected (an engine's pointed tests before its properties).
# The engines' conftests put every property test last (quick tests first fail fast under -x): the
# hunt's longest (5 to 7 s each) were the suite's last tests, each with a worker to itself.
FIRST = ("tests/net/ssh_app/test_secrecy.py::test_strings_twins",  # two SSH games key by key, settled
         # between every key: minutes of wall time (little CPU), so it starts before anything else
         "tests/net/ssh_app/", "tests/test_lint.py", "tests/plain/test_plain_ssh.py",
         "tests/strings/tui/test_play.py", "tests/net/hostile/", "tests/net/test_strings_standing.py",
         "tests/cli/test_headless_commands.py", "tests/strings/engine/test_properties.py",
         "tests/net/ssh/", "tests/tui/test_lesson.py", "tests/hunt/engine/test_codec.py",
         "tests/hunt/engine/test_properties.py", "tests/hunt/bots/test_beliefs.py")


def _start(item: pytest.Item) -> int:
    return next((rank for rank, place in enumerate(FIRST) if item.nodeid.startswith(place)), len(FIRST))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The kinds in FIRST dealt out in turn (one of each, then the next of each), then the rest:
    four SSH scenes at once, each with its server, zygote and apps, starved one another. Only
    where workers share the tests out: in one process (-n 0, a mutation run) the order is the
    collected one, quick tests first."""
    if not hasattr(config, "workerinput"):
        return
    taken: dict[int, int] = {}
    turns: dict[str, tuple[int, int, int]] = {}
    for item in items:
        kind = _start(item)
        turns[item.nodeid] = (1, 0, 0) if kind == len(FIRST) else (0, taken.get(kind, 0), kind)
        taken[kind] = taken.get(kind, 0) + 1
    items.sort(key=lambda item: turns[item.nodeid])  # stable; the same in every worker (xdist checks)


# CI explores the same examples every run; locally, new ones each time.
settings.register_profile("ci", derandomize=True, print_blob=True)
# Mutation runs (docs/testing.md) only ask whether a test fails: no time spent shrinking.
settings.register_profile("mutation", derandomize=True, database=None,
                          phases=[Phase.explicit, Phase.generate])
if os.environ.get("GRAIL_MUTATION"):
    settings.load_profile("mutation")
elif os.environ.get("CI"):
    settings.load_profile("ci")
