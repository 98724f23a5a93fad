"""Views and events back from JSON: the inverse of notation.jsonable.

A network client receives its PlayerView as JSON and must rebuild the very
objects the screens render. Decoding follows the dataclasses' type hints, so
any view or event the engine can produce round-trips.
"""

from __future__ import annotations

import dataclasses
import sys
import types
import typing
from enum import Enum
from functools import cache
from typing import Any

from .board import Field
from .pieces import Initiate, Society, Unit


class DecodeError(ValueError):
    """The JSON does not describe a value of the expected type."""


def _classes() -> dict[str, type]:
    from . import actions, events, view

    found: dict[str, type] = {}
    for module in (actions, events, view):
        for name, obj in vars(module).items():
            if isinstance(obj, type) and dataclasses.is_dataclass(obj):
                found[name] = obj
    return found


@cache
def _hints(cls: type) -> dict[str, Any]:
    from .game import Phase  # named in view.py for type checking only

    module = sys.modules[cls.__module__]
    return typing.get_type_hints(cls, {**vars(module), "Phase": Phase})


def decode(tp: Any, data: Any) -> Any:
    """Rebuild a value of type ``tp`` from its JSON form."""
    origin = typing.get_origin(tp)
    if tp is Any:
        return data
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(tp)
        if data is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return decode(option, data)
            except (DecodeError, ValueError, TypeError, KeyError) as exc:
                errors.append(str(exc))
        raise DecodeError(f"no type of {tp} fits {data!r}: {errors}")
    if origin is tuple:
        args = typing.get_args(tp)
        if not isinstance(data, list):
            raise DecodeError(f"expected a list for {tp}, got {data!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(args[0], x) for x in data)
        if len(args) != len(data):
            raise DecodeError(f"expected {len(args)} items for {tp}")
        return tuple(decode(a, x) for a, x in zip(args, data, strict=True))
    if origin is list:
        (arg,) = typing.get_args(tp)
        if not isinstance(data, list):
            raise DecodeError(f"expected a list, got {data!r}")
        return [decode(arg, x) for x in data]
    if tp is Field:
        return Field.parse(_str(data))
    if tp is Initiate:
        return Initiate.parse(_str(data))
    if tp is Society:
        return Society[_str(data).upper()]
    if tp is Unit:
        return Unit.parse(_str(data))
    if isinstance(tp, type) and issubclass(tp, Enum):
        return tp(data)
    if tp is bool:
        if not isinstance(data, bool):
            raise DecodeError(f"expected true or false, got {data!r}")
        return data
    if tp is int:
        if not isinstance(data, int) or isinstance(data, bool):
            raise DecodeError(f"expected a whole number, got {data!r}")
        return data
    if tp is str:
        return _str(data)
    if tp is float:
        if not isinstance(data, (int, float)) or isinstance(data, bool):
            raise DecodeError(f"expected a number, got {data!r}")
        return float(data)
    if tp is type(None):
        if data is not None:
            raise DecodeError(f"expected null, got {data!r}")
        return None
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _decode_dataclass(tp, data)
    raise DecodeError(f"cannot decode {tp}")


def _str(data: Any) -> str:
    if not isinstance(data, str):
        raise DecodeError(f"expected text, got {data!r}")
    return data


def _decode_dataclass(cls: type, data: Any) -> Any:
    if not isinstance(data, dict):
        raise DecodeError(f"expected an object for {cls.__name__}")
    kind = data.get("kind")
    if kind is not None and kind != cls.__name__:
        known = _classes()
        if kind in known and issubclass(known[kind], cls):
            cls = known[kind]
        else:
            raise DecodeError(f"expected {cls.__name__}, got {kind}")
    hints = _hints(cls)
    values = {}
    for f in dataclasses.fields(cls):
        if f.name not in data:
            raise DecodeError(f"{cls.__name__} lacks {f.name!r}")
        values[f.name] = decode(hints[f.name], data[f.name])
    return cls(**values)


def decode_any(data: Any) -> Any:
    """Decode an object that names its own class in ``kind`` (an event, a view)."""
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise DecodeError("expected an object with a 'kind'")
    cls = _classes().get(data["kind"])
    if cls is None:
        raise DecodeError(f"unknown kind {data['kind']!r}")
    return _decode_dataclass(cls, data)
