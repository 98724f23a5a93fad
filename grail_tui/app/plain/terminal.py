"""Lines in and out: input read as ordinary lines (capped), output cleaned to plain text."""

from __future__ import annotations

import asyncio
import os
import sys
import threading
from typing import Any, TextIO

MAX_LINE = 200  # characters in one typed line; a longer one is refused whole
_MAX_BYTES = MAX_LINE * 4  # UTF-8: at most four bytes a character
CHANGED = object()  # put in the inbox when the table has news


def plain_text(text: str) -> str:
    """Text as a terminal shows it literally: every control character (escape sequences, bidi
    overrides) becomes '?', so nothing one person writes can move another's cursor."""
    return "".join(ch if ch.isprintable() else "?" for ch in text)


class Terminal:
    """The person's terminal: an inbox of typed lines (and news), and lines said."""

    def __init__(self, fd: int | None = None, out: TextIO | None = None) -> None:
        self.fd = sys.stdin.fileno() if fd is None else fd
        self.out = out or sys.stdout
        self.inbox: asyncio.Queue[Any] = asyncio.Queue()
        self._buffer = b""
        self._skipping = False  # inside a line that was too long: dropped up to its end
        self._open = False
        self._marked = False  # news is in the inbox already

    def open(self) -> None:
        if self._open:
            return
        loop = asyncio.get_running_loop()
        try:
            loop.add_reader(self.fd, self._readable)
        except (OSError, ValueError):  # a regular file (`< moves.txt`) cannot be waited on: read it in a thread
            threading.Thread(target=self._read_file, args=(loop,), daemon=True).start()
            return
        self._open = True

    def _read_file(self, loop: asyncio.AbstractEventLoop) -> None:
        while True:
            try:
                chunk = os.read(self.fd, 4096)
            except OSError:
                chunk = b""
            loop.call_soon_threadsafe(self._take, chunk)
            if not chunk:
                return

    def close(self) -> None:
        if self._open:
            asyncio.get_running_loop().remove_reader(self.fd)
            self._open = False

    def say(self, *lines: str) -> None:
        for line in lines:
            for part in line.split("\n"):
                self.out.write(plain_text(part) + "\n")
        self.out.flush()

    def changed(self) -> None:
        """The table has news (collapsed: one mark however many updates came)."""
        if not self._marked:
            self._marked = True
            self.inbox.put_nowait(CHANGED)

    def _readable(self) -> None:
        try:
            chunk = os.read(self.fd, 4096)
        except OSError:
            chunk = b""
        self._take(chunk)

    def _take(self, chunk: bytes) -> None:
        if not chunk:
            self.close()
            self.inbox.put_nowait(None)  # the end of input: the person has gone
            return
        self._buffer += chunk
        while b"\n" in self._buffer:
            line, self._buffer = self._buffer.split(b"\n", 1)
            if self._skipping:
                self._skipping = False
                continue
            self._line(line)
        if len(self._buffer) > _MAX_BYTES:
            self._buffer = b""
            if not self._skipping:
                self._skipping = True
                self.say(f"That line is too long (at most {MAX_LINE} characters); it was ignored.")

    def _line(self, raw: bytes) -> None:
        text = raw.decode("utf-8", errors="replace").rstrip("\r")
        if len(text) > MAX_LINE:
            self.say(f"That line is too long (at most {MAX_LINE} characters); it was ignored.")
            return
        self.inbox.put_nowait(plain_text(text))

    async def next(self) -> Any:
        """A typed line, CHANGED (the table has news), or None once input has ended."""
        item = await self.inbox.get()
        if item is CHANGED:
            self._marked = False
        return item

    async def line(self) -> str | None:
        """The next typed line (news is skipped); None once input has ended."""
        while True:
            item = await self.next()
            if item is not CHANGED:
                return item  # type: ignore[no-any-return]
