"""Quick, pointed tests first; property tests last. A broken rule then fails fast (``-x``),
which keeps mutation runs (docs/testing.md) short."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # stable: file order kept within each kind
    items.sort(key=lambda item: bool(getattr(getattr(item, "obj", None), "is_hypothesis_test", False)))
