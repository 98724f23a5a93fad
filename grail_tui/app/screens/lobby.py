"""The lobby of a grail-tui server: your games, open games, games to watch; create, join, watch."""

from __future__ import annotations

import asyncio
import contextlib
import math
from typing import Any

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from grail_tui.app.keyline import KeyFooter
from grail_tui.net.due import Due
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
    LobbyNews,
    Open,
    TableRules,
    Watch,
)
from grail_tui.net.remote import Session, Target, client_for
from grail_tui.table.pace import DAY, HOUR, MINUTE
from grail_tui.table.timekeeping import SYSTEM_CLOCK, Alarm, Clock

LAST_STEP = 10  # seconds: the last minute counts down in tens


def grain(seconds: float) -> float:
    """How finely the lobby counts ``seconds`` down: hours while more than a day is left, minutes
    while more than a minute is, then tens of seconds. Coarse on purpose: a row is redrawn only
    when its words change, once a minute for most games (a row redrawn is bytes sent to every
    SSH player looking at the lobby)."""
    return HOUR if seconds > DAY else MINUTE if seconds > MINUTE else LAST_STEP


def time_left(seconds: float) -> str:
    """A deadline's time left as the lobby counts it down, rounded up: "2 d 5 h", "5 h 20 m",
    "40 m", "30 s"."""
    seconds = max(0.0, seconds)
    step = grain(seconds)
    count = math.ceil(seconds / step)
    if step == LAST_STEP:
        return f"{count * LAST_STEP} s"
    big, small = ("d", "h") if step == HOUR else ("h", "m")
    per = 24 if step == HOUR else 60
    high, low = divmod(count, per)
    return " ".join(f"{n} {unit}" for n, unit in ((high, big), (low, small)) if n) or f"0 {small}"


def next_change(seconds: float) -> float | None:
    """How soon ``time_left(seconds)`` reads otherwise (None: never, the deadline has passed)."""
    if seconds <= 0:
        return None
    step = grain(seconds)
    return seconds - (math.ceil(seconds / step) - 1) * step + 0.001  # a moment past the change


def describe_game(g: GameSummary, me: str, to_move: str = "›", now: float | None = None) -> str:
    seats = []
    for k, s in enumerate(g.seats):
        mark = to_move if k in g.to_move else ""
        if s.bot:
            seats.append(f"{mark}bot:{s.bot}")
        elif s.name is None:
            seats.append(mark + (f"(for {s.reserved})" if s.reserved else "(free)"))
        else:
            # you are here, in the lobby: your seat waits for you, it is not "away"
            seats.append(mark + ("you" if s.name == me else s.name + ("" if s.present else " (away)")))
    state = {"open": "waiting for players", "playing": g.progress, "over": "over"}[g.status]
    # a turn-based game: how long the seats it waits on have left (the same for all of a round's)
    left = f"  · {time_left(g.deadline - now)} left" if g.deadline is not None and now is not None else ""
    return f"{g.code}  {g.title}  {g.players}p {state:<19} {', '.join(seats)}{left}"


def verb_for(g: GameSummary, me: str, *, guest: bool = False) -> str:
    """What Enter does on a game's row: open your seat, join a seat free for you, or watch
    (the server's own lists, "mine" and "open", sort games the same way); a guest only watches."""
    if any(s.bot is None and s.name == me for s in g.seats):
        return "open"
    if not guest and any(s.bot is None and s.name is None and s.reserved in (None, me) for s in g.seats):
        return "join"
    return "watch"


def kept_for(g: GameSummary, me: str) -> bool:
    return any(s.bot is None and s.name is None and s.reserved == me for s in g.seats)


VERBS = ("open", "join", "watch")  # the lobby's order: your games, games to join, games to watch
FIRST_FRAME_WAIT = 1.0  # seconds the lobby's first frame waits for the server's list of games
LOBBY_HELP = ("Enter opens the game under the cursor (your seat, a free seat, or as a spectator); "
              "› marks whose move it is. n creates a game; j joins by its code; w watches; "
              "l: finished games; t: ratings.")
GUEST_HELP = ("You are a guest: you may watch games, not play or talk in them. Enter watches the game "
              "under the cursor; w watches by its code; l: finished games; t: ratings.")
PLAYERS_ONLY = frozenset({"new", "join_code", "urgent"})  # what a guest may not do: not offered to one


class LobbyScreen(Screen[None]):
    BINDINGS = [
        Binding("n", "new", "New game", tooltip="Create a game on the server", id="lobby-new"),
        Binding("j", "join_code", "Join", tooltip="Join a game by its code", id="lobby-join"),
        Binding("w", "watch_code", "Watch", id="lobby-watch"),
        Binding("r", "refresh", "Refresh", id="lobby-refresh"),
        Binding("l", "library", "Library", tooltip="Finished games: their story, replay, export",
                id="lobby-library"),
        Binding("t", "ratings", "Ratings", tooltip="The leaderboard and your own rating", id="lobby-ratings"),
        Binding("u", "urgent", "Your move", tooltip="Open the game that waits on you with the nearest deadline",
                id="lobby-urgent"),
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
        self.games: dict[str, GameSummary] = {}  # every live game listed or told of, by code
        self._refreshing = False  # news older than the lists being fetched is not applied
        self._noticed: set[str] = set()  # games whose seat kept for you has been announced
        self._listed = asyncio.Event()  # set once the games are first listed (or connecting failed)
        self.due = Due(())  # your games that wait on you, the most urgent first (the server's word)
        self.yours: dict[str, GameSummary] = {}  # your games as your own list has them (what only you see)
        self._tick: Alarm | None = None  # the next moment a row's time left reads otherwise
        self._rows: dict[str, str] = {}  # each row's words as drawn
        self._yours_at = 0.0  # when your own list was last given (wall clock)
        self._due_text = ""

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        due = Static(id="due")  # shown only while a game waits on you
        due.display = False
        yield due
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
        if self._session is None:
            return action == "help"
        if action == "urgent":
            return bool(self.due.games)  # offered only while a game waits on you
        # False hides the key from the footer, the help and the palette: a guest has no use for it
        return not (self._session.guest and action in PLAYERS_ONLY)

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
        guest = " (a guest)" if self.session.guest else ""  # the help line below says what a guest may do
        self._title(f"server {self.where}  ·  you are {self.session.user}{guest}")
        if self.session.guest:
            self.query_one("#lobby-help", Static).update(GUEST_HELP)
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
        self._stop_ticking()
        if self._session is not None and self.on_server in self.session.listeners:
            self.session.listeners.remove(self.on_server)
            self.session.follow_lobby(False)

    def on_screen_suspend(self) -> None:
        # In a game (or another screen over the lobby) nobody reads the lobby: the server stops
        # telling of it, and the lobby lists the games afresh when it is shown again.
        self._stop_ticking()
        if self._session is not None:
            self.session.follow_lobby(False)

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
        elif isinstance(message, LobbyNews) and not self._refreshing and self.is_current:
            # (while the lists are fetched, news is older than the last list, which has it all)
            for game in message.games:
                self.games[game.code] = game
            for code in message.ended:
                self.games.pop(code, None)
            mine = {g.code for g in self.games.values() if verb_for(g, self.session.user) == "open"}
            if mine & ({g.code for g in message.games} | set(message.ended)):
                self._recount()  # one of yours moved: whether it waits on you is asked again
            self._show()

    @work(exclusive=True, group="lobby-list")
    async def action_refresh(self) -> None:
        # Follow first: news of a change made while the lists come is not lost, it follows them.
        self.session.follow_lobby(True)
        self._refreshing = True
        games: dict[str, GameSummary] = {}
        try:
            for which in ("mine", "open", "live"):
                reply = await self.session.request(ListGames(self.session.ref(), which))
                if isinstance(reply, Games):
                    games.update((game.code, game) for game in reply.games)  # the later list is newer
                    if which == "mine":
                        self._set_due(Due.of(reply.games))
                        self.yours = {game.code: game for game in reply.games}
                        self._yours_at = self._now()
        finally:
            self._refreshing = False
        self.games = games
        self._show(first=True)
        self._listed.set()

    def _show(self, *, first: bool = False) -> None:
        """The games as rows (yours, then those to join, then those to watch), the cursor kept
        on its game; a game newly listed with a seat kept for you is announced once."""
        me = self.session.user
        order = {verb: k for k, verb in enumerate(VERBS)}
        guest = self.session.guest
        rows = sorted(((game, verb_for(game, me, guest=guest)) for game in self.games.values()),
                      key=lambda row: order[row[1]])  # stable: the server's order within each
        box = self.query_one(OptionList)
        before = box.highlighted_option
        keep = before.id if before is not None and not first else None
        if [(g.code, v) for g, v in rows] == [(g.code, v) for g, v in self.shown] and not first:
            for (game, verb), (old, _) in zip(rows, self.shown, strict=True):
                if game != old:
                    box.replace_option_prompt(game.code, self._row(game, verb))
        else:
            box.clear_options()
            box.add_options([Option(self._row(game, verb), id=game.code) for game, verb in rows]
                            or [Option("No games to watch yet." if guest else
                                       "No games yet: press n to create one.", id="", disabled=True)])
            codes = [g.code for g, _ in rows]
            box.highlighted = codes.index(keep) if keep in codes else (0 if rows else None)
        self.shown = rows
        self._rows = {game.code: self._row(game, verb) for game, verb in rows}
        self._count_down()
        for game, _ in rows:
            if game.code not in self._noticed and kept_for(game, me):
                self._noticed.add(game.code)
                host = next((s.name for s in game.seats if s.name), None) or "someone"
                self.notify(f"{host} kept a seat for you in {game.title} ({game.code}): "
                            "Enter on its row joins.", title="A seat for you", timeout=10, markup=False)

    def _row(self, game: GameSummary, verb: str) -> str:
        row = f"{verb:<5} {describe_game(game, self.session.user, self.g.destination, self._now())}"
        own = self.yours.get(game.code)
        left = self._clock_left(game)
        low = left is not None and self._my_clock_runs(game) and left < (own.clock_line or 0.0) if own else False
        if own is not None and left is not None and (own.clock_low or low):
            words = time_left(left)
            shown = game.deadline is not None and time_left(game.deadline - self._now()) == words
            row += "  · your clock is low" + ("" if shown else f": {words}")  # once is enough
        if own is not None and own.standing:
            row += "  · answers for you"  # standing answers set: the server plays them
        return row

    @property
    def clock(self) -> Clock:
        """The app's clock (tests give the app a fake one)."""
        clock: Clock = getattr(self.app, "clock", SYSTEM_CLOCK)
        return clock

    def _now(self) -> float:
        return self.clock.wall()

    def _clock_left(self, game: GameSummary) -> float | None:
        """Your own time left in one of your turn-based games, now: as your list said it, less the
        time since while your clock runs."""
        own = self.yours.get(game.code)
        if own is None or own.clock_left is None:
            return None
        return max(0.0, own.clock_left - (self._now() - self._yours_at)) if self._my_clock_runs(game) \
            else own.clock_left

    def _my_clock_runs(self, game: GameSummary) -> bool:
        """Does your clock run in ``game`` now? Only while the game waits on your seat."""
        me = self.session.user
        seat = next((k for k, s in enumerate(game.seats) if s.bot is None and s.name == me), None)
        return game.deadline is not None and seat in game.to_move and seat not in game.out_of_time

    # -- the time left counts down -----------------------------------------------------------

    def _count_down(self) -> None:
        """Redraw the rows (and the line of what waits on you) whose time left reads otherwise now,
        no others; then wait for the next such moment (nothing waits when no row has a deadline)."""
        self._stop_ticking()
        if not self.is_attached or self._session is None:
            return
        now = self._now()
        box = self.query_one(OptionList)
        soonest: float | None = None
        for game, verb in self.shown:
            if game.deadline is None:
                continue
            row = self._row(game, verb)
            if self._rows.get(game.code) != row:
                self._rows[game.code] = row
                box.replace_option_prompt(game.code, row)
            waits = [next_change(game.deadline - now)]
            own, left = self.yours.get(game.code), self._clock_left(game)
            line = own.clock_line if own is not None else None
            if line is not None and left is not None and self._my_clock_runs(game):
                # your clock turns low then, and then counts down in the row
                waits.append(left - line + 0.001 if left >= line else next_change(left))
            for wait in waits:
                if wait is not None:
                    soonest = wait if soonest is None else min(soonest, wait)
        if self.due.games:
            self._due_line()
            wait = next_change((self.due.next_deadline or now) - now)
            if wait is not None:
                soonest = wait if soonest is None else min(soonest, wait)
        if soonest is not None:
            self._tick = self.clock.call_at(self.clock.now() + soonest, self._count_down)

    def _stop_ticking(self) -> None:
        if self._tick is not None:
            self._tick.cancel()
            self._tick = None

    @work(exclusive=True, group="lobby-due")
    async def _recount(self) -> None:
        reply = await self.session.request(ListGames(self.session.ref(), "mine"))
        if isinstance(reply, Games):
            self._set_due(Due.of(reply.games))
            self.yours = {game.code: game for game in reply.games}
            self._yours_at = self._now()
            self._show()

    def _set_due(self, due: Due) -> None:
        """The line that says first what waits on you (an SSH login's first words, too)."""
        self.due = due
        try:
            line = self.query_one("#due", Static)
        except NoMatches:  # a late answer to a lobby not (or no longer) on screen: kept for its return
            return
        line.display = bool(due.games)
        self._due_text = ""
        self._due_line()
        self.refresh_bindings()

    def _due_line(self) -> None:
        if not self.due.games:
            return
        text = f"{self.due.sentence(self._now(), time_left)}  u opens {self.due.games[0].code}."
        if text != self._due_text:  # one line redrawn, only when its words change
            with contextlib.suppress(NoMatches):  # as in _set_due
                self.query_one("#due", Static).update(text, layout=False)
                self._due_text = text

    def action_urgent(self) -> None:
        first = self.due.first
        if first is not None:
            self._ask(Open(self.session.ref(), first.code))

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

        settings = NewGame(seed=0, paces=self.session.link.paces, offered=self.session.link.choices)
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
                options=settings.chosen_options(),
                rules=TableRules(answer_timeout=max(5, settings.answer_timeout),
                                 min_round=settings.min_round,
                                 takeover_after=settings.takeover or None,
                                 pace=settings.pace, on_flag=settings.on_flag)))

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

        self.app.push_screen(HelpScreen(guest=self.connected and self.session.guest))
