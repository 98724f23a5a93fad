"""The front door with OpenSSH's own client, run on a pseudo-terminal as a person would."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import subprocess
from pathlib import Path

import pytest

from grail_tui.net.ssh import Limits
from grail_tui.net.ssh.child import TermSize

from .helpers import EchoServer, OpenSsh, gone, keygen

pytestmark = pytest.mark.skipif(shutil.which("ssh") is None or shutil.which("ssh-keygen") is None,
                                reason="OpenSSH's ssh and ssh-keygen are not installed")


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
    door = await open_door(limits=Limits(connections=1))
    first = await OpenSsh.run(door.port, None)
    await first.report("ready")
    second = await OpenSsh.run(door.port, None)
    assert await second.finish() == 255
    assert "The server is full" in second.text
    await first.stop()


async def test_a_game_with_options_after_it_starts_and_the_hints_name_this_door(open_door, tmp_path):
    """`ssh -t HOST join CODE --ascii`, as a person types it, starts the app with a command line
    the app reads; without -t, the hint is one to copy as is; help names the real host and port;
    the name prompt fits 80 columns."""
    from grail_tui.cli import build_parser

    door = await open_door()
    key = keygen(tmp_path, "ann")
    ssh = await OpenSsh.run(door.port, key, "-t", "join", "abcd", "--ascii", size=TermSize(80, 24))
    await ssh.until("Name: ")
    assert all(len(line) <= 80 for line in ssh.text.replace("\r", "").split("\n")), ssh.text
    ssh.type(b"Ann\r")
    argv = (await ssh.report("ready"))["argv"]
    assert argv == ["--ascii", "join", "ABCD"]
    parsed = build_parser().parse_args(argv)  # the real app's command line: exits on what it cannot read
    assert parsed.ascii and parsed.command == "join" and parsed.code == "ABCD"
    await ssh.stop()

    hint = await OpenSsh.run(door.port, key, "join", "abcd", "--ascii")
    assert await hint.finish() == 2
    assert f"add -t, for example\r\n  ssh -t -p {door.port} 127.0.0.1 -- --ascii join ABCD\r\n" in hint.text
    assert all(len(line) <= 80 for line in hint.text.split("\r\n"))
    helped = await OpenSsh.run(door.port, key, "help")
    assert await helped.finish() == 0
    assert f"ssh -t -p {door.port} 127.0.0.1 join CODE" in helped.text and "PORT" not in helped.text
    assert all(len(line) <= 80 for line in helped.text.replace("\r", "").split("\n"))


class HalfOpen:
    """A TCP connection to the door that never says anything: a login that never finishes."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, port: int, source: str = "127.0.0.1") -> HalfOpen:
        return cls(*await asyncio.wait_for(
            asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0)), 10))

    async def closed_by_server(self, within: float) -> bool:
        try:
            async with asyncio.timeout(within):
                while await self.reader.read(4096):
                    pass
        except TimeoutError:
            return False
        except OSError:
            pass
        return True

    def close(self) -> None:
        self.writer.close()


async def test_half_open_logins_cannot_turn_a_key_holder_away(open_door, tmp_path):
    """300 connections that never log in, from one address and from thirteen: the door keeps a
    few of them (the oldest make room), and a person with a key from the same address gets in."""
    door = await open_door()
    key = keygen(tmp_path, "ann")
    crowd = [await HalfOpen.open(door.port, source=f"127.0.0.{1 + k % 13}") for k in range(300)]
    try:
        ssh = await OpenSsh.run(door.port, key)
        await ssh.until("Name: ")
        await ssh.stop()
        dropped = [await sock.closed_by_server(0.05) for sock in crowd]
        assert sum(dropped) >= 300 - Limits().logins, sum(dropped)
    finally:
        for sock in crowd:
            sock.close()


async def test_guests_cannot_take_the_places_kept_for_key_holders(open_door, tmp_path):
    """With two guest places of three, the third guest is told why and the key holder gets in."""
    door = await open_door(limits=Limits(sessions=3, guest_sessions=2, guest_sessions_per_address=2))
    guests = [await OpenSsh.run(door.port, None) for _ in range(2)]
    for guest in guests:
        await guest.report("ready")
    third = await OpenSsh.run(door.port, None)
    assert await third.finish() == 1
    assert "no more guests" in third.text and "SSH key" in third.text
    ssh = await OpenSsh.run(door.port, keygen(tmp_path, "ann"))
    await ssh.until("Name: ")
    for session in (ssh, *guests):
        await session.stop()


async def test_a_login_that_never_finishes_is_closed_at_its_deadline(open_door):
    door = await open_door(limits=Limits(login_timeout=1.0))
    sock = await HalfOpen.open(door.port)
    try:
        assert await sock.closed_by_server(5.0)
    finally:
        sock.close()
