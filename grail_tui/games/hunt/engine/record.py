"""The game record: a versioned JSON document of the setup and every action."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .codec import action_from_dict, action_to_dict
from .errors import IllegalActionError, MalformedActionError
from .game import Game
from .vocabulary import DEFAULT_TURN_LIMIT, Setup, Variant

FORMAT = "grail-tui-record"
GAME = "hunt"  # records of other games name theirs; a record without a name is of this one
VERSION = 1


class RecordError(ValueError):
    """The record cannot be read: not JSON, not a game record, or damaged."""


class ReplayError(ValueError):
    """An action in the record breaks the rules."""

    def __init__(self, index: int, action: Action | None, reason: str) -> None:
        super().__init__(f"action {index}: {reason}")
        self.index = index
        self.action = action
        self.reason = reason


def setup_to_dict(setup: Setup) -> dict[str, Any]:
    out: dict[str, Any] = {
        "players": setup.players,
        "variant": setup.variant.value,
        "seed": setup.seed,
        "turn_limit": setup.turn_limit,
    }
    if setup.first_player is not None:
        out["first_player"] = setup.first_player
    if setup.names:
        out["names"] = list(setup.names)
    return out


def setup_from_dict(raw: Any) -> Setup:
    """A setup from its JSON form; ValueError says what is wrong."""
    if not isinstance(raw, dict):
        raise ValueError("there is no setup")
    names = raw.get("names", [])
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ValueError("'names' should be a list of names")
    for key in ("players", "seed", "turn_limit", "first_player"):
        if key not in raw or (key == "first_player" and raw[key] is None):
            continue  # left out: the default; a start player of null: chosen by the seed
        value = raw[key]
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"{key!r} should be a whole number")
    variant = raw.get("variant", "standard")
    if variant not in [v.value for v in Variant]:
        raise ValueError(f"unknown variant {variant!r}")
    return Setup(
        players=raw.get("players", 0),
        variant=Variant(variant),
        seed=raw.get("seed", 0),
        turn_limit=raw.get("turn_limit", DEFAULT_TURN_LIMIT),
        first_player=raw.get("first_player"),
        names=tuple(names),
    )


@dataclass
class GameRecord:
    setup: Setup
    actions: list[Action] = field(default_factory=list)
    chat: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def of(cls, game: Game) -> GameRecord:
        return cls(game.setup, list(game.actions))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "game": GAME,
            "version": VERSION,
            "setup": setup_to_dict(self.setup),
            "actions": [action_to_dict(a) for a in self.actions],
        }
        if self.chat:
            out["chat"] = self.chat
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        try:
            data = json.loads(text)
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise RecordError(f"not a game record: the file is not valid JSON ({exc})") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError("not a game record: the 'format' field is missing or wrong")
        if data.get("game", GAME) != GAME:
            raise RecordError(f"this is a record of another game ({data.get('game')!r})")
        version = data.get("version")
        if version != VERSION:
            raise RecordError(f"record version {version!r} is not supported (this is version {VERSION})")
        try:
            setup = setup_from_dict(data.get("setup"))
        except ValueError as exc:
            raise RecordError(f"the setup is damaged: {exc}") from None
        raw_actions = data.get("actions")
        if not isinstance(raw_actions, list):
            raise RecordError("the record has no list of actions")
        actions = []
        for index, item in enumerate(raw_actions):
            try:
                actions.append(action_from_dict(item))
            except MalformedActionError as exc:
                raise RecordError(f"action {index} is damaged: {exc}") from None
        chat = data.get("chat", [])
        if not isinstance(chat, list):
            raise RecordError("the chat of the record is damaged")
        return cls(setup, actions, chat)

    def replay(self, upto: int | None = None) -> Game:
        """Play the record's actions (the first ``upto`` of them) on a new game."""
        game = Game(self.setup)
        for index, action in enumerate(self.actions[:upto]):
            try:
                game.apply(action)
            except IllegalActionError as exc:
                raise ReplayError(index, action, str(exc)) from None
        return game
