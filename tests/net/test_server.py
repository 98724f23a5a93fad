"""The server over real sockets, in its own process."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3

import pytest

from grail_tui.games.hunt.bots import RandomBot
from grail_tui.games.hunt.engine import Phase, PlayerView, Propose, action_to_dict, decode
from grail_tui.net.client import Connection, legal_from_view, play_seat

from .conftest import start_server


async def three_players(server, names=("ann", "bo", "cy")):
    conns = [await Connection.open(tcp=server.tcp, name=n) for n in names]
    await conns[0].send({"type": "create", "players": 3, "bots": [None, None, None],
                         "turn_limit": 60, "min_round": 0, "seed": 5})
    joined = await conns[0].receive()
    assert joined["type"] == "joined" and joined["seat"] == 0
    code = joined["code"]
    for c in conns[1:]:
        await c.send({"type": "join", "code": code})
    return conns, code


def test_a_whole_game_between_three_clients_and_nothing_secret_leaks(server):
    async def main():
        conns, code = await three_players(server)
        logs = [[], [], []]
        results = await asyncio.wait_for(asyncio.gather(
            *(play_seat(c, code, RandomBot(k), log=logs[k]) for k, c in enumerate(conns))), 120)
        for c in conns:
            await c.close()
        return results, logs

    results, logs = asyncio.run(main())
    assert all(r["status"] == "over" for r in results)
    for seat, log in enumerate(logs):
        assert log, "no messages"
        for message in log:
            text = json.dumps(message)
            if message["type"] != "state":
                continue
            view = message["view"]
            assert message["seat"] == seat and view["player"] == seat
            for event in message["events"]:
                # private events reach only their owner
                if event["kind"] in ("UnitsPlaced", "HqDealt"):
                    assert event["player"] == seat, f"seat {seat} saw {event}"
            if message["status"] != "over":
                assert view["public"]["sheets"] is None, "sheets shown before the end"
            del text


def test_bad_input_gets_errors_and_the_server_carries_on(server):
    async def main():
        good, code = await three_players(server)
        reader, writer = await asyncio.open_connection(*server.tcp)
        writer.write(json.dumps({"type": "hello", "version": 1, "name": "mal"}).encode() + b"\n")
        await writer.drain()
        assert json.loads(await reader.readline())["type"] == "welcome"
        answers = []
        for raw in (b"{not json}\n", b"[1,2]\n", b'{"type":"teleport"}\n',
                    json.dumps({"type": "act", "code": code, "action": {"kind": "pass", "player": 0}}).encode()
                    + b"\n", json.dumps({"type": "join", "code": "ZZZZ"}).encode() + b"\n"):
            writer.write(raw)
            await writer.drain()
            answers.append(json.loads(await reader.readline()))
        assert [a["type"] for a in answers] == ["error"] * 5
        assert "not valid JSON" in answers[0]["error"] and "unknown message type" in answers[2]["error"]
        assert "do not play" in answers[3]["error"] and "no game" in answers[4]["error"]
        # out of turn / against the rules, from a seated player: an error to that player only
        await good[1].send({"type": "act", "code": code,
                            "action": {"kind": "propose", "player": 1, "initiate": "AC", "step": "b1"}})
        while True:
            m = await good[1].receive()
            if m["type"] == "error":
                assert "opening" in m["error"] or "cannot" in m["error"]
                break
        await good[1].send({"type": "act", "code": code, "action": {"kind": "pass", "player": 0}})
        while (m := await good[1].receive())["type"] != "error":
            pass
        assert "seat 2" in m["error"]
        # a message over 64 KiB closes that connection
        writer.write(b'{"type":"chat","text":"' + b"x" * 70000 + b'"}\n')
        await writer.drain()
        bye = json.loads(await reader.readline())
        assert bye["type"] == "bye" and "longer than" in bye["error"]
        assert await reader.readline() == b""
        # a flood closes that connection
        r2, w2 = await asyncio.open_connection(*server.tcp)
        w2.write(json.dumps({"type": "hello", "version": 1, "name": "flood"}).encode() + b"\n")
        w2.write(b'{"type":"list"}\n' * 400)
        await w2.drain()
        seen = []
        while line := await r2.readline():
            seen.append(json.loads(line)["type"])
        assert seen[-1] == "bye"
        # a silent client is closed after the hello timeout (1 s here)
        r3, w3 = await asyncio.open_connection(*server.tcp)
        assert json.loads(await asyncio.wait_for(r3.readline(), 5))["type"] == "bye"
        # and the real game still plays to the end
        results = await asyncio.wait_for(asyncio.gather(
            *(play_seat(c, code, RandomBot(k)) for k, c in enumerate(good))), 120)
        assert all(r["status"] == "over" for r in results)

    asyncio.run(main())
    assert server.proc.poll() is None


def test_unix_socket_identity_is_the_os_account(server):
    async def main():
        conn = await Connection.open(unix=server.socket, name="someone-else")
        import pwd

        assert conn.user == pwd.getpwuid(os.getuid()).pw_name
        await conn.close()

    asyncio.run(main())
    assert (server.socket.stat().st_mode & 0o777) == 0o666
    assert (server.db.stat().st_mode & 0o777) == 0o600


def test_kill_9_then_restart_keeps_every_acknowledged_action(tmp_path):
    from grail_tui.games.hunt.engine import PlayerView, action_to_dict, decode
    from grail_tui.net.client import legal_from_view

    first = start_server(tmp_path)
    acknowledged = 0  # actions the server has told us about

    async def play_some():
        nonlocal acknowledged
        conn = await Connection.open(tcp=first.tcp, name="ann")
        token = conn.token
        await conn.send({"type": "create", "players": 3, "bots": [None, "random", "random"],
                         "seed": 3, "turn_limit": 400})
        code = (await conn.receive())["code"]
        bot = RandomBot(1)
        while acknowledged < 40:
            m = await conn.receive()
            if m["type"] != "state":
                continue
            acknowledged = max(acknowledged, m["version"])
            if m["your_move"]:
                view = decode(PlayerView, m["view"])
                legal = list(legal_from_view(view))
                await conn.send({"type": "act", "code": code,
                                 "action": action_to_dict(bot.decide(view, legal))})
        return code, token

    code, token = asyncio.run(play_some())
    os.kill(first.proc.pid, signal.SIGKILL)  # mid-game, bots still playing
    first.proc.wait(5)
    second = start_server(tmp_path)
    try:
        async def resume():
            conn = await Connection.open(tcp=second.tcp, token=token)  # the same player comes back
            await conn.send({"type": "open", "code": code})
            joined = await conn.receive()
            state = await conn.receive()
            await conn.close()
            return joined, state

        joined, state = asyncio.run(resume())
        assert joined["type"] == "joined" and joined["seat"] == 0
        assert state["type"] == "state" and state["version"] >= acknowledged >= 40
        db = sqlite3.connect(second.db)
        stored = db.execute("SELECT COUNT(*) FROM actions WHERE code = ?", (code,)).fetchone()[0]
        db.close()
        assert stored >= acknowledged
    finally:
        second.stop()


@pytest.mark.parametrize("n", [1])
def test_server_survives_a_client_vanishing_mid_game(server, n):
    async def main():
        conns, code = await three_players(server, names=("dee", "eve", "fay"))
        await conns[2].close()
        other = await Connection.open(tcp=server.tcp, name="gus")
        await other.send({"type": "list"})
        games = await other.receive()
        assert any(g["code"] == code for g in games["games"])

    asyncio.run(main())


async def test_strong_bots_open_and_answer_side_by_side_with_a_person(server):
    """Two searching bots and one person: the bots open, then both answer a proposal."""
    conn = await Connection.open(tcp=server.tcp, name="ann")
    await conn.send({"type": "create", "players": 3, "bots": [None, "strong", "strong"],
                     "seed": 4, "first_player": 0})
    code = (await conn.receive())["code"]
    proposed = revealed = False
    while not revealed:
        m = await asyncio.wait_for(conn.receive(), 30)
        if m["type"] != "state":
            continue
        revealed = proposed and any(e.get("kind") == "ObjectionsRevealed" for e in m["events"])
        if m["your_move"] and not revealed:
            view = decode(PlayerView, m["view"])
            legal = list(legal_from_view(view))
            if view.public.phase is Phase.TURN:  # a proposal both bots must answer
                action = next(a for a in legal if isinstance(a, Propose))
                proposed = True
            else:
                action = RandomBot(1).decide(view, legal)
            await conn.send({"type": "act", "code": code, "action": action_to_dict(action)})
    await conn.close()
