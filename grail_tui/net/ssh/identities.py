"""Who a key is: keys to names, kept in SQLite.

A name is chosen once, by the first key that comes without one; another key
joins it only from a session that key logged in with (see pairing.py), so
nobody can tie a key they merely know of, a public key, to a name. Names are
unique by their confusable-folded keys (see ``names.name_keys``), so nobody
can take a name that looks like one already in use or like an account of the
machine (asked afresh every time: an account made today counts today). New
names are counted per address and per key, each name also blocking its
look-alikes for good.
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

from ..names import FOLDING, NameRefused, clean_name, name_keys
from .hostkey import state_folder
from .limits import address_of

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
CREATE TABLE IF NOT EXISTS ssh_claims (at REAL NOT NULL, address TEXT NOT NULL, fingerprint TEXT NOT NULL);
"""
NAME_WINDOW = 86400.0  # new names are counted over a day


@dataclass(frozen=True, slots=True)
class Identity:
    """Who is at the other end of a session; a guest has no key and may only watch."""

    name: str
    fingerprint: str | None

    @property
    def guest(self) -> bool:
        return self.fingerprint is None




@dataclass(frozen=True, slots=True)
class KeyRecord:
    fingerprint: str
    public_key: str
    added: float


class KeyRefused(ValueError):
    """A key that cannot be added to a name, or taken from one; the text says why."""


class NoMoreNames(ValueError):
    """This address or key has made as many new names as it may for now; the text says so."""


@dataclass(frozen=True, slots=True)
class NameQuota:
    """How many new names an address and a key may make in a day (NAME_WINDOW)."""

    per_address: int
    per_key: int


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
        self._refold()

    @classmethod
    def in_state_dir(cls, state_dir: Path, *,
                     reserved: Callable[[str], bool] | None = None) -> IdentityStore:
        return cls(state_folder(state_dir) / IDENTITY_FILE, reserved=reserved)

    def _refold(self) -> None:
        """Fold the stored names again when names.name_keys has changed, oldest name first: a
        name that now looks like an older one keeps its keys, and blocks only what nobody holds."""
        if self._db.execute("PRAGMA user_version").fetchone()[0] == FOLDING:
            return
        with self._transaction():
            self._db.execute("DELETE FROM ssh_name_keys")
            for (name,) in self._db.execute("SELECT name FROM ssh_names ORDER BY created").fetchall():
                self._db.executemany("INSERT OR IGNORE INTO ssh_name_keys VALUES (?, ?)",
                                     [(fold, name) for fold in sorted(name_keys(name))])
            self._db.execute(f"PRAGMA user_version = {int(FOLDING)}")

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

    def is_reserved(self, name: str) -> bool:
        """Is ``name``, or a look-alike, the house's or (asked now) an account's of this machine?"""
        return bool(name_keys(name) & self._reserved_keys) or (self._reserved is not None and self._reserved(name))

    def check_name(self, wanted: str) -> str:
        """The cleaned name if it is free, else NameRefused saying why."""
        name = clean_name(wanted)
        keys = name_keys(name)
        if self.is_reserved(name):
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

    def quota_left(self, fingerprint: str, address: str, quota: NameQuota) -> None:
        """NoMoreNames if this key or address has made its share of new names today."""
        since = time.time() - NAME_WINDOW
        with self._lock:
            (by_address,) = self._db.execute("SELECT count(*) FROM ssh_claims WHERE at > ? AND address = ?",
                                             (since, address_of(address))).fetchone()
            (by_key,) = self._db.execute("SELECT count(*) FROM ssh_claims WHERE at > ? AND fingerprint = ?",
                                         (since, fingerprint)).fetchone()
        if by_key >= quota.per_key:
            raise NoMoreNames("This key has made a new name here today already; connect again tomorrow, "
                              "or add it to your name from a session of a key that has it (add-key).")
        if by_address >= quota.per_address:
            raise NoMoreNames(f"Your address has made its new names for today ({quota.per_address} a day); "
                              "connect again tomorrow.")

    def claim(self, fingerprint: str, public_key: str, wanted: str, *, address: str, quota: NameQuota) -> str:
        """Give a new key a new name; returns the name the key has afterwards.

        If the key got a name meanwhile (two first sessions at once), that
        name stands and ``wanted`` is ignored. NoMoreNames if the address or
        the key has made its share today.
        """
        with self._transaction():
            existing = self.name_of(fingerprint)
            if existing is not None:
                return existing
            name = self.check_name(wanted)
            self.quota_left(fingerprint, address, quota)
            now = time.time()
            self._db.execute("DELETE FROM ssh_claims WHERE at <= ?", (now - NAME_WINDOW,))
            self._db.execute("INSERT INTO ssh_claims VALUES (?, ?, ?)", (now, address_of(address), fingerprint))
            self._new_name(name, now)
            self._db.execute("INSERT INTO ssh_keys VALUES (?, ?, ?, ?)", (fingerprint, public_key, name, now))
            return name

    def _new_name(self, name: str, now: float) -> None:
        self._db.execute("INSERT INTO ssh_names VALUES (?, ?)", (name, now))
        self._db.executemany("INSERT INTO ssh_name_keys VALUES (?, ?)",
                             [(fold, name) for fold in sorted(name_keys(name))])

    def rename(self, fingerprint: str, wanted: str) -> str:
        """Move every key of this key's name to a new name, the old one having become reserved (an
        account's). Not counted against the quota: the operator, not the person, took the name
        away. If another session of the name moved it meanwhile, that name stands."""
        with self._transaction():
            old = self.name_of(fingerprint)
            if old is None:
                raise KeyRefused("This key was taken from its name meanwhile; connect again.")
            if not self.is_reserved(old):
                return old
            name = self.check_name(wanted)
            self._new_name(name, time.time())
            self._db.execute("UPDATE ssh_keys SET name = ? WHERE name = ?", (name, old))
            self._db.execute("DELETE FROM ssh_name_keys WHERE name = ?", (old,))
            self._db.execute("DELETE FROM ssh_names WHERE name = ?", (old,))
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

    def remove_key(self, name: str, fingerprint: str) -> None:
        """Take a key from a name; a name keeps at least one key (the name stays taken)."""
        with self._transaction():
            if self.name_of(fingerprint) != name:
                raise KeyRefused(f"{name} has no key {fingerprint}; 'keys' lists them.")
            if len(self.keys_of(name)) <= 1:
                raise KeyRefused(f"That is {name}'s only key; add another before taking it away.")
            self._db.execute("DELETE FROM ssh_keys WHERE fingerprint = ?", (fingerprint,))
