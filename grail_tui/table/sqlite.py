"""The server's games in SQLite: each accepted action committed before anyone hears of it.

The database holds every secret sheet, so the file is created private
(umask 077 while it is made, never chmod'ed afterwards). Commits go to the
write-ahead log without waiting for the disk; the server makes them durable
off its event loop and sends nothing that tells of a write before it is
(table/durable.py). Finished games stay on disk with their record and leave
the server's memory; watching them, fetching their records and their
stories loads them on demand.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .durable import DiskSync
from .seats import SeatConfig
from .settings import TableSettings
from .store import StoredGame
from .updates import ChatLine

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    setup TEXT NOT NULL,
    seats TEXT NOT NULL,
    settings TEXT NOT NULL,
    status TEXT NOT NULL,            -- open | playing | over
    created REAL NOT NULL,
    updated REAL NOT NULL,
    owner TEXT NOT NULL,
    record TEXT,                     -- the whole record, once over
    ranks TEXT,
    summary TEXT                     -- the record library's summary, made when first listed
);
CREATE INDEX IF NOT EXISTS games_by_status ON games (status, updated);
CREATE INDEX IF NOT EXISTS games_by_owner ON games (owner, status);
CREATE TABLE IF NOT EXISTS players (  -- who sits where: a player's games without reading them all
    name TEXT NOT NULL,
    code TEXT NOT NULL,
    PRIMARY KEY (name, code)
);
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL,
    idx INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (code, idx)
);
CREATE TABLE IF NOT EXISTS clocks (  -- a turn-based game's time banks, replaced at every move
    code TEXT PRIMARY KEY,
    data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS standing (  -- a seat's standing answers the server plays (named settings)
    code TEXT NOT NULL,
    seat INTEGER NOT NULL,
    settings TEXT NOT NULL,
    PRIMARY KEY (code, seat)
);
CREATE TABLE IF NOT EXISTS chat (
    code TEXT NOT NULL,
    idx INTEGER NOT NULL,
    who TEXT NOT NULL,
    text TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (code, idx)
);
"""


@contextlib.contextmanager
def _private_umask() -> Iterator[None]:
    old = os.umask(0o077)
    try:
        yield
    finally:
        os.umask(old)


def open_database(path: Path) -> sqlite3.Connection:
    """The server's database, made private from the first instant if new."""
    with _private_umask():
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA journal_mode=WAL")  # the -wal and -shm files are made now, privately
    # A commit is in the log, safe from a killed process, at once; it is on disk once the
    # server's sync thread says so, and the server tells nobody before (table/durable.py).
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("PRAGMA journal_size_limit=16777216")  # the log is cut back to 16 MiB after a checkpoint
    return db


@dataclass(frozen=True)
class GameRow:
    """One game as the lobby lists it."""

    code: str
    game: str
    seats: list[SeatConfig]
    status: str
    created: float
    updated: float
    owner: str
    summary: dict[str, Any] | None = None  # a finished game's, once made (net/library.py)


@dataclass(frozen=True)
class FinishedGame:
    """A finished game's seats and ranks, for the ratings."""

    code: str
    seats: list[SeatConfig]
    ranks: list[int]
    ended: float


class GameDatabase:
    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.path = Path(next(row[2] for row in db.execute("PRAGMA database_list") if row[1] == "main"))
        self.written = 0  # writes committed: what must reach the disk before anyone hears of them
        db.executescript(SCHEMA)
        columns = {row[1] for row in db.execute("PRAGMA table_info(games)")}
        if "summary" not in columns:  # a database from before the record library
            db.execute("ALTER TABLE games ADD COLUMN summary TEXT")
        if db.execute("SELECT 1 FROM players LIMIT 1").fetchone() is None:  # a database from before
            with db:
                db.execute("BEGIN")
                for code, seats in db.execute("SELECT code, seats FROM games").fetchall():
                    self.seated(code, [SeatConfig.from_dict(s) for s in json.loads(seats)])

    def seated(self, code: str, seats: Sequence[SeatConfig]) -> None:
        """Keep who sits in game ``code`` (people only) for the lobby's "games of a player"."""
        self.db.execute("DELETE FROM players WHERE code = ?", (code,))
        self.db.executemany("INSERT OR IGNORE INTO players VALUES (?, ?)",
                            [(s.name, code) for s in seats if s.bot is None and s.name])

    def sync_off_loop(self) -> DiskSync:
        """From now on the log is synced and checkpointed by a thread (needs a running loop)."""
        self.db.execute("PRAGMA wal_autocheckpoint=0")
        return DiskSync(self)

    def wrote(self) -> None:
        self.written += 1

    def close(self) -> None:
        self.db.close()

    def exists(self, code: str) -> bool:
        """Codes stay unique across the whole database, finished games included."""
        return self.db.execute("SELECT 1 FROM games WHERE code = ?", (code,)).fetchone() is not None

    def codes_by_length(self) -> dict[int, int]:
        """How many codes of each length games have (finished ones included): one pass, at start."""
        return {length: count for length, count in
                self.db.execute("SELECT length(code), COUNT(*) FROM games GROUP BY length(code)")}

    def create(self, code: str, stored: StoredGame, owner: str, status: str) -> SqliteStore:
        now = time.time()
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT INTO games (code, game, setup, seats, settings, status, created, updated, owner) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (code, stored.game, json.dumps(stored.setup), _seats(stored.seats),
                 json.dumps(stored.settings.to_dict()), status, now, now, owner))
            self.seated(code, stored.seats)
        self.wrote()
        return SqliteStore(self, code)

    def store(self, code: str) -> SqliteStore:
        return SqliteStore(self, code)

    def load(self, code: str) -> StoredGame | None:
        row = self.db.execute("SELECT game, setup, seats, settings, status FROM games WHERE code = ?",
                              (code,)).fetchone()
        if row is None:
            return None
        game, setup, seats, settings, status = row
        actions = [json.loads(a) for (a,) in self.db.execute(
            "SELECT action FROM actions WHERE code = ? ORDER BY idx", (code,))]
        chat = [ChatLine(w, t, at) for w, t, at in self.db.execute(
            "SELECT who, text, at FROM chat WHERE code = ? ORDER BY idx", (code,))]
        clocks = self.db.execute("SELECT data FROM clocks WHERE code = ?", (code,)).fetchone()
        return StoredGame(game, json.loads(setup), [SeatConfig.from_dict(s) for s in json.loads(seats)],
                          TableSettings.from_dict(json.loads(settings)), actions, chat, status == "over",
                          json.loads(clocks[0]) if clocks else None)

    def standing(self, code: str) -> dict[int, dict[str, Any]]:
        """Each seat's standing answers kept for game ``code`` (named settings, as they were set)."""
        rows = self.db.execute("SELECT seat, settings FROM standing WHERE code = ?", (code,)).fetchall()
        return {int(seat): json.loads(settings) for seat, settings in rows}

    def keep_standing(self, code: str, seat: int, settings: dict[str, int] | None) -> None:
        """Keep (None: forget) a seat's standing answers."""
        if settings:
            self.db.execute("INSERT OR REPLACE INTO standing VALUES (?, ?, ?)", (code, seat, json.dumps(settings)))
        else:
            self.db.execute("DELETE FROM standing WHERE code = ? AND seat = ?", (code, seat))
        self.wrote()

    def unfinished(self) -> list[str]:
        return [code for (code,) in self.db.execute("SELECT code FROM games WHERE status != 'over'")]

    def record(self, code: str) -> dict[str, Any] | None:
        row = self.db.execute("SELECT record FROM games WHERE code = ?", (code,)).fetchone()
        return json.loads(row[0]) if row and row[0] else None

    def rows(self, *, status: Sequence[str], player: str | None = None, offset: int = 0,
             limit: int = 20) -> list[GameRow]:
        """A page of games, the most recently played first."""
        marks = ",".join("?" * len(status))
        query = ("SELECT g.code, g.game, g.seats, g.status, g.created, g.updated, g.owner, g.summary "
                 "FROM games g")
        args: list[Any] = []
        if player is not None:
            query += " JOIN players p ON p.code = g.code AND p.name = ?"
            args.append(player)
        query += f" WHERE g.status IN ({marks}) ORDER BY g.updated DESC LIMIT ? OFFSET ?"
        args += [*status, limit, offset]
        return [GameRow(code, game, [SeatConfig.from_dict(s) for s in json.loads(seats)], st, created,
                        updated, owner, json.loads(summary) if summary else None)
                for code, game, seats, st, created, updated, owner, summary in self.db.execute(query, args)]

    def keep_summary(self, code: str, summary: dict[str, Any]) -> None:
        self.db.execute("UPDATE games SET summary = ? WHERE code = ?", (json.dumps(summary), code))

    def finished_games(self) -> list[FinishedGame]:
        """Every finished game with its ranks, in the order they ended."""
        out = []
        for code, seats, ranks, updated in self.db.execute(
                "SELECT code, seats, ranks, updated FROM games WHERE status = 'over' AND ranks IS NOT NULL "
                "ORDER BY updated, code"):
            out.append(FinishedGame(code, [SeatConfig.from_dict(s) for s in json.loads(seats)],
                                    json.loads(ranks), updated))
        return out

    def count_open(self, owner: str) -> int:
        row = self.db.execute("SELECT COUNT(*) FROM games WHERE owner = ? AND status != 'over'",
                              (owner,)).fetchone()
        return int(row[0])


def _seats(seats: Sequence[SeatConfig]) -> str:
    return json.dumps([s.to_dict() for s in seats])


class SqliteStore:
    """The store of one server game."""

    def __init__(self, database: GameDatabase, code: str) -> None:
        self.database, self.code = database, code
        self.db = database.db

    def accepted(self, index: int, action: dict[str, Any]) -> None:
        with self.db:  # one transaction: the action and the game's time
            self.db.execute("BEGIN")
            self.db.execute("INSERT INTO actions VALUES (?, ?, ?)", (self.code, index, json.dumps(action)))
            self.db.execute("UPDATE games SET updated = ? WHERE code = ?", (time.time(), self.code))
        self.database.wrote()

    def seats_changed(self, seats: Sequence[SeatConfig]) -> None:
        status = "open" if any(s.name is None and s.bot is None for s in seats) else "playing"
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("UPDATE games SET seats = ?, status = ? WHERE code = ? AND status != 'over'",
                            (_seats(seats), status, self.code))
            self.database.seated(self.code, seats)
        self.database.wrote()

    def chat(self, line: ChatLine) -> None:
        self.db.execute(
            "INSERT INTO chat VALUES (?, (SELECT COUNT(*) FROM chat WHERE code = ?), ?, ?, ?)",
            (self.code, self.code, line.who, line.text, line.at))
        self.database.wrote()

    def finished(self, record: dict[str, Any], ranks: Sequence[int]) -> None:
        self.db.execute("UPDATE games SET status = 'over', record = ?, ranks = ?, updated = ? WHERE code = ?",
                        (json.dumps(record), json.dumps(list(ranks)), time.time(), self.code))
        self.database.wrote()

    def clocks(self, data: dict[str, Any]) -> None:
        self.db.execute("INSERT OR REPLACE INTO clocks VALUES (?, ?)", (self.code, json.dumps(data)))
        self.database.wrote()

    def close(self) -> None:
        pass  # the database is the server's
