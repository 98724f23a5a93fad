"""SVG snapshots of the card game's screens (pytest-textual-snapshot).

Regenerate after an intended change with:
pytest tests/succession/tui/test_snapshots.py --snapshot-update
"""

from __future__ import annotations

import pytest

from grail_tui.app.app import GrailApp

from . import scenarios

SIZES = [(80, 24), (120, 40)]
STYLES = ["colour", "ascii"]

SCENES = {
    "in_progress": (scenarios.midgame, []),
    "take_about_to_happen": (scenarios.midgame, ["t"]),
    "log_pane": (scenarios.midgame, ["g"]),
    "end": (scenarios.finished, []),
}


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scene", list(SCENES))
def test_snapshot(snap_compare, scene, size, style):
    make, keys = SCENES[scene]
    scenarios.save(make())
    app = GrailApp(bot_delay=30, ascii_only=style == "ascii", resume=True)
    assert snap_compare(app, press=keys, terminal_size=size)
