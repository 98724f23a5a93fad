"""A real game server with its SSH front door, and people at ssh clients reading a real screen.

Each person is an asyncssh client with a pty; every byte it receives is kept
and fed into a terminal emulator (pyte), so a test reads what the person's
terminal would show, not what the app meant to draw.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh
import pyte

WAIT = 20.0
SIZE = (100, 30)
KEYS = {"enter": b"\r", "escape": b"\x1b", "left": b"\x1b[D", "right": b"\x1b[C", "up": b"\x1b[A",
        "down": b"\x1b[B", "backspace": b"\x7f", "space": b" ", "tab": b"\t", "ctrl+q": b"\x11",
        "home": b"\x1b[H"}


@dataclass
class SshServer:
    proc: subprocess.Popen[str]
    port: int
    host_key: str
    folder: Path

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)

    def session_apps(self) -> set[int]:
        """The sessions' apps and their children: every process under the server's zygote."""
        zygotes = [pid for pid in descendants(self.proc.pid) if _is_zygote(pid)]
        return {pid for zygote in zygotes for pid in descendants(zygote)}


def start_ssh_server(folder: Path, *extra: str) -> SshServer:
    """`grail-tui serve --ssh 127.0.0.1:0` in its own process, everything it writes under ``folder``."""
    home = folder / "home"
    home.mkdir(mode=0o700, exist_ok=True)
    env = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"),
           "XDG_STATE_HOME": str(home / "state"), "XDG_CONFIG_HOME": str(home / "config"),
           "XDG_CACHE_HOME": str(home / "cache"), "GRAIL_TUI_DATA": str(home / "grail")}
    env.pop("NO_COLOR", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "grail_tui", "serve", "--socket", str(folder / "sock" / "s.sock"),
         "--db", str(folder / "server" / "server.db"), "--ssh", "127.0.0.1:0", "--bot-delay", "0", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None and proc.stderr is not None
    line = proc.stdout.readline()
    if not line:
        raise RuntimeError("the server did not start: " + proc.stderr.read())
    ready = json.loads(line)
    return SshServer(proc, int(ready["ssh"][1]), str(ready["host_key"]), folder)


def _stat(pid: int) -> list[str] | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return None


def _is_zygote(pid: int) -> bool:
    try:
        return b"grail_tui.net.ssh.zygote" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def alive(pid: int) -> bool:
    """Running: a zombie is not (it only waits for its parent to reap it)."""
    fields = _stat(pid)
    return fields is not None and fields[0] != "Z"


def descendants(root: int) -> list[int]:
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))) and fields[0] != "Z":
            parents[int(entry.name)] = int(fields[1])
    found: list[int] = []
    frontier = [root]
    while frontier:
        parent = frontier.pop()
        children = [pid for pid, ppid in parents.items() if ppid == parent]
        found += children
        frontier += children
    return found


def at_work(root: int) -> tuple[int, bool]:
    """The CPU time (in clock ticks) a process and everything under it have used, and whether
    any of them is running or waiting for a CPU now (on a loaded machine, a session's app may
    wait a long while between two writes of one change)."""
    ticks, running = 0, False
    for pid in (root, *descendants(root)):
        if (fields := _stat(pid)) is not None:
            ticks += int(fields[11]) + int(fields[12])
            running = running or fields[0] == "R"
    return ticks, running


async def settles(probe: Callable[[], Any], within: float = WAIT) -> Any:
    """Poll ``probe`` until it returns something true; its last value."""
    deadline = time.monotonic() + within
    while not (value := probe()) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    return value


def new_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


def public_line(key: asyncssh.SSHKey) -> str:
    return key.export_public_key("openssh").decode().strip()


async def connect(server: SshServer, key: asyncssh.SSHKey | None, *, username: str = "player"
                  ) -> asyncssh.SSHClientConnection:
    return await asyncssh.connect("127.0.0.1", server.port, username=username,
                                  client_keys=[key] if key is not None else [], known_hosts=None,
                                  agent_path=None, config=None, preferred_auth="publickey,keyboard-interactive")


@dataclass
class Person:
    """Someone at an ssh client with a terminal: what they type and what their screen shows."""

    conn: asyncssh.SSHClientConnection
    process: asyncssh.SSHClientProcess[bytes]
    screen: pyte.Screen
    received: list[tuple[float, bytes]] = field(default_factory=list)
    # The screen whenever the bytes paused for 30 ms, and whenever the person typed (what they acted on).
    frames: list[str] = field(default_factory=list)
    on_frame: Callable[[Person, str], None] | None = None
    _stream: pyte.ByteStream = field(init=False)
    _news: asyncio.Event = field(default_factory=asyncio.Event)
    _reader: asyncio.Task[None] | None = None
    ended: bool = False

    def __post_init__(self) -> None:
        self._stream = pyte.ByteStream(self.screen)

    @classmethod
    async def arrive(cls, server: SshServer, key: asyncssh.SSHKey | None, command: str | None = None, *,
                     name: str | None = None, size: tuple[int, int] = SIZE, username: str = "player",
                     env: dict[str, str] | None = None) -> Person:
        """Log in, open a terminal session; answer the name prompt if ``name`` is given."""
        conn = await connect(server, key, username=username)
        process = await conn.create_process(command, term_type="xterm-256color", term_size=size,
                                            env=env or {}, encoding=None)
        person = cls(conn, process, pyte.Screen(*size))
        person._reader = asyncio.get_running_loop().create_task(person._read())
        if name is not None:
            await person.until("Name:")
            person.type(name + "\r")
        return person

    async def _read(self) -> None:
        loop = asyncio.get_running_loop()
        pause: asyncio.TimerHandle | None = None
        try:
            while data := await self.process.stdout.read(65536):
                self.received.append((time.monotonic(), data))
                self._stream.feed(data)
                self._news.set()
                if pause is not None:
                    pause.cancel()
                pause = loop.call_later(0.03, self._frame)
        except (asyncssh.Error, ConnectionError):
            pass
        finally:
            if pause is not None:
                pause.cancel()
            self._frame()
            self.ended = True
            self._news.set()

    def _frame(self) -> None:
        text = self.text
        if not self.frames or self.frames[-1] != text:
            self.frames.append(text)
            if self.on_frame is not None:
                self.on_frame(self, text)

    @property
    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    @property
    def raw(self) -> bytes:
        return b"".join(data for _, data in self.received)

    async def until(self, *wanted: str | re.Pattern[str] | Callable[[str], bool],
                    timeout: float = WAIT) -> str:
        """Wait until the screen shows everything in ``wanted`` (texts, patterns, or tests of
        the screen's text); the screen's text."""
        def holds(want: str | re.Pattern[str] | Callable[[str], bool], text: str) -> bool:
            if isinstance(want, str):
                return want in text
            if isinstance(want, re.Pattern):
                return want.search(text) is not None
            return want(text)

        def shown() -> bool:
            text = self.text
            return all(holds(want, text) for want in wanted)

        deadline = time.monotonic() + timeout
        while not shown():
            if self.ended:
                raise AssertionError(f"the session ended before {wanted!r} showed:\n{self.text}")
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{wanted!r} never showed; the screen:\n{self.text}")
            self._news.clear()
            try:
                await asyncio.wait_for(self._news.wait(), left)
            except TimeoutError:
                pass
        return self.text

    async def gone(self, *unwanted: str, timeout: float = WAIT) -> None:
        deadline = time.monotonic() + timeout
        while any(u in self.text for u in unwanted):
            assert time.monotonic() < deadline, f"{unwanted!r} still shows:\n{self.text}"
            await asyncio.sleep(0.05)

    def type(self, text: str) -> None:
        self._frame()
        self.process.stdin.write(text.encode())

    def press(self, *keys: str) -> None:
        self._frame()
        self.process.stdin.write(b"".join(KEYS.get(k, k.encode()) for k in keys))

    def resize(self, columns: int, rows: int) -> None:
        self.screen.resize(rows, columns)
        self.process.change_terminal_size(columns, rows)

    def drop(self) -> None:
        """The connection breaks without a goodbye (a killed client, a lost network)."""
        self.conn.abort()

    async def leave(self) -> None:
        self.conn.close()
        if self._reader is not None:
            await asyncio.wait([self._reader], timeout=5)


def lobby_code(text: str, verb: str) -> str:
    """The code of the first game the lobby offers to ``verb`` (open, join, watch)."""
    found = re.search(rf"\b{verb}\s+([A-Z]{{4}})\b", text)
    assert found, f"no game to {verb} in:\n{text}"
    return found.group(1)
