from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest


@dataclass
class RunningServer:
    proc: subprocess.Popen[str]
    socket: Path
    tcp: tuple[str, int]
    db: Path

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


def start_server(folder: Path, *extra: str, port: int = 0) -> RunningServer:
    """`grail-tui serve` in its own process, on a private socket and the loopback test transport."""
    sock = folder / "sock" / "s.sock"
    db = folder / "server.db"
    env = {**os.environ, "GRAIL_TUI_DATA": str(folder / "data")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "grail_tui", "serve", "--socket", str(sock), "--db", str(db),
         "--bench-tcp", f"127.0.0.1:{port}", "--bot-delay", "0", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    line = proc.stdout.readline()
    if not line:
        raise RuntimeError("server did not start: " + proc.stderr.read())
    ready = json.loads(line)
    return RunningServer(proc, sock, tuple(ready["tcp"]), db)


@pytest.fixture
def server(tmp_path):
    running = start_server(tmp_path, "--hello-timeout", "1")
    yield running
    running.stop()
