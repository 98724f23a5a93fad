"""Adding a key to a name: a one-time code, shown to a key that has the name, typed by the new key.

A public key is public (anyone may read a person's keys from a code forge),
so a key is never added from its text: the person asks for a code in a
session of a key that already has the name (``add-key``), and enters it in a
session logged in with the new key (``add-key CODE``), which proves they hold
both. A code is good once, for a few minutes; a name has one code at a time;
wrong codes are counted per address, so guessing one is hopeless.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from .limits import address_of

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I: read off one screen, typed on another
CODE_LENGTH = 8  # 40 bits
CODE_SECONDS = 600.0
WRONG_TRIES = 5  # per address, in CODE_SECONDS
MAX_CODES = 1024  # waiting at once; past it the oldest goes


class CodeRefused(ValueError):
    """A code that adds no key; the text says why and what to do."""


@dataclass(frozen=True, slots=True)
class Waiting:
    name: str
    until: float


def shown(code: str) -> str:
    return f"{code[:4]}-{code[4:]}"


def _digest(code: str) -> bytes:
    # Kept by digest: a lookup's timing says nothing about the codes that wait.
    return hashlib.sha256(code.encode()).digest()


class Pairings:
    """The codes that wait to be typed, in memory: a restart forgets them (ask again)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._codes: dict[bytes, Waiting] = {}
        self._of_name: dict[str, bytes] = {}
        self._wrong: dict[str, deque[float]] = {}

    def issue(self, name: str) -> str:
        """A new code for ``name``; the name's previous code, if any, no longer works."""
        self._expire()
        old = self._of_name.pop(name, None)
        if old is not None:
            self._codes.pop(old, None)
        while len(self._codes) >= MAX_CODES:
            oldest = next(iter(self._codes))
            self._of_name.pop(self._codes.pop(oldest).name, None)
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        digest = _digest(code)
        self._codes[digest] = Waiting(name, self._clock() + CODE_SECONDS)
        self._of_name[name] = digest
        return shown(code)

    def redeem(self, typed: str, address: str) -> str:
        """The name a typed code was issued for (the code is used up), else CodeRefused."""
        now = self._clock()
        self._expire()
        who = address_of(address)
        wrong = self._wrong.setdefault(who, deque())
        while wrong and wrong[0] <= now - CODE_SECONDS:
            wrong.popleft()
        if len(wrong) >= WRONG_TRIES:
            raise CodeRefused(f"Too many wrong codes from your address; wait {int(CODE_SECONDS // 60)} "
                              "minutes and ask for a new one.")
        code = typed.strip().upper().replace("-", "")
        waiting = self._codes.pop(_digest(code), None)
        if waiting is None:
            wrong.append(now)
            raise CodeRefused("That code is not one that waits here (each works once, for "
                              f"{int(CODE_SECONDS // 60)} minutes); ask for a new one with add-key "
                              "in a session of a key that has your name.")
        self._of_name.pop(waiting.name, None)
        if not wrong:
            del self._wrong[who]
        return waiting.name

    def _expire(self) -> None:
        now = self._clock()
        for digest, waiting in list(self._codes.items()):
            if waiting.until <= now:
                del self._codes[digest]
                self._of_name.pop(waiting.name, None)
        for who, wrong in list(self._wrong.items()):
            if not wrong or wrong[-1] <= now - CODE_SECONDS:
                del self._wrong[who]
