"""The wire: one JSON object per line, each a versioned, frozen message decoded once, fully.

Every message a client may send is a dataclass below; ``decode_client``
checks everything (types, ranges, lengths, nesting) before anything acts on
it and raises ProtocolError with a sentence otherwise. A game's action
travels as JSON data inside ``Act`` and is decoded by the game's kind.
Server messages are dataclasses too; the client decodes them with the same
checks, so a confused or hostile server cannot crash it either.
"""

from __future__ import annotations

import dataclasses
import json
import math
import types
import typing
from dataclasses import dataclass, field
from functools import cache
from typing import Annotated, Any, Literal

VERSION = 2
MAX_MESSAGE = 16 * 1024  # what a client may send in one line
MAX_FROM_SERVER = 16 * 1024 * 1024  # a long game's record at the end can be large
MAX_DEPTH = 12  # nesting a client's JSON may have
NAME = 24  # characters of a name
CODE = 8  # characters of a game code
TEXT = 500  # characters of a chat line


class ProtocolError(ValueError):
    """A message that cannot be accepted; the text says why."""


@dataclass(frozen=True)
class Range:
    low: float
    high: float


@dataclass(frozen=True)
class Length:
    most: int


Seat = Annotated[int, Range(0, 7)]
Ref = Annotated[int, Range(0, 2**31)]
Code = Annotated[str, Length(CODE)]
Name = Annotated[str, Length(NAME)]
Seconds = Annotated[float, Range(0, 86400)]
Json = Any  # checked for size and depth only; its owner decodes it


# -- what a client sends ----------------------------------------------------------------------


@dataclass(frozen=True)
class Hello:
    version: Annotated[int, Range(0, 1000)]
    name: Name | None = None  # only the loopback benchmark transport takes a claimed name


@dataclass(frozen=True)
class ListGames:
    ref: Ref
    which: Literal["open", "mine", "live", "finished"]
    page: Annotated[int, Range(0, 10_000)] = 0
    player: Name | None = None  # finished games of this player only


@dataclass(frozen=True)
class TableRules:
    """How a server table waits, as the host sets it."""

    answer_timeout: Annotated[float, Range(5, 86400)] = 120.0
    turn_timeout: Annotated[float, Range(5, 86400)] = 300.0
    on_timeout: Literal["pass", "bot"] = "pass"
    min_round: Annotated[float, Range(0, 60)] = 2.0
    takeover_after: Annotated[float, Range(0, 86400)] | None = None


@dataclass(frozen=True)
class Create:
    ref: Ref
    game: Annotated[str, Length(24)]
    bots: tuple[Literal["random", "heuristic", "strong"] | None, ...]  # per seat; seat 1 is the host's
    names: tuple[Name, ...] = ()  # bots' names
    reserved: tuple[Name | None, ...] = ()  # open seats kept for a named person
    options: dict[str, Annotated[str, Length(64)] | Annotated[int, Range(0, 1_000_000)]] = \
        field(default_factory=dict)
    rules: TableRules = field(default_factory=TableRules)


@dataclass(frozen=True)
class Join:
    ref: Ref
    code: Code


@dataclass(frozen=True)
class Open:
    ref: Ref
    code: Code


@dataclass(frozen=True)
class Watch:
    ref: Ref
    code: Code


@dataclass(frozen=True)
class Leave:
    code: Code


@dataclass(frozen=True)
class Act:
    code: Code
    seq: Annotated[int, Range(0, 2**31)]
    action: Json


@dataclass(frozen=True)
class Say:
    code: Code
    text: Annotated[str, Length(TEXT)]


@dataclass(frozen=True)
class Ping:
    ref: Ref


ClientMessage = Hello | ListGames | Create | Join | Open | Watch | Leave | Act | Say | Ping
CLIENT = {"hello": Hello, "list": ListGames, "create": Create, "join": Join, "open": Open,
          "watch": Watch, "leave": Leave, "act": Act, "say": Say, "ping": Ping}


# -- what the server sends --------------------------------------------------------------------


@dataclass(frozen=True)
class Welcome:
    version: int
    user: str
    guest: bool = False  # may watch, never sit


@dataclass(frozen=True)
class SeatInfo:
    name: str | None
    bot: str | None = None
    present: bool = False
    reserved: str | None = None


@dataclass(frozen=True)
class GameSummary:
    code: str
    game: str
    title: str
    players: int
    status: Literal["open", "playing", "over"]
    progress: str
    seats: tuple[SeatInfo, ...]
    updated: float


@dataclass(frozen=True)
class Games:
    ref: int
    which: str
    page: int
    games: tuple[GameSummary, ...]
    more: bool


@dataclass(frozen=True)
class Joined:
    ref: int
    code: str
    game: str
    seat: int | None


@dataclass(frozen=True)
class ChatEntry:
    who: str
    text: str
    at: float


@dataclass(frozen=True)
class State:
    code: str
    seq: int
    seat: int | None
    view: Json
    events: tuple[Json, ...]
    chat: tuple[ChatEntry, ...]
    pending: Json
    asked: bool
    names: tuple[str, ...]
    present: tuple[bool, ...]
    deadline: float | None
    result: Json  # {"winners": [...], "ranks": [...], "text": "..."} once over
    record: Json  # the whole record once over
    reset: bool


@dataclass(frozen=True)
class Refused:
    """An action was not taken; only its sender hears why."""

    code: str
    error: str


@dataclass(frozen=True)
class Error:
    ref: int | None
    error: str


@dataclass(frozen=True)
class Pong:
    ref: int


@dataclass(frozen=True)
class Bye:
    reason: str


ServerMessage = Welcome | Games | Joined | State | Refused | Error | Pong | Bye
SERVER = {"welcome": Welcome, "games": Games, "joined": Joined, "state": State, "refused": Refused,
          "error": Error, "pong": Pong, "bye": Bye}
TYPE_OF = {cls: name for name, cls in {**CLIENT, **SERVER}.items()}


# -- encoding -----------------------------------------------------------------------------------


def encode(message: Any, limit: int = MAX_FROM_SERVER) -> bytes:
    data = json.dumps({"type": TYPE_OF[type(message)], **_plain(message)},
                      separators=(",", ":"), ensure_ascii=False).encode() + b"\n"
    if len(data) > limit:
        raise ProtocolError("message too long")
    return data


def _plain(message: Any) -> dict[str, Any]:
    return {f.name: _value(getattr(message, f.name)) for f in dataclasses.fields(message)}


def _value(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _plain(value)
    if isinstance(value, tuple):
        return [_value(v) for v in value]
    return value


# -- decoding -----------------------------------------------------------------------------------


def parse_line(line: bytes, *, depth: int = MAX_DEPTH) -> dict[str, Any]:
    """JSON text to a dict with a ``type``; ProtocolError for anything else."""
    try:
        data = json.loads(line, parse_constant=_no_constant)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ProtocolError("not valid JSON") from None
    except (RecursionError, ValueError):
        raise ProtocolError("the message is nested too deeply or holds a number too large") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError("a message is a JSON object with a 'type'")
    if _depth(data) > depth:
        raise ProtocolError("the message is nested too deeply")
    return data


def _no_constant(name: str) -> Any:
    raise ProtocolError(f"{name} is not a number here")


def _depth(value: Any, level: int = 0) -> int:
    if level > MAX_DEPTH + 1:
        return level
    if isinstance(value, dict):
        return max((_depth(v, level + 1) for v in value.values()), default=level + 1)
    if isinstance(value, list):
        return max((_depth(v, level + 1) for v in value), default=level + 1)
    return level


def decode_client(line: bytes) -> ClientMessage:
    data = parse_line(line)
    cls = CLIENT.get(data["type"])
    if cls is None:
        raise ProtocolError(f"unknown message type {data['type'][:20]!r}")
    message: ClientMessage = _build(cls, data, 64)
    return message


def decode_server(line: bytes) -> ServerMessage:
    data = parse_line(line, depth=64)
    cls = SERVER.get(data["type"])
    if cls is None:
        raise ProtocolError(f"unknown message type {data['type'][:20]!r}")
    message: ServerMessage = _build(cls, data, 1_000_000)
    return message


def _build(cls: type, data: dict[str, Any], items: int) -> Any:
    """``items``: how long a list may be (a client's lists are short; a server's history is not)."""
    hints = _hints(cls)
    values = {}
    for f in dataclasses.fields(cls):
        if f.name in data:
            values[f.name] = _check(hints[f.name], data[f.name], f.name, items)
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise ProtocolError(f"the message needs {f.name!r}")
    extra = set(data) - {f.name for f in dataclasses.fields(cls)} - {"type"}
    if extra:
        raise ProtocolError(f"unexpected field {sorted(extra)[0][:20]!r}")
    return cls(**values)


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, include_extras=True)


def _check(tp: Any, value: Any, name: str, items: int) -> Any:
    """``value`` as type ``tp`` after every check, or ProtocolError naming the field."""
    limits: list[Any] = []
    if typing.get_origin(tp) is Annotated:
        tp, *limits = typing.get_args(tp)
    origin = typing.get_origin(tp)
    if tp is Any:
        return value
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(tp)
        if value is None and type(None) in options:
            return None
        problems = []
        for option in options:
            if option is type(None):
                continue
            try:
                return _check(option, value, name, items)
            except ProtocolError as exc:
                problems.append(str(exc))
        raise ProtocolError(problems[0] if problems else f"{name!r} is not allowed here")
    if origin is Literal:
        if value not in typing.get_args(tp) or isinstance(value, bool):
            choices = ", ".join(repr(c) for c in typing.get_args(tp) if c is not None)
            raise ProtocolError(f"{name!r} must be one of {choices}")
        return value
    if origin is tuple:
        args = typing.get_args(tp)
        if not isinstance(value, list) or len(value) > items:
            raise ProtocolError(f"{name!r} should be a list of at most {items} items")
        return tuple(_check(args[0], v, name, items) for v in value)
    if origin is dict:
        key_type, value_type = typing.get_args(tp)
        if not isinstance(value, dict) or len(value) > min(items, 32):
            raise ProtocolError(f"{name!r} should be an object of at most 32 entries")
        return {_check(key_type, k, name, items): _check(value_type, v, f"{name}.{k}"[:40], items)
                for k, v in value.items()}
    if dataclasses.is_dataclass(tp):
        if not isinstance(value, dict):
            raise ProtocolError(f"{name!r} should be an object")
        return _build(tp, value, items)  # type: ignore[arg-type]
    if tp is bool:
        if not isinstance(value, bool):
            raise ProtocolError(f"{name!r} should be true or false")
        return value
    if tp is int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise ProtocolError(f"{name!r} should be a whole number")
    elif tp is float:
        if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
            raise ProtocolError(f"{name!r} should be a number")
        value = float(value)
    elif tp is str:
        if not isinstance(value, str):
            raise ProtocolError(f"{name!r} should be text")
    else:
        raise ProtocolError(f"{name!r} cannot be read")
    for limit in limits:
        if isinstance(limit, Range) and not limit.low <= value <= limit.high:
            raise ProtocolError(f"{name!r} must be from {limit.low:g} to {limit.high:g}")
        if isinstance(limit, Length) and len(value) > limit.most:
            raise ProtocolError(f"{name!r} is longer than {limit.most} characters")
    return value
