"""A stand-in for the app, started by the front door in the tests.

It reports on lines that start with @@ (JSON): what it was given (argv, the
size as shutil sees it, TERM, NO_COLOR, its process group and terminal), what
the game server answered on the inherited socket, every window change, and
every chunk of keys, in hex. It quits on "q".
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import termios
import threading
import time
import tty

REHEARSED_BY: int | None = None  # the zygote's pid, once it has rehearsed (see test_zygote.py)


def rehearse() -> None:
    global REHEARSED_BY
    REHEARSED_BY = os.getpid()


def rehearse_for_ever() -> None:
    time.sleep(3600)


def rehearse_leaving_a_thread() -> None:
    threading.Thread(target=time.sleep, args=(30,), daemon=True).start()


def report(**fields: object) -> None:
    # os.write, not sys.stdout: the SIGWINCH handler may run in the middle of a report.
    os.write(1, ("@@" + json.dumps(fields) + "\r\n").encode())


def size() -> list[int]:
    current = shutil.get_terminal_size((0, 0))  # what Textual asks
    return [current.columns, current.lines]


def main() -> None:
    server = socket.socket(fileno=int(os.environ["GRAIL_TUI_SERVER_FD"]))
    server.sendall(b"hello from the app\n")
    reply = server.makefile("r").readline().strip()
    grandchild = None
    if os.environ.get("CHILD_APP_GRANDCHILD"):
        # Deaf to hangups and polite requests: only SIGKILL to the group ends it.
        grandchild = subprocess.Popen(["sh", "-c", "trap '' HUP TERM; exec sleep 300"]).pid
    # Before "ready": a window change or a key right after it must not be missed.
    signal.signal(signal.SIGWINCH, lambda *_: report(resized=size()))
    saved = termios.tcgetattr(0)
    tty.setraw(0, termios.TCSANOW)
    report(ready=True, argv=sys.argv[1:], size=size(), term=os.environ.get("TERM"),
           no_color=os.environ.get("NO_COLOR"), colorterm=os.environ.get("COLORTERM"),
           columns=os.environ.get("COLUMNS"), pid=os.getpid(), pgid=os.getpgid(0), sid=os.getsid(0),
           foreground=os.tcgetpgrp(0), reply=reply, grandchild=grandchild, nice=os.nice(0),
           # Run as __main__, a fresh namespace: what the zygote rehearsed is in the imported module.
           rehearsed=getattr(sys.modules.get("child_app"), "REHEARSED_BY", None))
    try:
        while data := os.read(0, 1024):
            report(keys=data.hex())
            if data == b"q":
                break
    finally:
        termios.tcsetattr(0, termios.TCSADRAIN, saved)


if __name__ == "__main__":
    main()
