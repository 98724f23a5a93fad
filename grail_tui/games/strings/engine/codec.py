"""The engine's codec: actions, events and views to JSON data and back (the kit's codec), and
actions in the compact form records and the wire use."""

from __future__ import annotations

import types
from collections.abc import Iterable, Mapping
from dataclasses import fields
from enum import Enum
from typing import Any

from ...kit.codec import Codec, DecodeError
from .actions import ACTION_TYPES, Action, Declare
from .errors import MalformedActionError
from .vocabulary import AttackKind, Side

__all__ = ["CODEC", "DecodeError", "action_from_dict", "action_to_dict", "decode", "decode_any", "jsonable"]


def _modules() -> Iterable[types.ModuleType]:
    from . import actions, events, view

    return (actions, events, view)


def _declare_from_json(data: Any) -> Action:
    try:
        return action_from_dict(data) if isinstance(data, Mapping) and data.get("kind") == "declare" else _not(data)
    except MalformedActionError as exc:
        raise DecodeError(str(exc)) from None


def _not(data: Any) -> Action:
    raise DecodeError(f"expected a declare, not {str(data)[:40]}")


# A Declare's own field ``kind`` (control or destroy) would overwrite the codec's ``kind`` (the
# class) in a view's legal actions, and no client could read its view again: it travels in the
# compact form records use (``attack`` for its kind).
CODEC = Codec({Declare: (lambda action: action_to_dict(action), _declare_from_json)}, _modules)
jsonable = CODEC.jsonable
decode = CODEC.decode
decode_any = CODEC.decode_any

_BY_NAME = {cls.__name__.lower(): cls for cls in ACTION_TYPES}
_ENUMS: Mapping[str, type[Enum]] = {"kind": AttackKind, "side": Side}


def action_to_dict(action: Action) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": type(action).__name__.lower()}
    for item in fields(action):
        value = getattr(action, item.name)
        key = "attack" if item.name == "kind" else item.name
        if isinstance(value, Enum):
            value = value.value
        elif isinstance(value, tuple):
            value = list(value)
        out[key] = value
    return out


def action_from_dict(data: Any) -> Action:
    """Parse an action; MalformedActionError with the reason."""
    if not isinstance(data, Mapping):
        raise MalformedActionError("an action is a JSON object")
    cls = _BY_NAME.get(data.get("kind"))  # type: ignore[arg-type]
    if cls is None:
        raise MalformedActionError(f"unknown action kind {data.get('kind')!r} ({', '.join(_BY_NAME)})")
    values: dict[str, Any] = {}
    for item in fields(cls):
        key = "attack" if item.name == "kind" else item.name
        if key not in data:
            if item.default is not item.default_factory:  # has a default
                continue
            raise MalformedActionError(f"a {cls.__name__} needs '{key}'")
        value = data[key]
        if item.name in _ENUMS:
            # a PlayPlot's side may be left open (None, the card's own side); any other names one
            if value is not None or item.name != "side" or cls.__name__ != "PlayPlot":
                try:
                    value = _ENUMS[item.name](value)
                except ValueError:
                    raise MalformedActionError(f"'{key}' cannot be {value!r}") from None
        elif item.name in ("cards", "payers", "back", "bottom"):
            if not isinstance(value, list) or not all(type(v) is int for v in value):
                raise MalformedActionError(f"'{key}' should be a list of card numbers")
            value = tuple(value)
        elif item.type == "str":
            if not isinstance(value, str):
                raise MalformedActionError(f"'{key}' should be text")
        elif item.type == "bool":
            if type(value) is not bool:
                raise MalformedActionError(f"'{key}' should be true or false")
        elif type(value) is not int:
            raise MalformedActionError(f"'{key}' should be a whole number")
        values[item.name] = value
    return cls(**values)  # type: ignore[no-any-return]  # every field is there, of its type
