"""Who may come in: the SSH server's side of logging in, one object per connection.

A person is their public key. asyncssh asks ``validate_public_key`` both when a
client merely asks whether a key would do (no signature) and for the signed
attempt, and checks the signature only afterwards, so being asked about a key
proves nothing. The key is recorded when its signature has verified, by
wrapping that key's ``verify``, and read in ``auth_completed``; if asyncssh ever
verified some other object, no key would be recorded and the connection would
be refused, never given the wrong name.

A person without a key arrives as a guest, on an open server only: either as
the user ``guest`` (no authentication at all) or by keyboard-interactive
authentication with no questions, which OpenSSH tries after its keys, so
``ssh -p 2222 HOST`` works for everyone. A private server (``--allow``) offers
public keys alone. Each guest connection gets a name of its own, drawn at
random (``guest-3f2a``): guests are told apart, and nobody can pick or guess
which name a guest will have.

Every connection takes a place (limits.py) the moment it is accepted, and
moves to the guests' or the key holders' share when its login completes.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

from .identities import GUEST_NAME, IdentityStore
from .limits import Connections, Place

log = logging.getLogger("grail_tui.ssh")
VISITOR = "grail_visitor"  # the connection's extra-info key for the Visitor


@dataclass(frozen=True, slots=True)
class Visitor:
    """Who logged in on a connection: a proven key, or a guest. The key's name
    is looked up when needed, since a session may choose it meanwhile."""

    key: asyncssh.SSHKey | None
    fingerprint: str | None
    address: str
    guest_name: str | None = None  # a guest's name for this connection

    @property
    def guest(self) -> bool:
        return self.key is None

    def public_line(self) -> str | None:
        if self.key is None:
            return None
        algorithm, blob = self.key.export_public_key("openssh").decode().split()[:2]
        return f"{algorithm} {blob}"


class AllowList:
    """An authorized_keys file; re-read when it changes, so edits need no restart."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stamp: tuple[float, int] | None = None
        self._keys = self._load()

    def _load(self) -> asyncssh.SSHAuthorizedKeys:
        info = self.path.stat()
        keys = asyncssh.read_authorized_keys(str(self.path))  # ValueError if no key in it
        self._stamp = (info.st_mtime, info.st_size)
        return keys

    def permits(self, key: asyncssh.SSHKey, host: str, address: str) -> bool:
        try:
            info = self.path.stat()
            if (info.st_mtime, info.st_size) != self._stamp:
                self._keys = self._load()
        except (OSError, ValueError) as exc:
            log.warning("keeping the previous allow list: %s", exc)
        # validate() honours from="..." patterns; it is what asyncssh itself calls.
        return self._keys.validate(key, host, address) is not None


@dataclass(eq=False)
class Gate:
    """What every connection's Doorman shares."""

    identities: IdentityStore
    allow: AllowList | None
    connections: Connections
    live: set[asyncssh.SSHServerConnection] = field(default_factory=set)
    guest_names: set[str] = field(default_factory=set)  # those of the guests connected now

    def name_a_guest(self) -> str:
        """A name no guest connected now has: random, so it tells nothing about who or
        where the guest is, nor how many came before."""
        while True:
            name = f"{GUEST_NAME}-{secrets.token_hex(2)}"
            if name not in self.guest_names:
                self.guest_names.add(name)
                return name


class Doorman(asyncssh.SSHServer):
    def __init__(self, gate: Gate) -> None:
        self._gate = gate
        self._identities = gate.identities
        self._allow = gate.allow
        self._connections = gate.connections
        self._conn: asyncssh.SSHServerConnection | None = None
        self._address = ""
        self._place: Place | None = None
        self._guest_name: str | None = None
        self._proven: asyncssh.SSHKey | None = None
        self._keyless = False
        self._refusal: str | None = None

    @property
    def guests_allowed(self) -> bool:
        return self._allow is None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self._conn = conn
        peer = conn.get_extra_info("peername")
        self._address = str(peer[0]) if peer else "?"
        place = self._connections.arrive(self._address, conn.abort)
        if isinstance(place, Place):
            self._place = place
        elif self._connections.may_explain():
            # Told at the first login attempt: before the key exchange, OpenSSH
            # would show the reason as a garbled banner.
            self._refusal = place
        else:
            conn.abort()
        self._gate.live.add(conn)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._place is not None:
            self._connections.leave(self._place)
        if self._guest_name is not None:
            self._gate.guest_names.discard(self._guest_name)
        if self._refusal is not None:
            self._refusal = None
            self._connections.explained()
        if self._conn is not None:
            self._gate.live.discard(self._conn)

    def begin_auth(self, username: str) -> bool:
        if self._refusal is not None:
            self._turn_away(self._refusal)
            return True
        self._proven = None
        self._keyless = username == GUEST_NAME and self.guests_allowed
        if self._keyless and not self._guest_fits():
            return True
        return not self._keyless  # False: in at once, as a guest

    def _turn_away(self, reason: str) -> None:
        # A banner, since OpenSSH shows it; its disconnect message it shows only with -v.
        if self._conn is not None:
            self._conn.send_auth_banner(reason + "\r\n")
            self._conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, reason)

    def _guest_fits(self) -> bool:
        """Take a place in the guests' share; if there is none, say so and disconnect."""
        refusal = self._connections.logged_in(self._place, guest=True) if self._place else "login failed"
        if refusal is None:
            return True
        self._keyless = False
        self._turn_away(refusal)
        return False

    def password_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        self._keyless = False
        if self._allow is not None and not self._allow.permits(key, self._address, self._address):
            return False
        self._record_on_verify(key)
        return True

    def _record_on_verify(self, key: asyncssh.SSHKey) -> None:
        verify = key.verify

        def verify_and_record(data: bytes, sig: bytes) -> bool:
            ok = verify(data, sig)
            if ok:
                self._proven = key
            return ok

        key.verify = verify_and_record  # type: ignore[method-assign]

    def kbdint_auth_supported(self) -> bool:
        return self.guests_allowed

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        # No questions: a client that got this far has no acceptable key; it may watch.
        self._proven = None
        self._keyless = True
        return self._guest_fits()

    def auth_completed(self) -> None:
        assert self._conn is not None
        if self._proven is not None:
            visitor = Visitor(self._proven, str(self._proven.get_fingerprint("sha256")), self._address)
            if self._place is not None:
                self._connections.logged_in(self._place, guest=False)
        elif self._keyless and self.guests_allowed:
            self._guest_name = self._gate.name_a_guest()
            visitor = Visitor(None, None, self._address, self._guest_name)
        else:  # cannot happen unless asyncssh changes how it verifies: refuse, never guess
            log.error("login without a verified key from %s; refused", self._address)
            self._conn.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "login failed")
            return
        log.info("login from %s: %s", self._address, visitor.fingerprint or visitor.guest_name)
        self._conn.set_extra_info(**{VISITOR: visitor})


def visitor_of(process: Any) -> Visitor | None:
    visitor = process.get_extra_info(VISITOR)
    return visitor if isinstance(visitor, Visitor) else None
