"""Reading what a process of the tests says, a line at a time, never waiting without end."""

from __future__ import annotations

import queue
import threading
from typing import IO


class Said:
    """What a process says on one of its outputs, line by line, each awaited with a timeout."""

    def __init__(self, stream: IO[str]) -> None:
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self.lines.put(line)
        self.lines.put("")  # the end

    def line(self, timeout: float = 10.0) -> str:
        try:
            return self.lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"the server said nothing more in {timeout} s") from None

    def rest(self, timeout: float = 10.0) -> str:
        text = ""
        while line := self.line(timeout):
            text += line
        return text
