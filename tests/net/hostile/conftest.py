"""Real server processes for the hostile tests, their stderr kept in a file and checked."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ..conftest import Served, serve

__all__ = ["Served", "serve"]


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    """A server with the default limits (bots without delay); no traceback by the end."""
    running = serve(tmp_path / "server")
    yield running
    running.stop()
    running.assert_no_traceback()
