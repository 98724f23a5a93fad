"""The table checks each action against the rules once, in every game: its refusal is the check,
and the engine applies what it accepted without checking again (a hidden round's answers too,
when they are applied together). Per game, as each engine's check is its own."""

from __future__ import annotations

import random

import pytest

from grail_tui.games import registry
from grail_tui.games.api import SetupRequest
from grail_tui.games.hunt.engine import game as hunt_game
from grail_tui.games.succession.engine import Game as SuccessionGame
from grail_tui.table.seats import SeatConfig
from grail_tui.table.settings import TableSettings
from grail_tui.table.table import Table


class MemoryStore:
    """Keeps nothing: only the table's checking is measured here."""

    def accepted(self, index, action) -> None: ...

    def __getattr__(self, name):
        return lambda *args, **kwargs: None


def count_checks(monkeypatch, game: str) -> list[object]:
    """Every rule check the engine makes, by the game it checks."""
    checked: list[object] = []
    if game == "toy":
        toy = registry.get("toy").state_type  # type: ignore[attr-defined]
        original_check = toy.why_illegal

        def counting_check(self, action):
            checked.append(self)
            return original_check(self, action)

        monkeypatch.setattr(toy, "why_illegal", counting_check)
    elif game == "hunt":
        original = hunt_game.check

        def counting(state, action):
            checked.append(state)
            return original(state, action)

        monkeypatch.setattr(hunt_game, "check", counting)
    else:
        original_method = SuccessionGame._check

        def counting_method(self, action):
            checked.append(self)
            return original_method(self, action)

        monkeypatch.setattr(SuccessionGame, "_check", counting_method)
    return checked


@pytest.mark.parametrize(("game", "players"), [("hunt", 3), ("hunt", 2), ("succession", 2), ("toy", 3)])
def test_every_action_at_the_table_is_checked_once(monkeypatch, game, players, request):
    if game == "toy":
        request.getfixturevalue("toy_installed")
    kind = registry.get(game)
    setup = kind.make_setup(SetupRequest(players=players, seed=5, options={"turn_limit": 8} if game == "hunt" else {}))
    seats = [SeatConfig(f"P{seat}", None) for seat in range(players)]
    table = Table(kind, setup, seats, MemoryStore(), settings=TableSettings(bot_delay=0),  # type: ignore[arg-type]
                  chat=())
    checked = count_checks(monkeypatch, game)
    rng = random.Random(5)
    per_action = []
    while not table.state.is_over:
        seat = next(s for s in table.state.to_act() if s not in table._pending)
        legal = list(table.state.legal_actions(seat))
        before = len([state for state in checked if state is table.state])
        table.submit(seat, legal[rng.randrange(len(legal))], table.seq)
        per_action.append(len([state for state in checked if state is table.state]) - before)
    assert len(per_action) >= 8
    assert set(per_action) == {1}, f"{sum(per_action)} checks for {len(per_action)} actions"
    table.close()


@pytest.mark.parametrize(("game", "players"), [("hunt", 3), ("succession", 2), ("toy", 3)])
async def test_a_bots_action_is_checked_once_too(monkeypatch, game, players, request):
    """A bot's decision is refused or taken on one check, like a person's."""
    from grail_tui.games.api import BotLevel
    from grail_tui.table.thinking import Thinker
    from grail_tui.table.timekeeping import FakeClock

    if game == "toy":
        request.getfixturevalue("toy_installed")
    kind = registry.get(game)
    setup = kind.make_setup(SetupRequest(players=players, seed=7, options={"turn_limit": 6} if game == "hunt" else {}))
    seats = [SeatConfig(f"P{seat}", BotLevel.RANDOM) for seat in range(players)]
    clock = FakeClock()
    checked = count_checks(monkeypatch, game)
    table = Table(kind, setup, seats, MemoryStore(), settings=TableSettings(bot_delay=0),  # type: ignore[arg-type]
                  chat=(), thinker=Thinker(), clock=clock)
    table.start()
    await clock.run_until(lambda: table.state.is_over, 3600)
    actions = table._accepted
    table.close()
    assert table.state.is_over and actions >= 8
    assert len(checked) == actions, f"{len(checked)} checks for {actions} actions"
