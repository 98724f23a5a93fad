"""The engine's codec: actions, events and views to JSON data and back.

Views and events go through the kit's codec (games/kit/codec.py), which follows the
dataclasses' type hints, a card in its notation ("7", "+2", "-3", "G"). Actions have their
own compact form (``action_to_dict``), which records and the wire use.
"""

from __future__ import annotations

import types
from collections.abc import Iterable, Mapping
from typing import Any

from ...kit.codec import Codec, DecodeError, need, text
from .actions import Action, Pass, Play, Take
from .errors import MalformedActionError
from .vocabulary import Card

__all__ = ["DecodeError", "action_from_dict", "action_to_dict", "decode", "decode_any", "jsonable"]


def _modules() -> Iterable[types.ModuleType]:
    from . import actions, events, scoring, view

    return (actions, events, scoring, view)


CODEC = Codec({Card: (lambda c: c.code, text(Card.parse))}, _modules)
jsonable = CODEC.jsonable
decode = CODEC.decode
decode_any = CODEC.decode_any


def action_to_dict(action: Action) -> dict[str, Any]:
    if isinstance(action, Play):
        return {"kind": "play", "player": action.player, "card": action.card.code}
    if isinstance(action, Take):
        return {"kind": "take", "player": action.player}
    return {"kind": "pass", "player": action.player}


def _need(d: Mapping[str, Any], key: str, kind: type) -> Any:
    return need(d, key, kind, MalformedActionError)


def action_from_dict(d: Any) -> Action:
    """Parse an action; raises MalformedActionError with the reason."""
    if not isinstance(d, Mapping):
        raise MalformedActionError("an action is a JSON object")
    kind = _need(d, "kind", str)
    player = _need(d, "player", int)
    if kind == "play":
        try:
            return Play(player, Card.parse(_need(d, "card", str)))
        except ValueError as exc:
            if isinstance(exc, MalformedActionError):
                raise
            raise MalformedActionError(str(exc)) from None
    if kind == "take":
        return Take(player)
    if kind == "pass":
        return Pass(player)
    raise MalformedActionError(f"unknown action kind {kind!r} (play, take or pass)")
