"""Quick, pointed tests first; sweeps over whole games next (twins, dealt worlds); property tests
last. A broken rule then fails fast (``-x``), which keeps mutation runs (docs/testing.md) short:
mutmut hands pytest the tests that reach a mutated function in no useful order."""

from __future__ import annotations

import pytest

from grail_tui.games.strings.engine.catalogue import card_set, decks

# The shipped card set and its decks, read and checked once per process, here at collection:
# a mutation run forks one process per mutant from one that has collected the tests, and each
# game a test sets up would otherwise read and check the whole set again. The loader itself is
# judged by the tests that give it card files of their own (test_card_words, test_schema).
card_set()
decks()


def _cost(item: pytest.Item) -> int:
    if getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
        return 2
    return 1 if item.get_closest_marker("sweep") else 0


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "sweep: a slower test over many positions (runs late)")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=_cost)  # stable: file order kept within each kind
