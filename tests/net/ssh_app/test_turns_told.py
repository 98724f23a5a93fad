"""A real server process: `grail-tui status` and an SSH login tell the truth about whose move it is
in a turn-based game (an OS account on the Unix socket, a person through OpenSSH's `ssh`)."""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grail_tui.games import registry
from grail_tui.games.hunt.engine import Assign
from grail_tui.net.client import ServerLink
from grail_tui.net.protocol import Act, Create, Joined, State, TableRules

from .helpers import start_ssh_server
from .test_openssh_app import OpenSsh, keygen

pytestmark = pytest.mark.skipif(shutil.which("ssh") is None or shutil.which("ssh-keygen") is None,
                                reason="OpenSSH's ssh and ssh-keygen are not installed")
HUNT = registry.get("hunt")


def status(socket: Path, *args: str) -> tuple[int, str]:
    done = subprocess.run([sys.executable, "-m", "grail_tui", "status", "--socket", str(socket), *args],
                          capture_output=True, text=True, timeout=30)
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode, done.stdout.strip()


async def next_state(link: ServerLink, until=lambda s: True) -> State:
    while True:
        message = await asyncio.wait_for(link.receive(), 15)
        if isinstance(message, State) and until(message):
            return message


async def test_status_and_the_ssh_login_say_whose_move_it_is(tmp_path: Path):
    server = start_ssh_server(tmp_path, "--pace-preset", "quick=2h+30m")
    socket = tmp_path / "sock" / "s.sock"
    try:
        key = keygen(tmp_path, "cleo")
        ssh = await OpenSsh.run(server, key)  # Cleo comes once, to have her name on the server
        await ssh.until("Name:")
        ssh.type(b"Cleo\r")
        await ssh.until("you are Cleo")
        ssh.type(b"\x11")
        await ssh.child.stop(5.0)

        me = await ServerLink.unix(socket)  # this OS account
        assert status(socket) == (1, "No game waits on you.")
        await me.send(Create(1, "hunt", (None, None), reserved=(None, "Cleo"), options={"turn_limit": 20},
                             rules=TableRules(pace="quick", on_flag="skip")))
        joined = await asyncio.wait_for(me.receive(), 15)
        assert isinstance(joined, Joined)
        code = joined.code
        opening = await next_state(me)
        assert opening.asked
        # a seat is still open: the clocks have not started, so there is no deadline yet
        assert status(socket) == (0, f"1 game waits on you ({code}).")
        data = json.loads(status(socket, "--json")[1])
        assert data["waiting"] == 1 and data["games"][0]["code"] == code
        assert data["games"][0]["pace"] == "2 h + 30 m per move" and data["games"][0]["seconds_left"] is None
        # her own time left, whole while no clock runs yet, and not low (below a quarter of 2 h)
        assert (data["games"][0]["clock_left"], data["games"][0]["clock_low"], data["clock_low"]) == (7200, False, [])

        # I answer the secret opening: it waits on me no more, though it waits on Cleo's seat
        await me.send(Act(code, opening.seq, HUNT.action_to_dict(Assign(0, ()))))  # assign nothing
        await next_state(me, lambda s: s.pending is not None)
        assert status(socket) == (1, "No game waits on you.")

        ssh = await OpenSsh.run(server, key)  # Cleo takes the seat kept for her, and goes
        await ssh.until(f"join  {code}")
        ssh.type(b"\r")
        await ssh.until(f"Game {code}")
        ssh.type(b"\x11")
        await ssh.child.stop(5.0)

        ssh = await OpenSsh.run(server, key)  # her next login says first that her move is due
        text = await ssh.until(f"1 game waits on you ({code}); next deadline in 2 h.")
        assert text.split("\n")[1].strip().startswith("1 game waits on you")  # under the title
        assert f"u opens {code}" in text
        ssh.type(b"u")  # one key to the most urgent game
        await ssh.until(f"Game {code}")
        ssh.type(b"\x11")
        await ssh.child.stop(5.0)
        assert status(socket) == (1, "No game waits on you.")  # mine is answered; the round is hers
        await me.close()
    finally:
        server.stop()
    assert "Traceback" not in (server.proc.stderr.read() if server.proc.stderr else "")
