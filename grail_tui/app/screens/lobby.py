"""The lobby of a grail-tui server: your games, open games, games to watch; create, join, watch."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from grail_tui.app.keyline import KeyFooter
from grail_tui.net.priority import lower_priority, settle_steps
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
    TableRules,
    Watch,
)
from grail_tui.net.remote import Session, Target, client_for


def describe_game(g: GameSummary, me: str) -> str:
    seats = []
    for s in g.seats:
        if s.bot:
            seats.append(f"bot:{s.bot}")
        elif s.name is None:
            seats.append(f"(for {s.reserved})" if s.reserved else "(free)")
        else:
            # you are here, in the lobby: your seat waits for you, it is not "away"
            seats.append("you" if s.name == me else s.name + ("" if s.present else " (away)"))
    state = {"open": "waiting for players", "playing": g.progress, "over": "over"}[g.status]
    return f"{g.code}  {g.title}  {g.players}p {state:<19} {', '.join(seats)}"


FIRST_FRAME_WAIT = 1.0  # seconds the lobby's first frame waits for the server's list of games
LOBBY_HELP = ("Enter opens the game under the cursor (your seat, a free seat, or as a spectator). "
              "n creates a game; j joins by its 4-letter code; w watches; l: finished games; t: ratings.")


class LobbyScreen(Screen[None]):
    BINDINGS = [
        Binding("n", "new", "New game", tooltip="Create a game on the server", id="lobby-new"),
        Binding("j", "join_code", "Join", tooltip="Join a game by its code", id="lobby-join"),
        Binding("w", "watch_code", "Watch", id="lobby-watch"),
        Binding("r", "refresh", "Refresh", id="lobby-refresh"),
        Binding("l", "library", "Library", tooltip="Finished games: their story, replay, export",
                id="lobby-library"),
        Binding("t", "ratings", "Ratings", tooltip="The leaderboard and your own rating", id="lobby-ratings"),
        Binding("question_mark", "help", "Help", key_display="?", id="help"),
        Binding("ctrl+q", "app.quit", "Quit"),
    ]

    def __init__(self, session: Session | None, glyphs: Any, where: str, *,
                 target: Target | None = None) -> None:
        super().__init__()
        self._session = session  # None until the lobby has connected to ``target`` itself
        self.target = target
        self._resumed_before = False
        self.g = glyphs
        self.where = where
        self.shown: list[tuple[GameSummary, str]] = []  # (game, what Enter does: open/join/watch)
        self._listed = asyncio.Event()  # set once the games are first listed (or connecting failed)

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        yield OptionList(id="games", markup=False)  # names are other people's text
        yield Static(LOBBY_HELP, id="lobby-help")
        yield KeyFooter()

    @property
    def session(self) -> Session:
        assert self._session is not None, "the lobby is still connecting"
        return self._session

    @property
    def connected(self) -> bool:
        """Whether the lobby has its session (it connects by itself when it is the first screen)."""
        return self._session is not None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # while it connects, only help (and quitting, the app's own key) can do anything
        return self._session is not None or action == "help"

    async def on_mount(self) -> None:
        if self._session is not None:
            self._begin()
            return
        self._title(f"connecting to {self.where}…")
        self._connect()
        # The screen is first laid out and drawn after this returns. A server a socket away answers
        # in milliseconds: waiting for it (a moment, no more) makes that first frame the lobby with
        # its games, drawn once, instead of "connecting" and then all of it again (fifty people
        # arriving at once share the processor). A slow server gets "connecting" on screen.
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._listed.wait(), FIRST_FRAME_WAIT)

    @work(exclusive=True, group="lobby-connect")
    async def _connect(self) -> None:
        """Connect (a worker: quitting while a server is slow to answer does not wait for it)."""
        from ..connect import open_session

        assert self.target is not None
        session = await open_session(self.app, self.target)
        if session is None:
            self._listed.set()
            return  # the app ends, saying why
        self._session = session
        self.refresh_bindings()
        self._begin()

    def _begin(self) -> None:
        self.session.listeners.append(self.on_server)
        self.session.start()
        guest = " (guest: you may watch)" if self.session.guest else ""
        self._title(f"server {self.where}  ·  you are {self.session.user}{guest}")
        self.action_refresh()
        self.query_one(OptionList).focus()
        if steps := settle_steps():  # an SSH session: its first screen is drawn; others' come first now
            self.call_after_refresh(lower_priority, steps)
        wanted = getattr(self.app, "open_code", None)
        if wanted is not None:
            self.app.open_code = None  # type: ignore[attr-defined]
            verb, code = wanted
            self._ask((Join if verb == "join" else Watch)(self.session.ref(), code))

    def _title(self, text: str) -> None:
        # One line high (app.tcss): a new title needs no new layout, only its own line redrawn.
        self.query_one("#title", Static).update(Text.assemble(("grail-tui", "bold"), f"  ·  {text}"),
                                                layout=False)

    def on_unmount(self) -> None:
        if self._session is not None and self.on_server in self.session.listeners:
            self.session.listeners.remove(self.on_server)

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        # (This runs before Textual's own handler, which restyles the whole screen on a resume.)
        # The first time, every widget has just been styled as it mounted: styling them all again
        # was a fifth of the processor an SSH session spends on its first frame.
        if not self._resumed_before:
            self._resumed_before = True
            event.refresh_styles = False
        if self._session is not None:
            self.action_refresh()

    def on_server(self, message: Any) -> None:
        if message is None and not self.is_current:
            return  # in a game, its status line says how the connection is, while it is so
        if message is None:  # the connection went, or came back
            if self.session.connected:
                self.notify("Connected again.")
                self.action_refresh()
            else:
                self.notify("Connection to the server lost; reconnecting…", severity="warning")
        elif isinstance(message, Bye):
            self.notify(f"The server closed the connection: {message.reason}", severity="error", markup=False)
        elif isinstance(message, Error):
            self.notify(message.error, severity="error", timeout=6, markup=False)

    @work(exclusive=True, group="lobby-list")
    async def action_refresh(self) -> None:
        lists: dict[str, tuple[GameSummary, ...]] = {}
        for which in ("mine", "open", "live"):
            reply = await self.session.request(ListGames(self.session.ref(), which))
            if isinstance(reply, Games):
                lists[which] = reply.games
        me = self.session.user
        seen: set[str] = set()
        self.shown = []
        for which, verb in (("mine", "open"), ("open", "join"), ("live", "watch")):
            for game in lists.get(which, ()):
                if game.code not in seen:
                    seen.add(game.code)
                    self.shown.append((game, verb))
        box = self.query_one(OptionList)
        box.clear_options()
        box.add_options([Option(f"{verb:<5} {describe_game(game, me)}", id=game.code)
                         for game, verb in self.shown]
                        or [Option("No games yet: press n to create one.", id="", disabled=True)])
        box.highlighted = 0 if self.shown else None
        self._listed.set()

    @work(group="lobby-open")
    async def _ask(self, message: Any) -> None:
        reply = await self.session.request(message)
        if isinstance(reply, Error):
            self.notify(reply.error, severity="error", timeout=6, markup=False)
        elif isinstance(reply, Joined):
            from grail_tui.games.api import GameKind

            client = client_for(self.session, reply)
            kind: GameKind = client.kind
            self.app.push_screen(kind.ui().game_screen(client, self.g))

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        code = message.option.id
        chosen = next(((g, verb) for g, verb in self.shown if g.code == code), None)
        if chosen is None:
            return
        game, verb = chosen
        kind = {"open": Open, "join": Join, "watch": Watch}[verb]
        self._ask(kind(self.session.ref(), game.code))

    def _ask_code(self, verb: str) -> None:
        from .prompts import TextPrompt

        def chosen(code: str | None) -> None:
            if code and code.strip():
                kind = Join if verb == "join" else Watch
                self._ask(kind(self.session.ref(), code.strip().upper()[:8]))

        self.app.push_screen(TextPrompt(f"{verb.capitalize()} which game? (its code: 4 letters, or more)"), chosen)

    def action_join_code(self) -> None:
        self._ask_code("join")

    def action_watch_code(self) -> None:
        self._ask_code("watch")

    def action_new(self) -> None:
        from grail_tui.table.seats import SeatConfig

        from .server_game import NewGameScreen
        from .start import NewGame

        settings = NewGame(seed=0)
        settings.seats[0] = SeatConfig(self.session.user)

        def create(ok: bool | None) -> None:
            if not ok:
                return
            self._ask(Create(
                self.session.ref(), settings.game,
                bots=tuple(s.bot.value if s.bot else None for s in settings.seats),
                names=tuple((s.name or "")[:24] for s in settings.seats),
                reserved=tuple(s.reserved if s.bot is None and k else None
                               for k, s in enumerate(settings.seats)),
                options=dict(settings.options),
                rules=TableRules(answer_timeout=max(5, settings.answer_timeout),
                                 min_round=settings.min_round,
                                 takeover_after=settings.takeover or None)))

        self.app.push_screen(NewGameScreen(settings), create)

    def action_library(self) -> None:
        from ..shelves import ServerShelf
        from .library import LibraryScreen

        self.app.push_screen(LibraryScreen(ServerShelf(self.session, self.where), self.g))

    def action_ratings(self) -> None:
        from .ratings import RatingsScreen

        self.app.push_screen(RatingsScreen(self.session, self.where))

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen())
