"""Pebbles, the toy game of the tests (tests/games/plugins/toy_game), for the platform's tests:
the table's and the server's behaviour is shown on it, so they name no real game.

Its engine is imported here once (the classes the tests build actions from are the ones the
registry's kind uses); ``installed`` registers it in the ``grail_tui.games`` entry points for
one test, as a package of its own would be, and ``ENVIRONMENT`` lets another process (a
server) find it too."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from grail_tui.games import registry

from .games.conftest import PLUGINS

sys.path.insert(0, str(PLUGINS))
try:
    from toy_game import engine as pebbles
    from toy_game.kind import KIND
finally:
    sys.path.remove(str(PLUGINS))

Bid, Take, Doubt, Reply, Stage = pebbles.Bid, pebbles.Take, pebbles.Doubt, pebbles.Reply, pebbles.Stage
Setup, Game = pebbles.Setup, pebbles.Game
GREEDY = KIND.bot_levels[1]  # Pebbles' own level


def environment() -> dict[str, str]:
    """The environment of a process that must know Pebbles (a server the tests start)."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(PLUGINS), os.environ.get("PYTHONPATH")]))}


@contextmanager
def installed(monkeypatch) -> Iterator[None]:
    monkeypatch.syspath_prepend(str(PLUGINS))
    registry.refresh()
    try:
        yield
    finally:
        monkeypatch.undo()
        registry.refresh()


def setup(players: int = 2, seed: int = 1, pile: int = 10, first: int = 0, names: tuple[str, ...] = ()) -> Setup:
    return Setup(players=players, seed=seed, pile=pile, first_player=first, names=names)


def finished(players: int = 2, seed: int = 1, pile: int = 6, names: tuple[str, ...] = ()) -> Game:
    """A whole game: nobody bids, then turns of two, a doubt of the first that is given back,
    and nobody doubting after."""
    game = Game(setup(players, seed, pile, names=names))
    for seat in range(players):
        game.apply(Bid(seat, 0))
    doubted = False
    while not game.is_over:
        seat = game.to_act()[0]
        if game.stage is Stage.TURN:
            game.apply(Take(seat, min(2, game.pile)))
        elif game.stage is Stage.DOUBTS:
            for other in game.to_act():
                game.apply(Doubt(other, not doubted))
            doubted = True
        else:
            game.apply(Reply(seat, False))
    return game
