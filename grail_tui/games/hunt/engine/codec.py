"""The engine's codec: actions, events and views to JSON data and back.

Encoding (``jsonable``) turns any engine value into plain JSON data; decoding
follows the dataclasses' type hints, so every view and event the engine can
produce round-trips. Actions have their own compact form (``action_to_dict``),
which records and the wire use.
"""

from __future__ import annotations

import dataclasses
import sys
import types
import typing
from collections.abc import Callable, Mapping
from enum import Enum
from functools import cache
from typing import Any

from .actions import Action, Assign, Concede, GrailMove, Match, Object, Pass, Proposal, Propose
from .board import Field
from .errors import MalformedActionError
from .pieces import Initiate, Society, Unit

# -- encoding -------------------------------------------------------------------


def _identity(obj: Any) -> Any:
    return obj


_PLAIN = (int, str, bool, type(None), float)


def _sequence(obj: Any) -> Any:
    out = []
    for x in obj:
        # plain values are the bulk of a view (tables of numbers): no call per value
        out.append(x if type(x) in _PLAIN else jsonable(x))  # pragma: no mutate: a shortcut; jsonable(x) gives the same
    return out


def _mapping(obj: Any) -> Any:
    return {str(k): jsonable(v) for k, v in obj.items()}


_ENCODERS: dict[type, Callable[[Any], Any]] = {
    type(None): _identity, bool: _identity, str: _identity, int: _identity, float: _identity,
    Field: lambda f: f.square, Initiate: lambda i: i.code, Society: lambda s: s.name.lower(),
    Unit: lambda u: u.code, tuple: _sequence, list: _sequence, dict: _mapping,
}


def _encoder(kind: type) -> Callable[[Any], Any]:
    """Build (once per type) the function that turns a value of ``kind`` into JSON data."""
    if dataclasses.is_dataclass(kind):
        names = tuple(f.name for f in dataclasses.fields(kind))
        label = kind.__name__

        def encode_dataclass(obj: Any) -> Any:
            out: dict[str, Any] = {"kind": label}
            for name in names:
                out[name] = jsonable(getattr(obj, name))
            return out

        return encode_dataclass
    if issubclass(kind, Enum):
        return lambda e: e.value
    if issubclass(kind, Mapping):
        return _mapping
    if issubclass(kind, (tuple, list)):
        return _sequence
    raise TypeError(f"cannot put {kind.__name__} into JSON")


def jsonable(obj: Any) -> Any:
    """A JSON-ready copy of an engine value (dataclasses, enums, tuples)."""
    kind = type(obj)
    encode = _ENCODERS.get(kind)
    if encode is None:
        encode = _ENCODERS[kind] = _encoder(kind)
    return encode(obj)


def proposal_to_dict(p: Proposal) -> dict[str, Any]:
    d: dict[str, Any] = {"initiate": p.initiate.code}
    if p.step is not None:
        d["step"] = p.step.square
    if p.grail is not GrailMove.NONE:
        d["grail"] = p.grail.value
    if p.blow is not None:
        d["blow"] = p.blow.code
    if p.take_grail:
        d["take_grail"] = True
    return d


def action_to_dict(action: Action) -> dict[str, Any]:
    if isinstance(action, Assign):
        return {
            "kind": "assign",
            "player": action.player,
            "placements": [[u.code, i.code] for u, i in action.placements],
        }
    if isinstance(action, Propose):
        return {"kind": "propose", "player": action.player, **proposal_to_dict(action.proposal)}
    if isinstance(action, Object):
        return {"kind": "object", "player": action.player, "amount": action.amount}
    if isinstance(action, Match):
        return {"kind": "match", "player": action.player, "amount": action.amount}
    if isinstance(action, Pass):
        return {"kind": "pass", "player": action.player}
    return {"kind": "concede", "player": action.player}


def _need(d: Mapping[str, Any], key: str, kind: type) -> Any:
    if key not in d:
        raise MalformedActionError(f"the action has no {key!r}")
    value = d[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise MalformedActionError(f"{key!r} should be a {kind.__name__}, not {value!r}")
    return value


def _parse(parser: Any, text: Any, what: str) -> Any:
    if not isinstance(text, str):
        raise MalformedActionError(f"{what} should be text, not {text!r}")
    try:
        return parser(text)
    except ValueError as exc:
        raise MalformedActionError(str(exc)) from None


def proposal_from_dict(d: Mapping[str, Any]) -> Proposal:
    initiate = _parse(Initiate.parse, d.get("initiate"), "the initiate")
    step = _parse(Field.parse, d["step"], "the step") if d.get("step") is not None else None
    grail_text = d.get("grail", "none")
    try:
        grail = GrailMove(grail_text)
    except ValueError:
        choices = ", ".join(g.value for g in GrailMove)
        raise MalformedActionError(f"grail handling {grail_text!r} is not one of {choices}") from None
    blow = _parse(Initiate.parse, d["blow"], "the blow") if d.get("blow") is not None else None
    take = d.get("take_grail", False)
    if not isinstance(take, bool):
        raise MalformedActionError("'take_grail' should be true or false")
    return Proposal(initiate, step, grail, blow, take)


def action_from_dict(d: Any) -> Action:
    """Parse an action; raises MalformedActionError with the reason."""
    if not isinstance(d, Mapping):
        raise MalformedActionError("an action is a JSON object")
    kind = _need(d, "kind", str)
    player = _need(d, "player", int)
    if kind == "assign":
        raw = _need(d, "placements", list)
        placements = []
        for pair in raw:
            if not (isinstance(pair, list) and len(pair) == 2):
                raise MalformedActionError("each placement is a [unit, initiate] pair")
            placements.append(
                (_parse(Unit.parse, pair[0], "the unit"), _parse(Initiate.parse, pair[1], "the initiate"))
            )
        return Assign(player, tuple(placements))
    if kind == "propose":
        return Propose(player, proposal_from_dict(d))
    if kind == "object":
        return Object(player, _need(d, "amount", int))
    if kind == "match":
        return Match(player, _need(d, "amount", int))
    if kind == "pass":
        return Pass(player)
    if kind == "concede":
        return Concede(player)
    raise MalformedActionError(f"unknown action kind {kind!r}")


# -- decoding -------------------------------------------------------------------


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
    module = sys.modules[cls.__module__]
    return typing.get_type_hints(cls, vars(module))


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


def _field(data: Any) -> Field:
    return Field.parse(_str(data))


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
