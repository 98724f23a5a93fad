"""Where the server listens on this machine, and making sure nobody else stands there.

A player's own server keeps its socket in a folder only that player owns
(mode 0700): ``$XDG_RUNTIME_DIR/grail-tui``, or ``/tmp/grail-tui-<uid>``
when there is no runtime folder. The server refuses a folder that exists
with another owner or looser mode, so another account cannot pre-create it
and receive a victim's moves. The system service keeps its socket in
``/run/grail-tui``, owned by its own account and writable by nobody else.
Before a client says anything it asks the kernel who is at the other end
of the socket (SO_PEERCRED) and refuses to talk to anybody but the expected
account.
"""

from __future__ import annotations

import os
import pwd
import socket
import stat
import struct
from dataclasses import dataclass
from pathlib import Path

SYSTEM_DIR = Path("/run/grail-tui")
SYSTEM_SOCKET = SYSTEM_DIR / "server.sock"
SYSTEM_SOCKET_VARIABLE = "GRAIL_TUI_SYSTEM_SOCKET"  # moves it: the tests' own, never the machine's
SERVICE_ACCOUNT = "grail-tui"  # the system service's account (contrib/grail-tui.service)


class SocketPlaceError(OSError):
    """The socket's folder, or whoever answers on it, cannot be trusted."""


def system_socket() -> Path:
    """Where the system server listens and clients look for it: /run/grail-tui/server.sock unless
    $GRAIL_TUI_SYSTEM_SOCKET says otherwise (the test suite's own, so that no test ever reaches a
    system server running on the machine)."""
    moved = os.environ.get(SYSTEM_SOCKET_VARIABLE)
    return Path(moved) if moved else SYSTEM_SOCKET


def user_dir() -> Path:
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime:
        return Path(runtime) / "grail-tui"
    return Path(f"/tmp/grail-tui-{os.getuid()}")


def user_socket() -> Path:
    return user_dir() / "server.sock"


def service_uid() -> int | None:
    try:
        return pwd.getpwnam(SERVICE_ACCOUNT).pw_uid
    except KeyError:
        return None


def prepare_dir(folder: Path, *, system: bool = False) -> None:
    """Make ``folder`` for a socket, or check the one that is there; SocketPlaceError if unsafe.

    A player's folder must be owned by the server's account with mode 0700; the
    system folder may be readable by all (players must reach the socket) but
    writable by its owner alone."""
    old = os.umask(0o077)
    try:
        folder.mkdir(mode=0o700, parents=False, exist_ok=True)
    except FileNotFoundError:
        folder.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        folder.mkdir(mode=0o700, exist_ok=True)
    finally:
        os.umask(old)
    check_dir(folder, os.geteuid(), system=system)


def check_dir(folder: Path, owner: int, *, system: bool = False) -> None:
    info = os.lstat(folder)
    if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
        raise SocketPlaceError(f"{folder} is not a plain folder; refusing to use it.")
    if info.st_uid != owner:
        raise SocketPlaceError(
            f"{folder} belongs to another account (uid {info.st_uid}); refusing to use it. "
            "Remove it, or choose another place with --socket.")
    loose = info.st_mode & (0o022 if system else 0o077)
    if loose:
        wanted = "writable by its owner alone" if system else "private (mode 0700)"
        raise SocketPlaceError(f"{folder} has mode {stat.S_IMODE(info.st_mode):o}; it must be {wanted}.")


@dataclass(frozen=True)
class Peer:
    pid: int
    uid: int
    gid: int

    @property
    def user(self) -> str:
        try:
            return pwd.getpwuid(self.uid).pw_name
        except KeyError:
            return f"uid{self.uid}"


def peer_of(sock: socket.socket) -> Peer | None:
    """Who is at the other end of a Unix socket, as the kernel says."""
    if not hasattr(socket, "SO_PEERCRED"):
        return None
    raw = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    pid, uid, gid = struct.unpack("3i", raw)
    return Peer(pid, uid, gid)


def expected_server(path: Path) -> set[int]:
    """Accounts a client may trust at ``path``: itself, and the service account at the system socket."""
    trusted = {os.getuid()}
    if path == system_socket():
        uid = service_uid()
        if uid is not None:
            trusted.add(uid)
    return trusted


def verify_server(sock: socket.socket, path: Path) -> None:
    """Refuse to speak to anybody but the expected account at ``path``."""
    peer = peer_of(sock)
    trusted = expected_server(path)
    if peer is None or peer.uid not in trusted:
        who = "nobody known" if peer is None else peer.user
        raise SocketPlaceError(
            f"The server at {path} is run by {who}, not by you or the grail-tui service; "
            "not talking to it.")


def default_socket() -> Path | None:
    """The server a client finds without being told: the system's, else the player's own."""
    for path in (system_socket(), user_socket()):
        try:
            os.stat(path)
        except PermissionError:
            return path  # there, perhaps, but closed to this account: reaching it says so in words
        except OSError:
            continue
        return path
    return None
