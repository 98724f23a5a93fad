"""Headless commands for every game: checking a record and random self-play.

Nothing here knows a game's rules: the registry finds the game (by name, or by
the name a record carries) and the game's kind answers every question.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from grail_tui.games import registry
from grail_tui.games.api import GameKind, GameState, RecordData, RecordError, ReplayError, SetupRequest

Options = Mapping[str, str | int]


class CommandError(Exception):
    """A user-facing failure of a command: printed as is, exits with ``code``."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


def _read(path: str | Path) -> bytes:
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise CommandError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise CommandError(f"{path}: is a folder, not a game record") from None
    except OSError as exc:
        raise CommandError(f"{path}: cannot read it ({exc.strerror})") from None


def read_record(path: str | Path) -> tuple[GameKind, RecordData]:
    """Any game's record: the game it belongs to, and its setup and actions."""
    raw = _read(path)
    try:
        data = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CommandError(f"{path}: not a game record: the file is not valid JSON ({exc})") from None
    try:
        kind = registry.of_record(data)
        return kind, kind.read_record(data)
    except RecordError as exc:
        raise CommandError(f"{path}: {exc}") from None


def summary_line(kind: GameKind, state: GameState) -> str:
    result = kind.result(state)
    if result is not None:
        return f"{result.text} ({len(state.actions)} actions, {kind.turns(state)} turns)"
    public = state.public_view()
    names = kind.names_in(public)
    waiting = ", ".join(names[p] for p in state.to_act())
    return f"Game in progress after {len(state.actions)} actions: {kind.progress(public)}, waiting for {waiting}."


def check(path: str) -> str:
    kind, record = read_record(path)
    try:
        state = kind.replay(record.setup, record.actions)
    except ReplayError as exc:
        detail = kind.action_to_dict(exc.action) if exc.action is not None else {}
        raise CommandError(f"{path}: action {exc.index} {detail} is illegal: {exc.reason}", 1) from None
    return summary_line(kind, state)


def seats(kind: GameKind, requested: int | None, options: Options, seed: int = 0) -> int:
    """How many seats to set: the number asked for if the game accepts it with these
    settings, else the game's usual number, else the first it accepts; ValueError
    with the game's reason if none fits."""
    if requested is not None:
        kind.make_setup(SetupRequest(players=requested, seed=seed, options=options))
        return requested
    counts: list[int] = [kind.default_players, *range(kind.min_players, kind.max_players + 1)]
    first_error: ValueError | None = None
    for count in counts:
        try:
            kind.make_setup(SetupRequest(players=count, seed=seed, options=options))
        except ValueError as exc:
            first_error = first_error or exc
            continue
        return count
    assert first_error is not None
    raise first_error


def settings(kind: GameKind, setup: Any) -> dict[str, Any]:
    """A setup's settings for a summary: what the host chose, without seed, seats or names."""
    return {key: value for key, value in kind.setup_to_dict(setup).items()
            if key not in ("seed", "players", "names", "first_player")}


def keep_record(kind: GameKind, state: GameState, folder: Path, seed: int) -> Path:
    """Write a finished headless game's record to ``folder`` as ``<game>-<seed>.json``, which
    `grail-tui check` and `replay` read; OSError if it cannot be written."""
    path = folder / f"{kind.name}-{seed}.json"
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(kind.record(state)) + "\n", encoding="utf-8")
    tmp.replace(path)
    return path


def random_game(kind: GameKind, setup: Any, rng: random.Random) -> tuple[GameState, int]:
    """Play one game with uniformly random legal actions; return it and its action count.

    Each step lists the legal actions of the first seat the game waits for and
    applies one of them, so it measures enumeration plus apply. The action comes from the
    legal list, so it is applied as checked, as the table applies an action it has checked."""
    state = kind.new_state(setup)
    count = 0
    while not state.is_over:
        player = state.to_act()[0]
        legal = state.legal_actions(player)
        state.apply(legal[rng.randrange(len(legal))], checked=True)
        count += 1
    return state, count


def selfplay(game: str, games: int, seed: int, players: int | None = None,
             options: Options | None = None, records: Path | None = None) -> dict[str, Any]:
    """``games`` games of random legal moves; ValueError if the game cannot be set up so.
    ``records``: a folder to keep each game's record in (OSError if it cannot be written)."""
    kind = registry.get(game)
    options = dict(options or {})
    count = seats(kind, players, options, seed)
    wins = [0] * count
    no_winner = turns = actions = 0
    chosen: dict[str, Any] = {}
    started = time.perf_counter()
    for index in range(games):
        setup = kind.make_setup(SetupRequest(players=count, seed=seed + index, options=options))
        chosen = settings(kind, setup)
        state, played = random_game(kind, setup, random.Random(f"{seed}:{index}"))
        if records is not None:
            keep_record(kind, state, records, seed + index)
        actions += played
        turns += kind.turns(state)
        result = kind.result(state)
        assert result is not None
        for seat in result.winners:
            wins[seat] += 1
        no_winner += not result.winners
    elapsed = time.perf_counter() - started
    return {
        "game": kind.name,
        "games": games,
        "players": count,
        **chosen,
        "seed": seed,
        "wins": wins,
        "no_winner": no_winner,
        "mean_turns": round(turns / games, 2) if games else 0.0,
        "mean_actions": round(actions / games, 2) if games else 0.0,
        "games_per_second": round(games / elapsed, 2) if elapsed > 0 else None,
    }
