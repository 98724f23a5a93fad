from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def private_data(tmp_path, monkeypatch):
    """Every TUI test gets its own data folder; records land at a fixed name."""
    monkeypatch.setenv("GRAIL_TUI_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    import grail_tui.table.local as local

    def fixed_record(record, folder=None):
        path = tmp_path / "data" / "records" / "game.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(record.to_json())
        return Path("~/.local/share/grail-tui/records/game.json")

    monkeypatch.setattr(local, "write_record", fixed_record)
    yield tmp_path / "data"
