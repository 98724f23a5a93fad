"""Reaching a server from the app: its lobby, or a clear word when it does not answer."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from grail_tui.net.protocol import ProtocolError
from grail_tui.net.remote import Session, Target
from grail_tui.net.sockets import SocketPlaceError


async def open_session(app: Any, target: Target) -> Session | None:
    """A session with the server at ``target``; None if none answers (a server chosen on purpose
    then ends the app with a clear message; one merely found leaves a notice)."""
    try:
        link = await asyncio.wait_for(target.open(), 10)
    except (TimeoutError, OSError, ConnectionError, ProtocolError) as exc:
        if target.named or isinstance(exc, SocketPlaceError):
            app.exit_message = f"grail-tui: no grail-tui server answers at {target.where} ({exc})."
            app.exit(2)
            return None
        with contextlib.suppress(Exception):
            app.notify(target.unreached(exc),
                       severity="warning", timeout=6, markup=False)
        return None
    session = Session(link, target)
    app.session = session
    return session


async def connect_lobby(app: Any) -> bool:
    """Open the lobby of a server the app merely found: False (with a notice) if none answers, and
    the app starts on this machine. (A server chosen on purpose is reached by the lobby itself.)"""
    from .screens.lobby import LobbyScreen

    target: Target = app.server
    session = await open_session(app, target)
    if session is None:
        return app.exit_message is not None  # ending, saying why; else this machine's start screen
    app.push_screen(LobbyScreen(session, app.g, target.where))
    return True
