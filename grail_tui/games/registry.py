"""Which games grail-tui plays. The platform imports a game only through here, by name.

A game registers its kind under the ``grail_tui.games`` entry-point group, the built-in
games too (pyproject.toml)::

    [project.entry-points."grail_tui.games"]
    hunt = "grail_tui.games.hunt.kind:KIND"

so a game can ship as a package of its own: installed beside grail-tui, it is offered,
hosted, played and replayed like the built-in ones (docs/writing-a-game.md).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import logging
from collections.abc import Mapping
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import Any

from .api import GameKind, RecordData, RecordError

GROUP = "grail_tui.games"
# The built-in games, first in every list, in this order. Read from the entry points like any
# other; named here too only for a checkout whose installed metadata is older than its entry
# points (an editable install made before they were added), so that it still plays.
BUILT_IN: Mapping[str, str] = {
    "hunt": "grail_tui.games.hunt.kind:KIND",
    "succession": "grail_tui.games.succession.kind:KIND",
    "strings": "grail_tui.games.strings.kind:KIND",
}
DEFAULT = "hunt"

log = logging.getLogger(__name__)


@cache
def _registered() -> dict[str, EntryPoint]:
    """The games registered, built-in ones first, then the others by name."""
    found = {point.name: point for point in entry_points(group=GROUP)}
    games = {name: found.pop(name, EntryPoint(name, target, GROUP)) for name, target in BUILT_IN.items()}
    return games | dict(sorted(found.items()))


@cache
def get(name: str) -> GameKind:
    """The game called ``name``; ValueError if there is none."""
    point = _registered().get(name)
    if point is None:
        raise ValueError(f"no game called {name!r} (there are: {', '.join(_registered())})")
    kind: GameKind = point.load()
    if kind.name != name:
        raise ValueError(f"the game registered as {name!r} calls itself {kind.name!r}")
    return kind


@cache
def kinds() -> tuple[GameKind, ...]:
    """Every game that loads. A game of another package that does not load (its code is
    broken, or needs what is not installed) is left out with a line in the log: the others
    are still played. A built-in game that does not load is a broken installation, and says so."""
    loaded = []
    for name in _registered():
        try:
            loaded.append(get(name))
        except Exception as exc:
            if name in BUILT_IN:
                raise
            log.warning("the game %r (%s) is left out: it does not load (%s: %s)",
                        name, _registered()[name].value, type(exc).__name__, exc)
    return tuple(loaded)


def names() -> tuple[str, ...]:
    """The names the games are registered under, built-in ones first. Read from the entry
    points alone: no game is imported (loading them all takes 50-100 ms), so a game whose
    code does not load is named here and refused by ``get``; ``kinds()`` leaves it out."""
    return tuple(_registered())


def has_screens(kind: GameKind) -> bool:
    """Can the game be played at a terminal: does its package have the ``ui`` module
    ``kind.ui()`` imports? Found without importing it (that would bring Textual along). A game
    whose screens are still to come says so (``on_screen = False``): its ``ui`` only explains."""
    if not getattr(kind, "on_screen", True):  # (a stand-in kind in a test may lack the flag)
        return False
    try:
        return importlib.util.find_spec(f"{kind.package}.ui") is not None
    except (ImportError, ValueError):
        return False


def playable() -> tuple[GameKind, ...]:
    """The games that load and have screens: those a terminal can start."""
    return tuple(kind for kind in kinds() if has_screens(kind))


def refresh() -> None:
    """Read the entry points again: a game installed while this process runs is found."""
    for cached in (_registered, get, kinds):
        cached.cache_clear()


def modules(app: bool = False) -> tuple[str, ...]:
    """The modules of every game that a server imports before it opens its doors (its kind,
    bots and words: each game says which), or with ``app`` those a warm SSH session imports
    once for all its sessions (its kind and screens)."""
    return tuple(f"{kind.package}.{room}" for kind in kinds()
                 for room in (kind.app_rooms if app else kind.server_rooms))


def preload() -> None:
    """Import each game's server rooms now (those a game does not have are skipped).

    A server calls this before it opens its doors: importing a game the first
    time one is created would hold up every connection while it happens."""
    for module in modules():
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as missing:
            if missing.name != module:
                raise


def of_record(data: Any) -> GameKind:
    """The game a record (JSON data) belongs to; records without a name are of the first game."""
    if not isinstance(data, dict):
        raise RecordError("not a game record: expected a JSON object")
    name = data.get("game", DEFAULT)
    if not isinstance(name, str) or name not in _registered():
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
