"""`grail-tui serve`: transport only. Identity, connections, the lobby, fan-out.

Who a player is: on the Unix socket, the OS account that connected (the
kernel's peer credentials); through the SSH front door, the name its public
key holds, handed over on a socket pair before the app starts. Games run in
tables (table/), which apply every action, keep it in SQLite before anyone
hears of it, and tell each connection only what its seat may see.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import socket
from collections import Counter
from pathlib import Path
from typing import Any

from grail_tui.table.pace import PRESETS, Pace
from grail_tui.table.sqlite import GameDatabase
from grail_tui.table.thinking import Thinker, default_processes
from grail_tui.table.timekeeping import SYSTEM_CLOCK, Clock
from grail_tui.table.updates import SeatUpdate, TableError

from . import hosting, library
from .connection import Budget, ChatMeter, Connection, Limits
from .names import NameRefused, clean_name, clean_text
from .news import Newsroom
from .notify import Notifier, due_moves, low_clocks
from .protocol import (
    MAX_MESSAGE,
    TEXT,
    VERSION,
    Act,
    Create,
    Error,
    FollowLobby,
    Games,
    GameSummary,
    Hello,
    Join,
    Joined,
    Leave,
    ListGames,
    Open,
    Ping,
    Pong,
    ProtocolError,
    Ratings,
    Record,
    RecordReply,
    Refused,
    Say,
    Stand,
    Watch,
    Welcome,
    decode_client,
)
from .ratings import RatingStore, ratings_reply
from .sockets import peer_of, prepare_dir
from .standing import SeatAnswerer, StandingRefused, checked_standing

log = logging.getLogger(__name__)
# What a request costs of its account's budget (connection.Limits.rate a second, burst at once),
# besides its line: showing a game from its start encodes its whole history, a new game is a
# table and a row on disk, a finished game's record is read from disk and encoded whole, the
# leaderboard reads a page of ratings and the asker's history, a lobby page walks the games,
# standing answers are a row on disk. docs/deploy.md's table of limits says the same.
COST: dict[type, float] = {Create: 5.0, Record: 5.0, Join: 3.0, Open: 3.0, Watch: 3.0, Ratings: 3.0,
                           ListGames: 1.0, Stand: 1.0}


class Server:
    def __init__(self, database: GameDatabase, *, limits: Limits | None = None, bot_delay: float = 0.5,
                 thinker: Thinker | None = None, clock: Clock = SYSTEM_CLOCK,
                 presets: tuple[Pace, ...] = PRESETS, notifier: Notifier | None = None) -> None:
        self.database = database
        self.presets = presets  # the turn-based paces a host may pick (serve --pace-preset)
        self.notifier = notifier  # tells people when their move is due (serve --notify)
        self.clock = clock  # the games' time limits, rounds and bots (table/timekeeping.py)
        self.limits = limits or Limits()
        self.bot_delay = bot_delay
        self.thinker = thinker or Thinker(processes=default_processes())
        self.games: dict[str, hosting.Hosted] = {}
        self.codes = hosting.Codes(database)
        self.conns: set[Connection] = set()
        self.per_user: Counter[str] = Counter()  # connections per account, counted from their first byte
        self.serving: set[asyncio.Task[Any]] = set()  # each connection's task, awaited as the server stops
        self.chat = ChatMeter(self.limits.chat_per_minute, clock.now)
        self.budget = Budget(self.limits.rate, self.limits.burst, clock.now)
        self.disk = database.sync_off_loop()
        self.finished_views = library.FinishedViews()
        self.servers: list[asyncio.base_events.Server] = []
        self.ratings = RatingStore(database.db)
        self.ratings.catch_up(database)
        self.news = Newsroom(self._live_summary)
        # Kept games this server cannot play on, and why: said to whoever asks for one.
        self.stranded: dict[str, str] = {}
        for code in database.unfinished():
            try:
                hosted = hosting.restore_game(code, database, self.thinker, self.clock)
            except hosting.CannotGoOn as exc:
                self._strand(code, str(exc))
                continue
            if hosted is not None:
                self._host(hosted)

    def _host(self, hosted: hosting.Hosted) -> None:
        self.games[hosted.code] = hosted
        hosted.table.on_finish = lambda table, code=hosted.code: self._finished(code)
        hosted.table.start()
        self.news.listen(hosted.code, hosted.table)
        if self.notifier is not None and hosted.table.settings.turn_based:
            due_moves(hosted, self.notifier)
            hosted.on_close.append(low_clocks(hosted, self.notifier))
        for seat, settings in self.database.standing(hosted.code).items():
            try:
                self._keep_standing(hosted, seat, settings, checked_standing(hosted, settings), durable=False)
            except StandingRefused as exc:  # kept by another version: forgotten, and said once
                log.warning("game %s: seat %d's standing answers are forgotten: %s", hosted.code, seat + 1, exc)
                self.database.keep_standing(hosted.code, seat, None)

    def _strand(self, code: str, reason: str) -> str:
        """Game ``code`` cannot go on here: logged once in a line, and the words its players read."""
        if code not in self.stranded:
            log.error("game %s cannot go on on this server: %s", code, reason)
            self.stranded[code] = (f"Game {code} cannot go on on this server: {reason}. "
                                   "It is kept; ask the operator.")
        return self.stranded[code]

    def _live_summary(self, code: str) -> GameSummary | None:
        hosted = self.games.get(code)
        return None if hosted is None or hosted.table.over else hosted.summary()

    def _finished(self, code: str) -> None:
        # The last update goes out first; then the game is rated and leaves memory (it stays on
        # disk), and nobody's subscription keeps it there: a finished game is watched from disk.
        asyncio.get_running_loop().call_soon(self._let_go, code)

    def _let_go(self, code: str) -> None:
        hosted = self.games.pop(code, None)
        if hosted is None:
            return
        result = hosted.table.result()
        if result is not None:
            try:
                self.ratings.rate(code, hosted.table.seats, result.ranks)
            except Exception:  # the game is kept all the same; the next start rates it (catch_up)
                log.exception("game %s could not be rated", code)
        for conn in self.conns:
            held = conn.games.get(code)
            if held is not None and held[0] is hosted.table:
                del conn.games[code]
                conn.seats.pop(code, None)
                hosted.table.leave(held[1])
        self.news.drop(code)
        hosted.close()

    # -- listening -------------------------------------------------------------------------

    async def listen_unix(self, path: Path, *, system: bool = False) -> None:
        prepare_dir(path.parent, system=system)
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
        server = await asyncio.start_unix_server(
            lambda r, w: self._serve(r, w, "unix"), path=str(path), limit=MAX_MESSAGE + 1)
        # anyone on the machine may connect: who they are comes from the kernel, not from what they say
        path.chmod(0o666)
        self.servers.append(server)

    async def listen_bench_tcp(self, host: str, port: int) -> int:
        """A loopback TCP listener for the load benchmark and tests: claimed names, no secrets."""
        if host not in ("127.0.0.1", "::1", "localhost"):
            raise OSError("the benchmark transport listens on loopback only")
        server = await asyncio.start_server(
            lambda r, w: self._serve(r, w, "tcp"), host=host, port=port, limit=MAX_MESSAGE + 1)
        self.servers.append(server)
        return int(server.sockets[0].getsockname()[1])

    async def attach(self, sock: socket.socket, user: str, *, guest: bool = False) -> None:
        """A connection whose identity is already known (the SSH front door's socket pair)."""
        reader, writer = await asyncio.open_unix_connection(sock=sock, limit=MAX_MESSAGE + 1)
        asyncio.get_running_loop().create_task(self._serve(reader, writer, "ssh", user=user, guest=guest))

    async def close(self) -> None:
        for server in self.servers:
            server.close()
        self.news.close()
        await asyncio.sleep(0)  # a connection accepted a moment ago starts, and is closed with the rest
        for conn in list(self.conns):
            await conn.close()
        # Each connection's task ends by itself once its connection is closed (a client that does
        # not read takes up to two seconds): let it, rather than have asyncio.run cancel it half
        # way through its goodbye, which Python 3.11's streams log as an error.
        if self.serving:
            await asyncio.wait(list(self.serving), timeout=3)
        for hosted in self.games.values():
            # a turn-based table keeps its clocks as it closes: time stands while the server is down
            # (SIGTERM and Ctrl+C end the server through here)
            hosted.close()
        if self.notifier is not None:
            await self.notifier.close()
        self.thinker.close()
        self.disk.close()

    # -- one connection -----------------------------------------------------------------------

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, transport: str,
                     *, user: str | None = None, guest: bool = False) -> None:
        conn = Connection(reader, writer, transport, self.limits, user=user, guest=guest, durable=self.disk)
        counted: str | None = None
        task = asyncio.current_task()
        if task is not None:
            self.serving.add(task)
        try:
            refusal = self._admit(conn)
            if refusal is not None:
                conn.bye(refusal)
                return
            self.conns.add(conn)
            if conn.user is not None:
                counted = conn.user
                self.per_user[counted] += 1
            await self._conversation(conn)
        except Exception:  # one connection's failure never touches another
            log.exception("a connection failed")
            conn.bye("the server could not go on with this connection")
        finally:
            self._forget(conn)
            try:
                # a closing connection still counts against the caps while it says goodbye
                # (at most Connection's LINGER_SECONDS past its last word)
                await conn.close()
            finally:
                self.conns.discard(conn)
                if counted is not None:
                    self.per_user[counted] -= 1
                    if not self.per_user[counted]:
                        del self.per_user[counted]
                self.serving.discard(task)

    def _admit(self, conn: Connection) -> str | None:
        """Whether a connection may stay, decided before it says anything: None, or why not.

        A local account is known from the socket itself (the kernel says who connected), so its
        connections count against its cap from the first moment: silent ones too, or one
        account could hold every place by never saying hello."""
        if len(self.conns) >= self.limits.connections:
            return "the server is full; try again later"
        if conn.transport == "unix":
            sock = conn.writer.get_extra_info("socket")
            peer = peer_of(sock) if sock is not None else None
            if peer is None:
                return "cannot tell who you are"
            conn.user = peer.user
        if conn.user is not None and self.per_user[conn.user] >= self.limits.connections_per_user:
            return "you have too many connections open"
        return None

    async def _conversation(self, conn: Connection) -> None:
        line = await conn.read_line(self.limits.hello_timeout)
        if line is None:
            return
        try:
            hello = decode_client(line)
            if not isinstance(hello, Hello):
                raise ProtocolError("say hello first")
            self._hello(conn, hello)
        except ProtocolError as exc:
            conn.bye(str(exc))
            return
        while not conn.closed:
            line = await conn.read_line(self.limits.idle_timeout)
            if line is None:
                return
            if not conn.allow():
                conn.bye("too many messages: closing")
                return
            if not line.strip():
                continue
            try:
                message = decode_client(line)
                cost = COST.get(type(message), 0.0)
                if cost and not self.budget.allow(conn.user or "", cost):
                    conn.send(Error(getattr(message, "ref", None), "Too many requests at once; wait a moment."))
                    continue
                self._dispatch(conn, message)
            except ProtocolError as exc:
                conn.errors += 1
                conn.send(Error(None, str(exc)))
                if conn.errors > self.limits.bad_messages:
                    conn.bye("too many bad messages: closing")
                    return

    def _hello(self, conn: Connection, hello: Hello) -> None:
        if hello.version != VERSION:
            raise ProtocolError(f"this server speaks version {VERSION}; update grail-tui")
        if conn.transport == "tcp":  # a claimed name: counted once claimed (the others at _admit)
            try:
                conn.user = "bench:" + clean_name(hello.name or "")
            except NameRefused as exc:
                raise ProtocolError(f"the benchmark transport needs a name: {exc}") from None
            if sum(1 for c in self.conns if c.user == conn.user) > self.limits.connections_per_user:
                raise ProtocolError("you have too many connections open")
        assert conn.user is not None
        conn.send(Welcome(VERSION, conn.user, conn.guest, tuple(p.name for p in self.presets),
                          hosting.offered_choices()))

    def _forget(self, conn: Connection) -> None:
        self.news.follow(conn, False)
        for table, sub in conn.games.values():
            table.leave(sub)
        conn.games.clear()

    # -- requests -------------------------------------------------------------------------------

    def _dispatch(self, conn: Connection, message: Any) -> None:
        assert conn.user is not None
        match message:
            case Ping(ref=ref):
                conn.send(Pong(ref))
            case ListGames():
                conn.send(self._list(conn, message))
            case Create():
                self._create(conn, message)
            case Join(ref=ref, code=code):
                self._open(conn, ref, code.upper(), take_seat=True)
            case Open(ref=ref, code=code):
                self._open(conn, ref, code.upper(), take_seat=False)
            case Watch(ref=ref, code=code):
                self._watch(conn, ref, code.upper())
            case Leave(code=code):
                held = conn.games.pop(code.upper(), None)
                if held is not None:
                    held[0].leave(held[1])
                conn.seats.pop(code.upper(), None)
            case Act():
                self._act(conn, message)
            case Stand():
                self._stand(conn, message)
            case Say(code=code, text=text):
                self._say(conn, code.upper(), text)
            case Record(ref=ref, code=code):
                record = self.database.record(code.upper())
                conn.send(RecordReply(ref, code.upper(), record) if record is not None else
                          Error(ref, f"There is no finished game {code.upper()}."))
            case Ratings():
                conn.send(ratings_reply(self.ratings, conn.user, message, self.limits.page))
            case FollowLobby(follow=on):
                self.news.follow(conn, on)
            case Hello():
                raise ProtocolError("you said hello already")

    def _list(self, conn: Connection, message: ListGames) -> Games:
        user, page = conn.user, self.limits.page
        live = [h for h in self.games.values() if not h.table.over]
        if message.which == "mine":
            chosen = self._mine(user or "", live)
        elif message.which == "open":
            chosen = [h for h in live if (seat := h.free_seat_for(user or "")) is not None
                      and h.lookalike_of(user or "", seat) is None]
        elif message.which == "live":
            chosen = live
        else:
            rows = library.finished_summaries(self.database, message.player, message.page * page, page + 1)
            return Games(message.ref, message.which, message.page, tuple(rows[:page]), len(rows) > page)
        start = message.page * page
        rows = [h.summary() for h in chosen[start:start + page]]
        if message.which == "mine":  # the asker's own: whether each waits on them now, their answers kept
            rows = [h.for_player(s, user or "") for s, h in zip(rows, chosen[start:], strict=False)]
        return Games(message.ref, message.which, message.page, tuple(rows), len(chosen) > start + page)

    def _mine(self, user: str, live: list[hosting.Hosted]) -> list[hosting.Hosted]:
        """A person's games, the most urgent first: those waiting on them by deadline, then the rest."""
        mine = [h for h in live if h.seat_of(user) is not None]
        inf = float("inf")

        def urgency(hosted: hosting.Hosted) -> tuple[bool, float]:
            deadline = hosted.table.deadline_wall() if hosted.table.settings.turn_based else None
            return (not hosted.waits_on(user), inf if deadline is None else deadline)

        return sorted(mine, key=urgency)

    def _turn_games(self, user: str) -> int:
        return sum(1 for h in self.games.values()
                   if h.table.settings.turn_based and not h.table.over and h.seat_of(user) is not None)

    def _create(self, conn: Connection, message: Create) -> None:
        assert conn.user is not None
        if conn.guest:
            conn.send(Error(message.ref, "Guests may watch games but not create them."))
            return
        if self._full(conn, message.ref, ""):
            return
        if self.database.count_open(conn.user) >= self.limits.games_per_user:
            conn.send(Error(message.ref, f"You have {self.limits.games_per_user} unfinished games "
                                         "already; finish or leave one first."))
            return
        if message.rules.pace != "live" and self._turn_games(conn.user) >= self.limits.turn_games_per_user:
            conn.send(Error(message.ref, self._too_many_turn_games()))
            return
        try:
            hosted = hosting.create_game(message, conn.user, self.database, self.codes, self.games,
                                         self.thinker, self.bot_delay, self.clock, self.presets)
        except TableError as exc:
            conn.send(Error(message.ref, str(exc)))
            return
        self._host(hosted)
        self._subscribe(conn, message.ref, hosted, 0)

    def _open(self, conn: Connection, ref: int, code: str, *, take_seat: bool) -> None:
        assert conn.user is not None
        hosted = self.games.get(code)
        if hosted is None:
            conn.send(Error(ref, self.stranded.get(code)
                            or f"There is no game {code} going on; finished games can be watched."))
            return
        if self._full(conn, ref, code):
            return
        seat = None if conn.guest else hosted.seat_of(conn.user)  # a guest holds no seat, ever
        if seat is None and take_seat:
            if conn.guest:
                conn.send(Error(ref, "Guests may watch games but not take a seat."))
                return
            seat = hosted.free_seat_for(conn.user)
            if seat is None:
                conn.send(Error(ref, "That game has no seat free for you; you can watch it."))
                return
            if hosted.table.settings.turn_based and \
                    self._turn_games(conn.user) >= self.limits.turn_games_per_user:
                conn.send(Error(ref, self._too_many_turn_games()))
                return
            if (lookalike := hosted.lookalike_of(conn.user, seat)) is not None:
                conn.send(Error(ref, f"That game has a seat called {lookalike}, which looks like your name; "
                                     "two seats may not look alike. You can watch it."))
                return
            hosted.table.seat_person(seat, conn.user)
        if seat is None:
            conn.send(Error(ref, "You have no seat in that game; join it, or watch it."))
            return
        self._subscribe(conn, ref, hosted, seat)

    def _too_many_turn_games(self) -> str:
        return (f"You play {self.limits.turn_games_per_user} turn-based games already, as many as this "
                "server allows; finish one first.")

    def _watch(self, conn: Connection, ref: int, code: str) -> None:
        hosted = self.games.get(code)
        if hosted is not None:
            if not self._full(conn, ref, code):
                self._subscribe(conn, ref, hosted, None)
            return
        # A finished game never changes: it is shown once, from disk, and nothing is kept open.
        shown = self.finished_views.get(code, lambda: self._finished_view(code))
        if shown is None:
            conn.send(Error(ref, self.stranded.get(code) or f"There is no game {code}."))
            return
        game, data = shown
        conn.send(Joined(ref, code, game, None))
        conn.send_raw(data)

    def _finished_view(self, code: str) -> tuple[str, bytes] | None:
        try:
            hosted = hosting.restore_game(code, self.database, self.thinker, self.clock)
        except hosting.CannotGoOn as exc:
            self._strand(code, str(exc))
            return None
        if hosted is None:
            return None
        table = hosted.table
        shown: list[SeatUpdate] = []
        try:
            if not table.over:
                return None
            table.leave(table.join(None, shown.append, person=False))  # what a new spectator sees
            return hosted.kind.name, hosted.encoded(shown[0])
        finally:
            table.close()

    def _full(self, conn: Connection, ref: int, code: str) -> bool:
        """Has this connection as many games open as it may (checked before anything is made)?"""
        if code in conn.games or len(conn.games) < self.limits.games_per_connection:
            return False
        conn.send(Error(ref, f"You have {len(conn.games)} games open on this connection; leave one first."))
        return True

    def _subscribe(self, conn: Connection, ref: int, hosted: hosting.Hosted, seat: int | None) -> None:
        code = hosted.code
        old = conn.games.pop(code, None)
        if old is not None:
            old[0].leave(old[1])
        conn.seats[code] = seat
        answerer = hosted.answerers.get(seat) if seat is not None else None
        kept = answerer.standing(answerer.seat) if answerer is not None else None
        settings = hosted.kind.standing_settings(kept) if kept is not None else None
        conn.send(Joined(ref, code, hosted.kind.name, seat, turn_based=hosted.table.settings.turn_based,
                         standing=settings or {}))

        def tell(update: SeatUpdate) -> None:
            conn.send_raw(hosted.encoded(update))

        conn.games[code] = (hosted.table, hosted.table.join(seat, tell, person=not conn.guest))

    def _seated(self, conn: Connection, code: str) -> tuple[hosting.Hosted, int] | None:
        """The game and the seat this connection plays in it; None, refused, if it plays in none."""
        hosted = self.games.get(code)
        seat = conn.seats.get(code)
        if hosted is None or seat is None or code not in conn.games or conn.games[code][0] is not hosted.table:
            conn.send(Refused(code, "You do not play in that game."))
            return None
        return hosted, seat

    def _act(self, conn: Connection, message: Act) -> None:
        code = message.code.upper()
        if (seated := self._seated(conn, code)) is None:
            return
        hosted, seat = seated
        try:
            action = hosted.kind.action_from_dict(message.action)
        except hosted.kind.illegal as exc:
            conn.send(Refused(code, f"That action is not understood: {exc}"))
            return
        try:
            hosted.table.submit(seat, action, message.seq)
        except TableError as exc:
            conn.send(Refused(code, str(exc)))

    def _stand(self, conn: Connection, message: Stand) -> None:
        """A person's standing answers in a turn-based game: kept, or cleared (no settings)."""
        code = message.code.upper()
        if (seated := self._seated(conn, code)) is None:
            return
        hosted, seat = seated
        if not message.settings:
            self._forget_standing(hosted, seat)
            return
        try:
            standing = checked_standing(hosted, message.settings)
        except StandingRefused as exc:
            conn.send(Refused(code, str(exc)))
            return
        self._keep_standing(hosted, seat, dict(message.settings), standing)

    def _keep_standing(self, hosted: hosting.Hosted, seat: int, settings: dict[str, int], standing: Any,
                       *, durable: bool = True) -> None:
        old = hosted.answerers.pop(seat, None)
        if old is not None:
            old.close()
        answerer = SeatAnswerer(hosted, seat, standing, functools.partial(self._forget_standing, hosted))
        if answerer.standing(seat) is None:  # over already (a turn that has ended)
            answerer.close()
            if not durable:
                self.database.keep_standing(hosted.code, seat, None)
            return
        hosted.answerers[seat] = answerer
        if durable:
            self.database.keep_standing(hosted.code, seat, settings)

    def _forget_standing(self, hosted: hosting.Hosted, seat: int) -> None:
        answerer = hosted.answerers.pop(seat, None)
        if answerer is not None:
            answerer.close()
            self.database.keep_standing(hosted.code, seat, None)

    def _say(self, conn: Connection, code: str, text: str) -> None:
        hosted = self.games.get(code)
        if hosted is None or code not in conn.games:
            conn.send(Error(None, "Open or watch the game to talk in it."))
            return
        if conn.guest:
            conn.send(Error(None, "Guests may watch but not talk; come with an SSH key to join in."))
            return
        line = clean_text(text, limit=TEXT)
        if not line:
            return
        assert conn.user is not None
        if not self.chat.allow(conn.user, code):
            conn.send(Error(None, "You are talking too fast; wait a moment."))
            return
        hosted.table.say(conn.user, line)
