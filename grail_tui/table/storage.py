"""Saving games so that nothing is lost: an append-only journal per game.

A save is JSON lines: a header (setup and seats), then one action per line,
each written and flushed as it happens. A crash can tear only the last line,
which reading skips. Files are private to the user (0600 in a 0700 folder):
they hold every player's secret sheet.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from platformdirs import user_data_dir

from grail_tui.games.hunt.engine import Action, GameRecord, RecordError, action_to_dict

from .seats import SeatConfig

SAVE_FORMAT = "grail-tui-save"
SAVE_VERSION = 1


def data_dir() -> Path:
    override = os.environ.get("GRAIL_TUI_DATA")
    return Path(override) if override else Path(user_data_dir("grail-tui"))


def private_dir(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    os.chmod(path, 0o700)
    return path


def saves_dir() -> Path:
    return private_dir(private_dir(data_dir()) / "saves")


def records_dir() -> Path:
    return private_dir(private_dir(data_dir()) / "records")


CURRENT = "current.jsonl"


class SaveError(ValueError):
    """A save file that cannot be resumed."""


class Journal:
    """Appends each action to the save file as it is applied."""

    def __init__(self, path: Path, record: GameRecord, seats: Sequence[SeatConfig]) -> None:
        self.path = path
        private_dir(path.parent)
        tmp = path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as out:
            header = {
                "format": SAVE_FORMAT,
                "version": SAVE_VERSION,
                "record": {**record.to_dict(), "actions": []},
                "seats": [s.to_dict() for s in seats],
            }
            out.write(json.dumps(header) + "\n")
            for action in record.actions:
                out.write(json.dumps(action_to_dict(action)) + "\n")
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
        self._out: IO[str] | None = open(path, "a")  # noqa: SIM115

    def append(self, action: Action) -> None:
        if self._out is None:
            return
        self._out.write(json.dumps(action_to_dict(action)) + "\n")
        self._out.flush()
        os.fsync(self._out.fileno())

    def close(self) -> None:
        if self._out is not None:
            self._out.close()
            self._out = None

    def discard(self) -> None:
        self.close()
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass


def read_save(path: Path) -> tuple[GameRecord, list[SeatConfig]]:
    try:
        lines = path.read_text().splitlines()
    except FileNotFoundError:
        raise SaveError("there is no saved game") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"the saved game cannot be read ({exc})") from None
    if not lines:
        raise SaveError("the saved game is empty")
    try:
        header = json.loads(lines[0])
    except json.JSONDecodeError:
        raise SaveError("the saved game is damaged (bad header)") from None
    if not isinstance(header, dict) or header.get("format") != SAVE_FORMAT:
        raise SaveError("this is not a grail-tui save file")
    actions: list[Any] = []
    for k, line in enumerate(lines[1:], start=1):
        try:
            actions.append(json.loads(line))
        except json.JSONDecodeError:
            if k == len(lines) - 1:
                break  # a torn last line from a crash: the action was never acknowledged
            raise SaveError(f"the saved game is damaged at line {k + 1}") from None
    try:
        record = GameRecord.from_dict({**header.get("record", {}), "actions": actions})
        seats = [SeatConfig.from_dict(s) for s in header.get("seats", [])]
    except (RecordError, ValueError) as exc:
        raise SaveError(f"the saved game is damaged: {exc}") from None
    if len(seats) != record.setup.players:
        raise SaveError("the saved game is damaged: seats do not match the players")
    return record, seats


def write_record(record: GameRecord, folder: Path | None = None) -> Path:
    folder = folder or records_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"game-{stamp}.json"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"game-{stamp}-{n}.json"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as out:
        out.write(record.to_json())
    return path
