"""A real `grail-tui` in a pseudo-terminal, killed with SIGKILL mid-game, then resumed."""

from __future__ import annotations

import fcntl
import os
import pty
import signal
import struct
import subprocess
import sys
import termios
import threading
from pathlib import Path

import pytest

from grail_tui.games import registry
from grail_tui.table.journal import read_save

from ..waiting import wait_until

HUNT = registry.get("hunt")

pytestmark = pytest.mark.skipif(not hasattr(pty, "openpty"), reason="needs a pseudo-terminal")


class Terminal:
    """Runs the app at 80x24 in a pty and drains its output."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.proc = subprocess.Popen([sys.executable, "-m", "grail_tui", *args], stdin=slave,
                                     stdout=slave, stderr=slave, env=env, start_new_session=True)
        os.close(slave)
        self.output = bytearray()
        self._reader = threading.Thread(target=self._drain, daemon=True)
        self._reader.start()

    def _drain(self) -> None:
        while True:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                return
            if not chunk:
                return
            self.output.extend(chunk)

    def send(self, key: str) -> None:
        os.write(self.master, key.encode())  # one key; the test then waits for what it shows

    def wait_for(self, needle: bytes, timeout: float = 60, since: int = 0) -> None:
        try:
            wait_until(lambda: needle in self.output[since:], timeout, what=f"{needle!r} on screen")
        except AssertionError:
            tail = bytes(self.output[-600:]).decode(errors="replace")
            raise AssertionError(f"{needle!r} never appeared on screen; last output: {tail!r}") from None

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(10)
        os.close(self.master)


def test_kill_9_mid_game_then_continue(tmp_path: Path) -> None:
    env = {**os.environ, "GRAIL_TUI_DATA": str(tmp_path), "TERM": "xterm-256color"}
    env.pop("NO_COLOR", None)
    saves = tmp_path / "saves"

    def the_save() -> Path | None:
        found = list(saves.glob("*.jsonl")) if saves.exists() else []
        return found[0] if found else None

    first = Terminal(["--seed", "3", "--bot-delay", "0"], env)
    try:
        first.wait_for(b"Start a new game")
        first.send("\r")  # start with the defaults
        first.wait_for(b"Opening")
        mark = len(first.output)
        first.send("a")  # the opening: open the composer ...
        first.wait_for(b"Assign (", since=mark)
        first.send("\r")  # ... and assign nothing
        # killed mid-game, once the opening and the bots' first moves are kept
        wait_until(lambda: (s := the_save()) is not None and len(read_save(s).actions) >= 3, 60, step=0.05)
        os.kill(first.proc.pid, signal.SIGKILL)
        first.proc.wait(10)
    finally:
        first.close()
    save = the_save()
    assert save is not None
    stored = read_save(save)
    setup = HUNT.setup_from_dict(stored.setup)
    actions = [HUNT.action_from_dict(a) for a in stored.actions]
    assert len(actions) >= 3
    before = HUNT.replay(setup, actions).public_view()
    assert (save.stat().st_mode & 0o777) == 0o600
    assert (save.parent.stat().st_mode & 0o777) == 0o700
    assert (tmp_path.stat().st_mode & 0o777) == 0o700  # the whole data folder is private

    second = Terminal(["--continue", "--bot-delay", "0"], env)
    try:
        second.wait_for(b"Turn")
        resumed = [HUNT.action_from_dict(a) for a in read_save(save).actions]
        # the resumed game starts from every acknowledged action of the killed one
        assert resumed[: len(actions)] == actions
        assert HUNT.replay(setup, resumed, upto=len(actions)).public_view() == before
        second.send("\x11")  # Ctrl+Q
        assert second.proc.wait(15) == 0
    finally:
        second.close()
