"""Pulling Strings' help (`?`) has a row for every key its footer offers at the table."""

from __future__ import annotations

from textual.binding import Binding

from grail_tui.app.table_screen import TableScreen
from grail_tui.games.strings.screens.game import StringsScreen
from grail_tui.games.strings.ui import UI

ANYWHERE = {"?", "q"}  # the platform's help lists them (q leaves a lesson: the lesson says so)
SHOWN_AS = {"⏎": "Enter"}


def test_every_key_the_footer_offers_has_a_row_in_the_help():
    rows = {line.split("|")[1].strip() for line in UI.help_text().splitlines() if line.startswith("| ")}
    keys = set()
    for binding in (*StringsScreen.BINDINGS, *TableScreen.BINDINGS):
        if isinstance(binding, Binding) and binding.show:
            shown = binding.key_display or binding.key.split(",")[0]
            keys.add(SHOWN_AS.get(shown, shown))
    missing = {key for key in keys - ANYWHERE if not any(row == key or row.startswith((f"{key} ", f"{key},")) for row in rows)}
    assert not missing, f"keys on the footer without a row in the help: {sorted(missing)}"
