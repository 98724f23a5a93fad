"""A real `grail-tui serve --ssh` process for the end-to-end tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .helpers import SshServer, start_ssh_server


@pytest.fixture
def ssh_server(tmp_path: Path) -> Iterator[SshServer]:
    running = start_ssh_server(tmp_path)
    yield running
    running.stop()
