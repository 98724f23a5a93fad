"""The front door with OpenSSH's own client, run on a pseudo-terminal as a person would."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
from pathlib import Path

import pytest

from grail_tui.net.ssh.child import Child, TermSize

from .helpers import EchoServer, Screen, gone

pytestmark = pytest.mark.skipif(shutil.which("ssh") is None or shutil.which("ssh-keygen") is None,
                                reason="OpenSSH's ssh and ssh-keygen are not installed")


DEFAULT_SIZE = TermSize(100, 30)


def keygen(folder: Path, name: str) -> Path:
    path = folder / name
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", name, "-f", str(path)],
                   check=True)
    return path


class OpenSsh(Screen):
    """`ssh` on its own pty, which is its controlling terminal, so it sees window changes."""

    def __init__(self, child: Child) -> None:
        super().__init__()
        self.child = child

    @classmethod
    async def run(cls, port: int, key: Path | None, *args: str, user: str = "player",
                  options: tuple[str, ...] = (), size: TermSize = DEFAULT_SIZE) -> OpenSsh:
        argv = ["ssh", "-F", "/dev/null", "-p", str(port), "-o", "StrictHostKeyChecking=no",
                "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-o", "IdentityAgent=none",
                "-o", "IdentitiesOnly=yes", "-o", "GSSAPIAuthentication=no", *options]
        argv += ["-i", str(key)] if key else ["-o", "PubkeyAuthentication=no"]
        argv += [f"{user}@127.0.0.1", *args]
        env = {"PATH": os.environ["PATH"], "TERM": "xterm-256color", "LANG": "C.UTF-8"}
        return cls(await Child.start(argv, env, size))

    async def _read(self) -> bytes:
        return await self.child.read()

    def type(self, data: bytes) -> None:
        os.write(self.child._master, data)

    async def finish(self) -> int | None:
        await self.drain()
        return await self.child.wait()

    async def stop(self) -> None:
        await self.child.stop(1.0)


async def test_a_person_with_openssh_names_their_key_and_plays(open_door, tmp_path):
    echo = EchoServer()
    door = await open_door(echo=echo)
    key = keygen(tmp_path, "ann")
    ssh = await OpenSsh.run(door.port, key, "-t", "--", "--ascii", options=("-o", "SetEnv=NO_COLOR=1"),
                            size=TermSize(120, 35))
    await ssh.until("Name: ")
    ssh.type(b"Ann\r")
    ready = await ssh.report("ready")
    assert ready["argv"] == ["--ascii"]
    assert ready["size"] == [120, 35] and ready["term"] == "xterm-256color" and ready["no_color"] == "1"
    assert ready["reply"].startswith("Ann|SHA256:")

    ssh.child.resize(TermSize(90, 25))  # the person drags their window smaller
    assert (await ssh.report("resized"))["resized"] == [90, 25]
    for key_press in (b"\x1b", b"\x1b[A", b"\x1b[B", b"\x03", b"\x1a", b"\x04"):
        ssh.type(key_press)
        assert bytes.fromhex((await ssh.report("keys"))["keys"]) == key_press
    ssh.type(b"q")
    assert await ssh.finish() == 0

    again = await OpenSsh.run(door.port, key, "-t", "join", "abcd")
    ready = await again.report("ready")
    assert ready["argv"] == ["join", "ABCD"]
    assert ready["reply"].startswith("Ann|")
    await again.stop()


async def test_killing_ssh_leaves_no_process_behind(open_door, tmp_path):
    door = await open_door(extra_env={"CHILD_APP_GRANDCHILD": "1"})
    ssh = await OpenSsh.run(door.port, keygen(tmp_path, "ann"))
    await ssh.until("Name: ")
    ssh.type(b"Ann\r")
    ready = await ssh.report("ready")
    os.kill(ssh.child.pid, signal.SIGKILL)
    assert await gone(ready["pgid"], within=5.0)
    await ssh.stop()


async def test_without_a_key_openssh_gets_in_as_a_guest(open_door):
    door = await open_door()
    for user in ("player", "guest"):
        ssh = await OpenSsh.run(door.port, None, user=user)
        ready = await ssh.report("ready")
        name, who, _ = ready["reply"].split("|")
        assert name.startswith("guest-") and who == "guest"
        assert f"You are {name}, a guest" in ssh.text
        await ssh.stop()


async def test_private_server_refuses_other_keys_and_guests(open_door, tmp_path):
    ann, stranger = keygen(tmp_path, "ann"), keygen(tmp_path, "stranger")
    allow = tmp_path / "allowed"
    allow.write_text(Path(f"{ann}.pub").read_text())
    door = await open_door(allow=allow)
    for key in (stranger, None):
        ssh = await OpenSsh.run(door.port, key, options=("-o", "BatchMode=yes"))
        assert await ssh.finish() == 255
        assert "Permission denied" in ssh.text
    ssh = await OpenSsh.run(door.port, ann)
    await ssh.until("Name: ")
    await ssh.stop()


async def test_the_printed_host_key_is_the_one_ssh_meets(open_door, tmp_path):
    door = await open_door()
    known = tmp_path / "known_hosts"
    known.write_text(door.known_hosts_line("127.0.0.1") + "\n")
    listed = subprocess.run(["ssh-keygen", "-l", "-E", "sha256", "-f", str(known)],
                            capture_output=True, text=True, check=True)
    assert door.fingerprint in listed.stdout
    ssh = await OpenSsh.run(door.port, None, "help", options=(
        "-o", "StrictHostKeyChecking=yes", "-o", f"UserKnownHostsFile={known}"))
    assert await ssh.finish() == 0
    assert "join CODE" in ssh.text


async def test_openssh_shows_why_a_full_server_turns_it_away(open_door, tmp_path):
    from grail_tui.net.ssh import Limits

    door = await open_door(limits=Limits(connections=1))
    first = await OpenSsh.run(door.port, None)
    await first.report("ready")
    second = await OpenSsh.run(door.port, None)
    assert await second.finish() == 255
    assert "The server is full" in second.text
    await first.stop()
