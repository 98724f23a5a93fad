"""The toy game, Pebbles (tests/games/plugins/toy_game), installed as a package of its own: its
distribution's entry point registers it in the ``grail_tui.games`` group, as a third party's
game would be."""

from __future__ import annotations

from pathlib import Path

import pytest

from grail_tui.games import registry

PLUGINS = Path(__file__).parent / "plugins"


@pytest.fixture
def toy_installed(monkeypatch):
    monkeypatch.syspath_prepend(str(PLUGINS))
    registry.refresh()
    yield registry.get("toy")
    monkeypatch.undo()
    registry.refresh()
