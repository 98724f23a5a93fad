"""Load on a real server: G concurrent 4-player games of bot clients over loopback TCP.

One client connection per seat. Each client answers its states with a random
legal action after a think time, and times every round trip: from sending an
action to receiving the state that shows it (in a secret round, the state
that acknowledges the answer to its sender; the round itself shows when every
answer is in). With ``drill`` the server is
killed with SIGKILL halfway, restarted on the same database, and the clients
reconnect; the report counts acknowledged actions that the restarted server
no longer had (it must be zero). With ``attack`` a separate process floods
the server (bench/attack.py) all the while, and the report gives the
legitimate clients' round trips under it. With ``soak`` games end and new
ones begin, as on a server that runs for months, and the report compares
memory and round trips in the first minute and the last.
"""

from __future__ import annotations

import asyncio
import json
import os
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
from grail_tui.games.api import BotLevel
from grail_tui.net.botclient import reply_to
from grail_tui.net.client import ServerLink
from grail_tui.net.protocol import Create, Join, Joined, Leave, Open, State, TableRules

from .gauges import LoopLag, MachineLoad, collector_quiet
from .soak import Sampler, percentile_ms, soak_report

ENDLESS = 100_000  # turns: the plain load's games outlast the run
SOAK_TURNS = 60  # turns: the soak's games end and new ones begin
OPENING_BURST = 5.0  # seconds: every game opens at once at the start


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

    def rss_kb(self) -> int:
        """The server's resident memory now (and its peak so far, kept in ``peak_kb``)."""
        now = 0
        try:
            for row in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
                if row.startswith("VmHWM:"):
                    self.peak_kb = max(self.peak_kb, int(row.split()[1]))
                elif row.startswith("VmRSS:"):
                    now = int(row.split()[1])
        except OSError:
            pass
        return now

    def cpu_seconds(self) -> float:
        """Processor time the server has used so far (user and system)."""
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def sample_rss(self) -> None:
        self.rss_kb()

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
        self.kind = registry.get("hunt")
        self.bot = self.kind.make_bot(BotLevel.RANDOM, rng.randrange(1 << 30))
        self.conn: ServerLink | None = None
        self.code = ""
        self.acked = 0  # the highest position the server has shown this seat
        self.latencies: list[tuple[float, float]] = []  # (when, seconds)
        self.actions = 0
        self.over = False
        self.after_restart: int | None = None  # the first position the restarted server shows
        self.fresh = False

    async def connect(self) -> ServerLink:
        self.conn = await ServerLink.bench_tcp("127.0.0.1", self.port_of(), self.name)
        return self.conn

    async def play(self, stop: float, restarted: asyncio.Event) -> None:
        sent_at: float | None = None
        last = -1
        self.over = False
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
            if not isinstance(m, State) or m.code != self.code:
                continue
            version = m.seq
            if self.fresh:
                self.fresh = False
                self.after_restart = version
            # the round trip ends with the state that shows the action: a new position, or in a
            # secret round the answer acknowledged to this seat alone (the round shows when all are in)
            if sent_at is not None and (version > last or m.pending is not None):
                now = time.perf_counter()
                self.latencies.append((time.monotonic(), now - sent_at))
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


async def _new_game(table: list[Seat], turns: int) -> str:
    """The first seat creates a game and the others join it; its code."""
    first = table[0].conn
    assert first is not None
    if table[0].code:
        for seat in table:
            assert seat.conn is not None
            await seat.conn.send(Leave(seat.code))
    await first.send(Create(1, "hunt", (None,) * len(table), options={"turn_limit": turns},
                            rules=TableRules(answer_timeout=600, turn_timeout=600, min_round=0)))
    joined = await first.receive()
    while not isinstance(joined, Joined):
        joined = await first.receive()
    for seat in table:
        seat.code = joined.code
    for seat in table[1:]:
        assert seat.conn is not None
        await seat.conn.send(Join(1, joined.code))
    return joined.code


async def _keep_playing(table: list[Seat], stop: float, restarted: asyncio.Event, turns: int,
                        finished: list[int]) -> None:
    """Play the table's game; with ``cycle`` (the soak) start another whenever one ends."""
    while True:
        await asyncio.gather(*(s.play(stop, restarted) for s in table))
        if not any(s.over for s in table) or time.monotonic() >= stop:
            return
        finished[0] += 1
        await _new_game(table, turns)


def _start_attack(port: int, seconds: float) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "grail_tui.bench.attack", str(port), str(seconds)],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)


async def _drive(games: int, seconds: float, think: float, drill: bool, seed: int, *,
                 attack: bool = False, soak: bool = False) -> dict[str, Any]:
    _raise_fd_limit()
    folder = Path(tempfile.mkdtemp(prefix="grail-bench-"))
    server = ServerProcess(folder)
    port = server.port
    turns = SOAK_TURNS if soak else ENDLESS
    rng = random.Random(seed)
    seats: list[list[Seat]] = []
    for g in range(games):
        table = [Seat(f"b{g}x{k}", lambda: port, think, random.Random(rng.random())) for k in range(4)]
        for seat in table:
            await seat.connect()
        await _new_game(table, turns)
        seats.append(table)
    everyone = [s for table in seats for s in table]
    restarted = asyncio.Event()
    lag = LoopLag()
    lag.start()
    load = MachineLoad()
    cpu_before = server.cpu_seconds()
    started = time.monotonic()
    stop = started + seconds
    attacker = _start_attack(port, seconds) if attack else None
    finished = [0]
    players = [asyncio.create_task(_keep_playing(table, stop, restarted, turns, finished)) for table in seats]
    sampler = Sampler(started, server.rss_kb, server.cpu_seconds)
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
        sampler.measure, sampler.cpu = server.rss_kb, server.cpu_seconds
        restarted.set()
    while any(not t.done() for t in players):
        sampler.sample()
        await asyncio.sleep(0.5 if not soak else 2.0)
    elapsed = time.monotonic() - started
    own_lag = lag.stop()
    machine = load.report(server.cpu_seconds() - cpu_before if not drill else 0.0)
    if drill:
        # for every game: what its seats had been told before the kill, against what came back
        came_back: dict[str, int] = {}
        for s in everyone:
            if s.after_restart is not None:
                came_back[s.code] = max(came_back.get(s.code, 0), s.after_restart)
        lost = sum(max(0, acked_before[c] - came_back[c]) for c in came_back)
        unreached = len(acked_before) - len(came_back)
    flooded = None
    if attacker is not None:
        out, _ = attacker.communicate(timeout=60)
        flooded = json.loads(out.strip().splitlines()[-1]) if out.strip() else {}
    rss_end_kb = server.rss_kb()
    cpu = server.cpu_seconds()
    server.stop()
    for s in everyone:
        if s.conn is not None:
            await s.conn.close()
    timed = [(when, took) for s in everyone for when, took in s.latencies]
    latencies = sorted(took for _, took in timed)
    actions = sum(s.actions for s in everyone)

    def pct(p: float, among: list[float] = latencies) -> float | None:
        return percentile_ms(among, p)

    # Every game opens at the same instant at first (800 assignments in a second at 200 games),
    # which no server sees in life: the round trips after that burst, apart.
    settled = sorted(took for when, took in timed if when - started >= OPENING_BURST)

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
        "round_trip_ms_after_opening": {"samples": len(settled), "p50": pct(0.5, settled),
                                        "p99": pct(0.99, settled)},
        "server_peak_rss_mb": round(server.peak_kb / 1024, 1),
        "server_rss_mb_at_end": round(rss_end_kb / 1024, 1),
        "server_cpu_ms_per_action": round(cpu * 1000 / actions, 2) if actions and not drill else None,
        "bench_clients_loop_lag_ms": own_lag,
        "machine": machine,
        "targets": {"games": 200, "round_trip_ms_p99": 50, "server_rss_mb": 250},
    }
    if drill:
        report["restart_drill"] = {"acknowledged_at_kill": acked_at_kill, "acknowledged_lost": lost,
                                   "games_not_rejoined": unreached}
    if flooded is not None:
        report["attack"] = {"floods": flooded, "legitimate_round_trip_ms": report["round_trip_ms"]}
    if soak:
        report["soak"] = soak_report(sampler, timed, started, finished[0])
    return report


def run(games: int = 200, seconds: float = 30.0, think: float = 1.0, drill: bool = False,
        seed: int = 0, *, attack: bool = False, soak: bool = False) -> dict[str, Any]:
    with collector_quiet():
        return asyncio.run(_drive(games, seconds, think, drill, seed, attack=attack, soak=soak))


def repeated(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Several runs of the same bench, each in full, with the median of their round-trip figures:
    on a shared machine one run can differ from the next by a factor of two."""

    def median(key: str, figure: str) -> float | None:
        values = [r[key][figure] for r in runs if r[key][figure] is not None]
        return round(statistics.median(values), 2) if values else None
    return {"benchmark": "server", "repeat": len(runs),
            "median_of_runs": {key: {figure: median(key, figure) for figure in ("p50", "p99")}
                               for key in ("round_trip_ms", "round_trip_ms_after_opening")},
            "p99_after_opening_each_run": [r["round_trip_ms_after_opening"]["p99"] for r in runs],
            "targets": runs[0]["targets"], "runs": runs}
