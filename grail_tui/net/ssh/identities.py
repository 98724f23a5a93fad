"""Who a key is: keys to names, kept in SQLite.

A name is chosen once, by the first key that comes without one; more keys can
be added to it from a session that already has it. Names are unique by their
confusable-folded keys (see ``names.name_keys``), so nobody can take a name
that looks like one already in use.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ..names import NameRefused, clean_name, name_keys
from .hostkey import state_folder

IDENTITY_FILE = "identities.db"
GUEST_NAME = "guest"
# Names that would mislead: the guest marker and the voices of the house.
RESERVED = ("guest", "server", "system", "admin", "root", "grail-tui", "nobody")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS ssh_names (name TEXT PRIMARY KEY, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS ssh_name_keys (
    fold TEXT PRIMARY KEY, name TEXT NOT NULL REFERENCES ssh_names(name));
CREATE TABLE IF NOT EXISTS ssh_keys (
    fingerprint TEXT PRIMARY KEY, public_key TEXT NOT NULL,
    name TEXT NOT NULL REFERENCES ssh_names(name), added REAL NOT NULL);
"""


@dataclass(frozen=True, slots=True)
class Identity:
    """Who is at the other end of a session; a guest has no key and may only watch."""

    name: str
    fingerprint: str | None

    @property
    def guest(self) -> bool:
        return self.fingerprint is None


GUEST = Identity(GUEST_NAME, None)


@dataclass(frozen=True, slots=True)
class KeyRecord:
    fingerprint: str
    public_key: str
    added: float


class KeyRefused(ValueError):
    """A key that cannot be added to a name; the text says why."""


class IdentityStore:
    """Keys and names in a SQLite file, private (0600) from the moment it exists.

    Any thread may call it (one at a time, under its lock): the front door
    calls the writes, which wait on the disk, from a worker thread, so a burst
    of new keys never holds up the event loop every session shares."""

    def __init__(self, path: Path, *, reserved: Callable[[str], bool] | None = None) -> None:
        # Created with its final mode: a later chmod would leave a window open.
        os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
        self.path = path
        self._reserved = reserved
        self._reserved_keys = frozenset().union(*(name_keys(n) for n in RESERVED))
        self._guest_keys = name_keys(GUEST_NAME)
        self._lock = threading.RLock()
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA foreign_keys = ON")
        # One sync per new key instead of the rollback journal's several; FULL keeps a name, once
        # told to its owner, on disk through a power cut.
        self._db.execute("PRAGMA journal_mode = WAL")
        self._db.execute("PRAGMA synchronous = FULL")
        self._db.executescript(_SCHEMA)

    @classmethod
    def in_state_dir(cls, state_dir: Path, *,
                     reserved: Callable[[str], bool] | None = None) -> IdentityStore:
        return cls(state_folder(state_dir) / IDENTITY_FILE, reserved=reserved)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        """One write, under the lock (reentrant: the reads below take it again) and all or nothing."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def name_of(self, fingerprint: str) -> str | None:
        with self._lock:
            row = self._db.execute("SELECT name FROM ssh_keys WHERE fingerprint = ?", (fingerprint,)).fetchone()
        return None if row is None else str(row[0])

    def keys_of(self, name: str) -> list[KeyRecord]:
        with self._lock:
            rows = self._db.execute("SELECT fingerprint, public_key, added FROM ssh_keys WHERE name = ? "
                                    "ORDER BY added", (name,)).fetchall()
        return [KeyRecord(str(f), str(k), float(a)) for f, k, a in rows]

    def check_name(self, wanted: str) -> str:
        """The cleaned name if it is free, else NameRefused saying why."""
        name = clean_name(wanted)
        keys = name_keys(name)
        if keys & self._reserved_keys or (self._reserved is not None and self._reserved(name)):
            raise NameRefused(f"{name} is reserved; choose another name.")
        if any(key.startswith(guest) for key in keys for guest in self._guest_keys):
            # guests are named guest-3f2a: a name like theirs would let a player pass for one
            raise NameRefused(f"Names that begin with {GUEST_NAME} are kept for guests; choose another name.")
        marks = ",".join("?" * len(keys))
        with self._lock:
            row = self._db.execute(f"SELECT name FROM ssh_name_keys WHERE fold IN ({marks})",
                                   tuple(keys)).fetchone()
        if row is not None:
            taken = str(row[0])
            if taken == name:
                raise NameRefused(f"{name} is taken; choose another name.")
            raise NameRefused(f"{name} looks too much like {taken}, who is already here; "
                              "choose another name.")
        return name

    def claim(self, fingerprint: str, public_key: str, wanted: str) -> str:
        """Give a new key a new name; returns the name the key has afterwards.

        If the key got a name meanwhile (two first sessions at once), that
        name stands and ``wanted`` is ignored.
        """
        with self._transaction():
            existing = self.name_of(fingerprint)
            if existing is not None:
                return existing
            name = self.check_name(wanted)
            now = time.time()
            self._db.execute("INSERT INTO ssh_names VALUES (?, ?)", (name, now))
            self._db.executemany("INSERT INTO ssh_name_keys VALUES (?, ?)",
                                 [(fold, name) for fold in sorted(name_keys(name))])
            self._db.execute("INSERT INTO ssh_keys VALUES (?, ?, ?, ?)", (fingerprint, public_key, name, now))
            return name

    def add_key(self, name: str, fingerprint: str, public_key: str, *, limit: int) -> None:
        with self._transaction():
            owner = self.name_of(fingerprint)
            if owner == name:
                raise KeyRefused(f"That key is already one of {name}'s keys.")
            if owner is not None:
                raise KeyRefused("That key already belongs to another name.")
            if len(self.keys_of(name)) >= limit:
                raise KeyRefused(f"A name has at most {limit} keys; {name} has them all.")
            self._db.execute("INSERT INTO ssh_keys VALUES (?, ?, ?, ?)",
                             (fingerprint, public_key, name, time.time()))
