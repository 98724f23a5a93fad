"""Quick, pointed tests first; sweeps over whole games next (twins, dealt worlds); property tests
last. A broken rule then fails fast (``-x``), which keeps mutation runs (docs/testing.md) short:
mutmut hands pytest the tests that reach a mutated function in no useful order."""

from __future__ import annotations

import pytest


def _cost(item: pytest.Item) -> int:
    if getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
        return 2
    return 1 if item.get_closest_marker("sweep") else 0


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "sweep: a slower test over many positions (runs late)")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=_cost)  # stable: file order kept within each kind
