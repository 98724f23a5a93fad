"""One session's app: a child process on the slave side of its own pseudo-terminal.

The child leads a new session with the pty as its controlling terminal, so the
kernel sends it SIGWINCH when the size changes and SIGHUP when the terminal
goes away, and the whole process group can be ended at once. The master side
is non-blocking and read and written from the event loop, so one slow session
never holds up another.
"""

from __future__ import annotations

import asyncio
import errno
import fcntl
import logging
import os
import pty
import signal
import struct
import termios
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Protocol

from ..priority import lower_priority

log = logging.getLogger("grail_tui.ssh")

READ_CHUNK = 65536


@dataclass(frozen=True, slots=True)
class TermSize:
    columns: int
    rows: int

    @classmethod
    def of(cls, columns: int, rows: int) -> TermSize:
        # A client may send 0 (unknown) or absurd sizes; keep what an app can draw.
        return cls(min(max(columns or 80, 1), 1000), min(max(rows or 24, 1), 1000))


def _set_size(fd: int, size: TermSize) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", size.rows, size.columns, 0, 0))


def _quiet(fd: int) -> None:
    """No echo, no line editing: keys typed before the app takes the terminal
    reach it as they are, instead of being echoed over its first frame."""
    attrs = termios.tcgetattr(fd)
    attrs[3] &= ~(termios.ECHO | termios.ICANON)
    termios.tcsetattr(fd, termios.TCSANOW, attrs)


def _take_terminal(nice: int) -> None:  # pragma: no cover - runs in the child between fork and exec
    # start_new_session has already called setsid(); fd 0 is the pty slave.
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    lower_priority(nice)


Waiter = Callable[[], Awaitable[int]]


class Launcher(Protocol):
    """Something that starts a process on a pty slave faster than exec (the zygote)."""

    async def spawn(self, argv: Sequence[str], env: Mapping[str, str], slave: int,
                    fd_variables: Mapping[str, int], nice: int = 0) -> tuple[int, Waiter]: ...


async def _exec(argv: Sequence[str], env: Mapping[str, str], slave: int,
                fd_variables: Mapping[str, int], nice: int = 0) -> tuple[int, Waiter]:
    env = {**env, **{name: str(fd) for name, fd in fd_variables.items()}}
    process = await asyncio.create_subprocess_exec(
        *argv, stdin=slave, stdout=slave, stderr=slave, env=env, pass_fds=tuple(fd_variables.values()),
        start_new_session=True, preexec_fn=partial(_take_terminal, nice))
    return process.pid, process.wait


class Child:
    def __init__(self, pid: int, master: int, waiter: Waiter) -> None:
        self.pid = pid
        self._master = master
        self._waiter = waiter
        self._closed = False

    @classmethod
    async def start(cls, argv: Sequence[str], env: Mapping[str, str], size: TermSize,
                    fd_variables: Mapping[str, int] | None = None,
                    launcher: Launcher | None = None, nice: int = 0) -> Child:
        """Start ``argv`` on a new pty, ``nice`` steps below this process (see net/priority.py);
        each descriptor in ``fd_variables`` is inherited, its number in the environment
        variable named for it."""
        fd_variables = fd_variables or {}
        master, slave = pty.openpty()
        try:
            _set_size(master, size)
            _quiet(slave)
            started = None
            if launcher is not None:
                try:
                    started = await launcher.spawn(argv, env, slave, fd_variables, nice)
                except (ConnectionError, OSError) as exc:
                    log.warning("warm start failed (%s); starting the app cold", exc)
            pid, waiter = started or await _exec(argv, env, slave, fd_variables, nice)
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        os.set_blocking(master, False)
        return cls(pid, master, waiter)

    async def read(self) -> bytes:
        """What the app wrote; b"" once it has closed its terminal (exited)."""
        while not self._closed:
            try:
                return os.read(self._master, READ_CHUNK)
            except BlockingIOError:
                await self._ready(writing=False)
            except OSError as exc:
                if exc.errno == errno.EIO:  # every slave fd closed: the app is gone
                    return b""
                raise
        return b""

    async def write(self, data: bytes) -> None:
        view = memoryview(data)
        while view and not self._closed:
            try:
                view = view[os.write(self._master, view):]
            except BlockingIOError:
                # The app is not reading; waiting here stops reading the channel,
                # and SSH flow control holds the client back.
                await self._ready(writing=True)

    async def _ready(self, *, writing: bool) -> None:
        loop = asyncio.get_running_loop()
        ready = loop.create_future()

        def wake() -> None:
            if not ready.done():
                ready.set_result(None)

        (loop.add_writer if writing else loop.add_reader)(self._master, wake)
        try:
            await ready
        finally:
            if not self._closed:
                (loop.remove_writer if writing else loop.remove_reader)(self._master)

    def resize(self, size: TermSize) -> None:
        if not self._closed:
            _set_size(self._master, size)  # the kernel sends the app SIGWINCH

    def _signal_group(self, signum: int) -> bool:
        """Send to the whole group; False once nobody in it is left."""
        try:
            os.killpg(self.pid, signum)
            return True
        except ProcessLookupError:
            return False

    async def stop(self, grace: float) -> int | None:
        """End the app and everything it started; returns its exit status."""
        for signum in (signal.SIGHUP, signal.SIGTERM):
            self._signal_group(signum)
        self._close_master()
        status = await self._wait_at_most(grace)
        # Children that outlived the app, or an app that ignored both signals.
        self._signal_group(signal.SIGKILL)
        return status if status is not None else await self._wait_at_most(grace)

    async def _wait_at_most(self, seconds: float) -> int | None:
        try:
            return await asyncio.wait_for(self._waiter(), seconds)
        except (TimeoutError, ConnectionError):  # a zygote that died cannot tell
            return None

    async def wait(self) -> int:
        return await self._waiter()

    def _close_master(self) -> None:
        if not self._closed:
            self._closed = True
            loop = asyncio.get_running_loop()
            loop.remove_reader(self._master)
            loop.remove_writer(self._master)
            os.close(self._master)
