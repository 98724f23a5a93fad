"""`grail-tui serve`: one asyncio server that owns every game on the machine.

Who a player is: on the Unix socket, the OS account that connected (peer
credentials); over TCP, the name behind a token issued at the first hello.
Every accepted action is committed to SQLite before anyone hears of it. Each
connection receives only its own seat's view and the events that seat may
see; spectators receive the public view.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import pwd
import random
import secrets
import string
import time
from pathlib import Path
from typing import Any

from grail_tui.games.hunt.bots import make_bot
from grail_tui.games.hunt.engine import (
    Action,
    Concede,
    Game,
    GameRecord,
    IllegalActionError,
    MalformedActionError,
    Matched,
    Object,
    ObjectionsRevealed,
    Pass,
    Phase,
    Proposed,
    Setup,
    Variant,
    action_from_dict,
    action_to_dict,
    jsonable,
    visible_to,
)
from grail_tui.table import pace

from .hosted import Connection, Hosted, Seat, Settings, peer_user
from .protocol import MAX_MESSAGE, VERSION, ProtocolError, decode, need
from .storage import Store

CODE_LETTERS = "".join(c for c in string.ascii_uppercase if c not in "IO")


class Server:
    def __init__(self, store: Store, *, hello_timeout: float = 10.0, bot_delay: float = 0.5,
                 rate: float = 30.0, burst: float = 120.0) -> None:
        self.store = store
        self.hello_timeout = hello_timeout
        self.bot_delay = bot_delay
        self.rate, self.burst = rate, burst
        self.games: dict[str, Hosted] = {}
        self.servers: list[asyncio.base_events.Server] = []
        self._tick: asyncio.Task[None] | None = None
        self.rng = random.Random()
        self._restore()

    # -- life ------------------------------------------------------------------------

    def _restore(self) -> None:
        for stored in self.store.games():
            record = GameRecord.from_dict({"format": "grail-tui-record", "version": 1,
                                           "setup": stored.setup, "actions": stored.actions})
            hosted = Hosted(stored.code, record.replay(), [Seat(**s) for s in stored.seats],
                            Settings(**stored.settings), chat=stored.chat)
            self._make_bots(hosted)
            self.games[stored.code] = hosted

    async def start(self, unix_path: Path | None, tcp: tuple[str, int] | None = None) -> None:
        if unix_path is not None:
            unix_path.parent.mkdir(parents=True, exist_ok=True)
            with contextlib.suppress(FileNotFoundError):
                unix_path.unlink()
            server = await asyncio.start_unix_server(
                lambda r, w: self._serve(r, w, "unix"), path=str(unix_path), limit=MAX_MESSAGE + 1)
            # anyone may connect: who they are comes from the kernel, not from what they say
            os.chmod(unix_path, 0o666)
            self.servers.append(server)
        if tcp is not None:
            server = await asyncio.start_server(
                lambda r, w: self._serve(r, w, "tcp"), host=tcp[0], port=tcp[1], limit=MAX_MESSAGE + 1)
            self.servers.append(server)
        self._tick = asyncio.get_running_loop().create_task(self._ticker())

    async def close(self) -> None:
        if self._tick:
            self._tick.cancel()
        for server in self.servers:
            server.close()
        for hosted in self.games.values():
            for conn in list(hosted.conns):
                await conn.close()

    # -- one connection -----------------------------------------------------------------

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, kind: str) -> None:
        conn = Connection(reader, writer, kind, self.rate, self.burst)
        try:
            await self._conversation(conn)
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            self._forget(conn)
            await conn.close()

    async def _conversation(self, conn: Connection) -> None:
        try:
            first = await asyncio.wait_for(self._read(conn), self.hello_timeout)
        except TimeoutError:
            conn.send({"type": "bye", "error": "no hello: closing"})
            return
        if first is None:
            return
        if first.get("type") != "hello":
            conn.send({"type": "bye", "error": "say hello first"})
            return
        try:
            self._hello(conn, first)
        except ProtocolError as exc:
            conn.send({"type": "bye", "error": str(exc)})
            return
        while not conn.closed:
            message = await self._read(conn)
            if message is None:
                return
            if not conn.allow():
                conn.send({"type": "bye", "error": "too many messages: closing"})
                return
            try:
                self._dispatch(conn, message)
            except ProtocolError as exc:
                conn.errors += 1
                conn.send({"type": "error", "error": str(exc), "code": message.get("code")})
                if conn.errors > 50:
                    conn.send({"type": "bye", "error": "too many bad messages: closing"})
                    return
            await conn.writer.drain()

    async def _read(self, conn: Connection) -> dict[str, Any] | None:
        while True:
            try:
                line = await conn.reader.readuntil(b"\n")
            except asyncio.LimitOverrunError:
                conn.send({"type": "bye", "error": f"message longer than {MAX_MESSAGE} bytes: closing"})
                return None
            except asyncio.IncompleteReadError:
                return None
            except ValueError:
                conn.send({"type": "bye", "error": f"message longer than {MAX_MESSAGE} bytes: closing"})
                return None
            if not line.strip():
                continue
            try:
                return decode(line)
            except ProtocolError as exc:
                conn.errors += 1
                conn.send({"type": "error", "error": str(exc)})
                if conn.errors > 50 or not conn.allow():
                    conn.send({"type": "bye", "error": "too many bad messages: closing"})
                    return None

    def _hello(self, conn: Connection, m: dict[str, Any]) -> None:
        if m.get("version") != VERSION:
            raise ProtocolError(f"this server speaks version {VERSION}")
        if conn.kind == "unix":
            conn.user = peer_user(conn.writer)
            if conn.user is None:
                raise ProtocolError("cannot tell who you are")
            conn.send({"type": "welcome", "user": conn.user})
            return
        token = m.get("token")
        if isinstance(token, str):
            name = self.store.token_name(token)
            if name is None:
                raise ProtocolError("unknown token")
            conn.user = name
            conn.send({"type": "welcome", "user": name})
            return
        name = need(m, "name", str).strip()
        if not (1 <= len(name) <= 20) or not name.replace("-", "").replace("_", "").isalnum():
            raise ProtocolError("a name is 1-20 letters, digits, - or _")
        with contextlib.suppress(KeyError):
            pwd.getpwnam(name)
            raise ProtocolError("that name belongs to an account on this machine")
        token = secrets.token_urlsafe(24)
        if not self.store.add_token(token, "net:" + name):
            raise ProtocolError("that name is taken")
        conn.user = "net:" + name
        conn.send({"type": "welcome", "user": conn.user, "token": token})

    def _forget(self, conn: Connection) -> None:
        for code, seat in conn.games.items():
            hosted = self.games.get(code)
            if hosted is None:
                continue
            hosted.conns.discard(conn)
            if seat is not None and not any(c.games.get(code) == seat for c in hosted.conns):
                hosted.dropped[seat] = time.monotonic()

    # -- requests -----------------------------------------------------------------------

    def _dispatch(self, conn: Connection, m: dict[str, Any]) -> None:
        kind = m["type"]
        assert conn.user is not None
        if kind == "list":
            conn.send({"type": "games", "games": [g.summary() for g in self.games.values()
                                                   if g.status != "over"]})
        elif kind == "mine":
            conn.send({"type": "games", "games": [g.summary() for g in self.games.values()
                                                   if g.seat_of(conn.user) is not None]})
        elif kind == "create":
            self._create(conn, m)
        elif kind in ("join", "open"):
            hosted = self._game(m)
            seat = hosted.seat_of(conn.user)
            if seat is None and kind == "join":
                free = [s for s in hosted.humans if hosted.seats[s].name is None]
                if not free:
                    raise ProtocolError("that game has no free seat; you can watch it")
                seat = free[0]
                hosted.seats[seat].name = conn.user
                self.store.seats(hosted.code, [s.to_dict() for s in hosted.seats])
                self.store.status(hosted.code, hosted.status)
            if seat is None:
                raise ProtocolError("you have no seat in that game")
            self._subscribe(conn, hosted, seat)
        elif kind == "watch":
            self._subscribe(conn, self._game(m), None)
        elif kind == "leave":
            hosted = self._game(m)
            conn.games.pop(hosted.code, None)
            hosted.conns.discard(conn)
        elif kind == "act":
            self._act(conn, m)
        elif kind == "chat":
            hosted = self._game(m)
            if hosted.code not in conn.games:
                raise ProtocolError("open or watch the game to talk in it")
            text = need(m, "text", str).strip()[:500]
            if text:
                entry = {"user": conn.user, "text": text}
                self.store.chat(hosted.code, len(hosted.chat), conn.user, text)
                hosted.chat.append(entry)
                for c in hosted.conns:
                    c.send({"type": "chat", "code": hosted.code, **entry})
        else:
            raise ProtocolError(f"unknown message type {kind!r}")

    def _game(self, m: dict[str, Any]) -> Hosted:
        code = need(m, "code", str).upper()
        hosted = self.games.get(code)
        if hosted is None:
            raise ProtocolError(f"no game {code!r}")
        return hosted

    def _create(self, conn: Connection, m: dict[str, Any]) -> None:
        players = need(m, "players", int)
        bots = need(m, "bots", list, [None] * players)
        if len(bots) != players or bots[0] is not None:
            raise ProtocolError("'bots' names a level or null for every seat, and seat 1 is yours")
        for level in bots:
            if level not in (None, "random", "heuristic", "strong"):
                raise ProtocolError(f"unknown bot level {level!r}")
        try:
            variant = Variant(need(m, "variant", str, "standard"))
            first = m.get("first_player")
            if first is not None and (not isinstance(first, int) or isinstance(first, bool)):
                raise ProtocolError("'first_player' is a seat number from 0")
            setup = Setup(players=players, variant=variant,
                          seed=need(m, "seed", int, self.rng.randrange(1 << 30)),
                          turn_limit=need(m, "turn_limit", int, 500), first_player=first)
        except ValueError as exc:
            raise ProtocolError(str(exc)) from None
        settings = Settings.from_message(m, self.bot_delay)
        code = self._new_code()
        names = m.get("names", [])
        if not isinstance(names, list):
            raise ProtocolError("'names' is a list of names")
        seats = [Seat(bot=level) for level in bots]
        for k, seat in enumerate(seats):
            if seat.bot is not None:
                given = names[k] if k < len(names) and isinstance(names[k], str) else ""
                seat.name = given.strip()[:20] or f"Bot {k + 1}"
        seats[0].name = conn.user
        hosted = Hosted(code, Game(setup), seats, settings)
        self._make_bots(hosted)
        record = GameRecord.of(hosted.game).to_dict()
        self.store.create(code, record["setup"], [s.to_dict() for s in seats], settings.to_dict())
        self.store.status(code, hosted.status)
        self.games[code] = hosted
        self._subscribe(conn, hosted, 0)
        self._wake(hosted)

    def _new_code(self) -> str:
        while True:
            code = "".join(self.rng.choice(CODE_LETTERS) for _ in range(4))
            if code not in self.games:
                return code

    def _make_bots(self, hosted: Hosted) -> None:
        for s, seat in enumerate(hosted.seats):
            if seat.bot is not None:
                hosted.bots[s] = make_bot(seat.bot, hosted.game.setup.seed * 31 + s)

    def _subscribe(self, conn: Connection, hosted: Hosted, seat: int | None) -> None:
        conn.games[hosted.code] = seat
        conn.sent[hosted.code] = 0
        hosted.conns.add(conn)
        if seat is not None:
            hosted.dropped.pop(seat, None)
        conn.send({"type": "joined", "code": hosted.code, "seat": seat,
                   "seats": [s.to_dict() for s in hosted.seats], "settings": hosted.settings.to_dict(),
                   "chat": hosted.chat[-50:]})
        self._send_state(hosted, conn)

    def _act(self, conn: Connection, m: dict[str, Any]) -> None:
        hosted = self._game(m)
        seat = conn.games.get(hosted.code)
        if seat is None:
            raise ProtocolError("you do not play in that game")
        try:
            action = action_from_dict(m.get("action"))
        except MalformedActionError as exc:
            raise ProtocolError(f"bad action: {exc}") from None
        if action.player != seat:
            raise ProtocolError(f"you play seat {seat + 1}; act for yourself only")
        if time.monotonic() < hosted.hold_until:
            raise ProtocolError("the last objection round is still being revealed; try again")
        try:
            self._apply(hosted, action)
        except IllegalActionError as exc:
            conn.send({"type": "error", "code": hosted.code, "error": str(exc)})

    # -- the game moves -------------------------------------------------------------------

    def _apply(self, hosted: Hosted, action: Action) -> None:
        game = hosted.game
        events = game.apply(action)  # raises, changing nothing, if illegal
        self.store.action(hosted.code, len(game.actions) - 1, action_to_dict(action))
        if game.is_over:
            self.store.status(hosted.code, "over")
        now = time.monotonic()
        if any(isinstance(e, (Proposed, Matched)) for e in events):
            hosted.round_started = now
        resolved = any(isinstance(e, ObjectionsRevealed) for e in events)
        if resolved and len(hosted.humans) >= 2 and hosted.settings.min_round > 0:
            # The round's speed must not tell who had nothing to reveal.
            hosted.hold_until = max(now, hosted.round_started + hosted.settings.min_round)
        if game.phase is Phase.REPLY or game.phase is Phase.TURN:
            hosted.round_started = max(now, hosted.hold_until)
        delay = hosted.hold_until - now
        if isinstance(action, (Pass, Object)) and not resolved:
            # An answer inside a round: only the one who answered hears of it now.
            for conn in hosted.conns:
                if conn.games.get(hosted.code) == action.player:
                    self._send_state(hosted, conn)
            self._wake(hosted)
            return
        if delay > 0:
            asyncio.get_running_loop().call_later(delay, self._publish, hosted)
        else:
            self._publish(hosted)

    def _publish(self, hosted: Hosted) -> None:
        for conn in list(hosted.conns):
            self._send_state(hosted, conn)
        self._wake(hosted)

    def _send_state(self, hosted: Hosted, conn: Connection) -> None:
        """One state message. What every seat shares is encoded once per position."""
        seat = conn.games.get(hosted.code)
        game = hosted.game
        shared = hosted.shared
        position = (len(game.actions), len(hosted.seats), tuple(s.name for s in hosted.seats))
        if shared.get("position") != position:
            shared.clear()
            shared["position"] = position
            public = game.public_view()
            shared["public"] = public
            shared["public_json"] = json.dumps(jsonable(public), separators=(",", ":"))
            shared["to_act"] = game.to_act()
            shared["seats"] = [s.to_dict() for s in hosted.seats]
        public_json = shared["public_json"]
        if seat is None:
            view_json = public_json
        else:
            own = game.view(seat, public=shared["public"])
            private = json.dumps({"sheet": jsonable(own.sheet), "hq": jsonable(own.hq),
                                  "answer": own.answer, "may_assign": own.may_assign,
                                  "waiting": own.waiting},
                                 separators=(",", ":"))
            view_json = f'{{"kind":"PlayerView","player":{seat},"public":{public_json},{private[1:]}'
        start = conn.sent.get(hosted.code, 0)
        events = [jsonable(e) for e in game.history[start:] if visible_to(e, seat)]
        conn.sent[hosted.code] = len(game.history)
        message: dict[str, Any] = {
            "type": "state", "code": hosted.code, "seat": seat, "seats": shared["seats"],
            "events": events, "status": hosted.status, "version": len(game.actions),
            "your_move": seat is not None and seat in shared["to_act"]}
        if game.is_over:  # every sheet is public now: the whole record may go out
            record = GameRecord.of(game)
            record.chat = list(hosted.chat)
            message["record"] = record.to_dict()
        rest = json.dumps(message, separators=(",", ":"))
        conn.send_raw(f'{{"view":{view_json},{rest[1:]}\n'.encode())

    def _wake(self, hosted: Hosted) -> None:
        if hosted.busy or hosted.game.is_over:
            return
        if time.monotonic() < hosted.hold_until:
            return
        waiting = [s for s in hosted.game.to_act() if s in hosted.bots or self._taken_over(hosted, s)]
        if waiting:
            hosted.busy = True
            asyncio.get_running_loop().create_task(self._bots_act(hosted, waiting))

    def _taken_over(self, hosted: Hosted, seat: int) -> bool:
        after = hosted.settings.takeover_after
        since = hosted.dropped.get(seat)
        return after is not None and since is not None and time.monotonic() - since >= after

    async def _bots_act(self, hosted: Hosted, seats: list[int]) -> None:
        try:
            if hosted.settings.bot_delay:
                await asyncio.sleep(hosted.settings.bot_delay)
            game = hosted.game
            decided = await pace.decide_together(
                game, seats, lambda seat: hosted.bots.get(seat) or make_bot("heuristic", seat))
            for seat, action in decided:
                if seat in game.to_act() and not game.is_over:
                    with contextlib.suppress(IllegalActionError):
                        self._apply(hosted, action)
        finally:
            hosted.busy = False
        if not hosted.game.is_over:
            asyncio.get_running_loop().call_soon(self._wake, hosted)

    async def _ticker(self) -> None:
        """Timeouts: silent players pass, a silent mover concedes; dropped seats are taken over."""
        while True:
            await asyncio.sleep(0.25)
            now = time.monotonic()
            for hosted in list(self.games.values()):
                game = hosted.game
                if game.is_over or now < hosted.hold_until:
                    continue
                if now - hosted.round_started >= hosted.settings.answer_timeout:
                    with contextlib.suppress(IllegalActionError):
                        if game.phase is Phase.OBJECTIONS:
                            for seat in game.to_act():
                                if seat not in hosted.bots:
                                    self._apply(hosted, Pass(seat))
                                    if game.phase is not Phase.OBJECTIONS:
                                        break
                        elif game.phase is Phase.REPLY and game.mover not in hosted.bots:
                            self._apply(hosted, Concede(game.mover))
                if hosted.dropped:
                    self._wake(hosted)


LAST: Server | None = None  # the running server, for `grail-tui serve` to report its ports


def default_database() -> Path:
    from platformdirs import user_state_dir

    return Path(os.environ.get("GRAIL_TUI_SERVER_DB") or Path(user_state_dir("grail-tui")) / "server.db")


async def serve(unix_path: Path | None, tcp: tuple[str, int] | None, db: Path,
                ready: asyncio.Event | None = None, **options: Any) -> None:
    global LAST
    store = Store(db)
    server = Server(store, **options)
    LAST = server
    await server.start(unix_path, tcp)
    if ready is not None:
        ready.set()
    try:
        await asyncio.Event().wait()
    finally:
        await server.close()
        store.close()
