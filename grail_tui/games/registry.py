"""Which games grail-tui plays. The platform imports a game only through here, by name."""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .api import GameKind, RecordData, RecordError

# name -> the module that exports the game's KIND
GAMES: Mapping[str, str] = {
    "hunt": "grail_tui.games.hunt.kind",
    "succession": "grail_tui.games.succession.kind",
}
DEFAULT = "hunt"


def get(name: str) -> GameKind:
    """The game called ``name``; ValueError if there is none."""
    module = GAMES.get(name)
    if module is None:
        raise ValueError(f"no game called {name!r} (there are: {', '.join(GAMES)})")
    kind: GameKind = importlib.import_module(module).KIND
    return kind


# What a server uses of every game: its rules, its bots, the words of its log.
SERVER_ROOMS = ("kind", "bots", "words")


def room_modules(rooms: tuple[str, ...]) -> tuple[str, ...]:
    """The modules of every game's ``rooms`` ("bots", "screens.game"), by name."""
    return tuple(f"{module.rpartition('.')[0]}.{room}" for module in GAMES.values() for room in rooms)


def preload(rooms: tuple[str, ...] = SERVER_ROOMS) -> None:
    """Import each game's ``rooms`` now (those a game does not have are skipped).

    A server calls this before it opens its doors: importing a game the first
    time one is created would hold up every connection while it happens."""
    for module in room_modules(rooms):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as missing:
            if missing.name != module:
                raise


def names() -> tuple[str, ...]:
    return tuple(GAMES)


def kinds() -> tuple[GameKind, ...]:
    return tuple(get(name) for name in GAMES)


def of_record(data: Any) -> GameKind:
    """The game a record (JSON data) belongs to; records without a name are of the first game."""
    if not isinstance(data, dict):
        raise RecordError("not a game record: expected a JSON object")
    name = data.get("game", DEFAULT)
    if not isinstance(name, str) or name not in GAMES:
        raise RecordError(f"not a game record of a game grail-tui knows ({name!r})")
    return get(name)


def read_record_file(path: Path) -> tuple[GameKind, RecordData]:
    """A record file, read and checked; RecordError says what is wrong, naming the file."""
    try:
        data = json.loads(path.read_bytes())
    except FileNotFoundError:
        raise RecordError(f"{path}: no such file") from None
    except OSError as exc:
        raise RecordError(f"{path}: cannot read it ({exc.strerror})") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RecordError(f"{path}: not a game record: the file is not valid JSON ({exc})") from None
    try:
        kind = of_record(data)
        return kind, kind.read_record(data)
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None


def read_record_for_replay(path: Path) -> tuple[GameKind, RecordData, str | None]:
    """A record to step through. One whose actions are damaged from some point on is read
    up to that point, with a sentence on what is wrong there (None: it is whole)."""
    try:
        kind, record = read_record_file(path)
        return kind, record, None
    except RecordError as whole:
        try:
            data = json.loads(path.read_bytes())
            kind = of_record(data)
        except (OSError, ValueError):
            raise whole from None
        actions = data.get("actions")
        if not isinstance(actions, list):
            raise whole from None
        readable, broken = 0, len(actions)  # the longest prefix that reads: between these
        while broken - readable > 1:
            middle = (readable + broken) // 2
            try:
                kind.read_record({**data, "actions": actions[:middle]})
                readable = middle
            except RecordError:
                broken = middle
        try:
            record = kind.read_record({**data, "actions": actions[:readable]})
        except RecordError:
            raise whole from None  # not the actions: the setup or the header
        return kind, record, f"Action {readable} of the record is damaged; the replay stops before it."
