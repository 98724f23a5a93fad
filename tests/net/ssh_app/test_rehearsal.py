"""The zygote's rehearsal: the real app, played once on a pty before any session is forked."""

from __future__ import annotations

import json
import subprocess
import sys

PROBE = """
import json, os, signal, threading
def state():
    handlers = {s.name: repr(signal.getsignal(s)) for s in signal.Signals
                if s not in (signal.SIGKILL, signal.SIGSTOP)}
    return sorted(os.listdir("/proc/self/fd")), handlers, os.environ.get("TERM")
before = state()
from grail_tui.app.rehearsal import rehearse
rooms = rehearse()
print(json.dumps({"rooms": rooms, "same": state() == before, "threads": threading.active_count()}))
"""


def test_the_rehearsal_reaches_a_game_and_leaves_no_thread_handler_or_descriptor(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "LANG": "C.UTF-8"}  # no TERM, as the zygote
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["threads"] == 1 and result["same"]
    assert {"lobby", "new game", "game", "sheet", "assign", "help", "chat"} <= set(result["rooms"])
