from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from ..pebbles import environment as pebbles_environment


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
    # the server knows Pebbles, the tests' toy game, as a package installed beside it
    environ = {**pebbles_environment(), "GRAIL_TUI_DATA": str(folder / "data"), **(env or {})}
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


RunningServer = Served  # the name the older tests use


def start_server(folder: Path, *extra: str, port: int = 0) -> Served:
    """`grail-tui serve` in its own process, on a private socket and the loopback test transport."""
    return serve(folder, *extra, port=port)


@pytest.fixture
def server(tmp_path):
    running = start_server(tmp_path, "--hello-timeout", "1")
    yield running
    running.stop()
