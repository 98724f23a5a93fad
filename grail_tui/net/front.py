"""The game server's SSH front door: who a key is, and handing each session to the server.

Each session's app inherits one end of a socket pair whose other end the
server has already bound to the person's identity (their key's name, or a
guest who may only watch): no token, nothing to replay. SSH names are kept
apart from the machine's accounts, so nobody coming in with a key can pass
for a local player.
"""

from __future__ import annotations

import asyncio
import pwd
import socket
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from grail_tui.games import registry

from .names import name_keys
from .ssh import FrontDoor, Identity, IdentityStore, Limits, WarmStart, open_front_door

if TYPE_CHECKING:
    from .server import Server

DEFAULT_PORT = 2222
# What every session's app needs, imported once in the zygote: the shell, the lobby, the terminal
# driver, and the rooms each game says a session opens (kind.server_rooms and kind.app_rooms; a
# game without one of them is skipped).
APP_MODULES = ("grail_tui.cli", "grail_tui.app.app", "grail_tui.app.launch", "grail_tui.app.connect",
               "grail_tui.app.screens.lobby", "grail_tui.app.screens.prompts", "grail_tui.app.screens.help",
               "grail_tui.net.remote", "textual.drivers.linux_driver", "textual._xterm_parser")
WARM = WarmStart(
    run=("grail_tui",),
    preload=APP_MODULES + registry.modules(app=True),
    rehearse="grail_tui.cli:rehearse")


def is_account(name: str) -> bool:
    """Does ``name`` look like an account on this machine (a local player's identity)? The
    accounts are read afresh each time, never cached: one made while the server runs is reserved
    at once (name_keys caches each name's folding, which is what costs)."""
    keys = name_keys(name)
    return any(keys & name_keys(entry.pw_name) for entry in pwd.getpwall())


def app_argv(identity: Identity, args: Sequence[str]) -> list[str]:
    """The app for one session; ``args`` were allow-listed by the front door (join/watch CODE, options)."""
    return [sys.executable, "-m", "grail_tui", *args]


def parse_address(text: str) -> tuple[str, int]:
    host, sep, port = text.rpartition(":")
    if not sep:
        return text, DEFAULT_PORT
    if not port.isdigit() or not host:
        raise ValueError(f"--ssh takes HOST or HOST:PORT, not {text!r}")
    return host.strip("[]"), int(port)


async def open_ssh(server: Server, host: str, port: int, state_dir: Path, *, allow: Path | None = None,
                   limits: Limits | None = None, warm: bool = True) -> FrontDoor:
    identities = IdentityStore.in_state_dir(state_dir, reserved=is_account)
    loop = asyncio.get_running_loop()

    def attach(sock: socket.socket, identity: Identity) -> None:
        sock.setblocking(False)
        loop.create_task(server.attach(sock, identity.name, guest=identity.guest))

    return await open_front_door(host, port, state_dir=state_dir, identities=identities, attach=attach,
                                 app_argv=app_argv, allow=allow, limits=limits,
                                 warm=WARM if warm else None)
