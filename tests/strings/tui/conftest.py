from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def private_data(tmp_path, monkeypatch):
    """Every TUI test gets its own data folder; records land at a fixed name."""
    monkeypatch.setenv("GRAIL_TUI_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    import json

    import grail_tui.table.journal as journal

    def fixed_record(record, folder=None):
        path = tmp_path / "data" / "records" / "game.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(record))
        return Path("~/.local/share/grail-tui/records/game.json")

    monkeypatch.setattr(journal, "write_record", fixed_record)
    yield tmp_path / "data"
