"""The server's host key: made once, kept private, its fingerprint shown to players."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import asyncssh

HOST_KEY_FILE = "ssh_host_ed25519_key"


class HostKeyError(RuntimeError):
    """The host key cannot be used; the text says what to do."""


def state_folder(state_dir: Path) -> Path:
    """The state folder, made private (0700) if it does not exist yet."""
    state_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    return state_dir


def load_or_create_host_key(state_dir: Path) -> asyncssh.SSHKey:
    path = state_folder(state_dir) / HOST_KEY_FILE
    try:
        # O_EXCL: never overwrite a key players have already been told about.
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return _read(path)
    key = asyncssh.generate_private_key("ssh-ed25519", comment="grail-tui host key")
    with os.fdopen(fd, "wb") as out:
        out.write(key.export_private_key("openssh"))
    return key


def _read(path: Path) -> asyncssh.SSHKey:
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        raise HostKeyError(f"{path} is readable by others (mode {mode:04o}); "
                           f"run `chmod 600 {path}` and start again")
    try:
        return asyncssh.read_private_key(path)
    except (OSError, asyncssh.KeyImportError) as exc:
        raise HostKeyError(f"cannot read the host key {path}: {exc}") from None


def fingerprint(key: asyncssh.SSHKey) -> str:
    """SHA256:… as `ssh-keygen -lf` and the ssh client print it."""
    return str(key.get_fingerprint("sha256"))


def public_line(key: asyncssh.SSHKey) -> str:
    """The public host key as one line, for a known_hosts file."""
    algorithm, blob = key.export_public_key("openssh").decode().split()[:2]
    return f"{algorithm} {blob}"
