"""The engine's codec: actions, events and views to JSON data and back.

Views and events go through the kit's codec (games/kit/codec.py), which follows the
dataclasses' type hints, with the hunt's pieces in their notation: a field as its square,
an initiate and a unit as their codes, a society by name. Actions have their own compact
form (``action_to_dict``), which records and the wire use.
"""

from __future__ import annotations

import types
from collections.abc import Iterable, Mapping
from typing import Any

from ...kit.codec import Codec, DecodeError, expect_text, need, text
from .actions import Action, Assign, Concede, GrailMove, Match, Object, Pass, Proposal, Propose
from .board import Field
from .errors import MalformedActionError
from .pieces import Initiate, Society, Unit

__all__ = ["DecodeError", "action_from_dict", "action_to_dict", "decode", "decode_any", "jsonable"]


def _modules() -> Iterable[types.ModuleType]:
    from . import actions, events, view

    return (actions, events, view)


CODEC = Codec({
    Field: (lambda f: f.square, text(Field.parse)),
    Initiate: (lambda i: i.code, text(Initiate.parse)),
    Society: (lambda s: s.name.lower(), lambda data: Society[expect_text(data).upper()]),
    Unit: (lambda u: u.code, text(Unit.parse)),
}, _modules)
jsonable = CODEC.jsonable
decode = CODEC.decode
decode_any = CODEC.decode_any


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
    return need(d, key, kind, MalformedActionError)


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
