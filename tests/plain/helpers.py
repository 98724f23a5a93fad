"""`grail-tui --plain` in a real process on a pseudo-terminal, read and typed to line by line.

Every byte read is checked: the plain front end sends text and line endings, never an escape
sequence or another control character.
"""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

ALLOWED_CONTROLS = {0x0A, 0x0D}  # line endings: everything else below 0x20 (and DEL) is refused
_CHOICES = re.compile(r"^Choose 1( to (\d+))?\.$", re.M)
_ASKED = "(back: choose again)"
OVER = "The game is over."


class Plain:
    def __init__(self, *args: str, data: Path, env: dict[str, str] | None = None,
                 argv: list[str] | None = None) -> None:
        self.master, slave = pty.openpty()
        environ = {**os.environ, "GRAIL_TUI_DATA": str(data), "TERM": "xterm-256color",
                   "COLUMNS": "80", "LINES": "24", "GRAIL_TUI_SOCKET": "", **(env or {})}
        environ.pop("GRAIL_TUI_SOCKET")
        command = argv or [sys.executable, "-m", "grail_tui", "--plain", *args]
        self.proc = subprocess.Popen(command, stdin=slave, stdout=slave, stderr=slave, env=environ,
                                     start_new_session=True)
        os.close(slave)
        self.raw = b""
        self.seen = 0  # where the next look for a question starts

    @property
    def text(self) -> str:
        return self.raw.decode("utf-8", errors="replace").replace("\r\n", "\n")

    def _read(self, deadline: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], max(0.0, min(0.2, deadline - time.monotonic())))
        if not ready:
            return False
        try:
            chunk = os.read(self.master, 65536)
        except OSError:
            chunk = b""
        if not chunk:
            raise EOFError(self.text[-3000:])
        for byte in chunk:
            assert byte >= 0x20 and byte != 0x7F or byte in ALLOWED_CONTROLS, \
                f"control byte {byte:#04x} in the output: {chunk!r}"
        self.raw += chunk
        return True

    def until(self, wanted: str, timeout: float = 20.0) -> str:
        """Read until ``wanted`` appears after what was looked at; the text from there."""
        deadline = time.monotonic() + timeout
        while wanted not in self.text[self.seen:]:
            if time.monotonic() > deadline:
                raise AssertionError(f"{wanted!r} did not appear within {timeout} s:\n{self.text[-3000:]}")
            self._read(deadline)
        at = self.text.index(wanted, self.seen)
        part = self.text[self.seen:at + len(wanted)]
        self.seen = at + len(wanted)
        return part

    def question(self, timeout: float = 30.0) -> tuple[str, list[str]]:
        """The next question put (a numbered list, or a typed answer asked for): its text and the
        labels of its choices (none for a typed answer)."""
        deadline = time.monotonic() + timeout
        while True:
            rest = self.text[self.seen:]
            over = rest.find(OVER)
            found = _CHOICES.search(rest)
            if over >= 0 and (found is None or over < found.start()):
                self.seen += over + len(OVER)
                return rest[:over + len(OVER)], []
            asked = rest.find(_ASKED)
            if asked >= 0 and (found is None or asked < found.start()):
                self.seen += asked + len(_ASKED)
                return rest[:asked + len(_ASKED)], []
            if found is not None:
                self.seen += found.end()
                block = rest[:found.start()]
                labels = re.findall(r"^(\d+)\. (.*)$", block, re.M)
                count = int(found.group(2) or 1)
                last = [label for number, label in labels if number != "0"][-count:]
                return block, last
            if time.monotonic() > deadline:
                raise AssertionError(f"no question within {timeout} s:\n{self.text[-3000:]}")
            self._read(deadline)

    def type(self, line: str) -> None:
        os.write(self.master, line.encode() + b"\n")

    def finish(self, timeout: float = 15.0) -> int:
        deadline = time.monotonic() + timeout
        while self.proc.poll() is None:
            if time.monotonic() > deadline:
                raise AssertionError("the plain front end did not end:\n" + self.text[-3000:])
            try:
                self._read(deadline)
            except EOFError:
                break
        code = self.proc.wait(timeout)
        return code

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(5)
        os.close(self.master)


def pick(labels: list[str], *preferred: str) -> int:
    """The number of the first label starting with one of ``preferred`` (in that order), else 1."""
    for start in preferred:
        for k, label in enumerate(labels, 1):
            if label.startswith(start):
                return k
    return 1
