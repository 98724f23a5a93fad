"""The suite's own machinery (tests/conftest.py): what keeps it fast must keep working."""

import gc
import importlib.util
import sys

import pytest
from _pytest.assertion import rewrite

from .conftest import COLLECTOR, _rewrite_once


def test_a_test_module_rewritten_once_is_read_by_pytest_as_rewritten_without_rewriting_it_again(
        tmp_path, request, monkeypatch):
    """Each worker would otherwise rewrite and compile every test module again (where bytecode is
    not written): pytest must find what the controller wrote, and its asserts must still explain."""
    hook = next((finder for finder in sys.meta_path if isinstance(finder, rewrite.AssertionRewritingHook)),
                None)
    if hook is None:
        pytest.skip("asserts are not rewritten in this run (--assert=plain)")
    (tmp_path / "test_cached_sample.py").write_text("def test_it():\n    assert [1, 2] == [1, 3]\n")
    (tmp_path / "sample_helper.py").write_text("ANSWER = 42\n")

    _rewrite_once(request.config, tmp_path)

    def rewritten_again(*args, **kwargs):
        raise AssertionError("pytest rewrote the module again instead of reading it")

    monkeypatch.setattr(rewrite, "_rewrite_test", rewritten_again)
    monkeypatch.delitem(sys.modules, "test_cached_sample", raising=False)
    spec = hook.find_spec("test_cached_sample", [str(tmp_path)])
    assert spec is not None and spec.loader is hook
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with pytest.raises(AssertionError) as failed:
        module.test_it()
    assert "At index 1 diff: 2 != 3" in str(failed.value)
    # a helper is compiled as Python compiles it, where Python looks for it
    assert importlib.util.cache_from_source(str(tmp_path / "sample_helper.py")) in {
        str(path) for path in (tmp_path / "__pycache__").iterdir()}


def test_a_test_process_collects_garbage_seldom_enough_not_to_walk_the_whole_suite_every_few_tests():
    """Python's own thresholds ran a full collection every ten or so tests (a fifth of a worker's
    CPU): the tests run with the suite's, in the controller and in every worker."""
    assert gc.get_threshold() == COLLECTOR
    assert COLLECTOR[0] >= 10_000 and COLLECTOR[0] * COLLECTOR[1] * COLLECTOR[2] >= 4_000_000


def test_the_libraries_plugins_come_in_are_not_rewritten_in_a_test_process():
    """Pytest would rewrite every module of hypothesis (and of every library a plugin comes in)
    in every process, again and again where bytecode is not written: only the tests are."""
    hook = next((finder for finder in sys.meta_path if isinstance(finder, rewrite.AssertionRewritingHook)),
                None)
    if hook is None:
        pytest.skip("asserts are not rewritten in this run (--assert=plain)")
    import hypothesis.strategies

    for module in (hypothesis, hypothesis.strategies, sys.modules["hypothesis.internal.conjecture.engine"]):
        assert module.__spec__ is not None and module.__spec__.loader is not hook, module.__name__
    assert sys.modules[__name__].__spec__.loader is hook  # the tests still are


def test_at_its_end_a_test_process_collects_until_a_collection_finds_nothing(monkeypatch):
    """pytest collects five times at a process's end, to run every finalizer that may raise where
    nothing catches it; each walks the whole suite's heap. Garbage that a finalizer leaves is
    still collected and finalized, and no walk is made after one that found nothing."""
    from _pytest import unraisableexception

    from .conftest import _collect_until_nothing_more

    assert unraisableexception.gc_collect_harder is _collect_until_nothing_more
    finalized: list[int] = []

    class Link:
        def __init__(self, depth: int) -> None:
            self.depth, self.me = depth, self  # a cycle: only the collector frees it

        def __del__(self) -> None:
            finalized.append(self.depth)
            if self.depth < 3:
                Link(self.depth + 1)  # garbage again, for the next collection

    walks: list[int] = []
    collect = gc.collect
    monkeypatch.setattr(gc, "collect", lambda *args: walks.append(collect(*args)) or walks[-1])
    collect()
    Link(0)
    _collect_until_nothing_more(10)
    assert finalized == [0, 1, 2, 3]
    assert walks[-1] == 0 and all(walks[:-1]) and len(walks) < 10
