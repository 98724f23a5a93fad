"""A stand-in game server, a stand-in app, and an SSH client's view of a session."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import asyncssh

from grail_tui.net.ssh import FrontDoor, Identity
from grail_tui.net.ssh.child import Child, TermSize

CHILD_APP = Path(__file__).with_name("child_app.py")
WAIT = 10.0


class EchoServer:
    """The game server's attach hook: answers the app's first line with who it is."""

    def __init__(self) -> None:
        self.attached: list[Identity] = []
        self._tasks: set[asyncio.Task[None]] = set()

    def attach(self, sock: socket.socket, identity: Identity) -> None:
        self.attached.append(identity)
        task = asyncio.get_running_loop().create_task(self._echo(sock, identity))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _echo(self, sock: socket.socket, identity: Identity) -> None:
        sock.setblocking(False)
        reader, writer = await asyncio.open_connection(sock=sock)
        line = (await reader.readline()).decode().strip()
        who = "guest" if identity.guest else identity.fingerprint
        writer.write(f"{identity.name}|{who}|{line}\n".encode())
        await writer.drain()
        await reader.read()  # until the app is gone
        writer.close()


def app_argv(identity: Identity, args: list[str]) -> list[str]:
    return [sys.executable, str(CHILD_APP), *args]


def new_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


def public_line(key: asyncssh.SSHKey) -> str:
    return key.export_public_key("openssh").decode().strip()


async def connect(door: FrontDoor, key: asyncssh.SSHKey | None, *, username: str = "player",
                  **options: Any) -> asyncssh.SSHClientConnection:
    return await asyncssh.connect("127.0.0.1", door.port, username=username,
                                  client_keys=[key] if key is not None else None,
                                  known_hosts=None, agent_path=None, config=None, **options)


class Screen:
    """A client's view of one session: everything received, and the app's reports."""

    def __init__(self) -> None:
        self.out = b""
        self._taken: dict[str, int] = {}

    async def _read(self) -> bytes:
        raise NotImplementedError

    @property
    def text(self) -> str:
        return self.out.decode("utf-8", "replace")

    async def _more(self, timeout: float) -> None:
        data = await asyncio.wait_for(self._read(), timeout)
        if not data:
            raise EOFError(self.text)
        self.out += data

    async def until(self, marker: str, timeout: float = WAIT) -> None:
        try:
            async with asyncio.timeout(timeout):
                while marker.encode() not in self.out:
                    await self._more(timeout)
        except TimeoutError:
            raise AssertionError(f"no {marker!r} in {self.text!r}") from None

    def reports(self) -> list[dict[str, Any]]:
        lines = (line.rstrip("\r") for line in self.text.split("\n"))
        return [json.loads(line[2:]) for line in lines if line.startswith("@@{") and line.endswith("}")]

    async def report(self, field: str, timeout: float = WAIT) -> dict[str, Any]:
        """The next report (after those already taken) that has ``field``."""
        try:
            async with asyncio.timeout(timeout):
                while True:
                    found = [r for r in self.reports() if field in r]
                    taken = self._taken.get(field, 0)
                    if len(found) > taken:
                        self._taken[field] = taken + 1
                        return found[taken]
                    await self._more(timeout)
        except TimeoutError:
            raise AssertionError(f"no report of {field!r} in {self.text!r}") from None

    async def drain(self, timeout: float = WAIT) -> None:
        """Read until the session ends."""
        try:
            async with asyncio.timeout(timeout):
                while True:
                    try:
                        await self._more(timeout)
                    except EOFError:
                        return
        except TimeoutError:
            raise AssertionError(f"the session did not end: {self.text!r}") from None


class Term(Screen):
    """A session opened with asyncssh's client."""

    def __init__(self, process: asyncssh.SSHClientProcess[bytes]) -> None:
        super().__init__()
        self.process = process

    @classmethod
    async def open(cls, conn: asyncssh.SSHClientConnection, command: str | None = None, *,
                   size: tuple[int, int] = (100, 30), env: dict[str, str] | None = None,
                   pty: bool = True) -> Term:
        process = await conn.create_process(
            command, term_type="xterm-256color" if pty else None, term_size=size if pty else None,
            env=env or {}, encoding=None)
        return cls(process)

    async def _read(self) -> bytes:
        data: bytes = await self.process.stdout.read(65536)
        return data

    def type(self, data: bytes) -> None:
        self.process.stdin.write(data)

    async def finish(self, timeout: float = WAIT) -> int | None:
        await self.drain(timeout)
        await asyncio.wait_for(self.process.wait_closed(), timeout)
        return self.process.exit_status


async def play(door: FrontDoor, key: asyncssh.SSHKey | None, command: str | None = None, *,
               name: str | None = None, **options: Any) -> tuple[asyncssh.SSHClientConnection, Term]:
    """Log in, open a terminal session, answer the name prompt, wait for the app."""
    conn = await connect(door, key, **options)
    term = await Term.open(conn, command)
    if name is not None:
        await term.until("Name: ")
        term.type(name.encode() + b"\r")
    await term.report("ready")
    return conn, term


def alive(pid: int) -> bool:
    """Running (a zombie is not: nobody may be left to reap it here)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, IndexError):
        return False
    return state != "Z"


def group_members(pgid: int) -> list[int]:
    members = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except (FileNotFoundError, ProcessLookupError):
                continue
            if int(fields[2]) == pgid and fields[0] != "Z":
                members.append(int(entry.name))
    return members


async def gone(pgid: int, within: float) -> bool:
    """True once no live process is left in the group, False if some outlive ``within``
    (those are then killed, so a failing test leaves nothing behind either)."""
    deadline = asyncio.get_running_loop().time() + within
    while members := group_members(pgid):
        if asyncio.get_running_loop().time() > deadline:
            for pid in members:
                os.kill(pid, signal.SIGKILL)
            return False
        await asyncio.sleep(0.05)
    return True


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
