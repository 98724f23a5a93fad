"""The wire: one JSON object per line, at most 64 KiB, each with a ``type``.

Client to server: hello, list, create, join, watch, open, act, chat, leave.
Server to client: welcome, games, joined, state, chat, error, bye.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

MAX_MESSAGE = 64 * 1024  # what a client may send
MAX_FROM_SERVER = 16 * 1024 * 1024  # a long game's record at the end can be large
VERSION = 1
SYSTEM_SOCKET = Path("/run/grail-tui/server.sock")


class ProtocolError(ValueError):
    """A message the other side cannot accept; the text says why."""


def encode(message: dict[str, Any], limit: int = MAX_MESSAGE) -> bytes:
    data = json.dumps(message, separators=(",", ":")).encode() + b"\n"
    if len(data) > limit:
        raise ProtocolError("message too long")
    return data


def decode(line: bytes) -> dict[str, Any]:
    try:
        message = json.loads(line)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ProtocolError("not valid JSON") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError("a message is a JSON object with a 'type'")
    return message


def user_socket() -> Path:
    runtime = os.environ.get("XDG_RUNTIME_DIR") or f"/tmp/grail-tui-{os.getuid()}"
    return Path(runtime) / "grail-tui" / "server.sock"


def default_socket() -> Path:
    """Where a client looks: $GRAIL_TUI_SOCKET, the system socket, then the user's own."""
    chosen = os.environ.get("GRAIL_TUI_SOCKET")
    if chosen:
        return Path(chosen)
    if SYSTEM_SOCKET.exists():
        return SYSTEM_SOCKET
    return user_socket()


def need(message: dict[str, Any], key: str, kind: type, default: Any = ...) -> Any:
    if key not in message:
        if default is not ...:
            return default
        raise ProtocolError(f"the message needs {key!r}")
    value = message[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ProtocolError(f"{key!r} should be a {kind.__name__}")
    return value
