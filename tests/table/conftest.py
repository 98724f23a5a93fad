"""Every table test runs against both stores: the journal file (local play) and SQLite (the server).
A test that waits for the table's time takes a fake ``clock`` and moves it itself."""

import pytest

from grail_tui.table.timekeeping import FakeClock

from .helpers import Stores


@pytest.fixture(params=["journal", "sqlite"])
def stores(request, tmp_path) -> Stores:
    return Stores(request.param, tmp_path)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()
