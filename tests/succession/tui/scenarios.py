"""Saved card games for TUI tests: written as a real save file, opened with Continue."""

from __future__ import annotations

from grail_tui.games import registry
from grail_tui.games.api import BotLevel
from grail_tui.games.succession.engine import Game, Setup
from grail_tui.table.files import saves_dir
from grail_tui.table.journal import JournalStore
from grail_tui.table.seats import SeatConfig
from grail_tui.table.settings import TableSettings
from grail_tui.table.store import StoredGame

KIND = registry.get("succession")
SEATS = [SeatConfig("Ann"), SeatConfig("Gregor", BotLevel.RANDOM)]
SAVE = "scenario.jsonl"
SEED = 11


def played(actions: int, seed: int = SEED) -> Game:
    """A game between two rule-of-thumb players, stopped after ``actions`` actions."""
    game = Game(Setup(seed=seed, first_player=0, names=("Ann", "Gregor")))
    bots = [KIND.make_bot(BotLevel.HEURISTIC, seed + p) for p in range(2)]
    while len(game.actions) < actions and not game.is_over:
        player = game.to_act()[0]
        game.apply(bots[player].decide(game.view(player), game.legal_actions(player)))
    return game


def midgame() -> Game:
    """Ann to move in round 2, a long row, cards taken on both sides, her take still to come."""
    for n in range(14, 22):
        game = played(n)
        if (game.mover == 0 and not game.took[0] and len(game.row) >= 6 and game.round == 2
                and game.hands[0] and all(game.taken)):
            return game
    raise AssertionError("no such position with this seed")


def after_take() -> Game:
    """Ann to move with cards in hand, her take for this round used already."""
    for n in range(1, 48):
        game = played(n)
        if game.mover == 0 and game.took[0] and game.hands[0] and game.row:
            return game
    raise AssertionError("no such position with this seed")


def finished() -> Game:
    game = played(10_000)
    assert game.is_over
    return game


def save(game: Game, seats: list[SeatConfig] = SEATS) -> None:
    """The game as a save file in the player's saves folder, as the app would have kept it."""
    record = KIND.record(game)
    stored = StoredGame("succession", record["setup"], list(seats), TableSettings(), record["actions"])
    JournalStore(saves_dir() / SAVE, stored).close()


def table_of(app):
    """The table behind the app's game at this terminal."""
    from grail_tui.table.client import LocalClient

    assert isinstance(app.client, LocalClient)
    return app.client.table
