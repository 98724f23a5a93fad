"""Actions as JSON and proposals in words; a JSON form for any engine value."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any

from .actions import Action, Assign, Concede, GrailMove, Match, Object, Pass, Proposal, Propose
from .board import Field
from .errors import MalformedActionError
from .pieces import Initiate, Society, Unit


def _identity(obj: Any) -> Any:
    return obj


_PLAIN = (int, str, bool, type(None), float)


def _sequence(obj: Any) -> Any:
    out = []
    for x in obj:
        # plain values are the bulk of a view (tables of numbers): no call per value
        out.append(x if type(x) in _PLAIN else jsonable(x))
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


_GRAIL_WORDS = {
    GrailMove.CARRY: "with the grail",
    GrailMove.DROP_BEFORE: "leaving the grail behind",
    GrailMove.DROP_AFTER: "and puts the grail down there",
    GrailMove.PICK_UP: "and picks up the grail there",
}


def describe_proposal(p: Proposal) -> str:
    """A proposal in plain words: 'Alberto Castellano steps to Akkon with the grail'."""
    parts = [p.initiate.title]
    if p.step is not None:
        parts.append(f"steps to {p.step.title}")
        if p.grail in _GRAIL_WORDS:
            parts.append(_GRAIL_WORDS[p.grail])
        if p.blow is not None:
            parts.append("then")
    if p.blow is not None:
        parts.append(f"blows the cover of {p.blow.title}")
        if p.take_grail:
            parts.append("and takes the grail")
    return " ".join(parts)
