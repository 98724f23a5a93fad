"""Talking to a person in the SSH channel before the app starts: lines, with echo.

With a pty the client's terminal is raw, so the server echoes and edits
(Backspace, Ctrl+U); escape sequences such as arrow keys are skipped. Window
changes that arrive meanwhile are kept for the app.
"""

from __future__ import annotations

import asyncio
import codecs
from collections.abc import Callable
from typing import Any

import asyncssh

from .child import TermSize

CTRL_C, CTRL_D, CTRL_U, ESC = "\x03", "\x04", "\x15", "\x1b"


class Hangup(Exception):
    """The person left, pressed Ctrl+C, or said nothing for too long.

    ``message``, if any, is what they are told on the way out.
    """

    def __init__(self, message: str = "") -> None:
        super().__init__(message)
        self.message = message


def _duration(seconds: float) -> str:
    return f"{seconds:g} s" if seconds < 120 else f"{round(seconds / 60)} min"


class Channel:
    """One session's SSH process, spoken to in lines."""

    def __init__(self, process: asyncssh.SSHServerProcess[Any], idle_timeout: float) -> None:
        self.process = process
        self.idle_timeout = idle_timeout
        self.pty = process.get_terminal_type() is not None
        columns, rows, *_ = process.get_terminal_size()
        self.size = TermSize.of(columns, rows)
        self.on_resize: Callable[[TermSize], None] | None = None

    def say(self, text: str, *, error: bool = False) -> None:
        data = text.replace("\n", "\r\n" if self.pty else "\n").encode("utf-8", "replace")
        try:
            (self.process.stderr if error and not self.pty else self.process.stdout).write(data)
        except (OSError, asyncssh.Error):  # the channel is already closed
            raise Hangup() from None

    async def read(self, limit: int = 4096) -> bytes:
        """Bytes from the client; window changes update ``size`` on the way."""
        while True:
            try:
                data: bytes = await asyncio.wait_for(self.process.stdin.read(limit), self.idle_timeout)
            except asyncssh.TerminalSizeChanged as change:
                self.size = TermSize.of(change.width, change.height)
                if self.on_resize is not None:
                    self.on_resize(self.size)
                continue
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            except TimeoutError:
                raise Hangup(f"Closed after {_duration(self.idle_timeout)} without a key press.") from None
            except (asyncssh.Error, ConnectionError):
                raise Hangup() from None
            if not data:
                raise Hangup()
            return data

    async def ask(self, question: str, *, limit: int = 200) -> str:
        self.say(question)
        line: list[str] = []
        decoder = codecs.getincrementaldecoder("utf-8")("replace")
        escape = ""
        while True:
            for ch in decoder.decode(await self.read()):
                if escape:  # skip an escape sequence: ESC [ ... final, or ESC O x
                    escape += ch
                    if (len(escape) == 2 and ch not in "[O") or (len(escape) > 2 and "@" <= ch <= "~"):
                        escape = ""
                    continue
                if ch == ESC:
                    escape = ch
                elif ch in "\r\n":
                    self.say("\n")
                    return "".join(line)
                elif ch == CTRL_C or (ch == CTRL_D and not line):
                    self.say("\n")
                    raise Hangup()
                elif ch in "\x7f\x08":
                    if line:
                        line.pop()
                        self._echo("\b \b")
                elif ch == CTRL_U:
                    self._echo("\b \b" * len(line))
                    line.clear()
                elif ch.isprintable() and len(line) < limit:
                    line.append(ch)
                    self._echo(ch)

    def _echo(self, text: str) -> None:
        if self.pty:
            self.say(text)
