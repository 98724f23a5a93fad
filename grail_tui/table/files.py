"""The user's own data folder: unfinished games (saves/) and finished games' records (records/)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir


def data_dir() -> Path:
    override = os.environ.get("GRAIL_TUI_DATA")
    return Path(override) if override else Path(user_data_dir("grail-tui"))


def private_dir(path: Path) -> Path:
    """``path``, made if need be, readable by this user alone."""
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    if path.stat().st_mode & 0o077:
        os.chmod(path, 0o700)
    return path


def saves_dir() -> Path:
    return private_dir(private_dir(data_dir()) / "saves")


def records_dir() -> Path:
    return private_dir(private_dir(data_dir()) / "records")


def write_record(record: dict[str, Any], folder: Path | None = None) -> Path:
    """Keep a finished game's record under a new name; private from the first instant."""
    folder = folder or records_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"game-{stamp}.json"
    n = 1
    while True:
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            break
        except FileExistsError:
            n += 1
            path = folder / f"game-{stamp}-{n}.json"
    with os.fdopen(fd, "w") as out:
        out.write(json.dumps(record, indent=1))
    return path
