"""Paths as a player reads and types them: the home folder as ~, quoted for a shell when needed.

A path is said on a line of its own, so that a narrow screen or notice breaks the sentence
around it rather than the path in the middle of a name (a path longer than the line still folds).
"""

from __future__ import annotations

import shlex
from pathlib import Path


def shown_path(path: Path | str) -> str:
    """``path`` to type at a shell prompt: ~ for the home folder (left unquoted, so the shell
    expands it), the rest quoted if it holds spaces or other special characters."""
    text = str(path)
    home = str(Path.home())
    if home not in ("", "/") and (text == home or text.startswith(home + "/")):
        rest = text[len(home) + 1:]
        return "~/" + shlex.quote(rest) if rest else "~"
    if text.startswith("~/"):
        return "~/" + shlex.quote(text[2:])
    return shlex.quote(text)


def record_note(path: Path | str) -> str:
    """Where a finished game's record went, and the command that replays it."""
    shown = shown_path(path)
    return f"The game record is saved in\n  {shown}\nReplay it with:\n  grail-tui replay {shown}\n"
