"""The server's SQLite database (WAL): games, their actions, chat, TCP tokens.

An action is committed before anybody is told it happened, so a killed server
restarts with every acknowledged action.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    code TEXT PRIMARY KEY,
    setup TEXT NOT NULL,
    seats TEXT NOT NULL,
    settings TEXT NOT NULL,
    status TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL,
    idx INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (code, idx)
);
CREATE TABLE IF NOT EXISTS chat (
    code TEXT NOT NULL,
    idx INTEGER NOT NULL,
    user TEXT NOT NULL,
    text TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (code, idx)
);
CREATE TABLE IF NOT EXISTS tokens (
    token TEXT PRIMARY KEY,
    name TEXT UNIQUE NOT NULL
);
"""


@dataclass
class StoredGame:
    code: str
    setup: dict[str, Any]
    seats: list[dict[str, Any]]
    settings: dict[str, Any]
    status: str
    actions: list[dict[str, Any]]
    chat: list[dict[str, Any]]


class Store:
    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        new = not path.exists()
        self.db = sqlite3.connect(path, isolation_level=None)
        if new:
            os.chmod(path, 0o600)  # the database holds every secret sheet
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")  # durable across a killed process
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    def create(self, code: str, setup: dict[str, Any], seats: list[dict[str, Any]],
               settings: dict[str, Any]) -> None:
        self.db.execute("INSERT INTO games VALUES (?, ?, ?, ?, 'open', ?)",
                        (code, json.dumps(setup), json.dumps(seats), json.dumps(settings), time.time()))

    def seats(self, code: str, seats: list[dict[str, Any]]) -> None:
        self.db.execute("UPDATE games SET seats = ? WHERE code = ?", (json.dumps(seats), code))

    def status(self, code: str, status: str) -> None:
        self.db.execute("UPDATE games SET status = ? WHERE code = ?", (status, code))

    def action(self, code: str, idx: int, action: dict[str, Any]) -> None:
        self.db.execute("INSERT INTO actions VALUES (?, ?, ?)", (code, idx, json.dumps(action)))

    def chat(self, code: str, idx: int, user: str, text: str) -> None:
        self.db.execute("INSERT INTO chat VALUES (?, ?, ?, ?, ?)", (code, idx, user, text, time.time()))

    def games(self, include_over: bool = False) -> Iterator[StoredGame]:
        rows = self.db.execute("SELECT code, setup, seats, settings, status FROM games"
                               + ("" if include_over else " WHERE status != 'over'")).fetchall()
        for code, setup, seats, settings, status in rows:
            actions = [json.loads(a) for (a,) in self.db.execute(
                "SELECT action FROM actions WHERE code = ? ORDER BY idx", (code,))]
            chat = [{"user": u, "text": t} for u, t in self.db.execute(
                "SELECT user, text FROM chat WHERE code = ? ORDER BY idx", (code,))]
            yield StoredGame(code, json.loads(setup), json.loads(seats), json.loads(settings), status,
                             actions, chat)

    def token_name(self, token: str) -> str | None:
        row = self.db.execute("SELECT name FROM tokens WHERE token = ?", (token,)).fetchone()
        return row[0] if row else None

    def add_token(self, token: str, name: str) -> bool:
        try:
            self.db.execute("INSERT INTO tokens VALUES (?, ?)", (token, name))
        except sqlite3.IntegrityError:
            return False
        return True
