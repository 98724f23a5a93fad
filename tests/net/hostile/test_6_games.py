"""§6: no game can be frozen or corrupted.

Every wait ends after the host's time limit with its defined effect (the
opening assigns nothing, an answer passes, a reply concedes, a turn passes or
a stand-in bot plays it); a stale or repeated action is refused and never
lands on a later position; codes are unique across the whole database;
finished games can be watched, with their records, after a restart; and an
acknowledged action, a secret answer included, survives kill -9.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import time
from itertools import product
from typing import Any

import pytest
from pytest import approx

from grail_tui.games.hunt.engine import Assign, Initiate, Object, Pass, Phase, Propose
from grail_tui.net import hosting
from grail_tui.net.protocol import Act, Create, Join, ListGames, Open, Ping, TableRules, Watch
from grail_tui.table.seats import SeatConfig
from grail_tui.table.settings import BOT_FLOOR, TableSettings
from grail_tui.table.sqlite import GameDatabase, open_database
from grail_tui.table.store import StoredGame
from grail_tui.table.updates import TableError

from .conftest import OnFakeTime, serve
from .wire import HUNT, Wire, create, finished_game, legal

LIMIT = 5.0  # the shortest time limit a host may set


def act(wire: Wire, code: str, action: Any) -> None:
    wire.send(Act(code, wire.latest[code].seq, HUNT.action_to_dict(action)))


def strongest(view_state: Any) -> Any:
    view = HUNT.decode_view(view_state.view, view_state.seat)
    return max(view.sheet.free, key=lambda unit: unit.points)


async def pair(server: Any, tag: str, **rules: Any) -> tuple[str, Wire, Wire]:
    """Two people at a game; both open with their strongest unit on Alberto Castellano.
    Returns the code, the first mover and the other."""
    ann, bo = await Wire.open(server, f"ann{tag}"), await Wire.open(server, f"bo{tag}")
    code = await create(ann, (None, None), turn_timeout=LIMIT, answer_timeout=LIMIT, **rules)
    bo.send(Join(1, code))
    await bo.next("joined")
    for wire in (ann, bo):
        state = await wire.seen(code, lambda s: s.asked)
        act(wire, code, Assign(state.seat, ((strongest(state), Initiate.AC),)))
    if isinstance(server, OnFakeTime):  # the opening is held for the round's minimum, on its clock
        for wire in (ann, bo):
            await wire.seen(code, lambda s: s.pending is not None or s.seq >= 1)
        await server.clock.run_until(lambda: server.table(code).seq >= 1, 5)
    first = await ann.seen(code, lambda s: s.seq >= 1)
    mover = first.view["public"]["mover"]
    await bo.seen(code, lambda s: s.seq >= 1)
    return code, (ann, bo)[mover], (ann, bo)[1 - mover]


def events(wire: Wire, code: str) -> list[dict[str, Any]]:
    return [e for m in wire.messages() if m["type"] == "state" and m["code"] == code for e in m["events"]]


async def silent_opening(served: OnFakeTime) -> None:
    ann = await Wire.open(served, "mute-opener")
    code = await create(ann, (None, "random"), turn_timeout=LIMIT, answer_timeout=LIMIT)
    table = served.table(code)
    await served.times_out(lambda: table.state.phase is not Phase.OPENING)
    # the first state after the opening (not the latest: a quick bot may have moved since)
    state = await ann.state(code, lambda s: s.seq >= 1, timeout=10)
    view = HUNT.decode_view(state.view, 0)
    assert view.public.phase is Phase.TURN and not view.sheet.placements  # ann assigned nothing
    await ann.close()


async def silent_mover(served: OnFakeTime, on_timeout: str) -> None:
    code, mover, other = await pair(served, on_timeout, on_timeout=on_timeout)
    seat = mover.latest[code].seat
    seq = mover.latest[code].seq
    table = served.table(code)
    await served.times_out(lambda: table.seq > seq, after=BOT_FLOOR if on_timeout == "bot" else 0.0)
    state = await other.seen(code, lambda s: s.seq > seq, timeout=10)
    assert state.view["public"]["turn"] >= 1
    db = sqlite3.connect(served.db)
    last = json.loads(db.execute("SELECT action FROM actions WHERE code = ? ORDER BY idx DESC LIMIT 1",
                                 (code,)).fetchone()[0])
    db.close()
    assert last["player"] == seat
    if on_timeout == "pass":
        assert last == {"kind": "assign", "player": seat, "placements": []}  # the turn passes
    else:
        assert last != {"kind": "assign", "player": seat, "placements": []}  # a stand-in bot played it
    await mover.close()
    await other.close()


async def silent_answerer(served: OnFakeTime) -> None:
    code, mover, other = await pair(served, "answer")
    act(mover, code, next(a for a in legal(mover.latest[code]) if isinstance(a, Propose)))
    seq = mover.latest[code].seq
    await other.seen(code, lambda s: s.asked and s.seq > seq)
    table = served.table(code)
    await served.times_out(lambda: table.seq > seq + 1)
    state = await mover.seen(code, lambda s: s.seq > seq + 1, timeout=10)
    revealed = [e for e in events(mover, code) if e["kind"] == "ObjectionsRevealed"]
    assert revealed and revealed[-1]["objections"] == []  # the silent answer passed
    assert state.view["public"]["phase"] != "objections"
    await mover.close()
    await other.close()


async def silent_replier(served: OnFakeTime) -> None:
    code, mover, other = await pair(served, "reply")
    proposal = next(a for a in legal(mover.latest[code])
                    if isinstance(a, Propose) and a.proposal.initiate is Initiate.AC)
    act(mover, code, proposal)
    asked = await other.seen(code, lambda s: s.asked and s.view["public"]["phase"] == "objections")
    objection = max((a for a in legal(asked) if isinstance(a, Object)), key=lambda a: a.amount)
    act(other, code, objection)
    replying = await mover.seen(code, lambda s: s.view["public"]["phase"] == "reply")
    assert replying.asked
    table = served.table(code)
    await served.times_out(lambda: table.seq > replying.seq)
    await mover.seen(code, lambda s: s.seq > replying.seq, timeout=10)
    assert any(e["kind"] == "Conceded" for e in events(mover, code))  # the silent mover conceded
    await mover.close()
    await other.close()


async def test_every_wait_ends_after_its_time_limit_with_its_effect(on_fake_time: OnFakeTime):
    """Each wait, one after another on the server's fake clock: at its limit, to the second."""
    await silent_opening(on_fake_time)
    await silent_mover(on_fake_time, "pass")
    await silent_mover(on_fake_time, "bot")
    await silent_answerer(on_fake_time)
    await silent_replier(on_fake_time)


async def test_stale_and_repeated_actions_are_refused_and_land_on_nothing(on_fake_time: OnFakeTime):
    served = on_fake_time
    code, mover, other = await pair(served, "stale", min_round=1.0)  # the answered round is held
    seq = mover.latest[code].seq
    proposal = next(a for a in legal(mover.latest[code]) if isinstance(a, Propose))
    mover.send(Act(code, seq - 1, HUNT.action_to_dict(proposal)))
    assert "moved on" in (await mover.next("refused")).error
    mover.send(Act(code, seq, HUNT.action_to_dict(proposal)))
    mover.send(Act(code, seq, HUNT.action_to_dict(proposal)))  # the same, twice
    assert "moved on" in (await mover.next("refused")).error
    asked = await other.seen(code, lambda s: s.asked)
    seat = asked.seat
    other.send(Act(code, seq, HUNT.action_to_dict(Pass(seat))))  # an answer naming the old position
    assert "moved on" in (await other.next("refused")).error
    other.send(Act(code, asked.seq, HUNT.action_to_dict(Pass(seat))))
    other.send(Act(code, asked.seq, HUNT.action_to_dict(Pass(seat))))
    assert "already answered" in (await other.next("refused")).error
    table = served.table(code)
    assert await served.clock.run_until(lambda: table.seq > asked.seq, 5) == approx(1.0)  # held 1 s
    await mover.seen(code, lambda s: s.seq > asked.seq)
    db = sqlite3.connect(served.db)
    kept = [json.loads(a) for (a,) in db.execute("SELECT action FROM actions WHERE code = ? ORDER BY idx",
                                                  (code,))]
    db.close()
    assert kept[2:] == [HUNT.action_to_dict(proposal), HUNT.action_to_dict(Pass(seat))]  # once each


def test_codes_are_unique_across_the_whole_database_finished_games_included(tmp_path, monkeypatch):
    database = GameDatabase(open_database(tmp_path / "server.db"))
    stored = _stored()
    store = database.create("ABCD", stored, "a", "playing")
    store.finished({"over": True}, (0, 1))
    database.create("ABCE", stored, "a", "playing")
    letters = iter("ABCD" "ABCE" "ABCF")
    monkeypatch.setattr(hosting.secrets, "choice", lambda _: next(letters))
    assert hosting.Codes(database).new(live=["ABCE"]) == "ABCF"  # a finished game's code is never reused
    database.close()


def test_codes_grow_longer_before_a_length_fills_and_run_out_with_a_message(tmp_path):
    """On a two-letter alphabet: every code of each length up to the wire's limit is taken by
    games in turn; codes grow a letter once half of a length is used, every new code comes in a
    bounded number of draws, none is ever reused, and past the limit the host is told."""
    database = GameDatabase(open_database(tmp_path / "server.db"))
    stored = _stored()
    for letters in product("AB", repeat=4):  # the whole four-letter space, taken by finished games
        database.create("".join(letters), stored, "a", "over")
    codes = hosting.Codes(database, letters="AB")
    made: list[str] = []
    with pytest.raises(TableError, match="run out of game codes"):
        while True:
            code = codes.new()
            database.create(code, stored, "a", "over")
            made.append(code)
    # 5 to 8 letters, half of each length: 16 + 32 + 64 + 128
    assert [len(code) for code in made] == [5] * 16 + [6] * 32 + [7] * 64 + [8] * 128
    assert len(set(made)) == len(made)
    database.close()


async def test_a_server_whose_four_letter_codes_are_all_used_makes_a_game_at_once(tmp_path):
    """Every four-letter code already kept by a finished game (331 776 of them): creating a game
    used to loop for ever on the event loop and freeze the whole server; now the code has a
    fifth letter, and the server answers everybody meanwhile."""
    folder = tmp_path / "server"
    folder.mkdir()
    database = GameDatabase(open_database(folder / "server.db"))
    row = ("hunt", json.dumps(_stored().setup), "[]", "{}", "over", 0.0, 0.0, "old")
    with database.db:
        database.db.execute("BEGIN")
        database.db.executemany(
            "INSERT INTO games (code, game, setup, seats, settings, status, created, updated, owner) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (("".join(letters), *row) for letters in product(hosting.CODE_LETTERS, repeat=4)))
        database.db.execute("INSERT INTO players VALUES ('old', 'AAAA')")
    database.close()
    served = serve(folder)
    try:
        host, other = await Wire.open(served, "host"), await Wire.open(served, "other")
        codes = [await create(host, (None, "random")) for _ in range(3)]
        assert [len(code) for code in codes] == [5, 5, 5] and len(set(codes)) == 3
        other.send(Ping(7))
        await other.next("pong", timeout=5)
    finally:
        served.stop()
    served.assert_no_traceback()


def _stored() -> StoredGame:
    return StoredGame("hunt", HUNT.setup_to_dict(HUNT.make_setup(_request())),
                      [SeatConfig("a"), SeatConfig("b")], TableSettings())


def _request() -> Any:
    from grail_tui.games.api import SetupRequest

    return SetupRequest(players=2, seed=1)


async def test_finished_games_are_watched_with_their_record_after_a_restart(tmp_path):
    folder = tmp_path / "server"
    first = serve(folder)
    try:
        code = await finished_game(first, "finisher", turns=30)
    finally:
        first.stop()
    second = serve(folder)
    try:
        fan = await Wire.open(second, "fan")
        fan.send(ListGames(1, "finished"))
        assert code in [g.code for g in (await fan.next("games")).games]
        fan.send(Watch(2, code))
        state = await fan.state(code)
        assert state.result is not None and state.record is not None and state.seat is None
        record = HUNT.read_record(state.record)
        final = HUNT.replay(record.setup, record.actions)
        assert HUNT.result(final).winners == tuple(state.result["winners"])
        fan.send(Open(3, code))  # nobody plays a finished game
        assert "no game" in (await fan.next("error")).error
        await fan.close()
    finally:
        second.stop()
    second.assert_no_traceback()


async def test_kill_9_keeps_every_acknowledged_action_a_secret_answer_included(tmp_path):
    folder = tmp_path / "server"
    first = serve(folder)
    ann = await Wire.open(first, "ann")
    code = await create(ann, (None, None))
    opening = await ann.seen(code, lambda s: s.asked)
    unit = strongest(opening)
    act(ann, code, Assign(0, ((unit, Initiate.MA),)))
    await ann.seen(code, lambda s: s.pending is not None)  # acknowledged to ann alone
    os.kill(first.proc.pid, signal.SIGKILL)
    first.proc.wait(5)
    await ann.close()
    second = serve(folder)
    try:
        ann = await Wire.open(second, "ann")
        ann.send(Open(1, code))
        back = await ann.state(code)
        assert back.pending == {"kind": "assign", "player": 0, "placements": [[str(unit), "MA"]]}
        assert not back.asked and back.seq == opening.seq
        bo = await Wire.open(second, "bo")
        bo.send(Join(2, code))
        await bo.next("joined")
        await bo.seen(code, lambda s: s.asked)
        act(bo, code, Assign(1, ()))
        shown = await ann.seen(code, lambda s: s.seq > opening.seq)
        assert HUNT.decode_view(shown.view, 0).sheet.influence[Initiate.MA] == unit.points
        for wire in (ann, bo):
            await wire.close()
    finally:
        second.stop()
    second.assert_no_traceback()



async def test_nobody_hears_of_a_write_before_it_is_on_disk(tmp_path, monkeypatch):
    """The server in this process, its disk held: what tells of a write waits for the sync."""
    import threading

    from grail_tui.net.server import Server
    from grail_tui.table.durable import DiskSync
    from grail_tui.table.thinking import Thinker
    from grail_tui.table.timekeeping import settle

    from ...waiting import until
    from .test_7_memory import Here

    gate, syncing, synced = threading.Event(), threading.Event(), []

    def held(fd: int) -> None:
        syncing.set()
        gate.wait(10)
        os.fsync(fd)
        synced.append(time.monotonic())

    monkeypatch.setattr(DiskSync, "sync_file", staticmethod(held))
    database = GameDatabase(open_database(tmp_path / "server.db"))
    server = Server(database, bot_delay=0.0, thinker=Thinker())
    here = Here(("127.0.0.1", await server.listen_bench_tcp("127.0.0.1", 0)))
    try:
        ann = await Wire.open(here, "ann")  # nothing written yet: the welcome goes at once
        ann.send(Create(1, "hunt", (None, "random"), rules=TableRules(min_round=0)))
        ann.send(Ping(2))
        await until(lambda: syncing.is_set() and server.games, 10, "the game made and its write under way")
        await settle()  # anything the server sent now is read
        assert [m["type"] for m in ann.messages()] == ["welcome"]  # the game is made, not yet on disk
        gate.set()
        joined = await ann.next("joined")
        assert synced and (await ann.next("pong")).ref == 2
        assert database.written >= 1 and server.disk.synced >= 1 and joined.seat == 0
        await ann.close()
    finally:
        gate.set()
        await server.close()
        database.close()


async def test_a_guest_watches_but_its_words_and_seat_requests_are_refused(tmp_path):
    """A guest from the SSH door (its socket pair, as the door hands it over) may watch; what it
    says is refused and reaches nobody, and it takes no seat, not even one kept for its name."""
    import socket

    from grail_tui.net.protocol import VERSION, Hello, Say
    from grail_tui.net.server import Server
    from grail_tui.table.thinking import Thinker

    from .test_7_memory import Here

    database = GameDatabase(open_database(tmp_path / "server.db"))
    server = Server(database, bot_delay=0.0, thinker=Thinker())
    here = Here(("127.0.0.1", await server.listen_bench_tcp("127.0.0.1", 0)))
    try:
        ann = await Wire.open(here, "ann")
        code = await create(ann, (None, None), reserved=(None, "guest-1a2b"))
        ours, theirs = socket.socketpair()
        ours.setblocking(False)
        await server.attach(ours, "guest-1a2b", guest=True)
        guest = Wire(*await asyncio.open_unix_connection(sock=theirs), "guest-1a2b")
        guest.send(Hello(VERSION))
        welcome = await guest.next("welcome")
        assert welcome.user == "guest-1a2b" and welcome.guest
        guest.send(Join(1, code))
        assert "not take a seat" in (await guest.next("error")).error
        guest.send(Watch(2, code))
        assert (await guest.next("joined")).seat is None
        guest.send(Say(code, "psst, ann"))
        assert "Guests may watch but not talk" in (await guest.next("error")).error
        ann.send(Say(code, "hello"))
        state = await ann.state(code, lambda s: any(c.text == "hello" for c in s.chat), 10)
        assert [c.text for c in state.chat] == ["hello"]
        assert not any(b"psst" in line for line in ann.raw + guest.raw)
        await guest.close()
        await ann.close()
    finally:
        await server.close()
        database.close()
