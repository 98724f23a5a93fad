"""`grail-tui serve` as a person starts and stops it: what it says, and what it leaves behind."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from grail_tui.net.protocol import VERSION, Hello, encode

from ..said import Said


def start(tmp_path: Path, *extra: str) -> tuple[subprocess.Popen[str], dict[str, object]]:
    env = {**os.environ, "GRAIL_TUI_DATA": str(tmp_path / "data")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "grail_tui", "serve", "--socket", str(tmp_path / "run" / "server.sock"),
         "--db", str(tmp_path / "state" / "server.db"), "--bot-delay", "0", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    line = Said(proc.stdout).line(60)
    if not line:
        proc.wait(10)
        raise AssertionError(f"the server did not start: {proc.stderr.read() if proc.stderr else ''}")
    return proc, json.loads(line)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_serve_says_where_it_listens_and_leaves_no_socket_when_stopped(tmp_path, signum):
    proc, ready = start(tmp_path)
    try:
        assert proc.stderr is not None
        heard = Said(proc.stderr)
        said = heard.line()
        sock = tmp_path / "run" / "server.sock"
        assert ready["socket"] == str(sock) and sock.exists()  # the JSON line stays, for programs
        assert said.startswith(f"grail-tui: listening on {sock}; only you can reach it "
                               f"(`grail-tui --socket {sock}` reaches it;")
        assert "`grail-tui serve --system`" in said  # what players on other accounts need
        people = [socket.socket(socket.AF_UNIX) for _ in range(12)]  # one account may have 16
        for person in people:
            person.settimeout(10)
            person.connect(str(sock))
            person.sendall(encode(Hello(VERSION)))
            assert b'"welcome"' in person.makefile("rb").readline()
        silent = socket.socket(socket.AF_UNIX)
        silent.connect(str(sock))
        for person in people:  # people leaving as it stops, and one still there: no error either way
            person.close()
        proc.send_signal(signum)
        assert proc.wait(10) == 0
        silent.close()
        rest = heard.rest()
        assert "games are kept in" in rest and "the server has stopped" in rest
        assert "Traceback" not in rest, rest
        assert not sock.exists()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)


def test_serve_names_its_front_door_and_host_key(tmp_path):
    proc, ready = start(tmp_path, "--ssh", "127.0.0.1:0")
    try:
        assert proc.stderr is not None
        heard = Said(proc.stderr)
        lines = [heard.line() for _ in range(2)]
        port = ready["ssh"][1]  # type: ignore[index]
        assert lines[1].startswith(f"grail-tui: the SSH front door listens on 127.0.0.1 port {port}: "
                                   f"players run `ssh -p {port} HOST`; its host key is {ready['host_key']}")
    finally:
        proc.terminate()
        proc.wait(10)


def test_the_system_server_says_everyone_here_may_play_and_listens_where_clients_look(tmp_path, monkeypatch):
    """`serve --system` at the system socket (moved into the test's folder, as every test's is)."""
    from grail_tui.net.sockets import default_socket, system_socket

    env = {**os.environ, "GRAIL_TUI_SYSTEM_SOCKET": str(tmp_path / "system" / "server.sock")}
    (tmp_path / "system").mkdir(mode=0o755)
    proc = subprocess.Popen([sys.executable, "-m", "grail_tui", "serve", "--system", "--db",
                             str(tmp_path / "server.db")], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)
    try:
        assert proc.stdout is not None and proc.stderr is not None
        heard = Said(proc.stderr)
        ready = json.loads(Said(proc.stdout).line(60))
        assert ready["socket"] == env["GRAIL_TUI_SYSTEM_SOCKET"]
        assert heard.line().startswith(f"grail-tui: listening on {ready['socket']}; every account on this "
                                       "machine may play: `grail-tui` finds it by itself.")
        monkeypatch.setenv("GRAIL_TUI_SYSTEM_SOCKET", ready["socket"])
        assert default_socket() == system_socket() == Path(ready["socket"])
    finally:
        proc.terminate()
        proc.wait(10)


def test_a_server_without_a_front_door_starts_without_the_ssh_library(tmp_path):
    """asyncssh (and the cryptography under it) is a third of a server's start: `serve` imports it
    only with --ssh, so a server for this machine's players, and every test's, starts without it."""
    probe = ("import atexit, sys\n"
             "atexit.register(lambda: print('LOADED', sorted({m.split('.')[0] for m in sys.modules}"
             " & {'asyncssh', 'cryptography', 'textual'}), file=sys.stderr))\n"
             "from grail_tui.cli import main\n"
             "main(sys.argv[1:])\n")
    env = {**os.environ, "GRAIL_TUI_DATA": str(tmp_path / "data")}
    proc = subprocess.Popen(
        [sys.executable, "-c", probe, "serve", "--socket", str(tmp_path / "run" / "server.sock"),
         "--db", str(tmp_path / "state" / "server.db")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdout is not None and proc.stderr is not None
        assert json.loads(Said(proc.stdout).line(60))["ready"]
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=10)
    assert proc.returncode == 0 and "LOADED []" in err, err
