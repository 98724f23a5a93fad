"""Real server processes for the hostile tests, their stderr kept in a file and checked."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest


@dataclass
class Served:
    proc: subprocess.Popen[str]
    socket: Path
    tcp: tuple[str, int]
    db: Path
    log: Path

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)

    def stderr(self) -> str:
        return self.log.read_text(errors="replace")

    def assert_no_traceback(self) -> None:
        text = self.stderr()
        assert "Traceback" not in text, text[-4000:]


def serve(folder: Path, *extra: str, env: dict[str, str] | None = None, port: int = 0,
          bot_delay: float = 0.0, db: Path | None = None) -> Served:
    """`grail-tui serve` in its own process; what it writes to stderr goes to a file."""
    folder.mkdir(parents=True, exist_ok=True)
    sock = folder / "sock" / "s.sock"
    db = db or folder / "server.db"
    log = folder / f"stderr-{len(list(folder.glob('stderr-*')))}.txt"
    environ = {**os.environ, "GRAIL_TUI_DATA": str(folder / "data"), **(env or {})}
    with log.open("w") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "grail_tui", "serve", "--socket", str(sock), "--db", str(db),
             "--bench-tcp", f"127.0.0.1:{port}", "--bot-delay", str(bot_delay), *extra],
            stdout=subprocess.PIPE, stderr=err, text=True, env=environ)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line:
        proc.wait(5)
        raise RuntimeError("the server did not start: " + log.read_text())
    return Served(proc, sock, tuple(json.loads(line)["tcp"]), db, log)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    """A server with the default limits (bots without delay); no traceback by the end."""
    running = serve(tmp_path / "server")
    yield running
    running.stop()
    running.assert_no_traceback()
