"""The SSH front door: anyone with an ssh client can play, their key is who they are.

``open_front_door`` runs an asyncssh server beside the game server. Each
session's app is its own process on its own pseudo-terminal, connected to the
game server by an inherited socket already bound to the person's identity.
"""

from .door import FrontDoor, open_front_door
from .hostkey import HOST_KEY_FILE, HostKeyError, load_or_create_host_key
from .identities import IDENTITY_FILE, Identity, IdentityStore, KeyRefused
from .limits import Limits
from .requests import GAME_VERBS, OPTIONS
from .session import SERVER_FD_VARIABLE
from .zygote import WarmStart

__all__ = [
    "GAME_VERBS", "HOST_KEY_FILE", "IDENTITY_FILE", "OPTIONS", "SERVER_FD_VARIABLE",
    "FrontDoor", "HostKeyError", "Identity", "IdentityStore", "KeyRefused", "Limits",
    "WarmStart", "load_or_create_host_key", "open_front_door",
]
