"""Load on a real server: G concurrent 4-player games of bot clients over loopback TCP.

One client connection per seat. Each client answers its states with a random
legal action after a think time, and times every round trip: from sending an
action to receiving the state that shows it. With ``drill`` the server is
killed with SIGKILL halfway, restarted on the same database, and the clients
reconnect; the report counts acknowledged actions that the restarted server
no longer had (it must be zero).
"""

from __future__ import annotations

import asyncio
import json
import random
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from grail_tui.games import registry
from grail_tui.games.hunt.bots import RandomBot
from grail_tui.net.botclient import reply_to
from grail_tui.net.client import ServerLink
from grail_tui.net.protocol import Create, Join, Joined, Open, State, TableRules


def _raise_fd_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


class ServerProcess:
    def __init__(self, folder: Path, port: int = 0) -> None:
        self.folder = folder
        self.proc = subprocess.Popen(
            [sys.executable, "-c", "import resource as r; s, h = r.getrlimit(r.RLIMIT_NOFILE); "
             "r.setrlimit(r.RLIMIT_NOFILE, (h, h)); from grail_tui.cli import main; "
             f"main(['serve', '--socket', {str(folder / 'sock' / 's.sock')!r}, "
             f"'--db', {str(folder / 'db')!r}, '--bench-tcp', '127.0.0.1:{port}', '--bot-delay', '0'])"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.proc.stdout.readline() if self.proc.stdout else ""
        if not line:
            raise RuntimeError("the server did not start")
        self.port = int(json.loads(line)["tcp"][1])
        self.peak_kb = 0

    def sample_rss(self) -> None:
        try:
            for row in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
                if row.startswith("VmHWM:"):
                    self.peak_kb = max(self.peak_kb, int(row.split()[1]))
        except OSError:
            pass

    def kill(self) -> None:
        self.sample_rss()
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        self.sample_rss()
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


class Seat:
    def __init__(self, name: str, port_of: Any, think: float, rng: random.Random) -> None:
        self.name = name
        self.port_of = port_of
        self.think = think
        self.rng = rng
        self.bot = RandomBot(rng.randrange(1 << 30))
        self.conn: ServerLink | None = None
        self.kind = registry.get("hunt")
        self.code = ""
        self.acked = 0  # the highest action count the server has shown this seat
        self.latencies: list[float] = []
        self.actions = 0
        self.over = False
        self.after_restart: int | None = None  # the first version the restarted server shows
        self.fresh = False

    async def connect(self) -> ServerLink:
        self.conn = await ServerLink.bench_tcp("127.0.0.1", self.port_of(), self.name)
        return self.conn

    async def play(self, stop: float, restarted: asyncio.Event) -> None:
        sent_at: float | None = None
        last = -1
        while time.monotonic() < stop and not self.over:
            try:
                assert self.conn is not None
                m = await asyncio.wait_for(self.conn.receive(), max(0.1, stop - time.monotonic()))
            except TimeoutError:
                return
            except (ConnectionError, OSError, ValueError):
                await restarted.wait()
                for _ in range(100):
                    try:
                        await self.connect()
                        break
                    except (ConnectionError, OSError, ValueError):
                        await asyncio.sleep(0.1)
                assert self.conn is not None
                await self.conn.send(Open(1, self.code))
                self.fresh = True
                sent_at = None
                last = -1
                continue
            if not isinstance(m, State):
                continue
            version = m.seq
            if self.fresh:
                self.fresh = False
                self.after_restart = version
            if sent_at is not None:
                # the first state after an action is its answer: the new position, or (in a
                # secret round) the acknowledgement that only the answerer receives
                self.latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            self.acked = max(self.acked, version)
            if m.result is not None:
                self.over = True
                return
            if not m.asked or version == last:
                continue
            last = version
            act = reply_to(self.kind, m, self.bot)
            if act is None:
                continue
            if self.think:
                await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.think)
            sent_at = time.perf_counter()
            self.actions += 1
            await self.conn.send(act)


async def _drive(games: int, seconds: float, think: float, drill: bool, seed: int) -> dict[str, Any]:
    _raise_fd_limit()
    folder = Path(tempfile.mkdtemp(prefix="grail-bench-"))
    server = ServerProcess(folder)
    port = server.port
    rng = random.Random(seed)
    seats: list[list[Seat]] = []
    for g in range(games):
        table = [Seat(f"b{g}x{k}", lambda: port, think, random.Random(rng.random())) for k in range(4)]
        for seat in table:
            await seat.connect()
        first = table[0].conn
        assert first is not None
        await first.send(Create(1, "hunt", (None,) * 4, options={"turn_limit": 100000},
                                rules=TableRules(answer_timeout=600, turn_timeout=600, min_round=0)))
        joined = await first.receive()
        while not isinstance(joined, Joined):
            joined = await first.receive()
        code = joined.code
        for seat in table:
            seat.code = code
        for seat in table[1:]:
            assert seat.conn is not None
            await seat.conn.send(Join(1, code))
        seats.append(table)
    everyone = [s for table in seats for s in table]
    restarted = asyncio.Event()
    started = time.monotonic()
    stop = started + seconds
    players = [asyncio.create_task(s.play(stop, restarted)) for s in everyone]
    acked_at_kill = 0
    lost = unreached = 0
    acked_before: dict[str, int] = {}
    if drill:
        await asyncio.sleep(seconds / 2)
        server.kill()
        for s in everyone:
            acked_before[s.code] = max(acked_before.get(s.code, 0), s.acked)
        acked_at_kill = sum(acked_before.values())
        old_peak = server.peak_kb
        server = ServerProcess(folder, port)
        server.peak_kb = old_peak
        restarted.set()
    while any(not t.done() for t in players):
        server.sample_rss()
        await asyncio.sleep(0.5)
    elapsed = time.monotonic() - started
    if drill:
        # for every game: what its seats had been told before the kill, against what came back
        came_back: dict[str, int] = {}
        for s in everyone:
            if s.after_restart is not None:
                came_back[s.code] = max(came_back.get(s.code, 0), s.after_restart)
        lost = sum(max(0, acked_before[c] - came_back[c]) for c in came_back)
        unreached = len(acked_before) - len(came_back)
    server.stop()
    for s in everyone:
        if s.conn is not None:
            await s.conn.close()
    latencies = sorted(t for s in everyone for t in s.latencies)
    actions = sum(s.actions for s in everyone)

    def pct(p: float) -> float | None:
        if not latencies:
            return None
        return round(latencies[min(len(latencies) - 1, int(len(latencies) * p))] * 1000, 2)

    report: dict[str, Any] = {
        "benchmark": "server",
        "games": games,
        "connections": len(everyone),
        "seconds": round(elapsed, 1),
        "think_seconds": think,
        "actions": actions,
        "actions_per_second": round(actions / elapsed, 1),
        "round_trip_ms": {"samples": len(latencies), "p50": pct(0.5), "p99": pct(0.99),
                          "mean": round(statistics.mean(latencies) * 1000, 2) if latencies else None},
        "server_peak_rss_mb": round(server.peak_kb / 1024, 1),
        "targets": {"games": 200, "round_trip_ms_p99": 50, "server_rss_mb": 250},
    }
    if drill:
        report["restart_drill"] = {"acknowledged_at_kill": acked_at_kill, "acknowledged_lost": lost,
                                   "games_not_rejoined": unreached}
    return report


def run(games: int = 200, seconds: float = 30.0, think: float = 1.0, drill: bool = False,
        seed: int = 0) -> dict[str, Any]:
    return asyncio.run(_drive(games, seconds, think, drill, seed))

