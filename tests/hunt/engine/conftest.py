"""Quick, pointed tests first, property tests last: a broken rule fails fast (``-x``),
which keeps mutation runs (docs/testing.md) short."""

from __future__ import annotations

import pytest


def _is_property_test(item: pytest.Item) -> bool:
    return bool(getattr(getattr(item, "obj", None), "is_hypothesis_test", False))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=_is_property_test)  # stable: file order kept within each kind
