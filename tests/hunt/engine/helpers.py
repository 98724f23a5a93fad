"""Small scripting helpers for engine tests."""

from __future__ import annotations

import json
from collections.abc import Iterable

import pytest

from grail_tui.games.hunt.engine import (
    Assign,
    Field,
    Game,
    GrailMove,
    IllegalActionError,
    Initiate,
    Pass,
    Proposal,
    Propose,
    Setup,
    Unit,
)


def units(*codes: str) -> tuple[Unit, ...]:
    return tuple(Unit.parse(c) for c in codes)


def assign(game: Game, player: int, spec: dict[Initiate, Iterable[str]]) -> None:
    placements = tuple((u, i) for i, codes in spec.items() for u in units(*codes))
    game.apply(Assign(player, placements))


def opening(game: Game, specs: dict[int, dict[Initiate, Iterable[str]]]) -> None:
    for p in range(game.players):
        assign(game, p, specs.get(p, {}))


def everyone_passes(game: Game) -> None:
    for p in game.to_act():
        game.apply(Pass(p))


def assign_until_mover(game: Game, player: int) -> None:
    """Everybody before ``player`` assigns nothing, so ``player`` moves next."""
    for _ in range(game.players):
        if game.mover == player:
            return
        game.apply(Assign(game.mover, ()))
    assert game.mover == player, "the turn never came round"


def action_bound(game: Game) -> int:
    """More actions than any game within its turn limit needs (random play averages
    under 16 a turn): a loop that passes it means the game fails to end."""
    return 100 * (game.setup.turn_limit + 1) + 200


def step(initiate: Initiate, to: Field, grail: GrailMove = GrailMove.NONE, **kw: object) -> Proposal:
    return Proposal(initiate, to, grail, **kw)  # type: ignore[arg-type]


def carry_out(game: Game, proposal: Proposal) -> None:
    """The mover proposes and everybody passes."""
    game.apply(Propose(game.mover, proposal))
    everyone_passes(game)


def snapshot(game: Game) -> str:
    views = [game.view(p).to_dict() for p in range(game.players)]
    return json.dumps([game.public_view().to_dict(), views, len(game.actions), len(game.history)])


def assert_refused(
    game: Game, action: object, error: type[IllegalActionError], match: str | None = None
) -> str:
    before = snapshot(game)
    assert not game.is_legal(action)
    with pytest.raises(error, match=match) as info:
        game.apply(action)  # type: ignore[arg-type]
    assert snapshot(game) == before, "a refused action changed the game"
    return str(info.value)


def new_game(players: int = 3, **kw: object) -> Game:
    kw.setdefault("first_player", 0)
    return Game(Setup(players=players, **kw))  # type: ignore[arg-type]
