"""`ssh -t HOST plain`: OpenSSH's own client on a pseudo-terminal, a real server and its front door,
a whole game played by lines; no byte that reaches the person's terminal is an escape sequence."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from tests.net.ssh_app.helpers import start_ssh_server

from .helpers import Plain
from .test_plain_local import play_to_the_end
from .test_plain_server import LOBBY_END

pytestmark = pytest.mark.skipif(shutil.which("ssh") is None or shutil.which("ssh-keygen") is None,
                                reason="OpenSSH's ssh and ssh-keygen are not installed")


@pytest.fixture
def ssh_server(tmp_path):
    running = start_ssh_server(tmp_path)
    yield running
    running.stop()


def test_ssh_plain_plays_a_whole_game_by_lines(ssh_server, tmp_path):
    key = tmp_path / "ann"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "ann", "-f", str(key)], check=True)
    argv = ["ssh", "-t", "-F", "/dev/null", "-p", str(ssh_server.port), "-i", str(key),
            "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
            "-o", "IdentityAgent=none", "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes",
            "player@127.0.0.1", "plain"]
    plain = Plain(argv=argv, data=tmp_path / "player")
    try:
        plain.until("Name: ")
        plain.type("Ann")
        plain.until("you are Ann.")
        plain.until(LOBBY_END)
        plain.type("new")
        _, labels = plain.question()
        plain.type(str(next(k for k, label in enumerate(labels, 1) if label.startswith("Game:"))))
        _, games = plain.question()
        plain.type(str(games.index("Grail Succession") + 1))
        plain.question()
        plain.type("1")  # Start this game
        text = play_to_the_end(plain, {})
        assert "Grail Succession, game " in text and "Your turn. Your hand:" in text
        plain.until(LOBBY_END)
        plain.type("x" * 300)  # longer than a line may be: refused as a line, nothing else
        plain.until("That line is too long (at most 200 characters); it was ignored.")
        plain.type("quit")
        assert plain.finish(30) == 0
    finally:
        plain.close()
    assert "Traceback" not in plain.text
