"""The front door: an SSH server that lets people into the game server's lobby."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import asyncssh

from .auth import AllowList, Doorman, Gate
from .hostkey import fingerprint, load_or_create_host_key, public_line
from .identities import IdentityStore
from .limits import Connections, Limits, Occupancy
from .session import AppArgv, Attach, Doorway, base_environment, serve_session
from .zygote import WarmStart, Zygote

log = logging.getLogger("grail_tui.ssh")
KEEPALIVE_SECONDS = 15.0  # with 3 unanswered, a vanished client is dropped within a minute
WARM_UP_SECONDS = 60.0  # a zygote not ready by then (its rehearsal hung) is killed: cold starts


class FrontDoor:
    """A running front door; ``close()`` ends every session and stops listening."""

    def __init__(self, acceptor: asyncssh.SSHAcceptor, host_key: asyncssh.SSHKey, gate: Gate,
                 occupancy: Occupancy, zygote: Zygote | None) -> None:
        self._acceptor = acceptor
        self._zygote = zygote
        self._gate = gate
        self._occupancy = occupancy
        self._tasks: set[asyncio.Task[Any]] = set()
        self.port: int = acceptor.get_port()
        self.fingerprint = fingerprint(host_key)
        self.host_key = public_line(host_key)

    @property
    def sessions(self) -> int:
        return self._occupancy.total

    def known_hosts_line(self, host: str) -> str:
        where = host if self.port == 22 else f"[{host}]:{self.port}"
        return f"{where} {self.host_key}"

    async def _serve(self, door: Doorway, process: asyncssh.SSHServerProcess[Any]) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        try:
            await serve_session(door, process)
        finally:
            self._tasks.discard(task)

    async def close(self) -> None:
        self._acceptor.close()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for conn in list(self._gate.live):
            conn.close()
        if self._zygote is not None:
            await self._zygote.close()
        await self._acceptor.wait_closed()


# AES-GCM only: asyncssh seals a ChaCha20-Poly1305 packet with several calls from Python (a cipher
# object per packet, then the MAC), an AES-GCM one with a single call into the library, and a front
# door relays thousands of small packets. Every OpenSSH since 6.2 (2013), PuTTY 0.76 and asyncssh
# speak it; on its own the door offered ChaCha20 first, and clients took it.
CIPHERS = ("aes128-gcm@openssh.com", "aes256-gcm@openssh.com")

async def open_front_door(host: str, port: int, *, state_dir: Path, identities: IdentityStore,
                          attach: Attach, app_argv: AppArgv, allow: Path | None = None,
                          limits: Limits | None = None,
                          extra_env: Mapping[str, str] | None = None,
                          warm: WarmStart | None = None) -> FrontDoor:
    """Listen for SSH on host:port (0 picks a free port).

    ``attach(sock, identity)`` hands the game server its end of a socket pair
    whose other end the app inherits (its number in GRAIL_TUI_SERVER_FD);
    ``app_argv(identity, args)`` is the app's command line, ``args`` being the
    allow-listed words the person sent (``join CODE``, ``--ascii``, ...).
    ``allow`` (an authorized_keys file) makes the server private: only those
    keys, and no guests. ``extra_env`` is added to every app's environment.
    ``warm`` starts apps from a zygote that has imported them already (see
    zygote.py): much faster to start, and lighter, than a fresh interpreter.
    """
    limits = limits or Limits()
    host_key = load_or_create_host_key(state_dir)
    gate = Gate(identities, AllowList(allow) if allow else None, Connections(limits))
    occupancy = Occupancy(limits)
    extra = dict(extra_env or {})
    zygote = None
    if warm is not None:
        try:
            zygote = await asyncio.wait_for(
                Zygote.start(warm.run, warm.preload, base_environment(extra), warm.rehearse), WARM_UP_SECONDS)
        except (ConnectionError, OSError, TimeoutError) as exc:
            log.warning("no warm starts (%s); every session starts its app afresh", exc)
    door = Doorway(identities, attach, app_argv, limits, occupancy, extra, zygote)
    front: FrontDoor | None = None

    async def process_factory(process: asyncssh.SSHServerProcess[Any]) -> None:
        assert front is not None
        await front._serve(door, process)

    acceptor = await asyncssh.listen(
        host, port, server_host_keys=[host_key], server_factory=lambda: Doorman(gate),
        process_factory=process_factory, encoding=None, line_editor=False, allow_pty=True,
        public_key_auth=True, password_auth=False, kbdint_auth=gate.allow is None,
        host_based_auth=False, gss_host=None, agent_forwarding=False, x11_forwarding=False,
        allow_scp=False, login_timeout=limits.login_timeout, keepalive_interval=KEEPALIVE_SECONDS,
        keepalive_count_max=3, reuse_address=True, encryption_algs=CIPHERS)
    front = FrontDoor(acceptor, host_key, gate, occupancy, zygote)
    log.info("SSH front door on %s:%d, host key %s", host, front.port, front.fingerprint)
    return front
