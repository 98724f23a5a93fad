"""How much the front door takes on: sessions per key, per address and in all."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Limits:
    sessions: int = 64                 # app processes at once, everyone together
    sessions_per_key: int = 3
    sessions_per_address: int = 12     # guests and keys alike; a household shares one address
    connections: int = 256             # SSH connections, logged in or not
    connections_per_address: int = 24
    idle_timeout: float = 1800.0       # seconds without a key press before a session is closed
    login_timeout: float = 30.0        # seconds to finish logging in
    kill_grace: float = 2.0            # seconds an app has to quit before it is killed
    keys_per_name: int = 8
    names_per_address: int = 4         # new SSH names a day; each blocks its look-alikes for good
    names_per_key: int = 1
    app_nice: int = 10                # how far a session's app starts below the server (child.py)...
    app_settle: int = 9                # ...and how much further once its first screen is drawn


class Full(Exception):
    """No room for one more; the text is the one line the person sees."""


class Ticket:
    """One admitted session; release it exactly once when the session ends."""

    def __init__(self, occupancy: Occupancy, key: str | None, address: str) -> None:
        self._occupancy = occupancy
        self.key = key
        self.address = address
        self._held = True

    def release(self) -> None:
        if self._held:
            self._held = False
            self._occupancy._leave(self)


class Occupancy:
    """Counts of open sessions, checked before a session starts."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.total = 0
        self._per_key: Counter[str] = Counter()
        self._per_address: Counter[str] = Counter()

    def admit(self, key: str | None, address: str) -> Ticket:
        limits = self.limits
        if self.total >= limits.sessions:
            raise Full(f"The server is full ({limits.sessions} sessions); try again in a while.")
        if key is not None and self._per_key[key] >= limits.sessions_per_key:
            raise Full(f"This key already has {limits.sessions_per_key} sessions open here; "
                       "close one and try again.")
        if self._per_address[address] >= limits.sessions_per_address:
            raise Full(f"Your address already has {limits.sessions_per_address} sessions open here; "
                       "close one and try again.")
        self.total += 1
        if key is not None:
            self._per_key[key] += 1
        self._per_address[address] += 1
        return Ticket(self, key, address)

    def _leave(self, ticket: Ticket) -> None:
        self.total -= 1
        if ticket.key is not None:
            self._per_key[ticket.key] -= 1
            if not self._per_key[ticket.key]:
                del self._per_key[ticket.key]
        self._per_address[ticket.address] -= 1
        if not self._per_address[ticket.address]:
            del self._per_address[ticket.address]


class Connections:
    """Open SSH connections, counted as they arrive, before anyone logs in."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.total = 0
        self.turned_away = 0  # refused, but kept open until they can be told why
        self._per_address: Counter[str] = Counter()

    def may_explain(self) -> bool:
        """Whether one more refused connection may stay long enough to read why.

        Past this many, refused connections are dropped without a word, so a
        flood cannot hold sockets open by being refused."""
        if self.turned_away >= self.limits.connections:
            return False
        self.turned_away += 1
        return True

    def explained(self) -> None:
        self.turned_away -= 1

    def arrive(self, address: str) -> str | None:
        """None if the connection may stay, else the reason it may not."""
        if self.total >= self.limits.connections:
            return "The server is full; try again in a while."
        if self._per_address[address] >= self.limits.connections_per_address:
            return "Too many connections from your address; close some and try again."
        self.total += 1
        self._per_address[address] += 1
        return None

    def leave(self, address: str) -> None:
        self.total -= 1
        self._per_address[address] -= 1
        if not self._per_address[address]:
            del self._per_address[address]
