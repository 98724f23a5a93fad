"""Local play keeps each unfinished game in a journal: nothing is lost on a crash.

A journal is JSON lines: a header (the game, its setup, seats and settings),
then one accepted action per line, each flushed and fsynced before anyone
hears of it. A crash can tear only the last line: that action was never
acknowledged, so reading leaves it out, and before anything is appended again
its bytes are moved to a ``.damaged`` file beside the journal (the next line
would otherwise be glued onto it, and the whole save become unreadable). A
save that cannot be read at all stays where it is and is listed with its
reason, never dropped from Continue. Every unfinished game has its own journal
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


@dataclass(frozen=True)
class Journal:
    """A journal file's lines as read: its complete lines, and the torn end a crash left."""

    lines: list[bytes]
    torn: bytes  # what follows the last newline, if not a whole record

    @classmethod
    def read(cls, path: Path) -> Journal:
        data = path.read_bytes()
        lines = data.split(b"\n")
        tail = lines.pop()  # after the last newline: empty unless the last write was cut short
        if tail and _record(tail) is not None:
            return cls(lines + [tail], b"")  # whole but for its newline: it is kept
        return cls(lines, tail)


def _record(line: bytes) -> Any:
    """The JSON object on ``line``, or None."""
    try:
        value = json.loads(line)
    except (UnicodeDecodeError, json.JSONDecodeError):
        return None
    return value if isinstance(value, dict) else None


def damaged_path(path: Path) -> Path:
    """Where the torn end of ``path`` is kept (not a save: Continue lists only *.jsonl)."""
    return path.with_name(path.name + ".damaged")


def mend(path: Path) -> str | None:
    """Make the journal end with a whole line, so that the next action starts a line of its own.

    A torn end is appended to ``damaged_path(path)`` and cut off; a last record that lost only
    its newline gets it back. Returns what was done, in the player's words (None: nothing to do).
    """
    if not path.exists():
        return None
    journal = Journal.read(path)
    size = path.stat().st_size
    if journal.torn:
        aside = damaged_path(path)
        fd = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(journal.torn + b"\n")
            out.flush()
            os.fsync(out.fileno())
        with open(path, "r+b") as out:
            out.truncate(size - len(journal.torn))
            out.flush()
            os.fsync(out.fileno())
        actions = max(len(journal.lines) - 1, 0)
        return (f"The save ended in a half-written action (a crash or kill while saving). The game "
                f"goes on from its last complete action ({actions} actions kept); the torn "
                f"{len(journal.torn)} bytes are kept beside the save in {aside.name}.")
    if size and journal.lines and not path.read_bytes().endswith(b"\n"):
        with open(path, "ab") as out:
            out.write(b"\n")
            out.flush()
            os.fsync(out.fileno())
    return None


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
        self.mended: str | None = None  # what was set right in an existing journal, to tell once
        self._out: IO[str] | None = None
        if stored is not None:
            self._write_header(stored)
        else:
            self.mended = mend(path)  # never append onto a torn line
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

    def clocks(self, data: dict[str, Any]) -> None:
        pass  # turn-based games are the server's; at one terminal nobody waits days

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
    """Every complete action of a save (a torn end left out: see mend); SaveError if a line
    before the end is not a whole record."""
    try:
        journal = Journal.read(path)
    except FileNotFoundError:
        raise SaveError("there is no saved game") from None
    except OSError as exc:
        raise SaveError(f"the saved game cannot be read ({exc.strerror or exc})") from None
    lines = journal.lines
    if not lines:
        raise SaveError("the saved game is empty" if not journal.torn
                        else "the saved game is damaged (its first line was cut short)")
    header = _record(lines[0])
    if header is None:
        raise SaveError("the saved game is damaged (its first line is not a save's header)")
    if header.get("format") != SAVE_FORMAT:
        raise SaveError("this is not a grail-tui save file")
    actions: list[Any] = []
    for k, line in enumerate(lines[1:], start=2):
        action = _record(line)
        if action is None:
            raise SaveError(f"the saved game is damaged at line {k}: it is not an action") from None
        actions.append(action)
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
    """An unfinished game, as the Continue list shows it; ``stored`` is None when the file
    cannot be read, and ``damage`` says why."""

    path: Path
    stored: StoredGame | None
    saved_at: float  # when its last action was kept
    damage: str | None = None

    @property
    def humans(self) -> list[str]:
        return [s.name or "?" for s in self.stored.seats if s.is_human] if self.stored else []


def unfinished(folder: Path | None = None) -> list[SavedGame]:
    """Every unfinished game in the saves folder, the last played first; one that cannot be
    read is listed too, with its reason (the file stays: it may be mended by hand)."""
    folder = folder or saves_dir()
    found = []
    for path in folder.glob("*.jsonl"):
        try:
            stamp = path.stat().st_mtime
        except OSError:
            continue  # gone since the folder was read
        try:
            found.append(SavedGame(path, read_save(path), stamp))
        except SaveError as exc:
            found.append(SavedGame(path, None, stamp, str(exc)))
    return sorted(found, key=lambda s: -s.saved_at)
