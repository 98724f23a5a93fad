"""Every table test runs against both stores: the journal file (local play) and SQLite (the server),
with Pebbles, the tests' toy game, registered as a plug-in (the table names no real game).
A test that waits for the table's time takes a fake ``clock`` and moves it itself."""

import pytest

from grail_tui.table.timekeeping import FakeClock

from ..pebbles import installed
from .helpers import Stores


@pytest.fixture(autouse=True)
def pebbles(monkeypatch):
    with installed(monkeypatch):
        yield


@pytest.fixture(params=["journal", "sqlite"])
def stores(request, tmp_path) -> Stores:
    return Stores(request.param, tmp_path)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()
