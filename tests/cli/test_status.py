"""`grail-tui status` when it cannot ask: a sentence and exit status 2, never 0 or 1 (which say
whether a game waits on you), and never a traceback."""

from __future__ import annotations

import subprocess
import sys


def test_status_with_no_server_says_so_and_exits_2(tmp_path):
    done = subprocess.run([sys.executable, "-m", "grail_tui", "status", "--socket", str(tmp_path / "none.sock")],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 2
    assert done.stdout == "" and "no grail-tui server answers at" in done.stderr
    assert "Traceback" not in done.stderr
