"""Headless commands: checking a record and random self-play."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from grail_tui.games.hunt.bots.random_bot import play_random_game
from grail_tui.games.hunt.engine import (
    Game,
    GameRecord,
    RecordError,
    ReplayError,
    Setup,
    Variant,
    action_to_dict,
)


class CommandError(Exception):
    """A user-facing failure of a command: printed as is, exits with ``code``."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


def load_record(path: str | Path) -> GameRecord:
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise CommandError(f"{path}: no such file") from None
    except OSError as exc:
        raise CommandError(f"{path}: cannot read it ({exc.strerror})") from None
    try:
        return GameRecord.from_json(data)
    except RecordError as exc:
        raise CommandError(f"{path}: {exc}") from None


def summary_line(game: Game) -> str:
    names = game.setup.name
    if game.outcome is not None:
        return f"{game.outcome.describe(names)} ({len(game.actions)} actions, {game.turn} turns)"
    waiting = ", ".join(names(p) for p in game.to_act())
    return (f"Game in progress after {len(game.actions)} actions: turn {game.turn}, "
            f"waiting for {waiting}.")


def check(path: str) -> str:
    record = load_record(path)
    try:
        game = record.replay()
    except ReplayError as exc:
        detail = action_to_dict(exc.action) if exc.action is not None else {}
        raise CommandError(f"{path}: action {exc.index} {detail} is illegal: {exc.reason}", 1) from None
    return summary_line(game)


def selfplay(players: int, games: int, seed: int, variant: Variant, turn_limit: int) -> dict[str, Any]:
    wins = [0] * players
    no_winner = 0
    turns = 0
    actions = 0
    started = time.perf_counter()
    for index in range(games):
        setup = Setup(players=players, variant=variant, seed=seed + index, turn_limit=turn_limit)
        game, count = play_random_game(setup, random.Random(f"{seed}:{index}"))
        actions += count
        turns += game.turn
        assert game.outcome is not None
        if game.outcome.winner is None:
            no_winner += 1
        else:
            wins[game.outcome.winner] += 1
    elapsed = time.perf_counter() - started
    return {
        "games": games,
        "players": players,
        "variant": variant.value,
        "seed": seed,
        "wins": wins,
        "no_winner": no_winner,
        "mean_turns": round(turns / games, 2) if games else 0.0,
        "mean_actions": round(actions / games, 2) if games else 0.0,
        "games_per_second": round(games / elapsed, 2) if elapsed > 0 else None,
    }
