"""The server over real sockets, in its own process."""

from __future__ import annotations

import asyncio
import json
import os
import pwd
import signal
import sqlite3

from grail_tui.games.api import BotLevel
from grail_tui.net.botclient import play_seat, reply_to
from grail_tui.net.client import ServerLink
from grail_tui.net.protocol import VERSION, Act, Error, Games, ListGames, Open, Refused, State

from ..pebbles import KIND, Stage, Take, installed
from .conftest import start_server
from .helpers import create, link, next_of, seated


def RandomBot(seed: int):  # noqa: N802 - Pebbles' easy bot, by its level
    return KIND.make_bot(BotLevel.RANDOM, seed)


def test_a_whole_game_between_three_clients_and_nothing_secret_leaks(server):
    async def main():
        conns, code = await seated(server, ("ann", "bo", "cy"))
        logs = [[], [], []]
        results = await asyncio.wait_for(asyncio.gather(
            *(play_seat(c, code, KIND, RandomBot(k), log=logs[k]) for k, c in enumerate(conns))), 120)
        for c in conns:
            await c.close()
        return results, logs

    results, logs = asyncio.run(main())
    assert all(r.result is not None for r in results)
    for seat, log in enumerate(logs):
        states = [m for m in log if isinstance(m, State)]
        assert states, "no states"
        for state in states:
            assert state.seat == seat and state.view["player"] == seat
            for event in state.events:
                if event["kind"] == "Dealt":  # a secret bonus reaches only its holder
                    assert event["player"] == seat, f"seat {seat} saw {event}"
            if state.result is None:
                assert state.view["public"]["bonuses"] is None, "bonuses shown before the end"
                assert state.record is None
        dealt = [e for state in states for e in state.events if e["kind"] == "Dealt"]
        assert [e["player"] for e in dealt] == [seat]  # its own, once
        assert states[-1].view["public"]["bonuses"] is not None  # every bonus at the end


def test_bad_input_gets_errors_and_the_server_carries_on(server):
    async def main():
        good, code = await seated(server, ("ann", "bo", "cy"))
        reader, writer = await asyncio.open_connection(*server.tcp)
        writer.write(b'{"type":"hello","version":%d,"name":"mal"}\n' % VERSION)
        await writer.drain()
        assert json.loads(await reader.readline())["type"] == "welcome"
        answers = []
        for raw in (b"{not json}\n", b"[1,2]\n", b'{"type":"teleport"}\n',
                    json.dumps({"type": "act", "code": code, "seq": 1,
                                "action": {"kind": "bid", "player": 0, "count": 0}}).encode() + b"\n",
                    b'{"type":"join","ref":1,"code":"ZZZZ"}\n'):
            writer.write(raw)
            await writer.drain()
            answers.append(json.loads(await reader.readline()))
        assert [a["type"] for a in answers] == ["error", "error", "error", "refused", "error"]
        assert "not valid JSON" in answers[0]["error"] and "unknown message type" in answers[2]["error"]
        assert "do not play" in answers[3]["error"] and "no game ZZZZ" in answers[4]["error"]
        # out of turn / against the rules, from a seated player: refused to that player only
        state = await next_of(good[1], State)
        await good[1].send(Act(code, state.seq, {"kind": "take", "player": 1, "count": 1}))
        refused = await next_of(good[1], Refused)
        assert refused.error == "Everyone bids first."
        await good[1].send(Act(code, state.seq, {"kind": "bid", "player": 1, "count": 5}))
        assert (await next_of(good[1], Refused)).error == "Bid 0 or 1 pebble."
        await good[1].send(Act(code, state.seq, {"kind": "steal", "player": 1}))
        assert "unknown action kind 'steal'" in (await next_of(good[1], Refused)).error
        await good[1].send(Act(code, state.seq, {"kind": "bid", "player": 0, "count": 0}))
        assert "own seat" in (await next_of(good[1], Refused)).error
        # a message over the limit closes that connection
        writer.write(b'{"type":"say","code":"X","text":"' + b"x" * 70000 + b'"}\n')
        await writer.drain()
        bye = json.loads(await reader.readline())
        assert bye["type"] == "bye" and "longer than" in bye["reason"]
        try:
            assert await reader.readline() == b""
        except ConnectionResetError:
            pass  # closed with the rest of the oversized line unread
        # a flood closes that connection
        r2, w2 = await asyncio.open_connection(*server.tcp)
        w2.write(b'{"type":"hello","version":%d,"name":"flood"}\n' % VERSION)
        w2.write(b'{"type":"ping","ref":1}\n' * 400)
        await w2.drain()
        seen = []
        while line := await r2.readline():
            seen.append(json.loads(line)["type"])
        assert seen[-1] == "bye"
        # a silent client is closed after the hello timeout (1 s here)
        r3, _ = await asyncio.open_connection(*server.tcp)
        assert json.loads(await asyncio.wait_for(r3.readline(), 5))["type"] == "bye"
        # and the real game still plays to the end (bo looks again: its first state was read above)
        await good[1].send(Open(9, code))
        results = await asyncio.wait_for(asyncio.gather(
            *(play_seat(c, code, KIND, RandomBot(k)) for k, c in enumerate(good))), 120)
        assert all(r.result is not None for r in results)

    asyncio.run(main())
    assert server.proc.poll() is None


def test_unix_socket_identity_is_the_os_account(server):
    async def main():
        conn = await ServerLink.unix(server.socket)
        assert conn.user == pwd.getpwuid(os.getuid()).pw_name
        await conn.close()

    asyncio.run(main())
    assert (server.socket.stat().st_mode & 0o777) == 0o666
    assert (server.socket.parent.stat().st_mode & 0o777) == 0o700
    assert (server.db.stat().st_mode & 0o777) == 0o600


def test_kill_9_then_restart_keeps_every_acknowledged_action(tmp_path):
    first = start_server(tmp_path)
    acknowledged = 0  # positions the server has shown us

    async def play_some():
        nonlocal acknowledged
        conn = await link(first, "ann")
        code = await create(conn, (None, "random", "random"), options={"pile": 40})
        bot = RandomBot(1)
        while acknowledged < 30:
            m = await next_of(conn, State)
            acknowledged = max(acknowledged, m.seq)
            act = reply_to(KIND, m, bot)
            if act is not None:
                await conn.send(act)
        return code

    code = asyncio.run(play_some())
    os.kill(first.proc.pid, signal.SIGKILL)  # mid-game, bots still playing
    first.proc.wait(5)
    second = start_server(tmp_path)
    try:
        async def resume():
            conn = await link(second, "ann")  # the same player comes back
            await conn.send(Open(1, code))
            state = await next_of(conn, State)
            await conn.close()
            return state

        state = asyncio.run(resume())
        assert state.seat == 0 and state.seq >= acknowledged >= 30
        db = sqlite3.connect(second.db)
        stored = db.execute("SELECT COUNT(*) FROM actions WHERE code = ?", (code,)).fetchone()[0]
        db.close()
        assert stored >= acknowledged
    finally:
        second.stop()


def test_the_lobby_lists_a_game_after_a_client_vanished(server):
    async def main():
        conns, code = await seated(server, ("dee", "eve", "fay"))
        await conns[2].close()
        other = await link(server, "gus")
        await other.send(ListGames(7, "live"))
        games = await next_of(other, Games)
        assert games.ref == 7 and any(g.code == code for g in games.games)
        await other.send(ListGames(8, "open"))
        assert code not in [g.code for g in (await next_of(other, Games)).games]  # every seat is taken

    asyncio.run(main())


async def test_a_games_own_bots_bid_and_answer_side_by_side_with_a_person(server):
    """Two bots of Pebbles' own level and one person: the bots bid, then both answer a take of two."""
    conn = await link(server, "ann")
    code = await create(conn, (None, "greedy", "greedy"))
    took = False
    while True:
        m = await next_of(conn, State, 30)
        doubted = [e for e in m.events if e.get("kind") == "Doubted"]
        if took and doubted:
            assert doubted[0]["taker"] == 0 and doubted[0]["doubters"] == []  # greedy never doubts
            break
        if not m.asked:
            continue
        view = KIND.decode_view(m.view, 0)
        legal = list(KIND.legal_from_view(view, 0))
        if view.public.stage is Stage.TURN and not took:  # a take both bots must answer
            action, took = Take(0, 2), True
        else:
            action = RandomBot(1).decide(view, legal)
        await conn.send(Act(code, m.seq, KIND.action_to_dict(action)))
    await conn.close()


async def test_guests_and_strangers_cannot_take_what_is_not_theirs(server):
    conns, code = await seated(server, ("hal", "ivy"))
    stranger = await link(server, "joe")
    await stranger.send(Open(3, code))
    error = await next_of(stranger, Error)
    assert error.ref == 3 and "no seat" in error.error


async def test_a_person_joining_later_cannot_look_like_another_seat(server):
    """A game made with a bot called Carol and two open seats: people whose names look like
    Carol's (case, small capitals, an accent) are refused a seat at the join, told why, and the
    seat stays open; someone else takes it."""
    from grail_tui.net.protocol import Create, Join, Joined, TableRules

    host = await link(server, "hana")
    await host.send(Create(1, KIND.name, (None, "random", None, None), names=("", "Carol", "", ""),
                           rules=TableRules(min_round=0)))
    code = (await next_of(host, Joined)).code
    for k, lookalike in enumerate(("carol", "\u1d04arol", "Caro\u0301l", "HANA")):
        person = await link(server, lookalike)
        await person.send(Join(10 + k, code))
        error = await next_of(person, (Error, Joined))
        assert isinstance(error, Error), f"{lookalike} took seat {error.seat} beside Carol"
        assert error.ref == 10 + k and "looks like your name" in error.error, (lookalike, error)
        await person.close()
    for name, listed in (("carol", False), ("dora", True)):  # the lobby offers it only to whom it seats
        person = await link(server, name)
        await person.send(ListGames(30, "open"))
        assert (code in [g.code for g in (await next_of(person, Games)).games]) is listed, name
        await person.close()
    other = await link(server, "dora")
    await other.send(Join(20, code))
    assert (await next_of(other, Joined)).seat == 2  # the first open seat was still open
    await other.close()
    await host.close()
    server.assert_no_traceback()


def test_before_it_opens_its_doors_a_server_imports_every_game_and_settles_its_collector(tmp_path, monkeypatch):
    """Importing a game when the first is created held up every connection (a third of the
    server's time in a burst of fifty arrivals): `serve` preloads each game's rules, bots and words."""
    import subprocess
    import sys

    probe = f"""
import asyncio, json, sys
from pathlib import Path
from grail_tui.net.running import serve
async def main():
    ready = asyncio.Event()
    task = asyncio.create_task(serve(Path({str(tmp_path / 's.sock')!r}), Path({str(tmp_path / 'g.db')!r}), ready))
    await asyncio.wait_for(ready.wait(), 30)
    import gc
    print(json.dumps({{"thresholds": gc.get_threshold(), "frozen": gc.get_freeze_count()}}))
    print(json.dumps(sorted(sys.modules)))
    task.cancel()
asyncio.run(main())
"""
    from ..pebbles import environment

    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60,
                          env=environment())
    *_, collector, modules = done.stdout.strip().splitlines()
    loaded = set(json.loads(modules))
    # and it has set its garbage collector for short pauses (see running.settle_collector)
    from grail_tui.net.running import COLLECTOR_THRESHOLDS
    settled = json.loads(collector)
    assert settled["thresholds"] == list(COLLECTOR_THRESHOLDS) and settled["frozen"] > 10_000
    assert COLLECTOR_THRESHOLDS[0] <= 1000 and COLLECTOR_THRESHOLDS[2] >= 50  # short young pauses, rare full ones
    from grail_tui.games import registry

    with installed(monkeypatch):  # every game the server knows: the built-in ones and Pebbles
        known = registry.kinds()
        rooms = {f"{kind.package}.{room}" for kind in known for room in kind.server_rooms}
    assert len(rooms) == 3 * len(known) and "toy_game.bots" in rooms  # kind, bots, words each
    assert rooms <= loaded, rooms - loaded
    assert not any(".screens" in module or module.endswith(".ui") for module in loaded)  # a server draws nothing
