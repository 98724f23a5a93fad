"""`grail-tui bench ssh`: N people at ssh clients, all at once, against a real `serve --ssh`.

Each session is an asyncssh client with its own key and its own loopback
address (127.0.0.x, as N people have N addresses, so the per-address limits
are those of real use), a 100x30 terminal, and a player (ssh_player.py) that
names itself, reaches the lobby, creates a game against two bots and plays it
by keys. All N connect at once, or one after another over ``ramp`` seconds;
each plays from the moment it is in until ``seconds`` after the last was due.
Reported:

- ``first_lobby_s``: from starting to connect to the bytes of the first lobby
  frame (the SSH handshake, the name prompt, the app's start and the lobby's
  list);
- ``key_to_repaint_ms``: from writing a key to the arrival of the repaint that
  shows it, at the client: ``all`` of them, ``ui`` keys the app answers alone
  (panes, prompts), ``action`` keys that go through the game server (an
  opening, an assignment), ``open_game`` (creating a game and drawing its
  screen, not in ``all``), and ``steady``: every key but those, sent once all
  sessions had opened their games and made their openings (the burst over);
- ``bytes_per_key``: bytes the client received for each timed key's repaint;
- ``memory_mb_per_session``: each session's app processes, PSS (shared pages
  split between those sharing them, so the zygote's imports count once), RSS
  and private (the pages it shares with nobody), sampled while all play; the server's and the zygote's own, and the
  whole (server + zygote + apps) PSS divided by N;
- CPU seconds used by the server, the zygote with the apps, and the clients
  (this process) during the run, and the machine's load before it.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from .ssh_player import SIZE, Player, Script, script

PAGE = os.sysconf("SC_PAGE_SIZE")
TICKS = os.sysconf("SC_CLK_TCK")


class FrontDoorServer:
    """`grail-tui serve --ssh 127.0.0.1:0` in its own process, its files in a temporary folder."""

    def __init__(self, folder: Path, bot_delay: float, sessions: int, port: int = 0) -> None:
        home = folder / "home"
        home.mkdir(mode=0o700)
        env = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"),
               "XDG_STATE_HOME": str(home / "state"), "XDG_CACHE_HOME": str(home / "cache")}
        env.pop("NO_COLOR", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "grail_tui", "serve", "--socket", str(folder / "sock" / "s.sock"),
             "--db", str(folder / "server" / "server.db"), "--ssh", f"127.0.0.1:{port}",
             "--bot-delay", str(bot_delay),
             # Every person is a new key naming itself, all from one address.
             "--ssh-limit", f"names_per_address={max(sessions, 1)}"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env,
            start_new_session=True)  # its own session, as a service runs: not the clients' scheduling group
        line = self.proc.stdout.readline() if self.proc.stdout else ""
        if not line:
            raise RuntimeError("the server did not start")
        self.port = int(json.loads(line)["ssh"][1])

    def zygote(self) -> int | None:
        for pid in _children(self.proc.pid):
            if b"grail_tui.net.ssh.zygote" in _read(f"/proc/{pid}/cmdline", b""):
                return pid
        return None

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


def _read(path: str, default: bytes) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError:
        return default


def _children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        found += [int(child) for child in _read(f"{task}/children", b"").split()]
    return found


def _tree(pid: int) -> list[int]:
    pids = [pid]
    for child in _children(pid):
        pids += _tree(child)
    return pids


def _memory_kb(pid: int) -> tuple[int, int, int]:
    """(PSS, RSS, private) of one process, in kB; zeros if it is gone. Private: the pages no
    other process shares (those a session has written, or copied from the zygote's)."""
    pss = rss = private = 0
    for line in _read(f"/proc/{pid}/smaps_rollup", b"").decode().splitlines():
        field, _, rest = line.partition(":")
        if field == "Pss":
            pss = int(rest.split()[0])
        elif field == "Rss":
            rss = int(rest.split()[0])
        elif field in ("Private_Clean", "Private_Dirty"):
            private += int(rest.split()[0])
    return pss, rss, private


def _cpu_seconds(pids: list[int]) -> float:
    """User and system time of these processes and of their children already reaped."""
    total = 0
    for pid in pids:
        fields = _read(f"/proc/{pid}/stat", b"").decode().rsplit(")", 1)[-1].split()
        if len(fields) > 15:
            total += sum(int(value) for value in fields[11:15])
    return total / TICKS


def _memory(server: FrontDoorServer, sessions: int) -> dict[str, float] | None:
    zygote = server.zygote()
    if zygote is None:
        return None
    apps = [_tree(pid) for pid in _children(zygote)]
    per_app = [[_memory_kb(pid) for pid in tree] for tree in apps]
    app_pss = [sum(p for p, _, _ in app) for app in per_app]
    app_rss = [sum(r for _, r, _ in app) for app in per_app]
    app_private = [sum(u for _, _, u in app) for app in per_app]
    server_pss, server_rss, _ = _memory_kb(server.proc.pid)
    zygote_pss, zygote_rss, _ = _memory_kb(zygote)
    if not app_pss:
        return None
    return {
        "apps": len(app_pss),
        "app_pss_mean": round(statistics.fmean(app_pss) / 1024, 1),
        "app_pss_max": round(max(app_pss) / 1024, 1),
        "app_rss_mean": round(statistics.fmean(app_rss) / 1024, 1),
        "app_private_mean": round(statistics.fmean(app_private) / 1024, 1),
        "server_rss": round(server_rss / 1024, 1),
        "zygote_pss": round(zygote_pss / 1024, 1),
        "zygote_rss": round(zygote_rss / 1024, 1),
        "all_pss_per_session": round((sum(app_pss) + server_pss + zygote_pss) / sessions / 1024, 1),
    }


def _quantiles(values: list[float], scale: float = 1.0, digits: int = 3) -> dict[str, float] | None:
    if not values:
        return None
    ordered = sorted(values)

    def at(share: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(share * len(ordered)))] * scale, digits)

    return {"n": len(ordered), "p50": at(0.5), "p90": at(0.9), "p99": at(0.99),
            "max": round(ordered[-1] * scale, digits)}


async def _run(sessions: int, seconds: float, ramp: float, bot_delay: float, seed: int,
               plan: Script | None = None, port: int = 0) -> dict[str, Any]:
    rng = random.Random(seed)
    load = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="grail-bench-ssh-") as folder:
        os.chmod(folder, 0o700)
        server = FrontDoorServer(Path(folder), bot_delay, sessions, port)
        try:
            zygote = server.zygote()
            cpu_before = (_cpu_seconds([server.proc.pid]), _cpu_seconds([zygote] if zygote else []),
                          resource.getrusage(resource.RUSAGE_SELF))
            players = [Player(f"p{k:03d}", f"127.0.{(k + 2) // 250}.{(k + 2) % 250 + 1}", script=plan)
                       for k in range(sessions)]

            started = time.monotonic()
            until = started + ramp + seconds

            async def visit(k: int, player: Player, think: random.Random) -> None:
                """Arrive (the k-th of the ramp) and play at once, as a person would."""
                await asyncio.sleep(ramp * k / max(1, sessions))
                try:
                    await player.arrive(server.port)
                except Exception as exc:  # reported, not raised: one failed session is a result
                    player.error = f"{type(exc).__name__}: {exc}"
                    return
                await player.play(until, think)

            playing = asyncio.gather(*(visit(k, p, random.Random(rng.random())) for k, p in enumerate(players)))
            samples: list[dict[str, float]] = []
            while not playing.done():
                await asyncio.wait([playing], timeout=max(1.0, seconds / 4))
                if not playing.done() and (sample := _memory(server, sessions)) is not None:
                    samples.append(sample)
            await playing
            arrived = max((p.began + p.lobby for p in players if p.lobby is not None), default=started) - started
            zygote = server.zygote()
            trees = [pid for app in _children(zygote) for pid in _tree(app)] if zygote else []
            cpu = {
                "server": round(_cpu_seconds([server.proc.pid]) - cpu_before[0], 1),
                "zygote_and_apps": round(_cpu_seconds([zygote] if zygote else []) + _cpu_seconds(trees)
                                         - cpu_before[1], 1),
            }
            usage = resource.getrusage(resource.RUSAGE_SELF)
            cpu["clients"] = round(usage.ru_utime + usage.ru_stime - cpu_before[2].ru_utime
                                   - cpu_before[2].ru_stime, 1)
            await asyncio.gather(*(p.leave() for p in players))
        finally:
            server.stop()
    return _report(players, samples, cpu, sessions, seconds, ramp, bot_delay, load, arrived)


def _report(players: list[Player], samples: list[dict[str, float]], cpu: dict[str, float], sessions: int,
            seconds: float, ramp: float, bot_delay: float, load: tuple[float, float, float],
            arrived: float) -> dict[str, Any]:
    timed = [t for p in players for t in p.timed]
    settled = [p.settled for p in players if p.settled is not None]
    # Once every game is open and every opening made (the burst of arrivals and new games over).
    steady_from = max(settled) + 1.0 if settled else float("inf")
    steady = [t.seconds for t in timed if t.kind != "open" and t.sent >= steady_from]
    memory = max(samples, key=lambda s: s["app_pss_mean"]) if samples else None
    return {
        "sessions": sessions, "seconds": seconds, "ramp_s": ramp, "bot_delay": bot_delay,
        "terminal": list(SIZE), "cpus": os.cpu_count(), "load_before": [round(x, 2) for x in load],
        "reached_lobby": sum(p.lobby is not None for p in players),
        "played": sum(p.playing for p in players),
        "errors": sorted({p.error for p in players if p.error})[:5],
        "last_in_lobby_s": round(arrived, 3),
        "connect_s": _quantiles([p.connected for p in players if p.connected is not None]),
        "name_prompt_s": _quantiles([p.prompted for p in players if p.prompted is not None]),
        "first_lobby_s": _quantiles([p.lobby for p in players if p.lobby is not None]),
        "key_to_repaint_ms": {
            "all": _quantiles([t.seconds for t in timed if t.kind != "open"], 1000, 1),
            "ui": _quantiles([t.seconds for t in timed if t.kind == "ui"], 1000, 1),
            "action": _quantiles([t.seconds for t in timed if t.kind == "action"], 1000, 1),
            "open_game": _quantiles([t.seconds for t in timed if t.kind == "open"], 1000, 1),
            "steady": _quantiles(steady, 1000, 1),
        },
        "keys_lost": sum(p.lost for p in players),
        "keys_untimed": sum(p.untimed for p in players),
        "bytes_per_key": {
            "mean": round(statistics.fmean(t.bytes for t in timed)) if timed else None,
            "p50": _quantiles([float(t.bytes) for t in timed], 1, 0),
        },
        "memory_mb_per_session": memory,
        "cpu_s": cpu,
    }


def game_script(game: str, players: int) -> Script:
    """A game's keys for the benchmark, from its ``ui().bench_ssh(players)``; ValueError if it
    names none (the benchmark imports no game)."""
    from grail_tui.games import registry

    kind = registry.get(game)
    ui: Any = kind.ui()  # a game may name its keys (bench_ssh), a part no Protocol requires
    if not callable(getattr(ui, "bench_ssh", None)):
        raise ValueError(f"{kind.title} names no keys for `bench ssh` (its ui has no bench_ssh)")
    return script(ui.bench_ssh(players))


def run(sessions: int, seconds: float = 30.0, ramp: float = 0.0, bot_delay: float = 0.5,
        seed: int = 0, game: str | None = None, players: int | None = None, port: int = 0) -> dict[str, Any]:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    plan = game_script(game, players or 4) if game is not None else None
    report = asyncio.run(_run(sessions, seconds, ramp, bot_delay, seed, plan, port))
    report = {"benchmark": "ssh", "game": game or "hunt (the default: one person and two bots)",
              "players": players or 4 if game is not None else 3, **report}
    report["load_after"] = [round(x, 2) for x in os.getloadavg()]
    return report
