"""§4 in the app: text from other people is shown as plain text, never as markup.

Bots and chat lines named or written like Textual markup (a style, a closing
tag with nothing to close, a click action) show literally in the status line,
the panes and the log; none of them styles the screen, runs an action or
stops the app. (A person's name cannot hold brackets at all: net/names.py.)
"""

from __future__ import annotations

import asyncio
import html
import re

from grail_tui.app.app import GrailApp
from grail_tui.app.screens.lobby import LobbyScreen
from grail_tui.games.hunt.bots import RandomBot
from grail_tui.games.hunt.screens.game import GameScreen
from grail_tui.net.botclient import reply_to
from grail_tui.net.protocol import VERSION, Hello, Say
from grail_tui.net.remote import Target

from .conftest import Served
from .wire import HUNT, Wire, create

CLOSER = "[/]"  # a closing tag with nothing to close: markup would raise
CLICK = "[@click=app.quit]Q[/]"  # markup would make a link that quits the app
STYLE = "[b red]loud[/]"


def shown(app: GrailApp) -> str:
    """The text on the screen, as a person would read it."""
    svg = app.export_screenshot()
    return html.unescape("".join(re.findall(r">([^<>]*)</text>", svg))).replace("\xa0", " ")


async def slowly(wire: Wire, code: str) -> None:
    """The host plays its seat at a walking pace, so the app sees the bots' names in turn."""
    bot = RandomBot(3)
    while True:
        state = await wire.state(code, timeout=60)
        if state.result is not None:
            return
        act = reply_to(HUNT, state, bot)
        if act is not None:
            await asyncio.sleep(0.15)
            wire.send(act)


async def test_names_and_chat_that_look_like_markup_show_literally(served: Served, tmp_path, monkeypatch):
    monkeypatch.setenv("GRAIL_TUI_DATA", str(tmp_path / "client"))
    refused = await Wire.open(served, STYLE, hello=False)
    refused.send(Hello(VERSION, STYLE))
    assert "letters, digits" in (await refused.next("bye")).reason
    await refused.close()
    evil = await Wire.open(served, "evil")
    code = await create(evil, (None, "random", "random", "random"), names=("", CLOSER, CLICK, STYLE),
                        options={"turn_limit": 200})
    playing = asyncio.create_task(slowly(evil, code))
    app = GrailApp(server=Target.unix(served.socket, named=True), seed=1)
    try:
        async with app.run_test(size=(140, 44)) as pilot:
            for _ in range(1200):  # a minute at most: a loaded machine is slow, not wrong
                if isinstance(app.screen, LobbyScreen) and app.screen.shown:
                    break
                await pilot.pause(0.05)
            lobby = shown(app)
            assert "bench:evil," in lobby, lobby  # the lobby names people (bots by level)
            await pilot.press("enter")  # watch it
            for _ in range(1200):  # a minute at most: a loaded machine is slow, not wrong
                if isinstance(app.screen, GameScreen) and app.screen.public is not None:
                    status = str(app.screen.query_one("#status").render())
                    if CLOSER in status or CLICK in status or STYLE in status:
                        break
                await pilot.pause(0.05)
            else:
                raise AssertionError("the status line never named a bot")
            playing.cancel()  # the game stops at the host's next turn: the chat stays the newest line
            await evil.seen(code, lambda state: state.asked, timeout=20)
            evil.send(Say(code, f"{CLICK} {STYLE} {CLOSER}"))
            said = "".join(f"{CLICK} {STYLE} {CLOSER}".split())

            def unspaced(text: str) -> str:
                """The log may wrap the line, and its scrollbar may sit at a line's end."""
                return "".join(ch for ch in "".join(text.split()) if not "\u2580" <= ch <= "\u259f")

            for _ in range(1200):  # a minute at most: a loaded machine is slow, not wrong
                screen = shown(app)
                if said in unspaced(screen):
                    break
                await pilot.pause(0.05)
            assert said in unspaced(screen), screen  # the chat line, in the log
            assert CLOSER in screen and CLICK in screen and STYLE in screen
            assert app.return_value is None and not app.failure  # nothing quit or broke the app
    finally:
        playing.cancel()
        await evil.close()
