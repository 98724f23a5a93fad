"""A rehearsal before the doors open: one session played in the SSH front door's zygote.

The first app a process runs pays for more than its imports: Textual and Rich
fill their caches (parsed selectors and styles, rendered segments, measured
text, escape codes), classes build their bindings and CSS on first use, and
modules load on the way. The zygote (net/ssh/zygote.py) forks every session's
app from itself, so what it has filled once, every session starts with,
shared, instead of building it again.

So before it serves anyone the zygote plays one short session here: the real
app, on a pseudo-terminal with Textual's real driver, against a game server
in this process with a throwaway database, through the lobby into a game
screen, its panes and its prompts. Every thread started is joined before
``rehearse`` returns, as the zygote must not fork while another thread runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import pty
import select
import signal
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

# Keys, each with how long the screen must stay still after it before the next: the lobby, a new
# game for two with the second seat open (no bot has to think), every pane, the opening's assign
# pad, help, the chat prompt, quit.
DOWN, UP, LEFT, ESC = b"\x1b[B", b"\x1b[A", b"\x1b[D", b"\x1b"
SCRIPT: tuple[tuple[bytes, float], ...] = (
    (b"", 0.3), (b"n", 0.05), (DOWN + DOWN + LEFT, 0.05), (DOWN + DOWN + LEFT + LEFT, 0.05),
    (UP * 4, 0.05), (b"\r", 0.3), (b"s", 0.05), (b"t", 0.05), (b"g", 0.05), (b"b", 0.05),
    (b"a", 0.05), (b"2", 0.05), (ESC, 0.15), (b"?", 0.05), (ESC, 0.15), (b":", 0.05), (ESC, 0.15),
    (b"\x11", 0.0),
)
# What the person saw on the way, by a word each room draws: rehearse() says which it reached.
ROOMS = {"lobby": b"you are Rehearsal", "new game": b"New game on the server", "game": b"Bidding war",
         "sheet": b"Your sheet", "assign": b"Assign (", "help": b"what it does", "chat": b"Say to the table"}
LONGEST = 2.0  # seconds one step may take before the next key goes anyway
LIMIT = 15.0  # seconds; past this the app is told to stop, whatever it is doing


def rehearse() -> list[str]:
    """Play the script once; the rooms (see ROOMS) it reached. If anything goes wrong it gives
    up quietly (sessions then start with colder caches, nothing worse). Leaves the signal
    handlers as they were, and no thread, app or file descriptor of its own behind."""
    handlers = {signum: signal.getsignal(signum) for signum in _catchable()}
    seen: list[str] = []
    with tempfile.TemporaryDirectory(prefix="grail-rehearsal-") as folder:
        try:
            _rehearse(Path(folder), seen)
        except Exception:
            pass
    for signum, handler in handlers.items():  # Textual's driver leaves SIGTSTP and SIGCONT set
        if signal.getsignal(signum) is not handler and handler is not None:
            signal.signal(signum, handler)
    # The app, and the sockets it held, go now. (A descriptor is never closed by number here: a
    # live object that still owned it would close that number again later, in some session.)
    gc.collect()
    return seen


def _catchable() -> list[signal.Signals]:
    return [signum for signum in signal.valid_signals()
            if isinstance(signum, signal.Signals) and signum not in (signal.SIGKILL, signal.SIGSTOP)]


def _rehearse(folder: Path, seen: list[str]) -> None:
    from grail_tui.net.remote import Target

    from .app import GrailApp

    server_end, app_end = socket.socketpair()
    stopping = threading.Event()
    server = threading.Thread(target=_serve, args=(server_end, folder, stopping))
    master, slave = pty.openpty()
    app = GrailApp(server=Target.from_fd(app_end.detach()))
    person = threading.Thread(target=_person, args=(master, app, stopping, seen))
    try:
        server.start()
        with _terminal(slave):
            person.start()
            app.run()
    finally:
        stopping.set()
        for thread in (person, server):
            if thread.is_alive():
                thread.join()
        os.close(master)
        os.close(slave)


def _serve(sock: socket.socket, folder: Path, stopping: threading.Event) -> None:
    from grail_tui.net.server import Server
    from grail_tui.table.sqlite import GameDatabase, open_database
    from grail_tui.table.thinking import Thinker

    async def main() -> None:
        database = GameDatabase(open_database(folder / "rehearsal.db"))
        server = Server(database, thinker=Thinker(0), bot_delay=0)
        sock.setblocking(False)
        await server.attach(sock, "Rehearsal")
        while not stopping.is_set():
            await asyncio.sleep(0.05)
        await server.close()
        database.close()

    asyncio.run(main())


def _person(master: int, app: Any, stopping: threading.Event, seen: list[str]) -> None:
    """Types the script, each key once the screen has been still for its pause; reads all the
    app draws (a full pty would stop it), noting the rooms it shows."""
    script = list(SCRIPT)
    began = step = last = time.monotonic()
    still = script[0][1]
    told = False
    while not stopping.is_set():
        now = time.monotonic()
        if script and (now - last >= still or now - step >= LONGEST):
            key, still = script.pop(0)
            if key:
                os.write(master, key)
            step = last = now
        if not told and now - began > LIMIT:
            told = True
            with contextlib.suppress(Exception):
                app.call_from_thread(app.exit)
        ready, _, _ = select.select([master], [], [], 0.01)
        if ready:
            try:
                drawn = os.read(master, 65536)
            except OSError:
                return
            seen += [room for room, word in ROOMS.items() if room not in seen and word in drawn]
            last = time.monotonic()


@contextlib.contextmanager
def _terminal(slave: int) -> Iterator[None]:
    """The app's standard streams on the pty for the rehearsal, as they are for a session."""
    import fcntl
    import struct
    import termios

    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    saved = {name: getattr(sys, name) for name in
             ("stdin", "stdout", "stderr", "__stdin__", "__stdout__", "__stderr__")}
    term = os.environ.get("TERM")
    os.environ["TERM"] = "xterm-256color"
    streams: list[Any] = []
    try:
        for name, mode in (("stdin", "r"), ("stdout", "w"), ("stderr", "w")):
            stream = open(slave, mode, buffering=1, encoding="utf-8", errors="surrogateescape", closefd=False)
            streams.append(stream)
            setattr(sys, name, stream)
            setattr(sys, f"__{name}__", stream)
        yield
    finally:
        for name, stream in saved.items():
            setattr(sys, name, stream)
        if term is None:
            os.environ.pop("TERM", None)
        else:
            os.environ["TERM"] = term
        for stream in streams:
            with contextlib.suppress(OSError):
                stream.close()
