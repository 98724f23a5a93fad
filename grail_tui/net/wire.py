"""Typed messages to JSON lines and back: every field checked for type, range, length and nesting.

The generic half of the wire; protocol.py names the messages. They are frozen
dataclasses whose fields carry their limits as ``Annotated`` extras; ``build``
makes one from a decoded JSON object or raises ProtocolError with a sentence
naming the field. The type hints are read, and a message is written out, by the
same codec the games' values go through (games/kit/codec.py); what is the wire's
own is the checking of what a stranger sends: limits, lengths, nesting.
"""

from __future__ import annotations

import dataclasses
import json
import math
import types
import typing
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from grail_tui.games.kit.codec import plain, type_hints

MAX_DEPTH = 12  # nesting a client's JSON may have


class ProtocolError(ValueError):
    """A message that cannot be accepted; the text says why."""


@dataclass(frozen=True)
class Range:
    low: float
    high: float


@dataclass(frozen=True)
class Length:
    most: int


@dataclass(frozen=True)
class Letters:
    """ASCII letters and digits only: a game's code, echoed in replies, can carry nothing else."""


def dump(name: str, message: Any, limit: int) -> bytes:
    """One message as a JSON line; ProtocolError if longer than ``limit`` bytes. A lone surrogate
    that slipped into a message becomes "?" rather than an exception."""
    data = json.dumps({"type": name, **plain(message)},
                      separators=(",", ":"), ensure_ascii=False).encode("utf-8", "replace") + b"\n"
    if len(data) > limit:
        raise ProtocolError("message too long")
    return data


# -- decoding -----------------------------------------------------------------------------------


def parse_line(line: bytes, *, depth: int = MAX_DEPTH) -> dict[str, Any]:
    """JSON text to a dict with a ``type``; ProtocolError for anything else."""
    try:
        data = json.loads(line, parse_constant=_no_constant, parse_float=_finite)
    except ProtocolError:
        raise
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


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ProtocolError("a number is too large")
    return value


def _depth(value: Any, level: int = 0) -> int:
    if level > MAX_DEPTH + 1:
        return level
    if isinstance(value, dict):
        return max((_depth(v, level + 1) for v in value.values()), default=level + 1)
    if isinstance(value, list):
        return max((_depth(v, level + 1) for v in value), default=level + 1)
    return level


def build(cls: type, data: dict[str, Any], items: int) -> Any:
    """``items``: how long a list may be (a client's lists are short; a server's history is not)."""
    hints = type_hints(cls)
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
        return build(tp, value, items)  # type: ignore[arg-type]
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
        if not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise ProtocolError(f"{name!r} is not valid text (a lone surrogate)") from None
    else:
        raise ProtocolError(f"{name!r} cannot be read")
    for limit in limits:
        if isinstance(limit, Range) and not limit.low <= value <= limit.high:
            raise ProtocolError(f"{name!r} must be from {limit.low:g} to {limit.high:g}")
        if isinstance(limit, Length) and len(value) > limit.most:
            raise ProtocolError(f"{name!r} is longer than {limit.most} characters")
        if isinstance(limit, Letters) and not (value.isascii() and value.isalnum()):
            raise ProtocolError(f"{name!r} is a game's code: letters only")
    return value
