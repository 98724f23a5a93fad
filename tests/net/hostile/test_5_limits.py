"""§5: every limit a hostile client can hit, hit, while a legitimate client carries on.

Each limit is one a real player never meets: the time to say hello, the time
a connection may stay silent, the message rate (blank lines count), bad
messages, the line length, what is queued for a client that does not read,
unfinished games and chat per account, games open on one connection, lobby
pages, connections per account and in all (fitted to the file limit), and
games with nobody connected, which pause instead of running their bots.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import resource
import socket
import sqlite3
import time
from collections.abc import Iterator

import pytest

from grail_tui.net.protocol import VERSION, Create, Join, ListGames, Open, Ping, Ratings, Record, Say, Watch

from .conftest import OnFakeTime, Served, serve
from .wire import Wire, create, finished_game

LIMITS = ("--hello-timeout", "0.5", "--limit", "idle_timeout=1.5", "--limit", "games_per_connection=3",
          "--limit", "queue_bytes=65536")


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    server = serve(tmp_path_factory.mktemp("limits"), *LIMITS)
    yield server
    server.stop()
    server.assert_no_traceback()


async def still_served(server: Served) -> None:
    """A legitimate client's round trip works."""
    legit = await Wire.open(server, "legit")
    legit.send(Ping(77))
    assert (await legit.next("pong", 5)).ref == 77
    await legit.close()


async def games_of(server: Served, name: str, count: int, bots: tuple[str | None, ...]) -> list[str]:
    """``count`` games hosted by ``name``, each made on a connection of its own (a connection may
    have a few games open only)."""
    codes = []
    for _ in range(count):
        wire = await Wire.open(server, name)
        codes.append(await create(wire, bots, turn_timeout=600, leave=True))
        await wire.close()
    return codes


async def bye_of(wire: Wire, timeout: float = 10.0) -> str:
    return str((await wire.next("bye", timeout)).reason)


async def test_silence_before_hello_and_after_it_closes_the_connection(limited: Served):
    started = time.monotonic()
    mute = await Wire.open(limited, "mute", hello=False)
    assert "nothing heard" in await bye_of(mute)
    assert time.monotonic() - started < 3
    idle = await Wire.open(limited, "idle")
    assert "nothing heard" in await bye_of(idle)
    await still_served(limited)


@pytest.mark.parametrize("line", [b'{"type":"ping","ref":1}\n', b"\n", b"   \n"], ids=["pings", "blank", "spaces"])
async def test_a_flood_closes_the_connection_blank_lines_too(limited: Served, line: bytes):
    flood = await Wire.open(limited, "flood")
    flood.send_raw(line * 400)
    assert "too many messages" in await bye_of(flood)
    await still_served(limited)


async def test_bad_messages_are_answered_until_there_are_too_many(limited: Served):
    bad = await Wire.open(limited, "bad")
    for _ in range(40):
        bad.send_raw(b"{nope}\n")
        assert (await bad.next("error")).error == "not valid JSON"
        await asyncio.sleep(0.05)  # within the rate: only the count of bad messages matters here
    for _ in range(20):
        bad.send_raw(b"{nope}\n")
    assert "too many bad messages" in await bye_of(bad)
    long = await Wire.open(limited, "long")
    long.send_raw(b'{"type":"say","code":"AAAA","text":"' + b"x" * 20000 + b'"}\n')
    assert "longer than 16384 bytes" in await bye_of(long)
    await still_served(limited)


async def test_a_client_that_does_not_read_is_dropped_not_buffered(limited: Served):
    """Watching a finished game sends its whole history: asked for it ninety times without
    reading, a client is cut once 64 KiB wait for it, and what waited is thrown away."""
    code = await finished_game(limited, "player", turns=30)  # one answer fits in the 64 KiB queue
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(str(limited.socket))  # a local account; the kernel's buffers here are small
    sock.settimeout(10)
    sock.sendall(b'{"type":"hello","version":%d}\n' % VERSION)
    size = len(sock.recv(65536))  # the welcome (as soon as it is there)
    sock.sendall(json.dumps({"type": "watch", "ref": 0, "code": code}).encode() + b"\n")
    one = b""
    while one.count(b"\n") < 2:
        chunk = sock.recv(1 << 20)
        assert chunk, f"the server closed the connection: {one[:300]!r}"
        one += chunk
    size = len(one)
    assert size > 20_000, size  # one answer: the game's whole history, its chat and record
    asks = b"".join(json.dumps({"type": "watch", "ref": k, "code": code}).encode() + b"\n"
                    for k in range(1, 91))
    sock.sendall(asks)
    await asyncio.sleep(1.0)
    await still_served(limited)
    sock.settimeout(5)
    got = 0
    try:
        while chunk := sock.recv(1 << 20):
            got += len(chunk)
    except ConnectionResetError:
        pass
    sock.close()
    assert got < 90 * size // 3, f"{got} bytes of {90 * size} reached a client that did not read"


async def test_unfinished_games_per_account_and_chat_per_account_and_game(limited: Served):
    host = await Wire.open(limited, "hoarder")
    other = await Wire.open(limited, "hoarder")  # a second connection of the same account
    codes = await games_of(limited, "hoarder", 10, (None, "random"))
    host.send(Create(99, "hunt", (None, "random")))
    refused = await host.next("error")
    assert refused.ref == 99 and "10 unfinished games" in refused.error
    code = codes[-1]
    for wire in (host, other):
        wire.send(Watch(1, code))
        await wire.next("joined")
    for k in range(20):
        (host if k % 2 else other).send(Say(code, f"line {k}"))
    # every line reaches the table (two connections' lines may interleave in any order)
    await host.state(code, lambda s: any(c.text == "line 19" for c in s.chat), 10)
    other.send(Say(code, "one more"))
    assert "talking too fast" in (await other.next("error")).error
    host.send(Say(code, "and another"))
    assert "talking too fast" in (await host.next("error")).error  # per account, not per connection
    await host.close()
    await other.close()


async def test_games_open_on_one_connection_and_lobby_pages(limited: Served):
    codes = [code for k in range(3) for code in await games_of(limited, f"pager{k}", 9, (None, None, None))]
    viewer = await Wire.open(limited, "viewer")
    listed: list[str] = []
    page = 0
    while True:
        viewer.send(ListGames(page, "open", page=page))
        games = await viewer.next("games")
        assert len(games.games) <= 20
        listed += [g.code for g in games.games]
        if not games.more:
            break
        page += 1
    assert page >= 1 and set(codes) <= set(listed) and len(listed) == len(set(listed))
    for k, code in enumerate(codes[:3]):
        viewer.send(Watch(k, code))
        await viewer.next("joined")
    viewer.send(Watch(9, codes[3]))
    assert "3 games open on this connection" in (await viewer.next("error")).error
    viewer.send(Join(10, codes[4]))
    assert "3 games open" in (await viewer.next("error")).error
    await viewer.close()


async def test_connections_per_account_are_capped(limited: Served):
    mine = [await Wire.open(limited, "many") for _ in range(16)]
    extra = await Wire.open(limited, "many", hello=False)
    extra.send_raw(b'{"type":"hello","version":%d,"name":"many"}\n' % VERSION)
    assert "too many connections" in await bye_of(extra)
    await still_served(limited)
    for wire in mine:
        await wire.close()


async def raw_unix(server: Served) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A connection from this account that says nothing."""
    return await asyncio.open_unix_connection(str(server.socket))


async def closed_with(reader: asyncio.StreamReader, within: float) -> str | None:
    """What the server said before closing, or None if it kept the connection open."""
    try:
        async with asyncio.timeout(within):
            return (await reader.read()).decode()
    except TimeoutError:
        return None


async def test_silent_connections_count_against_their_account_from_the_first_moment(tmp_path):
    """One account's 60 connections that never say hello: 16 (its cap) are kept, the rest are
    told at once, and the server still has room for everyone else (a cap of 40 in all)."""
    server = serve(tmp_path / "server", "--limit", "connections=40")
    try:
        crowd = [await raw_unix(server) for _ in range(60)]
        said = await asyncio.gather(*(closed_with(reader, 2.0) for reader, _ in crowd))
        refused = [text for text in said if text is not None]
        assert len(refused) == 60 - 16 and all("too many connections" in text for text in refused)
        await still_served(server)
        for _, writer in crowd:
            writer.close()
    finally:
        server.stop()
    server.assert_no_traceback()


def few_files() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (400, 400))


async def test_running_short_of_files_is_a_clean_refusal_and_the_door_stays_open(tmp_path):
    """With 400 files and the SSH door open, the server fits both to them and keeps 64 for its own
    work: a flood of half-open SSH logins from 13 addresses, one account's silent connections and
    more clients than fit meet caps, never an error; a key holder still logs in at the door and a
    client is served once another leaves. Nothing in the log is a traceback."""
    import subprocess
    import sys

    import asyncssh

    log = tmp_path / "stderr.txt"
    home = tmp_path / "home"
    env = {**os.environ, "HOME": str(home), "XDG_STATE_HOME": str(home / "state"),
           "GRAIL_TUI_DATA": str(home / "grail")}
    with log.open("w") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "grail_tui", "serve", "--socket", str(tmp_path / "s" / "s.sock"),
             "--db", str(tmp_path / "db" / "server.db"), "--bench-tcp", "127.0.0.1:0", "--ssh", "127.0.0.1:0"],
            stdout=subprocess.PIPE, stderr=err, text=True, preexec_fn=few_files, env=env)
    try:
        assert proc.stdout is not None
        ready = json.loads(proc.stdout.readline())
        server = Served(proc, tmp_path / "s" / "s.sock", tuple(ready["tcp"]), tmp_path / "db", log)
        fitted = re.search(r"only 400 files may be open: at most (\d+) connections", log.read_text())
        assert fitted, log.read_text()
        cap = int(fitted[1])
        doors = [await asyncio.open_connection("127.0.0.1", ready["ssh"][1], local_addr=(f"127.0.0.{1 + k % 13}", 0))
                 for k in range(300)]
        silent = [await raw_unix(server) for _ in range(20)]
        crowd = [await Wire.open(server, f"c{k}") for k in range(cap - 16)]
        late = await Wire.open(server, "late", hello=False)
        assert "the server is full" in await bye_of(late)
        key = asyncssh.generate_private_key("ssh-ed25519")
        async with asyncssh.connect("127.0.0.1", ready["ssh"][1], username="ann", client_keys=[key],
                                    known_hosts=None, agent_path=None, config=None) as conn:
            answer = await asyncio.wait_for(conn.run("keys"), 10)
            assert "This key has no name yet" in str(answer.stderr)
        await crowd[0].close()
        await asyncio.sleep(0.3)
        await still_served(server)
        for wire in crowd[1:]:
            await wire.close()
        for _, writer in silent + doors:
            writer.close()
    finally:
        proc.terminate()
        proc.wait(10)
    assert "Traceback" not in log.read_text(), log.read_text()[-3000:]
    assert re.search(r"at most \d+ connections and \d+ at the SSH door", log.read_text())


def low_file_limit() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (200, 200))


async def test_connections_in_all_fit_the_file_limit(tmp_path):
    """With 200 files, the server takes 136 connections (64 kept for its own files), then says
    it is full; the 2000 of the default would have run out of files instead."""
    import subprocess
    import sys

    log = tmp_path / "stderr.txt"
    with log.open("w") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "grail_tui", "serve", "--socket", str(tmp_path / "s" / "s.sock"),
             "--db", str(tmp_path / "db"), "--bench-tcp", "127.0.0.1:0"],
            stdout=subprocess.PIPE, stderr=err, text=True, preexec_fn=low_file_limit)
    try:
        assert proc.stdout is not None
        tcp = tuple(json.loads(proc.stdout.readline())["tcp"])
        server = Served(proc, tmp_path / "s" / "s.sock", tcp, tmp_path / "db", log)
        assert "only 200 files may be open: at most 136 connections" in log.read_text()
        crowd = [await Wire.open(server, f"c{k}") for k in range(136)]
        late = await Wire.open(server, "late", hello=False)
        assert "the server is full" in await bye_of(late)
        await crowd[0].close()
        await asyncio.sleep(0.3)
        await still_served(server)
        for wire in crowd[1:]:
            await wire.close()
    finally:
        proc.terminate()
        proc.wait(10)
    assert "Traceback" not in log.read_text()


def actions(server: Served, code: str) -> int:
    db = sqlite3.connect(server.db)
    try:
        return int(db.execute("SELECT COUNT(*) FROM actions WHERE code = ?", (code,)).fetchone()[0])
    finally:
        db.close()


async def test_a_game_with_nobody_connected_pauses_and_resumes_when_someone_comes(tmp_path):
    """A stand-in bot takes the host's seat 0.2 s after it leaves: unpaused, bots alone would
    play on for ever. With none of its players there, nothing moves, watched or not (a
    passer-by cannot make stand-ins play an absent person's seat); the host's return starts it.
    The server runs here on a fake clock: "nothing moves" is checked over an hour, at once."""
    from grail_tui.net.server import Server
    from grail_tui.table.sqlite import GameDatabase, open_database
    from grail_tui.table.thinking import Thinker
    from grail_tui.table.timekeeping import FakeClock

    from ...waiting import until
    from .test_7_memory import Here

    clock = FakeClock()
    database = GameDatabase(open_database(tmp_path / "server.db"))
    server = Server(database, bot_delay=0.0, thinker=Thinker(), clock=clock)
    here = Here(("127.0.0.1", await server.listen_bench_tcp("127.0.0.1", 0)))
    try:
        host = await Wire.open(here, "host")
        code = await create(host, (None, "random", "random"), options={"turn_limit": 100_000},
                            takeover_after=0.2, turn_timeout=5, answer_timeout=5)
        table = server.games[code].table
        await host.close()
        await until(lambda: table.paused, 10, "the server seeing the host go")
        await clock.advance(3600)  # long past the stand-in's 0.2 s and every time limit
        before = len(table.state.actions)
        spectator = await Wire.open(here, "passer-by")
        spectator.send(Watch(1, code))
        await spectator.next("joined")
        await clock.advance(3600)
        assert len(table.state.actions) == before, "bots played on in a game none of its players is at"
        back = await Wire.open(here, "host")  # the host comes back: the table runs again
        back.send(Open(2, code))  # (it does not act: its answer times out after 5 s)
        await back.next("joined")
        await clock.run_until(lambda: len(table.state.actions) > before, 60)
        await back.close()
        await until(lambda: table.paused, 10, "the server seeing the host go again")
        paused = len(table.state.actions)
        await clock.advance(3600)
        assert len(table.state.actions) == paused
        await spectator.close()
    finally:
        await server.close()
        database.close()


async def test_requests_that_make_work_cost_more_of_the_rate(on_fake_time: OnFakeTime):
    """Showing a game from its start costs three messages' worth of its account's budget: of
    forty at once, the burst's worth are shown and the rest meet a 'wait' (the connection
    stays); a second connection of the same account meets it too (reconnecting does not fill
    the budget up); the account may ask again once the rate has given back what one more costs,
    not a moment before. The budget runs on the server's clock, here a fake one that stands
    still while the forty arrive."""
    from grail_tui.net.connection import Limits
    from grail_tui.net.server import COST

    served, clock = on_fake_time, on_fake_time.clock
    limits, cost = Limits(), COST[Watch]
    code = (await games_of(served, "costly", 1, (None, None)))[0]
    eager = await Wire.open(served, "eager")
    for k in range(40):
        eager.send(Watch(k, code))
    eager.send(Ping(99))
    await eager.next("pong")
    said = [m for m in eager.messages() if m["type"] in ("joined", "error")]
    shown = sum(m["type"] == "joined" for m in said)
    waited = [m for m in said if m["type"] == "error"]
    assert shown == int(limits.burst // cost) < 40, shown  # 33 of 100 / 3
    assert len(waited) == 40 - shown and all("wait a moment" in m["error"] for m in waited)
    again = await Wire.open(served, "eager")
    again.send(Watch(50, code))
    assert "wait a moment" in (await again.next("error")).error
    await again.close()
    refill = (cost - (limits.burst - shown * cost)) / limits.rate  # seconds until one more is paid for
    await clock.advance(refill - 0.01)
    eager.send(Watch(100, code))
    assert "wait a moment" in (await eager.next("error")).error
    await clock.advance(0.02)
    eager.send(Watch(101, code))
    assert (await eager.next("joined")).code == code
    await eager.close()


async def test_records_and_the_leaderboard_cost_of_the_budget_too(limited: Served):
    """A finished game's record is read and encoded whole, and the leaderboard walks the ratings:
    asked for sixty times at once, each meets a 'wait' before the end (they cost nothing and
    were all answered before), and the account may ask again a moment later."""
    code = await finished_game(limited, "archivist", turns=8)
    asks = {"record_reply": lambda ref: Record(ref, code), "ratings_reply": lambda ref: Ratings(ref)}
    for answer, ask in asks.items():
        eager = await Wire.open(limited, f"reader-{answer[:6]}")
        for ref in range(60):
            eager.send(ask(ref))
        eager.send(Ping(999))
        await eager.next("pong")
        said = [m for m in eager.messages() if m["type"] in (answer, "error")]
        answered = sum(m["type"] == answer for m in said)
        waited = [m for m in said if m["type"] == "error"]
        assert len(said) == 60 and 0 < answered < 60, (answer, answered)
        assert all("wait a moment" in m["error"] for m in waited)
        await asyncio.sleep(1.0)
        eager.send(ask(100))
        assert (await eager.next(answer.replace("_", ""))).ref == 100
        await eager.close()


def test_the_deploy_guide_gives_what_each_request_costs():
    """docs/deploy.md's table of limits names every request that costs of the budget, at its cost."""
    from pathlib import Path

    from grail_tui.net.protocol import TYPE_OF
    from grail_tui.net.server import COST

    guide = (Path(__file__).resolve().parents[3] / "docs" / "deploy.md").read_text()
    row = next(line for line in guide.splitlines() if line.startswith("| `rate`, `burst` |"))
    costs = dict(re.findall(r"`(\w+)`\)? (\d+(?:\.\d+)?)", row))
    assert costs == {TYPE_OF[kind]: f"{cost:g}" for kind, cost in COST.items()}


def test_the_system_unit_allows_what_the_caps_need():
    """The connection cap needs a file each, plus the 64 the server keeps for itself."""
    from pathlib import Path

    from grail_tui.net.connection import Limits

    unit = (Path(__file__).resolve().parents[3] / "contrib" / "grail-tui.service").read_text()
    settings = dict(line.split("=", 1) for line in unit.splitlines() if "=" in line and not line.startswith("#"))
    assert int(settings["LimitNOFILE"]) >= Limits().connections + 64
    assert int(settings["TasksMax"]) >= 64 and settings["UMask"] == "0077"
    assert settings["KillMode"] == "control-group" and "serve --system" in settings["ExecStart"]


def test_a_players_finished_games_come_in_full_pages_of_theirs_alone(tmp_path):
    """The lobby's "finished games of a player" is an indexed lookup, not a scan of every game
    ever played, and a name inside another (ann, joanna) does not spill into its pages."""
    from grail_tui.games import registry
    from grail_tui.games.api import SetupRequest
    from grail_tui.table.seats import SeatConfig
    from grail_tui.table.settings import TableSettings
    from grail_tui.table.sqlite import GameDatabase, open_database
    from grail_tui.table.store import StoredGame

    hunt = registry.get("hunt")
    setup = hunt.setup_to_dict(hunt.make_setup(SetupRequest(players=2, seed=1)))
    database = GameDatabase(open_database(tmp_path / "server.db"))
    for k in range(45):
        names = ("ann", f"p{k}") if k % 3 == 0 else ("joanna", "ann-marie")
        store = database.create(f"G{k:03d}", StoredGame("hunt", setup, [SeatConfig(n) for n in names],
                                                         TableSettings()), names[0], "playing")
        store.finished({"over": True}, (0, 1))
    pages = [database.rows(status=("over",), player="ann", offset=20 * k, limit=20) for k in range(2)]
    assert [len(p) for p in pages] == [15, 0]
    assert all(any(s.name == "ann" for s in row.seats) for row in pages[0])
    plan = " ".join(str(r) for r in database.db.execute(
        "EXPLAIN QUERY PLAN SELECT g.code FROM games g JOIN players p ON p.code = g.code AND p.name = ? "
        "WHERE g.status IN (?) ORDER BY g.updated DESC LIMIT 20", ("ann", "over")))
    assert "SCAN g" not in plan and "SCAN games" not in plan, plan
    database.db.execute("DELETE FROM players")  # a database from before the players' index
    database.close()
    again = GameDatabase(open_database(tmp_path / "server.db"))
    assert len(again.rows(status=("over",), player="joanna", limit=50)) == 30
    again.close()
