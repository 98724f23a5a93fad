"""NO_COLOR (no-color.org): the terminal is sent no colour at all, not colours turned to greys.

The real command on a pseudo-terminal at 80x24; every byte it writes is read and its SGR
sequences checked for a colour (foreground or background, 16, 256 or truecolour)."""

from __future__ import annotations

import fcntl
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time

SGR = re.compile(rb"\x1b\[([0-9;:]*)m")


def colours(data: bytes) -> list[str]:
    """The colour parameters among the SGR sequences in ``data`` (39 and 49, the terminal's own
    colours, are none)."""
    found = []
    for match in SGR.finditer(data):
        params = [p for p in re.split(rb"[;:]", match.group(1)) if p]
        k = 0
        while k < len(params):
            n = int(params[k])
            if n in (38, 48):
                found.append(match.group(0).decode())
                break
            if 30 <= n <= 37 or 40 <= n <= 47 or 90 <= n <= 97 or 100 <= n <= 107:
                found.append(match.group(0).decode())
            k += 1
    return found


def session(tmp_path, *, no_color: bool) -> bytes:
    """Start a game from the start screen (the board is the most colourful screen) and quit."""
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update(TERM="xterm-256color", COLORTERM="truecolor", GRAIL_TUI_DATA=str(tmp_path / "data"),
               HOME=str(tmp_path), TEXTUAL_ANIMATIONS="none")
    if no_color:
        env["NO_COLOR"] = "1"
    leader, follower = os.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    proc = subprocess.Popen([sys.executable, "-m", "grail_tui", "--bot-delay", "30"], stdin=follower,
                            stdout=follower, stderr=follower, env=env, start_new_session=True)
    os.close(follower)
    out = b""

    def until(text: bytes, timeout: float = 30.0) -> None:
        nonlocal out
        deadline = time.monotonic() + timeout
        while text not in out:
            left = deadline - time.monotonic()
            assert left > 0, f"{text!r} never came: {out[-400:]!r}"
            ready, _, _ = select.select([leader], [], [], left)
            if ready:
                try:
                    out += os.read(leader, 65536)
                except OSError:
                    break

    try:
        until(b"Start a new game")
        os.write(leader, b"\r")
        until(b"Opening")
        os.write(leader, b"\x11")  # Ctrl+Q
        until(b"\x1b[?1049l", 15)  # the terminal given back (read on: a full pty would hold it up)
        proc.wait(15)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)
        os.close(leader)
    return out


def test_no_color_sends_no_colour_at_all(tmp_path):
    out = session(tmp_path, no_color=True)
    assert b"Opening" in out and colours(out) == []


def test_without_no_color_the_same_screens_are_in_colour(tmp_path):
    """(So the check above can see a colour when one is sent.)"""
    assert colours(session(tmp_path, no_color=False))
