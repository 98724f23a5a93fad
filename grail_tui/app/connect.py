"""Reaching a server from the app: its lobby, or a clear word when it does not answer."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from grail_tui.net.protocol import ProtocolError
from grail_tui.net.remote import Session, Target
from grail_tui.net.sockets import SocketPlaceError


async def connect_lobby(app: Any) -> bool:
    """Open the lobby of the app's server. A server chosen on purpose that does not
    answer ends the app with a clear message; one merely found is skipped quietly."""
    from .screens.lobby import LobbyScreen

    target: Target = app.server
    try:
        link = await asyncio.wait_for(target.open(), 10)
    except (TimeoutError, OSError, ConnectionError, ProtocolError) as exc:
        if target.named or isinstance(exc, SocketPlaceError):
            app.exit_message = f"grail-tui: no grail-tui server answers at {target.where} ({exc})."
            app.exit(2)
            return True
        with contextlib.suppress(Exception):
            app.notify(f"No grail-tui server at {target.where}; playing on this machine.",
                       severity="warning", timeout=6, markup=False)
        return False
    session = Session(link, target)
    app.session = session
    app.push_screen(LobbyScreen(session, app.g, target.where))
    return True
