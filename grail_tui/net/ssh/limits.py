"""How much the front door takes on: connections and sessions, per address and in all.

People with keys always keep a share: guests, and connections still logging in,
each have a share of their own (in all and per address) that they cannot grow
out of, so neither can turn a key holder away. A connection still logging in
has a short deadline, and when its share is full the oldest one from the same
address (or, in all, from the busiest address) makes room for the newcomer:
a flood of half-open logins only ever pushes out itself.

An address is an IPv4 address, or an IPv6 /64: one home or one server is
given a /64, so counting single IPv6 addresses would be no cap at all.
"""

from __future__ import annotations

import ipaddress
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum


@dataclass(frozen=True, slots=True)
class Limits:
    sessions: int = 64                 # app processes at once, everyone together
    sessions_per_key: int = 3
    sessions_per_address: int = 12     # guests and keys alike; a household shares one address
    guest_sessions: int = 16           # of `sessions`: the rest are kept for people with keys
    guest_sessions_per_address: int = 4  # of `sessions_per_address`, likewise
    connections: int = 256             # SSH connections, logged in or not
    connections_per_address: int = 24
    logins: int = 64                   # connections still logging in, in all (50 people at once)
    logins_per_address: int = 4        # ...and per address
    guest_connections: int = 64        # logged in without a key, in all...
    guest_connections_per_address: int = 8  # ...and per address
    idle_timeout: float = 1800.0       # seconds without a key press before a session is closed
    login_timeout: float = 10.0        # seconds to finish logging in (OpenSSH needs well under one)
    kill_grace: float = 2.0            # seconds an app has to quit before it is killed
    keys_per_name: int = 8
    names_per_address: int = 4         # new SSH names a day; each blocks its look-alikes for good
    names_per_key: int = 1
    app_nice: int = 10                # how far a session's app starts below the server (child.py)...
    app_settle: int = 9                # ...and how much further once its first screen is drawn

    @property
    def files(self) -> int:
        """Files the door may hold open at its fullest: each connection, each refused one kept
        to be told why, and a session's terminal and its socket to the game server."""
        return self.connections + self.logins + 2 * self.sessions

    def within(self, files: int) -> Limits:
        """These limits, every share scaled down alike until the door holds at most ``files``."""
        if self.files <= files:
            return self
        scale = max(files, 1) / self.files

        def cut(value: int) -> int:
            return max(1, int(value * scale))

        return replace(self, connections=cut(self.connections), logins=cut(self.logins),
                       sessions=cut(self.sessions), guest_sessions=cut(self.guest_sessions),
                       guest_connections=cut(self.guest_connections))


def address_of(peer: str) -> str:
    """The address a cap counts: an IPv4 address, or the /64 an IPv6 address is in."""
    try:
        ip = ipaddress.ip_address(peer.split("%", 1)[0])
    except ValueError:
        return peer
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class Full(Exception):
    """No room for one more; the text is the one line the person sees."""


class Ticket:
    """One admitted session; release it exactly once when the session ends."""

    def __init__(self, occupancy: Occupancy, key: str | None, address: str) -> None:
        self._occupancy = occupancy
        self.key = key
        self.address = address
        self._held = True

    @property
    def guest(self) -> bool:
        return self.key is None

    def release(self) -> None:
        if self._held:
            self._held = False
            self._occupancy._leave(self)


class Occupancy:
    """Counts of open sessions, checked before a session starts."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.total = 0
        self.guests = 0
        self._per_key: Counter[str] = Counter()
        self._per_address: Counter[str] = Counter()
        self._guests_per_address: Counter[str] = Counter()

    def admit(self, key: str | None, peer: str) -> Ticket:
        """A place for a session of ``key`` (None: a guest) from ``peer``, or Full saying why."""
        limits, address = self.limits, address_of(peer)
        if self.total >= limits.sessions:
            raise Full(f"The server is full ({limits.sessions} sessions); try again in a while.")
        if key is None and self.guests >= limits.guest_sessions:
            raise Full(f"The server has room for no more guests ({limits.guest_sessions} at once); "
                       "try again in a while, or come with an SSH key.")
        if key is not None and self._per_key[key] >= limits.sessions_per_key:
            raise Full(f"This key already has {limits.sessions_per_key} sessions open here; "
                       "close one and try again.")
        if self._per_address[address] >= limits.sessions_per_address:
            raise Full(f"Your address already has {limits.sessions_per_address} sessions open here; "
                       "close one and try again.")
        if key is None and self._guests_per_address[address] >= limits.guest_sessions_per_address:
            raise Full(f"Your address already has {limits.guest_sessions_per_address} guests here; "
                       "come with an SSH key, or close one and try again.")
        self.total += 1
        if key is None:
            self.guests += 1
            self._guests_per_address[address] += 1
        else:
            self._per_key[key] += 1
        self._per_address[address] += 1
        return Ticket(self, key, address)

    def _leave(self, ticket: Ticket) -> None:
        self.total -= 1
        if ticket.key is None:
            self.guests -= 1
            _take(self._guests_per_address, ticket.address)
        else:
            _take(self._per_key, ticket.key)
        _take(self._per_address, ticket.address)


def _take(counter: Counter[str], name: str) -> None:
    counter[name] -= 1
    if not counter[name]:
        del counter[name]


class Stage(Enum):
    LOGGING_IN = "logging in"
    GUEST = "guest"
    KEY = "key"


class Place:
    """One SSH connection's place at the door, from the moment it is accepted."""

    def __init__(self, address: str, drop: Callable[[], None]) -> None:
        self.address = address
        self.stage = Stage.LOGGING_IN
        self.drop = drop  # ends the connection: called when it must make room
        self.held = True


class Connections:
    """Open SSH connections, counted as they arrive, before anyone logs in."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.total = 0
        self.turned_away = 0  # refused, but kept open until they can be told why
        self._per_address: Counter[str] = Counter()
        self._stage: Counter[Stage] = Counter()
        self._stage_per_address: dict[Stage, Counter[str]] = {stage: Counter() for stage in Stage}
        self._logging_in: dict[Place, None] = {}  # oldest first

    def may_explain(self) -> bool:
        """Whether one more refused connection may stay long enough to read why.

        Past this many, refused connections are dropped without a word, so a
        flood cannot hold sockets open by being refused."""
        if self.turned_away >= self.limits.logins:
            return False
        self.turned_away += 1
        return True

    def explained(self) -> None:
        self.turned_away -= 1

    def arrive(self, peer: str, drop: Callable[[], None]) -> Place | str:
        """A place for a new connection, or the reason it has none. ``drop`` ends the
        connection; it is called if it is still logging in when its place is needed."""
        limits, address = self.limits, address_of(peer)
        logging_in = self._stage_per_address[Stage.LOGGING_IN]
        if logging_in[address] >= limits.logins_per_address:
            self._make_room(address)
        elif self._stage[Stage.LOGGING_IN] >= limits.logins:
            self._make_room(max(logging_in, key=logging_in.__getitem__))
        if self.total >= limits.connections:
            if not self._stage[Stage.LOGGING_IN]:
                return "The server is full; try again in a while."
            self._make_room(None)
        if self._per_address[address] >= limits.connections_per_address:
            if not logging_in[address]:
                return "Too many connections from your address; close some and try again."
            self._make_room(address)
        place = Place(address, drop)
        self.total += 1
        self._per_address[address] += 1
        self._count(place, +1)
        self._logging_in[place] = None
        return place

    def _make_room(self, address: str | None) -> None:
        """Drop the oldest connection still logging in (from ``address``, if given)."""
        for place in self._logging_in:
            if address is None or place.address == address:
                self.leave(place)
                place.drop()
                return

    def logged_in(self, place: Place, *, guest: bool) -> str | None:
        """Move a connection from logging in to a guest's or a key holder's share; None if
        it fits, else the reason it does not (the connection is then still logging in)."""
        limits = self.limits
        if not place.held or place.stage is not Stage.LOGGING_IN:
            return None
        if guest:
            if self._stage[Stage.GUEST] >= limits.guest_connections:
                return (f"The server has room for no more guests ({limits.guest_connections} at once); "
                        "try again in a while, or come with an SSH key.")
            if self._stage_per_address[Stage.GUEST][place.address] >= limits.guest_connections_per_address:
                return "Too many guests from your address; come with an SSH key, or try again later."
        self._count(place, -1)
        del self._logging_in[place]
        place.stage = Stage.GUEST if guest else Stage.KEY
        self._count(place, +1)
        return None

    def _count(self, place: Place, step: int) -> None:
        self._stage[place.stage] += step
        per_address = self._stage_per_address[place.stage]
        per_address[place.address] += step
        if not per_address[place.address]:
            del per_address[place.address]

    def leave(self, place: Place) -> None:
        if not place.held:
            return
        place.held = False
        self.total -= 1
        _take(self._per_address, place.address)
        self._count(place, -1)
        self._logging_in.pop(place, None)
