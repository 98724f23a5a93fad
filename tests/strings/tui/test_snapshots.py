"""SVG snapshots of Pulling Strings' screens (pytest-textual-snapshot), at 80x24 and 120x40,
in colour and with --ascii. The positions come from a fixed seed: a change of card numbers
changes them, and they are regenerated after an intended change with:

pytest tests/strings/tui/test_snapshots.py --snapshot-update
"""

from __future__ import annotations

import pytest

from grail_tui.app.app import GrailApp

from . import scenarios

SIZES = [(80, 24), (120, 40)]
STYLES = ["colour", "ascii"]

SCENES = {
    "main_phase": (scenarios.main_phase, []),
    "attack_choices": (scenarios.main_phase, ["a"]),
    "support_window": (scenarios.support_window, []),
    "table_pane": (scenarios.support_window, ["t"]),
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
