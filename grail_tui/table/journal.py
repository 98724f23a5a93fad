"""Local play keeps each unfinished game in a journal: nothing is lost on a crash.

A journal is JSON lines: a header (the game, its setup, seats and settings),
then one accepted action per line, each flushed and fsynced before anyone
hears of it. A crash can tear only the last line, which reading skips (that
action was never acknowledged). Every unfinished game has its own journal
in the saves folder until it is finished (its record moves to the records
folder) or deleted on purpose. Files are private to the user (0600 in a 0700
folder): they hold every player's secrets.
"""

from __future__ import annotations

import json
import os
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from .files import private_dir, saves_dir, write_record
from .seats import SeatConfig
from .settings import TableSettings
from .store import StoredGame
from .updates import ChatLine

SAVE_FORMAT = "grail-tui-save"
SAVE_VERSION = 2
LEGACY = "current.jsonl"  # where version 1 kept its one saved game


class SaveError(ValueError):
    """A save file that cannot be resumed."""


def new_save_path(folder: Path | None = None) -> Path:
    folder = folder or saves_dir()
    return folder / f"{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(3)}.jsonl"


class JournalStore:
    """The store of one local game: appends each accepted action to its journal."""

    def __init__(self, path: Path, stored: StoredGame | None = None, *,
                 records: Path | None = None) -> None:
        self.path = path
        self.records = records
        self.record_path: Path | None = None  # where the finished game's record went
        self._out: IO[str] | None = None
        if stored is not None:
            self._write_header(stored)
        self._out = open(path, "a")  # noqa: SIM115

    def _write_header(self, stored: StoredGame) -> None:
        private_dir(self.path.parent)
        tmp = self.path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as out:
            header = {
                "format": SAVE_FORMAT, "version": SAVE_VERSION, "game": stored.game,
                "setup": stored.setup, "seats": [s.to_dict() for s in stored.seats],
                "settings": stored.settings.to_dict(), "started": time.time(),
            }
            out.write(json.dumps(header) + "\n")
            for action in stored.actions:
                out.write(json.dumps(action) + "\n")
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, self.path)

    def accepted(self, index: int, action: dict[str, Any]) -> None:
        if self._out is None:
            return
        self._out.write(json.dumps(action) + "\n")
        self._out.flush()
        os.fsync(self._out.fileno())

    def seats_changed(self, seats: Sequence[SeatConfig]) -> None:
        pass  # at one terminal every seat is set before the first action

    def chat(self, line: ChatLine) -> None:
        pass

    def finished(self, record: dict[str, Any], ranks: Sequence[int]) -> None:
        self.record_path = write_record(record, self.records)
        self.discard()

    def close(self) -> None:
        if self._out is not None:
            self._out.close()
            self._out = None

    def discard(self) -> None:
        self.close()
        self.path.unlink(missing_ok=True)


def read_save(path: Path) -> StoredGame:
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
        if header.get("version") == 1:  # one game, its setup inside a record
            record = header.get("record", {})
            game, setup, settings = record.get("game", "hunt"), record.get("setup"), TableSettings()
        elif header.get("version") == SAVE_VERSION:
            game, setup = header.get("game"), header.get("setup")
            settings = TableSettings.from_dict(header.get("settings", {}))
        else:
            raise SaveError(f"save version {header.get('version')!r} is not supported")
        seats = [SeatConfig.from_dict(s) for s in header.get("seats", [])]
    except (ValueError, TypeError, AttributeError) as exc:
        raise SaveError(f"the saved game is damaged: {exc}") from None
    if not isinstance(game, str) or not isinstance(setup, dict):
        raise SaveError("the saved game is damaged: it does not say which game it is")
    return StoredGame(game, setup, seats, settings, actions)


@dataclass(frozen=True)
class SavedGame:
    """An unfinished game, as the Continue list shows it."""

    path: Path
    stored: StoredGame
    saved_at: float  # when its last action was kept

    @property
    def humans(self) -> list[str]:
        return [s.name or "?" for s in self.stored.seats if s.is_human]


def unfinished(folder: Path | None = None) -> list[SavedGame]:
    """Every unfinished game in the saves folder, the last played first; damaged files skipped."""
    folder = folder or saves_dir()
    found = []
    for path in folder.glob("*.jsonl"):
        try:
            found.append(SavedGame(path, read_save(path), path.stat().st_mtime))
        except (SaveError, OSError):
            continue
    return sorted(found, key=lambda s: -s.saved_at)
