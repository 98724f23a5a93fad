"""The record library: every finished game's record, summed up for a list.

A summary (players, outcome, length, when) costs a replay of the record, so
the summaries of the local records folder are kept in a small cache beside
it, each under its file's name, size and modification time: opening a
library of hundreds of records replays only the records that are new.
Server games are summed up the same way (net/library.py), and the app lists
both through one interface.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from grail_tui.games import registry
from grail_tui.games.api import RecordError, ReplayError

from .files import data_dir, records_dir

CACHE_FORMAT = "grail-tui-library"
CACHE_VERSION = 1


@dataclass(frozen=True)
class RecordSummary:
    """One game in the library."""

    key: str  # the record's file name, or the game's code on a server
    game: str  # the game's name in the registry ("" if unreadable)
    title: str
    date: float  # when it ended (seconds since the epoch)
    names: tuple[str, ...]
    winners: tuple[str, ...]
    outcome: str  # one sentence
    length: str  # "22 turns, 134 actions"
    finished: bool
    problem: str | None = None  # why it cannot be opened, if it cannot

    def played_by(self, player: str) -> bool:
        """Did somebody whose name contains ``player`` (any case) play in it?"""
        wanted = player.strip().casefold()
        return not wanted or any(wanted in name.casefold() for name in self.names)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> RecordSummary:
        """A summary from the cache; ValueError (or TypeError) if it is damaged."""
        if not isinstance(data, dict):
            raise ValueError("not a summary")
        for key in ("names", "winners"):
            if not isinstance(data.get(key), list) or not all(isinstance(n, str) for n in data[key]):
                raise ValueError(f"{key} is damaged")
        return cls(**{**data, "names": tuple(data["names"]), "winners": tuple(data["winners"])})


def summarize(data: Any, key: str, date: float) -> RecordSummary:
    """A record (JSON data) summed up: its players, outcome and length. Never raises: a record
    that cannot be read or breaks the rules is summed up with its problem."""
    try:
        kind = registry.of_record(data)
        record = kind.read_record(data)
    except RecordError as exc:
        return RecordSummary(key, "", "?", date, (), (), "This record cannot be read.", "", False, str(exc))
    problem = None
    try:
        state = kind.replay(record.setup, record.actions)
    except ReplayError as exc:
        problem = f"action {exc.index} breaks the rules: {exc.reason}"
        state = kind.replay(record.setup, record.actions, upto=exc.index)
    public = state.public_view()
    names = kind.names_in(public)
    result = kind.result(state)
    outcome = result.text if result is not None else f"Not finished ({kind.progress(public)})."
    winners = tuple(names[w] for w in result.winners) if result is not None else ()
    length = f"{kind.progress(public)}, {len(record.actions)} actions"
    return RecordSummary(key, kind.name, kind.title, date, names, winners, outcome, length,
                         result is not None, problem)


def read_json(path: Path) -> Any:
    """A record file's JSON data; RecordError says what is wrong."""
    try:
        return json.loads(path.read_bytes())
    except OSError as exc:
        raise RecordError(f"{path}: cannot read it ({exc.strerror or exc})") from None
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise RecordError(f"{path}: not a game record: the file is not valid JSON") from None


class RecordIndex:
    """The summaries of every record in a folder, newest first, cached."""

    def __init__(self, folder: Path | None = None, cache: Path | None = None) -> None:
        self.folder = folder or records_dir()
        self.cache_path = cache or data_dir() / "library-cache.json"
        self.replayed = 0  # records summed up afresh by the last ``entries`` (the cache missed)

    def entries(self) -> list[RecordSummary]:
        cache = self._read_cache()
        fresh: dict[str, Any] = {}
        out = []
        self.replayed = 0
        for path in self.folder.glob("*.json"):
            try:
                stat = path.stat()
            except OSError:
                continue
            stamp = [stat.st_size, stat.st_mtime_ns]
            kept = cache.get(path.name)
            summary = None
            if isinstance(kept, dict) and kept.get("stamp") == stamp:
                with contextlib.suppress(ValueError, TypeError):
                    summary = RecordSummary.from_dict(kept.get("summary"))
            if summary is None:
                self.replayed += 1
                try:
                    data = read_json(path)
                except RecordError as exc:
                    summary = RecordSummary(path.name, "", "?", stat.st_mtime, (), (),
                                            "This record cannot be read.", "", False, str(exc))
                else:
                    summary = summarize(data, path.name, stat.st_mtime)
            fresh[path.name] = {"stamp": stamp, "summary": summary.to_dict()}
            out.append(summary)
        if fresh != cache:
            self._write_cache(fresh)
        return sorted(out, key=lambda s: (-s.date, s.key))

    def path_of(self, summary: RecordSummary) -> Path:
        return self.folder / summary.key

    def _read_cache(self) -> dict[str, Any]:
        try:
            data = json.loads(self.cache_path.read_bytes())
        except (OSError, ValueError, RecursionError):
            return {}
        if not isinstance(data, dict) or data.get("format") != CACHE_FORMAT \
                or data.get("version") != CACHE_VERSION or not isinstance(data.get("records"), dict):
            return {}
        records: dict[str, Any] = data["records"]
        return records

    def _write_cache(self, records: dict[str, Any]) -> None:
        text = json.dumps({"format": CACHE_FORMAT, "version": CACHE_VERSION, "records": records})
        with contextlib.suppress(OSError):  # a cache that cannot be kept only costs time
            write_private(self.cache_path, text, replace=True)


def filtered(entries: Iterable[RecordSummary], player: str | None) -> list[RecordSummary]:
    return [e for e in entries if not player or e.played_by(player)]


def write_private(path: Path, text: str, *, replace: bool = False) -> None:
    """Write ``text`` to a file readable by this user alone (0600 from the first instant).
    FileExistsError if the file is there and ``replace`` is not set."""
    if not replace:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as out:
            out.write(text)
        return
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(fd, "w") as out:
            out.write(text)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
