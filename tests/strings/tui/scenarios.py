"""Saved games of Pulling Strings for TUI tests: written as a real save file, opened with Continue.
Every seat is played by the rule-of-thumb player up to the position a test needs; Ann (seat 0)
is the person at the terminal when the save is opened."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from grail_tui.app.app import GrailApp
from grail_tui.games import registry
from grail_tui.games.api import BotLevel
from grail_tui.games.strings.engine import Game, Setup
from grail_tui.table.files import saves_dir
from grail_tui.table.journal import JournalStore
from grail_tui.table.seats import SeatConfig
from grail_tui.table.settings import TableSettings
from grail_tui.table.store import StoredGame

KIND = registry.get("strings")
NAMES = ("Ann", "Gregor", "Inga", "Manuel")
DECKS = ("old-money", "low-note", "borderlines", "open-eye")
SEATS = [SeatConfig("Ann"), *(SeatConfig(name, BotLevel.HEURISTIC) for name in NAMES[1:])]
SAVE = "scenario.jsonl"
SEED = 7


def played_until(stop: Callable[[Game], bool], seed: int = SEED, round_limit: int = 40,
                 most: int = 5000) -> Game:
    """Heuristic players from the start until ``stop`` holds (checked before each action)."""
    game = Game(Setup(seed=seed, decks=DECKS, names=NAMES, first_player=1, round_limit=round_limit))
    bots = [KIND.make_bot(BotLevel.HEURISTIC, seed + p) for p in range(4)]
    for _ in range(most):
        if game.is_over or stop(game):
            return game
        player = game.to_act()[0]
        game.apply(bots[player].decide(game.view(player), game.legal_actions(player)))
    raise AssertionError("no such position with this seed")


def ann_asked(prompt: str) -> Callable[[Game], bool]:
    return lambda game: game.prompt() == prompt and 0 in game.to_act()


def main_phase() -> Game:
    """Ann's main phase in round 2: groups in her structure, cards in her hands, attacks open."""
    return played_until(lambda g: ann_asked("main")(g) and g.round >= 2 and len(g.board.groups_of(0)) >= 2)


def support_window() -> Game:
    """Another player's committed attack with a contribution made, Ann asked in the support window."""
    return played_until(lambda g: ann_asked("support")(g) and g.attack is not None and g.attack.player != 0
                        and bool(g.attack.support))


def plot_to_answer() -> Game:
    """Another player's plot on the response stack, Ann asked whether to answer it."""
    return played_until(lambda g: ann_asked("response")(g) and bool(g.stack) and g.stack[-1].player != 0)


def over_the_hand_limit() -> Game:
    """The end of Ann's turn with more plot cards in her hand than it may keep."""
    return played_until(lambda g: ann_asked("bottom")(g) and g.ending_turn and len(g.plot_hand[0]) > g.plot_limit())


def group_to_shelter() -> Game:
    """A group of Ann's about to be destroyed, Ann asked whether to shelter it."""
    return played_until(ann_asked("shelter"))


def claim_to_answer() -> Game:
    """Another player's claim of victory standing, Ann asked whether to play against it."""
    return played_until(lambda g: ann_asked("claims")(g) and any(c.player != 0 for c in g.claims))


def finished() -> Game:
    game = played_until(lambda g: False, round_limit=2)
    assert game.is_over
    return game


def save(game: Game, seats: list[SeatConfig] = SEATS) -> None:
    """The game as a save file in the player's saves folder, as the app would have kept it."""
    record = KIND.record(game)
    stored = StoredGame("strings", record["setup"], list(seats), TableSettings(), record["actions"])
    JournalStore(saves_dir() / SAVE, stored).close()


@asynccontextmanager
async def resumed(size: tuple[int, int] = (80, 24)) -> AsyncIterator[tuple[GrailApp, Any]]:
    """The app resuming the game saved last (``save``), its first screen drawn; bots slow enough
    (30 s) that nothing moves while a test looks."""
    app = GrailApp(bot_delay=30, resume=True)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        yield app, pilot
