"""Objection rounds over the server: minimum duration, timeouts, takeover, spectators, secrecy."""

from __future__ import annotations

import asyncio
import json
import time

from grail_tui.games.hunt.bots import RandomBot
from grail_tui.games.hunt.engine import PlayerView, Propose, action_to_dict, decode
from grail_tui.net.client import Connection, play_seat

from .conftest import start_server


async def until(conn: Connection, predicate, timeout: float = 20.0) -> dict:
    async def scan():
        while True:
            m = await conn.receive()
            if predicate(m):
                return m

    return await asyncio.wait_for(scan(), timeout)


def is_state(m: dict) -> bool:
    return m.get("type") == "state"


async def open_game(server, settings: dict, names=("ann", "bo")):
    a = await Connection.open(tcp=server.tcp, name=names[0])
    b = await Connection.open(tcp=server.tcp, name=names[1])
    await a.send({"type": "create", "players": 2, "bots": [None, None], "seed": 2,
                  "first_player": 0, **settings})
    code = (await a.receive())["code"]
    await b.send({"type": "join", "code": code})
    # the opening: both humans assign nothing
    for conn, seat in ((a, 0), (b, 1)):
        await conn.send({"type": "act", "code": code, "action": {"kind": "assign", "player": seat,
                                                                  "placements": []}})
    return a, b, code


async def wait_turn(conn: Connection, seat: int) -> PlayerView:
    m = await until(conn, lambda m: is_state(m) and m["your_move"]
                    and m["view"]["public"]["phase"] == "turn" and m["view"]["player"] == seat)
    return decode(PlayerView, m["view"])


async def propose_and_time(mover: Connection, seat: int, other: Connection, other_seat: int,
                           code: str, answer: bool = True) -> float:
    """The mover proposes; the other human passes at once (or never); seconds to the result."""
    view = await wait_turn(mover, seat)
    proposal = _proposals(view)[0]
    started = time.monotonic()
    await mover.send({"type": "act", "code": code, "action": action_to_dict(proposal)})
    if answer:
        await until(other, lambda m: is_state(m) and m["your_move"]
                    and m["view"]["public"]["phase"] == "objections")
        await other.send({"type": "act", "code": code, "action": {"kind": "pass", "player": other_seat}})
    await until(mover, lambda m: is_state(m) and m["view"]["public"]["turn"] > view.public.turn)
    return time.monotonic() - started


def _proposals(view: PlayerView):
    from grail_tui.net.client import legal_from_view

    return [a for a in legal_from_view(view) if isinstance(a, Propose) and a.proposal.blow is None]


def test_rounds_with_two_humans_never_resolve_faster_than_the_minimum(tmp_path):
    server = start_server(tmp_path)
    try:
        async def main():
            a, b, code = await open_game(server, {"min_round": 1.5, "bot_delay": 0})
            first = await propose_and_time(a, 0, b, 1, code)  # turn 1: ann proposes, bo passes
            second = await propose_and_time(b, 1, a, 0, code)  # turn 2: bo proposes, ann passes
            return [first, second]

        durations = asyncio.run(main())
        # everyone answered at once, yet the round took the host's minimum
        assert min(durations) >= 1.4, durations
    finally:
        server.stop()


def test_without_a_minimum_the_same_rounds_are_quick(tmp_path):
    server = start_server(tmp_path)
    try:
        async def main():
            a, b, code = await open_game(server, {"min_round": 0, "bot_delay": 0})
            return await propose_and_time(a, 0, b, 1, code)

        assert asyncio.run(main()) < 1.4
    finally:
        server.stop()


def test_a_silent_player_passes_after_the_timeout(tmp_path):
    server = start_server(tmp_path)
    try:
        async def main():
            a, b, code = await open_game(server, {"answer_timeout": 1, "min_round": 0, "bot_delay": 0})
            return await propose_and_time(a, 0, b, 1, code, answer=False)  # bo stays silent

        waited = asyncio.run(main())
        assert 0.9 <= waited < 10
    finally:
        server.stop()


def test_a_bot_takes_over_a_dropped_seat(tmp_path):
    server = start_server(tmp_path)
    try:
        async def main():
            a, b, code = await open_game(server, {"takeover_after": 0.5, "min_round": 0,
                                                  "answer_timeout": 600, "bot_delay": 0})
            await b.close()  # bo drops and never comes back
            watcher = await Connection.open(tcp=server.tcp, name="wat")
            await watcher.send({"type": "watch", "code": code})
            result = await asyncio.wait_for(play_seat(a, code, RandomBot(3)), 90)
            return result

        result = asyncio.run(main())
        assert result["status"] == "over"
    finally:
        server.stop()


async def watch(spy: Connection, seen: list[dict]) -> None:
    while True:
        m = await spy.receive()
        seen.append(m)
        if is_state(m) and m["status"] == "over":
            return


def test_spectators_and_players_get_only_what_they_may_see(tmp_path):
    """Many server-bot games; every message to a spectator or a player is checked."""
    server = start_server(tmp_path)
    try:
        async def main():
            logs: list[tuple[int | None, list[dict]]] = []
            for seed in range(4):
                ann = await Connection.open(tcp=server.tcp, name=f"p{seed}")
                spy = await Connection.open(tcp=server.tcp, name=f"s{seed}")
                await ann.send({"type": "create", "players": 4, "bots": [None, "heuristic", "random",
                                                                          "heuristic"],
                                "seed": seed, "turn_limit": 80, "bot_delay": 0})
                code = (await ann.receive())["code"]
                await spy.send({"type": "watch", "code": code})
                seen_by_spy: list[dict] = []
                seen_by_ann: list[dict] = []

                await asyncio.wait_for(asyncio.gather(
                    play_seat(ann, code, RandomBot(seed), log=seen_by_ann), watch(spy, seen_by_spy)), 120)
                logs.append((None, seen_by_spy))
                logs.append((0, seen_by_ann))
            return logs

        logs = asyncio.run(main())
    finally:
        server.stop()
    checked = 0
    for seat, log in logs:
        for m in log:
            if not is_state(m):
                continue
            checked += 1
            over = m["status"] == "over"
            view = m["view"]
            public = view if seat is None else view["public"]
            if seat is None:
                assert "sheet" not in view and view["kind"] == "PublicView"
            else:
                assert view["player"] == seat
            for e in m["events"]:
                if e["kind"] in ("UnitsPlaced", "HqDealt"):
                    assert seat is not None and e["player"] == seat, e
            if not over:
                assert public["sheets"] is None and "record" not in m
                assert "answers" not in json.dumps(m)
    assert checked > 100
