"""Engine values to JSON data and back, written once for every game.

Encoding (:meth:`Codec.jsonable`) turns a value into plain JSON data: a dataclass into an
object that names its class in ``kind``, an enum into its value, a tuple into a list, a
game's own piece (a card, a field) into its notation. Decoding follows the dataclasses'
type hints, so every view and event an engine can produce round-trips, and data that does
not fit raises :class:`DecodeError` with what was expected.

A game makes one :class:`Codec`, naming its pieces (``leaves``) and the modules whose
dataclasses may be decoded by name (events, views). The wire (net/wire.py) reads its
messages' type hints through :func:`type_hints` and writes them with :func:`plain`.
"""

from __future__ import annotations

import dataclasses
import sys
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from enum import Enum
from functools import cache
from typing import Any

Encoder = Callable[[Any], Any]
Decoder = Callable[[Any], Any]


class DecodeError(ValueError):
    """The JSON does not describe a value of the expected type."""


@cache
def type_hints(cls: type) -> dict[str, Any]:
    """A dataclass's fields' types, resolved once (``Annotated`` limits kept for the wire)."""
    return typing.get_type_hints(cls, vars(sys.modules[cls.__module__]), include_extras=True)


def plain(message: Any) -> dict[str, Any]:
    """A dataclass's fields as JSON data, nested dataclasses as objects, tuples as lists; no
    ``kind`` (the wire names its messages itself)."""
    return {f.name: _plain_value(getattr(message, f.name)) for f in dataclasses.fields(message)}


def _plain_value(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return plain(value)
    if isinstance(value, tuple):
        return [_plain_value(v) for v in value]
    return value


def text(parse: Callable[[str], Any]) -> Decoder:
    """A piece's decoder from its notation's parser (``Card.parse``)."""
    return lambda data: parse(expect_text(data))


def expect_text(data: Any) -> str:
    if not isinstance(data, str):
        raise DecodeError(f"expected text, got {data!r}")
    return data


def expect_int(data: Any) -> int:
    if not isinstance(data, int) or isinstance(data, bool):
        raise DecodeError(f"expected a whole number, got {data!r}")
    return data


def expect_bool(data: Any) -> bool:
    if not isinstance(data, bool):
        raise DecodeError(f"expected true or false, got {data!r}")
    return data


def expect_float(data: Any) -> float:
    if not isinstance(data, (int, float)) or isinstance(data, bool):
        raise DecodeError(f"expected a number, got {data!r}")
    return float(data)


def expect_none(data: Any) -> None:
    if data is not None:
        raise DecodeError(f"expected null, got {data!r}")


def need(data: Mapping[str, Any], key: str, kind: type, error: type[Exception]) -> Any:
    """``data[key]`` if it is a ``kind`` (a bool is no int), else ``error`` saying what is wrong:
    for an action's fields, whose engine raises its own malformed-action error."""
    if key not in data:
        raise error(f"the action has no {key!r}")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise error(f"{key!r} should be a {kind.__name__}, not {value!r}")
    return value


_PLAIN = (int, str, bool, type(None), float)
_BASIC: dict[Any, Decoder] = {bool: expect_bool, int: expect_int, str: expect_text, float: expect_float,
                              type(None): expect_none}


def _identity(obj: Any) -> Any:
    return obj


class Codec:
    """One game's values to JSON data and back.

    ``leaves``: the game's own pieces, each with its encoder (to its notation) and decoder
    (from JSON data; :func:`text` makes one from a parser). ``modules``: a function giving the
    modules whose dataclasses :meth:`decode_any` finds by name (called once, when first
    needed, so an engine's modules may import their codec)."""

    def __init__(self, leaves: Mapping[type, tuple[Encoder, Decoder]],
                 modules: Callable[[], Iterable[types.ModuleType]]) -> None:
        self._leaf_decoders = {kind: decode for kind, (_, decode) in leaves.items()}
        self._encoders: dict[type, Encoder] = {
            type(None): _identity, bool: _identity, str: _identity, int: _identity, float: _identity,
            tuple: self._sequence, list: self._sequence, dict: self._mapping,
            **{kind: encode for kind, (encode, _) in leaves.items()},
        }
        self._modules = modules
        self._named: dict[str, type] | None = None
        self._decoders: dict[Any, Decoder] = {}
        self._fields: dict[type, tuple[tuple[str, Decoder], ...]] = {}

    # -- encoding -----------------------------------------------------------------------------

    def jsonable(self, obj: Any) -> Any:
        """A JSON-ready copy of an engine value (dataclasses, enums, tuples, pieces)."""
        kind = type(obj)
        encode = self._encoders.get(kind)
        if encode is None:
            encode = self._encoders[kind] = self._encoder(kind)
        return encode(obj)

    def _sequence(self, obj: Any) -> Any:
        # plain values are the bulk of a view (tables of numbers): no call per value
        return [x if type(x) in _PLAIN else self.jsonable(x) for x in obj]  # pragma: no mutate: a shortcut; jsonable(x) gives the same

    def _mapping(self, obj: Any) -> Any:
        return {str(k): self.jsonable(v) for k, v in obj.items()}

    def _encoder(self, kind: type) -> Encoder:
        """Build (once per type) the function that turns a value of ``kind`` into JSON data."""
        if dataclasses.is_dataclass(kind):
            names = tuple(f.name for f in dataclasses.fields(kind))
            label = kind.__name__
            jsonable = self.jsonable

            def encode_dataclass(obj: Any) -> Any:
                out: dict[str, Any] = {"kind": label}
                for name in names:
                    out[name] = jsonable(getattr(obj, name))
                return out

            return encode_dataclass
        if issubclass(kind, Enum):
            return lambda e: e.value
        if issubclass(kind, Mapping):
            return self._mapping
        if issubclass(kind, (tuple, list)):
            return self._sequence
        raise TypeError(f"cannot put {kind.__name__} into JSON")

    # -- decoding -----------------------------------------------------------------------------

    def decode(self, tp: Any, data: Any) -> Any:
        """Rebuild a value of type ``tp`` from its JSON form; DecodeError if it does not fit."""
        try:
            return self._decoder(tp)(data)
        except DecodeError:
            raise
        except (ValueError, TypeError, KeyError) as exc:
            raise DecodeError(str(exc)) from None

    def decode_any(self, data: Any) -> Any:
        """Decode an object that names its own class in ``kind`` (an event, a view)."""
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise DecodeError("expected an object with a 'kind'")
        cls = self._classes().get(data["kind"])
        if cls is None:
            raise DecodeError(f"unknown kind {data['kind']!r}")
        return self.decode(cls, data)

    def _classes(self) -> dict[str, type]:
        if self._named is None:
            self._named = {name: obj for module in self._modules() for name, obj in vars(module).items()
                           if isinstance(obj, type) and dataclasses.is_dataclass(obj)}
        return self._named

    def _decoder(self, tp: Any) -> Decoder:
        """The function that decodes ``tp``, worked out once from the type hints."""
        decoder = self._decoders.get(tp)
        if decoder is None:
            decoder = self._decoders[tp] = self._make_decoder(tp)
        return decoder

    def _make_decoder(self, tp: Any) -> Decoder:
        origin = typing.get_origin(tp)
        if tp is Any:
            return _identity
        if origin in (typing.Union, types.UnionType):
            return self._union(tp)
        if origin is tuple:
            args = typing.get_args(tp)
            if len(args) == 2 and args[1] is Ellipsis:
                item = self._decoder(args[0])

                def homogeneous(data: Any) -> Any:
                    if not isinstance(data, list):
                        raise DecodeError(f"expected a list for {tp}, got {data!r}")
                    return tuple(item(x) for x in data)

                return homogeneous
            items = [self._decoder(a) for a in args]

            def fixed(data: Any) -> Any:
                if not isinstance(data, list) or len(data) != len(items):
                    raise DecodeError(f"expected {len(items)} items for {tp}")
                return tuple(d(x) for d, x in zip(items, data, strict=True))

            return fixed
        if origin is list:
            (arg,) = typing.get_args(tp)
            element = self._decoder(arg)

            def listed(data: Any) -> Any:
                if not isinstance(data, list):
                    raise DecodeError(f"expected a list, got {data!r}")
                return [element(x) for x in data]

            return listed
        leaf = self._leaf_decoders.get(tp)
        if leaf is not None:
            return leaf
        if isinstance(tp, type) and issubclass(tp, Enum):
            return lambda data: tp(data)
        basic = _BASIC.get(tp)
        if basic is not None:
            return basic
        if isinstance(tp, type) and dataclasses.is_dataclass(tp):
            return lambda data: self._dataclass(tp, data)
        raise DecodeError(f"cannot decode {tp}")

    def _union(self, tp: Any) -> Decoder:
        options = [o for o in typing.get_args(tp) if o is not type(None)]
        nullable = len(options) < len(typing.get_args(tp))
        decoders = [self._decoder(o) for o in options]

        def union(data: Any) -> Any:
            if data is None and nullable:
                return None
            errors = []
            for decoder in decoders:
                try:
                    return decoder(data)
                except (DecodeError, ValueError, TypeError, KeyError) as exc:
                    errors.append(str(exc))
            raise DecodeError(f"no type of {tp} fits {data!r}: {errors}")

        return union

    def _dataclass(self, cls: type, data: Any) -> Any:
        if not isinstance(data, dict):
            raise DecodeError(f"expected an object for {cls.__name__}")
        kind = data.get("kind")
        if kind is not None and kind != cls.__name__:
            raise DecodeError(f"expected {cls.__name__}, got {kind}")
        values = {}
        for name, field_decoder in self._field_decoders(cls):
            if name not in data:
                raise DecodeError(f"{cls.__name__} lacks {name!r}")
            values[name] = field_decoder(data[name])
        return cls(**values)

    def _field_decoders(self, cls: type) -> tuple[tuple[str, Decoder], ...]:
        found = self._fields.get(cls)
        if found is None:
            hints = type_hints(cls)
            found = self._fields[cls] = tuple((f.name, self._decoder(hints[f.name]))
                                              for f in dataclasses.fields(cls) if f.init)
        return found
