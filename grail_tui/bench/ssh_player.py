"""One person at an ssh client for `grail-tui bench ssh`: a key, a terminal, a simple way to play.

The player reads nothing but the bytes its terminal receives. Every key it
times has a marker: text that only the repaint showing that key's effect
contains (a pane's title, the prompt a key opens, the next turn's number). The
time of a key is from writing it to the arrival of the bytes that complete its
marker; its bytes are everything received from the write to the end of that
burst (no 20 ms gap). A player plays its own game against two bots: it makes
an opening, assigns nothing on its turns (a bluff the others hear of), passes
every objection round, and between those looks at its panes, about one key a
second, as a person does while the bots think.
"""

from __future__ import annotations

import asyncio
import random
import re
import time
from dataclasses import dataclass, field
from typing import Any

import asyncssh

SIZE = (100, 30)
KEY_WAIT = 15.0  # seconds a marker may take before the key counts as lost
FORM_WAIT = 3.0  # seconds a form row's repaint may take to say it changed as wanted, before the next key
OPEN_WAIT = 60.0  # ... for a step of the new-game form and the game's first screen (50 at once)
BURST_GAP = 0.02  # seconds of silence that end the bytes of one repaint
KEYS = {"enter": b"\r", "escape": b"\x1b"}
PANES = ((b"s", b"Your sheet"), (b"t", b"Known at least"), (b"b", b"Bidding war"))
TURN = re.compile(rb"Turn (\d+)/\d+ \xc2\xb7 ")
YOUR_TURN = b"Your turn: p proposes"
ASKED = b"o objects (beat"
OVER = b"Game over"


@dataclass(frozen=True)
class Script:
    """A game's part of the benchmark, from its ``ui().bench_ssh(players)`` (the benchmark names
    no game): ``form``, steps on the server's new-game form from its first row, each a key
    pressed until its marker shows (None: once); ``opened``, a marker of the game's screen;
    ``panes``, keys that switch a pane with the markers of what they show; ``asked``, markers of
    what the game asks the person, with the keys that answer it (typed untimed)."""

    form: tuple[tuple[bytes, bytes | None], ...]
    opened: bytes
    panes: tuple[tuple[bytes, tuple[bytes, ...]], ...]
    asked: tuple[tuple[bytes, tuple[bytes, ...]], ...]
    over: bytes = OVER


def script(data: dict[str, Any]) -> Script:
    """A game's script, its keys named as Textual names them ("down", "enter") or as typed."""
    def key(name: str) -> bytes:
        return NAMED.get(name, name.encode())

    return Script(form=tuple((key(k), m.encode() if m else None) for k, m in data["form"]),
                  opened=data["opened"].encode(),
                  panes=tuple((key(k), tuple(m.encode() for m in ms)) for k, ms in data["panes"]),
                  asked=tuple((m.encode(), tuple(key(k) for k in ks)) for m, ks in data["asked"]))


NAMED = {"enter": b"\r", "escape": b"\x1b", "down": b"\x1b[B", "up": b"\x1b[A", "right": b"\x1b[C",
         "left": b"\x1b[D", "home": b"\x1b[H"}


@dataclass(frozen=True, slots=True)
class Timed:
    """One key: ``ui`` if the app answers it alone, ``action`` if the game server must, ``open``
    for the key that creates a game and opens its screen."""

    kind: str
    sent: float  # monotonic time the key was written
    seconds: float
    bytes: int


@dataclass
class Player:
    name: str
    address: str  # the loopback address it connects from: one person, one address
    key: asyncssh.SSHKey = field(default_factory=lambda: asyncssh.generate_private_key("ssh-ed25519"))
    buffer: bytearray = field(default_factory=bytearray)
    arrivals: list[tuple[float, int]] = field(default_factory=list)  # (time, buffer length after)
    timed: list[Timed] = field(default_factory=list)
    lost: int = 0
    untimed: int = 0
    began: float = 0.0
    connected: float | None = None  # seconds from the start to the session's channel being open
    prompted: float | None = None  # ... to the name prompt
    lobby: float | None = None  # ... to the first lobby frame
    playing: bool = False
    settled: float | None = None  # when its opening was made: from then on it only plays
    error: str | None = None
    _conn: asyncssh.SSHClientConnection | None = None
    _process: asyncssh.SSHClientProcess[bytes] | None = None
    _news: asyncio.Event = field(default_factory=asyncio.Event)
    _reader: asyncio.Task[None] | None = None
    _seen: int = 0  # requests are looked for only in bytes after this
    script: Script | None = None  # a game's own keys; None: the default game's (the hunt's) below

    async def arrive(self, port: int) -> None:
        """Connect, choose a name, reach the lobby; the times are kept."""
        self.began = time.monotonic()
        self._conn = await asyncssh.connect(
            "127.0.0.1", port, local_addr=(self.address, 0), username=self.name, client_keys=[self.key],
            known_hosts=None, agent_path=None, config=None, preferred_auth="publickey")
        self._process = await self._conn.create_process(term_type="xterm-256color", term_size=SIZE,
                                                        encoding=None)
        self.connected = time.monotonic() - self.began
        self._reader = asyncio.get_running_loop().create_task(self._read())
        at, _ = await self._wait([b"Name:"], 0, KEY_WAIT)
        self.prompted = at - self.began
        self._write(self.name.encode() + b"\r")
        at, _ = await self._wait([f"you are {self.name}".encode()], 0, KEY_WAIT)
        self.lobby = at - self.began

    async def _read(self) -> None:
        assert self._process is not None
        try:
            while data := await self._process.stdout.read(65536):
                self.buffer += data
                self.arrivals.append((time.monotonic(), len(self.buffer)))
                self._news.set()
        except (asyncssh.Error, ConnectionError):
            pass
        finally:
            self._news.set()

    def _write(self, data: bytes) -> None:
        assert self._process is not None
        self._process.stdin.write(data)

    async def _wait(self, markers: list[bytes], since: int, timeout: float) -> tuple[float, int]:
        """When the first of ``markers`` was complete in the bytes after ``since``, and where it ends."""
        deadline = time.monotonic() + timeout
        while True:
            found = [(at, len(marker)) for marker in markers
                     if (at := self.buffer.find(marker, max(0, since))) >= 0]
            if found:
                end = min(at + length for at, length in found)
                return next(t for t, size in self.arrivals if size >= end), end
            if self._reader is not None and self._reader.done():
                raise ConnectionError("the session ended")
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            self._news.clear()
            try:
                await asyncio.wait_for(self._news.wait(), left)
            except TimeoutError:
                pass

    async def press(self, key: bytes, markers: list[bytes], kind: str, wait: float = KEY_WAIT) -> bool:
        """Type ``key`` and time the repaint that shows it; False if it never came."""
        since = len(self.buffer)
        sent = time.monotonic()
        self._write(key)
        try:
            arrived, end = await self._wait(markers, since, wait)
        except TimeoutError:
            self.lost += 1
            return False
        await asyncio.sleep(BURST_GAP * 2)  # let the rest of the repaint arrive
        self.timed.append(Timed(kind, sent, arrived - sent, self._burst_end(end) - since))
        self._seen = len(self.buffer)
        return True

    def _burst_end(self, position: int) -> int:
        last: float | None = None
        size = position
        for at, length in self.arrivals:
            if length < position:
                continue
            if last is not None and at - last > BURST_GAP:
                break
            last, size = at, length
        return size

    def type_untimed(self, key: bytes) -> None:
        self.untimed += 1
        self._write(key)
        self._seen = len(self.buffer)

    def _new(self, marker: bytes) -> bool:
        return self.buffer.find(marker, self._seen) >= 0

    async def play(self, until: float, rng: random.Random) -> None:
        """Create a game against two bots and play it until ``until`` (a monotonic time)."""
        try:
            await self._play(until, rng)
        except (ConnectionError, asyncssh.Error) as exc:
            self.error = f"{type(exc).__name__}: {exc}"

    async def _play(self, until: float, rng: random.Random) -> None:
        if self.script is not None:
            await self._play_script(self.script, until, rng)
            return
        if not await self.press(b"n", [b"New game on the server"], "ui"):
            return
        if not await self.press(KEYS["enter"], [b"Opening: assign your influence"], "open"):
            return
        self.playing = True
        await self._think(rng)
        await self.press(b"a", [b"Assign (any initiates)"], "ui")
        await self._think(rng)
        await self.press(b"2", [b"To assign:"], "ui")
        await self._think(rng)
        await self.press(KEYS["enter"], [b"Your opening assignment is made", b"Turn 1/"], "action")
        self.settled = time.monotonic()
        pane = 0
        while time.monotonic() < until:
            if self._new(OVER):
                break
            if self._new(YOUR_TURN):
                await self._take_turn(rng)
            elif self._new(ASKED):
                await self._think(rng)
                self.type_untimed(b"n")  # pass; the answer is held with the round, so it is not timed
            else:
                key, marker = PANES[pane % len(PANES)]
                pane += 1
                await self.press(key, [marker], "ui")
                await self._think(rng)

    async def _play_script(self, script: Script, until: float, rng: random.Random) -> None:
        """A game of the script's: set up on the form, created, then its panes looked at about
        once a second while whatever it asks is answered by the script's keys."""
        if not await self.press(b"n", [b"New game on the server"], "ui"):
            return
        # the form is filled in untimed (it is the same for every game, not this game's screen)
        for key, marker in script.form:
            for _ in range(12 if marker is not None else 1):
                since = len(self.buffer)
                self.type_untimed(key)
                try:
                    await self._wait([b"\x1b["], since, OPEN_WAIT)  # its repaint
                except TimeoutError:
                    continue
                if marker is None:
                    await asyncio.sleep(BURST_GAP * 5)  # the rest of it
                    break
                try:
                    await self._wait([marker], since, FORM_WAIT)  # the rest of it may be slow to come
                    break
                except TimeoutError:
                    continue
        self.type_untimed(NAMED["home"])
        await asyncio.sleep(BURST_GAP * 5)
        if not await self.press(KEYS["enter"], [script.opened], "open", OPEN_WAIT):
            return
        self.playing = True
        self.settled = time.monotonic()
        pane = 0
        looked = 0  # what the game asks is looked for in every byte since the last answer
        while time.monotonic() < until:
            if self.buffer.find(script.over, looked) >= 0:
                break
            asked = next((keys for marker, keys in script.asked if self.buffer.find(marker, looked) >= 0), None)
            if asked is not None:
                looked = len(self.buffer)
                for key in asked:
                    self.type_untimed(key)
                    await asyncio.sleep(0.1)
            key, markers = script.panes[pane % len(script.panes)]
            pane += 1
            await self.press(key, list(markers), "ui")
            await self._think(rng)

    async def _take_turn(self, rng: random.Random) -> None:
        turns = TURN.findall(self.buffer)
        await self._think(rng)
        if not await self.press(b"a", [b"Assign (any initiates)"], "ui"):
            return
        await self._think(rng)
        following = [f"Turn {int(turns[-1]) + 1}/".encode()] if turns else [b"Waiting for"]
        await self.press(KEYS["enter"], following, "action")

    async def _think(self, rng: random.Random) -> None:
        await asyncio.sleep(rng.uniform(0.4, 1.2))

    async def leave(self) -> None:
        if self._conn is not None:
            self._conn.close()
        if self._reader is not None:
            await asyncio.wait([self._reader], timeout=5)
