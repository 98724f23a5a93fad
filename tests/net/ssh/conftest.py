"""A front door on 127.0.0.1 with a stand-in game server and a stand-in app."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from grail_tui.net.ssh import FrontDoor, IdentityStore, Limits, open_front_door

from .helpers import EchoServer, app_argv

OpenDoor = Callable[..., Awaitable[FrontDoor]]


@pytest.fixture
async def open_door(tmp_path: Path) -> AsyncIterator[OpenDoor]:
    doors: list[FrontDoor] = []
    stores: list[IdentityStore] = []

    async def make(*, limits: Limits | None = None, allow: Path | None = None,
                   echo: EchoServer | None = None, state: Path | None = None,
                   app_argv: Callable[..., list[str]] = app_argv,
                   reserved: Callable[[str], bool] | None = None, **options: Any) -> FrontDoor:
        state_dir = state or tmp_path / "state"
        store = IdentityStore.in_state_dir(state_dir, reserved=reserved)
        stores.append(store)
        door = await open_front_door("127.0.0.1", 0, state_dir=state_dir, identities=store,
                                     attach=(echo or EchoServer()).attach, app_argv=app_argv,
                                     allow=allow, limits=limits, **options)
        doors.append(door)
        return door

    yield make
    for door in doors:
        await door.close()
    for store in stores:
        store.close()


