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
from collections.abc import Callable
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
    from .phase import Phase  # named in view.py for type checking only

    module = sys.modules[cls.__module__]
    return typing.get_type_hints(cls, {**vars(module), "Phase": Phase})


def decode(tp: Any, data: Any) -> Any:
    """Rebuild a value of type ``tp`` from its JSON form."""
    return _decoder(tp)(data)


Decoder = Callable[[Any], Any]


@cache
def _decoder(tp: Any) -> Decoder:
    """The function that decodes ``tp``, worked out once from the type hints."""
    origin = typing.get_origin(tp)
    if tp is Any:
        return lambda data: data
    if origin in (typing.Union, types.UnionType):
        options = [o for o in typing.get_args(tp) if o is not type(None)]
        nullable = len(options) < len(typing.get_args(tp))
        decoders = [_decoder(o) for o in options]

        def union(data: Any) -> Any:
            if data is None and nullable:
                return None
            errors = []
            for d in decoders:
                try:
                    return d(data)
                except (DecodeError, ValueError, TypeError, KeyError) as exc:
                    errors.append(str(exc))
            raise DecodeError(f"no type of {tp} fits {data!r}: {errors}")

        return union
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _decoder(args[0])

            def homogeneous(data: Any) -> Any:
                if not isinstance(data, list):
                    raise DecodeError(f"expected a list for {tp}, got {data!r}")
                return tuple(item(x) for x in data)

            return homogeneous
        items = [_decoder(a) for a in args]

        def fixed(data: Any) -> Any:
            if not isinstance(data, list) or len(data) != len(items):
                raise DecodeError(f"expected {len(items)} items for {tp}")
            return tuple(d(x) for d, x in zip(items, data, strict=True))

        return fixed
    if origin is list:
        (arg,) = typing.get_args(tp)
        item = _decoder(arg)

        def listed(data: Any) -> Any:
            if not isinstance(data, list):
                raise DecodeError(f"expected a list, got {data!r}")
            return [item(x) for x in data]

        return listed
    if tp is Field:
        return _field
    if tp is Initiate:
        return lambda data: Initiate.parse(_str(data))
    if tp is Society:
        return lambda data: Society[_str(data).upper()]
    if tp is Unit:
        return lambda data: Unit.parse(_str(data))
    if isinstance(tp, type) and issubclass(tp, Enum):
        return lambda data: tp(data)
    if tp is bool:
        return _bool
    if tp is int:
        return _int
    if tp is str:
        return _str
    if tp is float:
        return _float
    if tp is type(None):
        return _none
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return lambda data: _decode_dataclass(tp, data)
    raise DecodeError(f"cannot decode {tp}")


_FIELDS = {f.square: f for f in Field}


def _field(data: Any) -> Field:
    found = _FIELDS.get(data) if isinstance(data, str) else None
    return found if found is not None else Field.parse(_str(data))


def _bool(data: Any) -> bool:
    if not isinstance(data, bool):
        raise DecodeError(f"expected true or false, got {data!r}")
    return data


def _int(data: Any) -> int:
    if not isinstance(data, int) or isinstance(data, bool):
        raise DecodeError(f"expected a whole number, got {data!r}")
    return data


def _float(data: Any) -> float:
    if not isinstance(data, (int, float)) or isinstance(data, bool):
        raise DecodeError(f"expected a number, got {data!r}")
    return float(data)


def _none(data: Any) -> None:
    if data is not None:
        raise DecodeError(f"expected null, got {data!r}")


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
    values = {}
    for name, field_decoder in _field_decoders(cls):
        if name not in data:
            raise DecodeError(f"{cls.__name__} lacks {name!r}")
        values[name] = field_decoder(data[name])
    return cls(**values)


@cache
def _field_decoders(cls: type) -> tuple[tuple[str, Decoder], ...]:
    hints = _hints(cls)
    return tuple((f.name, _decoder(hints[f.name])) for f in dataclasses.fields(cls))


def decode_any(data: Any) -> Any:
    """Decode an object that names its own class in ``kind`` (an event, a view)."""
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise DecodeError("expected an object with a 'kind'")
    cls = _classes().get(data["kind"])
    if cls is None:
        raise DecodeError(f"unknown kind {data['kind']!r}")
    return _decode_dataclass(cls, data)
