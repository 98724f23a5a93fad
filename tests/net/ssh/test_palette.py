"""An SSH session's app runs as the server's account: it offers nothing that writes files there."""

from __future__ import annotations

from pathlib import Path

from textual.screen import Screen

from grail_tui.app.app import GrailApp
from grail_tui.net.remote import Target


def titles(app: GrailApp) -> list[str]:
    return [command.title for command in app.get_system_commands(Screen())]


def test_the_palette_offers_no_screenshot_over_ssh_but_does_at_home(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert "Screenshot" in titles(GrailApp(server=Target.unix(Path("/nonexistent"))))
    over_ssh = GrailApp(server=Target.from_fd(99))
    assert "Screenshot" not in titles(over_ssh) and "Quit" in titles(over_ssh)
    notes: list[str] = []
    monkeypatch.setattr(over_ssh, "notify", lambda text, **_: notes.append(text))
    assert over_ssh.deliver_screenshot() is None
    over_ssh.action_screenshot()
    assert list(tmp_path.iterdir()) == [] and len(notes) == 2 and "SSH" in notes[0]
