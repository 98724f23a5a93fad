"""Saved positions for TUI tests: written as a real save file, opened with Continue."""

from __future__ import annotations

from grail_tui.games.api import BotLevel
from grail_tui.games.hunt.engine import (
    Assign,
    Field,
    Game,
    GameRecord,
    GrailMove,
    Initiate,
    Match,
    Object,
    Pass,
    Proposal,
    Propose,
    Setup,
    Unit,
)
from grail_tui.table.files import saves_dir
from grail_tui.table.journal import JournalStore
from grail_tui.table.seats import SeatConfig
from grail_tui.table.settings import TableSettings
from grail_tui.table.store import StoredGame

SEATS = [SeatConfig("Ann"), SeatConfig("Gregor", BotLevel.RANDOM), SeatConfig("Inga", BotLevel.RANDOM)]
SAVE = "scenario.jsonl"
JB, AC, MA, HA, FM, FV, AR, JF = Initiate


def u(code: str) -> Unit:
    return Unit.parse(code)


def opening(game: Game) -> None:
    game.apply(Assign(0, ((u("A10"), AC), (u("A5"), AC), (u("B9"), JB))))
    game.apply(Assign(1, ((u("A10"), MA), (u("A4"), AC))))
    game.apply(Assign(2, ((u("A7"), AR),)))


def everyone_passes(game: Game) -> None:
    for p in game.to_act():
        game.apply(Pass(p))


def step(game: Game, initiate: Initiate, to: Field, grail: GrailMove = GrailMove.NONE) -> None:
    game.apply(Propose(game.mover, Proposal(initiate, to, grail)))
    everyone_passes(game)


def midgame() -> Game:
    """Ann (seat 1) to move on turn 4; a few steps made."""
    game = Game(Setup(players=3, seed=11, first_player=0, names=("Ann", "Gregor", "Inga")))
    opening(game)
    step(game, AC, Field.TORTOSA)
    step(game, MA, Field.MASYAF)
    step(game, JB, Field.BAGHRAS)
    return game


def bidding() -> Game:
    """Gregor proposes AC to Akkon; Ann objected, Gregor matched; Ann's answer is awaited."""
    game = Game(Setup(players=3, seed=11, first_player=1, names=("Ann", "Gregor", "Inga")))
    opening(game)
    step(game, AC, Field.TORTOSA)  # Gregor
    step(game, MA, Field.MASYAF)  # Inga
    step(game, JB, Field.BAGHRAS)  # Ann
    game.apply(Propose(1, Proposal(AC, Field.AKKON)))
    game.apply(Object(0, 3))
    game.apply(Pass(2))
    game.apply(Match(1, 4))
    game.apply(Pass(2))
    return game


def finished() -> Game:
    """JB carries the grail home; Ann has the most on JB."""
    game = Game(Setup(players=3, seed=11, first_player=0, names=("Ann", "Gregor", "Inga")))
    opening(game)
    for f in (Field.BAGHRAS, Field.AVIGNON, Field.PETERSDOM):
        step(game, JB, f)
    step(game, JB, Field.CENTRE, GrailMove.PICK_UP)
    for f in (Field.PETERSDOM, Field.AVIGNON, Field.BAGHRAS, Field.HQ_TEMPLARS):
        step(game, JB, f, GrailMove.CARRY)
    assert game.outcome is not None
    return game


def save(game: Game, seats: list[SeatConfig] = SEATS) -> None:
    """The game as a save file in the player's saves folder, as the app would have kept it."""
    record = GameRecord.of(game).to_dict()
    stored = StoredGame("hunt", record["setup"], list(seats), TableSettings(), record["actions"])
    JournalStore(saves_dir() / SAVE, stored).close()


def table_of(app):
    """The table behind the app's game at this terminal."""
    from grail_tui.table.client import LocalClient

    assert isinstance(app.client, LocalClient)
    return app.client.table


def proposed() -> Game:
    """Gregor proposes AC to Akkon; Inga passed, Ann's answer is awaited (she has 15 on AC)."""
    game = Game(Setup(players=3, seed=11, first_player=1, names=("Ann", "Gregor", "Inga")))
    opening(game)
    step(game, AC, Field.TORTOSA)  # Gregor
    step(game, MA, Field.MASYAF)  # Inga
    step(game, JB, Field.BAGHRAS)  # Ann
    game.apply(Propose(1, Proposal(AC, Field.AKKON)))
    game.apply(Pass(2))
    return game


def proposed_elsewhere() -> Game:
    """Gregor proposes MA to Akkon; Inga passed, Ann's answer is awaited (she has nothing on MA)."""
    game = Game(Setup(players=3, seed=11, first_player=1, names=("Ann", "Gregor", "Inga")))
    opening(game)
    step(game, AC, Field.TORTOSA)  # Gregor
    step(game, MA, Field.MASYAF)  # Inga
    step(game, JB, Field.BAGHRAS)  # Ann
    game.apply(Propose(1, Proposal(MA, Field.AKKON)))
    game.apply(Pass(2))
    return game


def objected_to() -> Game:
    """Ann proposes AC to Akkon; Gregor objects with 4; Ann's reply is awaited (she has 15 on AC)."""
    game = Game(Setup(players=3, seed=11, first_player=0, names=("Ann", "Gregor", "Inga")))
    opening(game)
    step(game, AC, Field.TORTOSA)  # Ann
    step(game, MA, Field.MASYAF)  # Gregor
    step(game, JB, Field.BAGHRAS)  # Inga
    game.apply(Propose(0, Proposal(AC, Field.AKKON)))
    game.apply(Object(1, 4))
    game.apply(Pass(2))
    return game
