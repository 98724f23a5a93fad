"""How a session's app yields the CPU to the server that relays its frames.

Every SSH session's app leads its own session, and where the kernel groups
processes by session (autogroup) each group gets an equal share of the CPU:
fifty apps drawing at once left the one process that serves them all, the
game server with the SSH front door, one share in fifty-one, and the first
screens waited on it. So the front door starts each app some steps below
itself (net/ssh/child.py, net/ssh/zygote.py), and the app goes lower still
once its first screen is drawn (app/screens/lobby.py), telling it by
``SETTLE_VARIABLE``: people arriving are drawn before the repaints of those
already playing. Standard library only: the app imports it at start.
"""

from __future__ import annotations

import os
from pathlib import Path

SETTLE_VARIABLE = "GRAIL_TUI_SETTLE"  # steps to lower once the first screen is drawn


def settle_steps() -> int:
    """The steps this app is to lower itself once its first screen is drawn (0: it is no SSH session)."""
    steps = os.environ.get(SETTLE_VARIABLE, "")
    return int(steps) if steps.isdigit() else 0


def lower_priority(steps: int) -> None:
    """Run this process, every thread it has and every thread it starts, ``steps`` lower: its
    session group's nice (autogroup), and each thread's for kernels without autogroup. Lowering
    needs no privilege; what fails leaves the priority as it was."""
    if steps <= 0:
        return
    try:
        current = int(Path("/proc/self/autogroup").read_text().split()[-1])  # "/autogroup-7 nice 0"
        Path("/proc/self/autogroup").write_text(str(min(19, current + steps)))
    except (OSError, ValueError, IndexError):
        pass
    try:
        threads = [int(tid) for tid in os.listdir("/proc/self/task")]
    except OSError:
        threads = [0]
    for tid in threads:
        try:
            os.setpriority(os.PRIO_PROCESS, tid, min(19, os.getpriority(os.PRIO_PROCESS, tid) + steps))
        except OSError:
            pass
