"""A warm launcher: one process that has imported the app forks a copy per session.

Starting Python and importing Textual and the game costs about 0.8 s of CPU
and 35 MB per process; a burst of people logging in at once would queue
behind that on a small machine. The zygote pays it once. For each session it
receives the pty's slave side and the game server's socket (SCM_RIGHTS over
a SOCK_SEQPACKET pair), forks, and the child makes the pty its controlling
terminal and runs ``python -m MODULE ARGS`` in place, its imports already
done; the pages it does not write stay shared with the zygote. Any other
command line is exec'd as usual. The zygote reaps its children and reports
each exit; if the front door goes away it ends every child's process group.
"""

from __future__ import annotations

import array
import asyncio
import contextlib
import fcntl
import gc
import importlib
import json
import os
import runpy
import selectors
import signal
import socket
import sys
import termios
import threading
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass

from ..priority import lower_priority

CONTROL_FD_VARIABLE = "GRAIL_TUI_ZYGOTE_FD"
# -c, not -m: running this module as __main__ would import it twice (the package imports it).
ENTRY = (f"import sys; from {__name__} import main; "
         "main(sys.argv[1].split(','), sys.argv[3:], sys.argv[2])")




@dataclass(frozen=True, slots=True)
class WarmStart:
    """``run``: modules the zygote runs in place for ``python -m MODULE``;
    ``preload``: modules it imports once, before any session (those missing are skipped);
    ``rehearse``: "module:function" it calls once after them, to fill what a first
    session fills (caches, lazily built classes); it must leave no thread running."""

    run: tuple[str, ...]
    preload: tuple[str, ...] = ()
    rehearse: str = ""


MAX_MESSAGE = 1 << 16
MAX_FDS = 8


def _send(sock: socket.socket, message: dict[str, object], fds: Sequence[int] = ()) -> None:
    data = json.dumps(message).encode()
    ancillary = [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", fds))] if fds else []
    sock.sendmsg([data], ancillary)


def _receive(sock: socket.socket) -> tuple[dict[str, object] | None, list[int]]:
    data, ancillary, _flags, _ = sock.recvmsg(MAX_MESSAGE, socket.CMSG_SPACE(MAX_FDS * 4))
    fds: list[int] = []
    for level, kind, payload in ancillary:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            fds.extend(array.array("i", payload[: len(payload) - len(payload) % 4]))
    return (json.loads(data) if data else None), fds


class Zygote:
    """The front door's handle on a running zygote."""

    def __init__(self, process: asyncio.subprocess.Process, control: socket.socket,
                 modules: frozenset[str]) -> None:
        self.process = process
        self.modules = modules
        self._control = control
        self._next = 0
        self._launches: dict[int, asyncio.Future[int]] = {}
        self._exits: dict[int, asyncio.Future[int]] = {}
        asyncio.get_running_loop().add_reader(control, self._on_message)

    @classmethod
    async def start(cls, run: Sequence[str], preload: Sequence[str],
                    env: dict[str, str] | None = None, rehearse: str = "") -> Zygote:
        """Start a zygote that imports ``preload`` and runs ``python -m`` any of ``run`` in place.

        ``env`` is the zygote's own environment: what modules read when they are
        imported is fixed then; each session's own variables are set before
        its copy runs. Ready once ``rehearse`` (see WarmStart) has run."""
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-c", ENTRY, ",".join(run), rehearse, *preload, pass_fds=[theirs.fileno()],
                env={**(env if env is not None else os.environ), CONTROL_FD_VARIABLE: str(theirs.fileno())},
                stdin=asyncio.subprocess.DEVNULL, start_new_session=True)
        finally:
            theirs.close()
        ours.setblocking(False)
        zygote = cls(process, ours, frozenset(run))
        try:
            await zygote._launch_ready()
        except BaseException:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await zygote.close()
            raise
        return zygote

    async def _launch_ready(self) -> None:
        future = asyncio.get_running_loop().create_future()
        self._launches[-1] = future
        await future  # the zygote says "ready" (pid -1) once its imports are done

    def _on_message(self) -> None:
        try:
            message, fds = _receive(self._control)
        except BlockingIOError:
            return
        except OSError:
            message, fds = None, []
        for fd in fds:
            os.close(fd)
        if message is None:  # the zygote is gone: nobody will report exits any more
            asyncio.get_running_loop().remove_reader(self._control)
            for future in [*self._launches.values(), *self._exits.values()]:
                if not future.done():
                    future.set_exception(ConnectionError("the zygote has stopped"))
            return
        if "launched" in message:
            future = self._launches.pop(int(str(message["launched"])))
            if not future.done():
                future.set_result(int(str(message["pid"])))
        elif "exited" in message:
            pid, status = int(str(message["exited"])), int(str(message["status"]))
            self._exits.setdefault(pid, asyncio.get_running_loop().create_future())
            if not self._exits[pid].done():
                self._exits[pid].set_result(status)

    async def spawn(self, argv: Sequence[str], env: Mapping[str, str], slave: int,
                    fd_variables: Mapping[str, int], nice: int = 0) -> tuple[int, Callable[[], Awaitable[int]]]:
        """Start ``argv`` on the pty ``slave``, ``nice`` steps below the zygote (see
        net/priority.py); returns its pid and how to wait for it.

        Each descriptor in ``fd_variables`` reaches the child under a new number,
        which the child finds in the variable named for it."""
        if self._control.fileno() < 0 or self.process.returncode is not None:
            raise ConnectionError("the zygote has stopped")
        self._next += 1
        request = self._next
        future = asyncio.get_running_loop().create_future()
        self._launches[request] = future
        _send(self._control, {"launch": request, "argv": list(argv), "env": dict(env),
                              "fd_variables": list(fd_variables), "nice": nice},
              [slave, *fd_variables.values()])
        pid: int = await future
        exited = self._exits.setdefault(pid, asyncio.get_running_loop().create_future())

        async def wait() -> int:
            return await asyncio.shield(exited)

        return pid, wait

    async def close(self) -> None:
        if self._control.fileno() >= 0:
            asyncio.get_running_loop().remove_reader(self._control)
            self._control.close()
        await self.process.wait()


# The zygote's side: a plain blocking loop, no threads, so fork is safe.

def _strings(value: object) -> list[str]:
    return [str(item) for item in value] if isinstance(value, list) else []


def _run_child(message: dict[str, object], fds: list[int],
               modules: frozenset[str]) -> None:  # pragma: no cover - runs in a forked child
    code = 70
    try:
        signal.set_wakeup_fd(-1)
        for signum in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
            signal.signal(signum, signal.SIG_DFL)
        slave, *passed = fds
        for fd in map(int, os.listdir("/proc/self/fd")):  # the zygote's own: control, wake pipe
            if fd > 2 and fd not in fds:
                try:
                    os.close(fd)
                except OSError:
                    pass
        os.setsid()
        nice = message.get("nice")
        lower_priority(nice if isinstance(nice, int) else 0)
        fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
        for target in (0, 1, 2):
            os.dup2(slave, target)
        if slave > 2:
            os.close(slave)
        raw_env = message.get("env")
        env = {str(k): str(v) for k, v in raw_env.items()} if isinstance(raw_env, dict) else {}
        for name, fd in zip(_strings(message.get("fd_variables")), passed, strict=False):
            env[name] = str(fd)
        argv = _strings(message.get("argv"))
        os.environ.clear()
        os.environ.update(env)
        if len(argv) >= 3 and argv[1] == "-m" and argv[2] in modules:
            # The zygote's streams were made for its own stdout; these are the pty's.
            # Textual reads sys.__stdin__ and writes sys.__stderr__: point them there too.
            for name, fd, mode in (("stdin", 0, "r"), ("stdout", 1, "w"), ("stderr", 2, "w")):
                stream = open(fd, mode, buffering=1, encoding="utf-8", errors="surrogateescape",
                              closefd=False)
                setattr(sys, name, stream)
                setattr(sys, f"__{name}__", stream)
            sys.argv = [argv[2], *argv[3:]]
            try:
                runpy.run_module(argv[2], run_name="__main__", alter_sys=True)
                code = 0
            except SystemExit as done:
                code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
        elif argv:
            os.execvpe(argv[0], argv, env)
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:
                pass
        os._exit(code)


def _prepare(preload: Sequence[str], rehearse: str) -> None:
    for module in preload:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as missing:  # a game without such a room: nothing to load
            if not missing.name or not (module + ".").startswith(missing.name + "."):
                raise
    if rehearse:
        module, _, function = rehearse.partition(":")
        getattr(importlib.import_module(module), function)()
        if threading.active_count() > 1:  # forking now could copy a lock some thread holds
            raise SystemExit(f"the rehearsal {rehearse} left threads running; no warm starts")


def main(run: Sequence[str], preload: Sequence[str], rehearse: str = "") -> None:
    control = socket.socket(fileno=int(os.environ.pop(CONTROL_FD_VARIABLE)))
    _prepare(preload, rehearse)
    gc.collect()
    gc.freeze()  # keep the collector from touching, and so copying, the shared pages
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_write, False)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    children: set[int] = set()
    _send(control, {"launched": -1, "pid": os.getpid()})
    selector = selectors.DefaultSelector()
    selector.register(control, selectors.EVENT_READ)
    selector.register(wake_read, selectors.EVENT_READ)
    modules = frozenset(run)
    while True:
        for key, _ in selector.select():
            if key.fileobj == wake_read:
                os.read(wake_read, 4096)
                continue
            message, fds = _receive(control)
            if message is None:  # the front door is gone: so are its sessions
                for pid in children:
                    for signum in (signal.SIGHUP, signal.SIGKILL):
                        try:
                            os.killpg(pid, signum)
                        except ProcessLookupError:
                            pass
                return
            pid = os.fork()
            if pid == 0:
                _run_child(message, fds, modules)
            for fd in fds:
                os.close(fd)
            children.add(pid)
            _send(control, {"launched": message["launch"], "pid": pid})
        while children:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                break
            children.discard(pid)
            _send(control, {"exited": pid, "status": os.waitstatus_to_exitcode(status)})

