"""The versioned record of a game: its setup and every action, as JSON data; and its replay.

Every game's records share the header (``format``, ``game``, ``version``) and the layout
(``setup``, ``actions``, ``chat``); what a setup and an action look like is the game's own,
given by its :class:`Rules`. A record replays by applying its actions to a new game: the
setup's seed makes every deal and draw again (games/kit/dice.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from .errors import IllegalActionError, RecordError, ReplayError

FORMAT = "grail-tui-record"
VERSION = 1

SetupT = TypeVar("SetupT")
ActionT = TypeVar("ActionT")


class Playable(Protocol):
    def apply(self, action: Any, /) -> Any: ...


GameT = TypeVar("GameT", bound=Playable)


@dataclass(frozen=True)
class Rules(Generic[SetupT, ActionT, GameT]):
    """What a game's records need of its engine."""

    game: str  # the name records carry
    setup_to_dict: Callable[[SetupT], dict[str, Any]]
    setup_from_dict: Callable[[Any], SetupT]  # ValueError says what is wrong
    action_to_dict: Callable[[ActionT], dict[str, Any]]
    action_from_dict: Callable[[Any], ActionT]  # IllegalActionError (malformed) says what is wrong
    new_game: Callable[[SetupT], GameT]
    unnamed_is_mine: bool = False  # the first game: its records from before records named a game


@dataclass
class GameRecord(Generic[SetupT, ActionT, GameT]):
    """A record of one game; a game's engine subclasses it naming its :class:`Rules`."""

    RULES: ClassVar[Rules[Any, Any, Any]]

    setup: SetupT
    actions: list[ActionT] = field(default_factory=list)
    chat: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def of(cls, game: Any) -> Self:
        return cls(game.setup, list(game.actions))

    def to_dict(self) -> dict[str, Any]:
        rules = self.RULES
        out: dict[str, Any] = {
            "format": FORMAT,
            "game": rules.game,
            "version": VERSION,
            "setup": rules.setup_to_dict(self.setup),
            "actions": [rules.action_to_dict(a) for a in self.actions],
        }
        if self.chat:
            out["chat"] = self.chat
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_json(cls, text: str | bytes) -> Self:
        try:
            data = json.loads(text)
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise RecordError(f"not a game record: the file is not valid JSON ({exc})") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        rules = cls.RULES
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError("not a game record: the 'format' field is missing or wrong")
        name = data.get("game", rules.game) if rules.unnamed_is_mine else data.get("game")
        if name != rules.game:
            raise RecordError(f"this is a record of another game ({data.get('game')!r})")
        version = data.get("version")
        if version != VERSION:
            raise RecordError(f"record version {version!r} is not supported (this is version {VERSION})")
        try:
            setup = rules.setup_from_dict(data.get("setup"))
        except ValueError as exc:
            raise RecordError(f"the setup is damaged: {exc}") from None
        raw_actions = data.get("actions")
        if not isinstance(raw_actions, list):
            raise RecordError("the record has no list of actions")
        actions = []
        for index, item in enumerate(raw_actions):
            try:
                actions.append(rules.action_from_dict(item))
            except IllegalActionError as exc:
                raise RecordError(f"action {index} is damaged: {exc}") from None
        chat = data.get("chat", [])
        if not isinstance(chat, list):
            raise RecordError("the chat of the record is damaged")
        return cls(setup, actions, chat)

    def replay(self, upto: int | None = None) -> GameT:
        """Play the record's actions (the first ``upto`` of them) on a new game."""
        game: GameT = self.RULES.new_game(self.setup)
        for index, action in enumerate(self.actions[:upto]):
            try:
                game.apply(action)
            except IllegalActionError as exc:
                raise ReplayError(index, action, str(exc)) from None
        return game


def step_to(game: GameT, at: int, to: int, actions: Sequence[Any],
            new_game: Callable[[], GameT]) -> tuple[GameT, int]:
    """A record's game moved from action ``at`` to action ``to`` (a replay stepping through it):
    on by applying the actions between, back by playing them again on a new game."""
    if to < at:
        game, at = new_game(), 0
    for action in actions[at:to]:
        game.apply(action)
    return game, to


class Seated(Protocol):
    @property
    def first_player(self) -> int | None: ...

    @property
    def names(self) -> tuple[str, ...]: ...


def seats_to_dict(setup: Seated, out: dict[str, Any]) -> dict[str, Any]:
    """``out`` with the setup's start player and seat names, where given (a record without
    them: chosen by the seed, and none)."""
    if setup.first_player is not None:
        out["first_player"] = setup.first_player
    if setup.names:
        out["names"] = list(setup.names)
    return out


def names_of(raw: dict[str, Any]) -> tuple[str, ...]:
    """A setup's seat names (none given: none); ValueError if they are not a list of text."""
    names = raw.get("names", [])
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ValueError("'names' should be a list of names")
    return tuple(names)


def whole_numbers(raw: dict[str, Any], keys: Sequence[str], nullable: Sequence[str] = ()) -> None:
    """ValueError if one of ``keys`` is given but is not a whole number (null, for those in
    ``nullable``, meaning "chosen by the seed")."""
    for key in keys:
        if key not in raw or (key in nullable and raw[key] is None):
            continue  # left out: the default
        value = raw[key]
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"{key!r} should be a whole number")
