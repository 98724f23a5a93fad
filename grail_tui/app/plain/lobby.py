"""A server's lobby as numbered lines: your games, games to join, games to watch; create one."""

from __future__ import annotations

import asyncio
from typing import Any

from grail_tui.net.protocol import (
    Bye,
    Create,
    Error,
    Games,
    GameSummary,
    Join,
    Joined,
    ListGames,
    Open,
    ProtocolError,
    TableRules,
    Watch,
)
from grail_tui.net.remote import Session, Target, client_for
from grail_tui.net.sockets import SocketPlaceError
from grail_tui.table.seats import SeatConfig

from ..screens.lobby import VERBS, describe_game, verb_for
from ..screens.start import NewGame
from .game import PlainTable
from .menus import default_bots, edit
from .terminal import Terminal

LOBBY_HELP = ("Type the number of a game to open your seat, join or watch it; new creates a game; "
              "join CODE or watch CODE by its code; list says the games again; quit leaves.")
GUEST_HELP = "You are a guest: you may watch games (type a game's number, or watch CODE); quit leaves."


async def lobby(terminal: Terminal, target: Target, wanted: tuple[str, str] | None) -> int | None:
    """The lobby until the person quits (an exit code); None: no server found, play here."""
    try:
        link = await asyncio.wait_for(target.open(), 10)
    except (TimeoutError, OSError, ConnectionError, ProtocolError) as exc:
        if target.named or isinstance(exc, SocketPlaceError):
            terminal.say(f"No grail-tui server answers at {target.where} ({exc}).")
            return 2
        terminal.say(target.unreached(exc))
        return None
    session = Session(link, target)
    session.listeners.append(lambda message: _heard(terminal, message))
    session.start()
    try:
        return await Lobby(terminal, session).run(wanted)
    finally:
        await session.close()


def _heard(terminal: Terminal, message: Any) -> None:
    if isinstance(message, Bye):
        terminal.say(f"The server closed the connection: {message.reason}")
    elif isinstance(message, Error):
        terminal.say(message.error)
    elif message is None:
        terminal.say("The connection to the server changed; type list to see the games.")


class Lobby:
    def __init__(self, terminal: Terminal, session: Session) -> None:
        self.terminal = terminal
        self.session = session
        self.shown: list[tuple[GameSummary, str]] = []

    async def run(self, wanted: tuple[str, str] | None) -> int:
        say = self.terminal.say
        guest = " (a guest)" if self.session.guest else ""
        say(f"Connected to the server at {self.session.target.where}; you are {self.session.user}{guest}.")
        if wanted is not None:
            verb, code = wanted
            if await self._enter((Join if verb == "join" else Watch)(self.session.ref(), code)) == "gone":
                return 0
        await self._list()
        while True:
            line = await self.terminal.line()
            if line is None:
                return 0
            word = line.strip()
            verb, _, rest = word.partition(" ")
            verb = verb.lower()
            if not word:
                continue
            if verb in ("quit", "q", "exit"):
                return 0
            how = None
            if verb in ("?", "list", "refresh"):
                await self._list()
            elif verb in ("help", "h"):
                say(GUEST_HELP if self.session.guest else LOBBY_HELP)
            elif verb == "new" and not self.session.guest:
                how = await self._new()
            elif verb in ("join", "watch") and rest.strip():
                if verb == "join" and self.session.guest:
                    say(GUEST_HELP)
                    continue
                code = rest.strip().upper()[:8]
                how = await self._enter((Join if verb == "join" else Watch)(self.session.ref(), code))
            elif verb.isdigit() and 1 <= int(verb) <= len(self.shown):
                game, which = self.shown[int(verb) - 1]
                kind = {"open": Open, "join": Join, "watch": Watch}[which]
                how = await self._enter(kind(self.session.ref(), game.code))
            else:
                say(f"Unknown request {word[:40]!r}. " + (GUEST_HELP if self.session.guest else LOBBY_HELP))
            if how == "gone":
                return 0
            if how is not None:
                await self._list()

    async def _list(self) -> None:
        games: dict[str, GameSummary] = {}
        for which in ("mine", "open", "live"):
            try:
                reply = await self.session.request(ListGames(self.session.ref(), which))
            except TimeoutError:
                self.terminal.say("The server does not answer; type list to try again.")
                return
            if isinstance(reply, Games):
                games.update((game.code, game) for game in reply.games)
        me, guest = self.session.user, self.session.guest
        order = {verb: k for k, verb in enumerate(VERBS)}
        self.shown = sorted(((game, verb_for(game, me, guest=guest)) for game in games.values()),
                            key=lambda row: order[row[1]])
        say = self.terminal.say
        if not self.shown:
            say("No games on the server yet." + ("" if guest else " Type new to create one."))
        else:
            say(f"Games on the server ({len(self.shown)}):")
            say(*(f"{k}. {verb} {describe_game(game, me, '*')}" for k, (game, verb) in enumerate(self.shown, 1)))
        say(GUEST_HELP if guest else LOBBY_HELP)

    async def _new(self) -> str | None:
        settings = NewGame(seed=0, offered=self.session.link.choices)
        settings.seats[0] = SeatConfig(self.session.user)
        default_bots(settings)
        started = await edit(self.terminal, settings, server=True)
        if started is None:
            return "gone"
        if not started:
            await self._list()
            return None
        return await self._enter(Create(
            self.session.ref(), settings.game,
            bots=tuple(s.bot.value if s.bot else None for s in settings.seats),
            names=tuple((s.name or "")[:24] for s in settings.seats),
            options=settings.chosen_options(),
            rules=TableRules(answer_timeout=max(5, settings.answer_timeout), min_round=settings.min_round,
                             takeover_after=settings.takeover or None)))

    async def _enter(self, message: Any) -> str | None:
        """Ask for a game and play it by lines: "over", "quit", "gone"; None if refused."""
        try:
            reply = await self.session.request(message)
        except TimeoutError:
            self.terminal.say("The server does not answer.")
            return None
        if isinstance(reply, Error):
            self.terminal.say(reply.error)
            return None
        if not isinstance(reply, Joined):
            return None
        client = client_for(self.session, reply)
        try:
            how = await PlainTable(client, self.terminal).play()
        finally:
            client.on_change = None
            client.close()
        if how == "quit":
            self.terminal.say("Back in the lobby" + (": your seat stays yours." if reply.seat is not None else "."))
        return how
