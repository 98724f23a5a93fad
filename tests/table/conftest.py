"""Every table test runs against both stores: the journal file (local play) and SQLite (the server)."""

import pytest

from .helpers import Stores


@pytest.fixture(params=["journal", "sqlite"])
def stores(request, tmp_path) -> Stores:
    return Stores(request.param, tmp_path)
