"""The real app through OpenSSH's own `ssh`, run on a pseudo-terminal as a person runs it."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pyte
import pytest

from grail_tui.net.ssh.child import Child, TermSize

from .helpers import SshServer, alive, settles

pytestmark = pytest.mark.skipif(shutil.which("ssh") is None or shutil.which("ssh-keygen") is None,
                                reason="OpenSSH's ssh and ssh-keygen are not installed")


SIZE = TermSize(100, 30)


def keygen(folder: Path, name: str) -> Path:
    path = folder / name
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", name, "-f", str(path)], check=True)
    return path


class OpenSsh:
    """`ssh -tt` on its own pty (its controlling terminal, so it sees window changes),
    its output read into a terminal emulator."""

    def __init__(self, child: Child, size: TermSize) -> None:
        self.child = child
        self.raw = b""
        self.screen = pyte.Screen(size.columns, size.rows)
        self._stream = pyte.ByteStream(self.screen)

    @classmethod
    async def run(cls, server: SshServer, key: Path, *args: str, options: tuple[str, ...] = (),
                  size: TermSize = SIZE) -> OpenSsh:
        argv = ["ssh", "-tt", "-F", "/dev/null", "-p", str(server.port), "-i", str(key),
                "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
                "-o", "IdentityAgent=none", "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", *options,
                "player@127.0.0.1", *args]
        env = {"PATH": os.environ["PATH"], "TERM": "xterm-256color", "LANG": "C.UTF-8"}
        return cls(await Child.start(argv, env, size), size)

    @property
    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    async def until(self, probe: str | Callable[[str], bool], timeout: float = 20.0) -> str:
        deadline = time.monotonic() + timeout
        while not (probe in self.text if isinstance(probe, str) else probe(self.text)):
            left = deadline - time.monotonic()
            assert left > 0, f"{probe!r} never showed:\n{self.text}"
            try:
                data = await asyncio.wait_for(self.child.read(), left)
            except TimeoutError:
                continue
            assert data, f"ssh ended before {probe!r} showed:\n{self.text}"
            self.raw += data
            self._stream.feed(data)
        return self.text

    def type(self, data: bytes) -> None:
        os.write(self.child._master, data)

    def resize(self, columns: int, rows: int) -> None:
        self.screen.resize(rows, columns)
        self.child.resize(TermSize(columns, rows))


def lobby_laid_out_for(columns: int, rows: int) -> Callable[[str], bool]:
    """Is the lobby drawn for this size: its list box as wide as the terminal, its footer on the last row?"""
    def laid_out(text: str) -> bool:
        lines = text.split("\n")
        box = lines[1] if len(lines) > 1 else ""
        return (len(lines) == rows and "^p palette" in lines[-1] and box.startswith("▊▔")
                and box.endswith("▎") and len(box) == columns)

    return laid_out


async def test_openssh_lobby_follows_a_resize_and_killing_ssh_leaves_no_app(ssh_server, tmp_path):
    ssh = await OpenSsh.run(ssh_server, keygen(tmp_path, "cleo"))
    try:
        await ssh.until("Name:")
        ssh.type(b"Cleo\r")
        await ssh.until("you are Cleo")
        await ssh.until(lobby_laid_out_for(100, 30))
        apps = ssh_server.session_apps()
        assert len(apps) == 1

        ssh.resize(120, 40)  # the person drags the window bigger: the lobby is laid out again
        await ssh.until(lobby_laid_out_for(120, 40))
        ssh.resize(80, 24)
        await ssh.until(lobby_laid_out_for(80, 24))

        os.kill(ssh.child.pid, signal.SIGKILL)  # the client dies without a word
        assert await settles(lambda: not ssh_server.session_apps(), within=10), \
            f"left behind: {ssh_server.session_apps()}"
        assert not any(alive(pid) for pid in apps)  # nor escaped from under the zygote
    finally:
        await ssh.child.stop(1.0)


def nice_of(pid: int) -> int:
    """A process's nice value (field 19 of /proc/PID/stat)."""
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[16])


def autogroup_nice(pid: int) -> int | None:
    try:
        return int(Path(f"/proc/{pid}/autogroup").read_text().split()[-1])
    except (OSError, ValueError, IndexError):
        return None  # a kernel without autogroups: the process's own nice is what counts


@pytest.mark.xdist_group("timing")  # measures real time: not beside other timing tests
async def test_a_sessions_app_runs_below_the_server_and_lower_still_once_its_lobby_is_drawn(ssh_server, tmp_path):
    """Fifty apps drawing at once must not starve the one process that serves them all (and
    relays every frame): each app starts 10 below the server, and 9 further (19, the lowest) once
    its first screen is drawn, so a newcomer's first frame runs ahead of repaints already playing."""
    ssh = await OpenSsh.run(ssh_server, keygen(tmp_path, "nia"))
    try:
        await ssh.until("Name:")
        ssh.type(b"Nia\r")
        await ssh.until("you are Nia")
        base = nice_of(ssh_server.proc.pid)  # the server's: 0, unless the tests themselves run niced
        [app] = ssh_server.session_apps()
        assert nice_of(app) >= min(19, base + 10)
        assert await settles(lambda: nice_of(app) == 19, within=10), nice_of(app)
        assert nice_of(ssh_server.proc.pid) == base
        def threads() -> list[int]:
            return [int(tid) for tid in os.listdir(f"/proc/{app}/task")]

        # every thread follows the process down (one by one: on a busy machine a moment apart)
        assert await settles(lambda: all(os.getpriority(os.PRIO_PROCESS, tid) == 19 for tid in threads()),
                             within=10), {tid: os.getpriority(os.PRIO_PROCESS, tid) for tid in threads()}
        assert len(threads()) > 1
        server_group = autogroup_nice(ssh_server.proc.pid)
        if server_group is not None:
            # (waited for: under a niced test run the threads start at 19 before the lobby is drawn)
            assert await settles(lambda: autogroup_nice(app) == 19, within=10), autogroup_nice(app)
            assert autogroup_nice(ssh_server.proc.pid) == server_group
    finally:
        await ssh.child.stop(1.0)




def colours(drawn: str) -> set[int]:
    """Every colour of the 256 (SGR 38;5;N and 48;5;N) the output sets; 24-bit ones as -1 unless grey."""
    found: set[int] = set()
    for params in re.findall(r"\x1b\[([0-9;]*)m", drawn):
        codes = params.split(";")
        for k, code in enumerate(codes[:-2]):
            if code in ("38", "48") and codes[k + 1] == "5":
                found.add(int(codes[k + 2]))
            elif code in ("38", "48") and codes[k + 1] == "2" and len(codes) > k + 4:
                red, green, blue = codes[k + 2: k + 5]
                found.add(232 if red == green == blue else -1)
    return found


async def test_openssh_ascii_and_no_color_reach_the_app(ssh_server, tmp_path):
    key = keygen(tmp_path, "dora")
    ssh = await OpenSsh.run(ssh_server, key, "--", "--ascii", options=("-o", "SetEnv=NO_COLOR=1"))
    try:
        await ssh.until("Name:")
        ssh.type(b"Dora\r")
        await ssh.until("you are Dora")
        text = await ssh.until("palette")
        drawn = ssh.raw[ssh.raw.index(b"From now on this key is Dora"):].decode("utf-8", "replace")
        assert drawn.isascii() and "|" in text and "▊" not in text
        assert not colours(drawn), "colours were drawn despite NO_COLOR"  # not even greys
    finally:
        await ssh.child.stop(1.0)
