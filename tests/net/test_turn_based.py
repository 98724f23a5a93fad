"""Turn-based games on a server on a fake clock: four people who connect only when the notification
command says their move is due, over three simulated days, a restart in the middle, one person who
stops coming and is played by a bot once her time is out, and a forfeit in the ratings."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

from pytest import approx

from grail_tui.games import registry
from grail_tui.net.client import ServerLink
from grail_tui.net.notify import Notifier, due_moves
from grail_tui.net.protocol import Act, Create, Error, Games, Join, ListGames, Open, State, TableRules
from grail_tui.net.server import Server
from grail_tui.table.pace import Pace
from grail_tui.table.sqlite import GameDatabase, open_database
from grail_tui.table.thinking import Thinker
from grail_tui.table.timekeeping import FakeClock

from .helpers import next_of, seated, states

HUNT = registry.get("hunt")  # these tests are about the hunt on purpose

DAY, HOUR = 86400.0, 3600.0
PEOPLE = ("ann", "bo", "cy", "di")
KEYS = {"event", "person", "game", "title", "seat", "deadline", "result", "left"}


def recorder(path: Path) -> Notifier:
    """The operator's command: appends each event it is given to a file."""
    script = f"import sys; open({str(path)!r}, 'a').write(sys.stdin.read())"
    return Notifier([sys.executable, "-c", script])


class Site:
    """A server in this process on a fake clock, which can be stopped and started again."""

    def __init__(self, folder: Path, clock: FakeClock) -> None:
        self.folder, self.clock = folder, clock
        self.events = folder / "events.jsonl"
        self.read = 0

    async def start(self) -> None:
        self.database = GameDatabase(open_database(self.folder / "server.db"))
        self.notifier = recorder(self.events)
        self.server = Server(self.database, bot_delay=0.0, thinker=Thinker(), clock=self.clock,
                             presets=(Pace("day", DAY, 12 * HOUR),), notifier=self.notifier)
        self.tcp = ("127.0.0.1", await self.server.listen_bench_tcp("127.0.0.1", 0))

    async def stop(self) -> None:
        await self.notifier.idle()
        await self.server.close()
        self.database.close()

    async def new_events(self) -> list[dict]:
        await self.clock.advance(0)
        await self.notifier.idle()
        lines = self.events.read_text().splitlines() if self.events.exists() else []
        fresh, self.read = lines[self.read:], len(lines)
        return [json.loads(line) for line in fresh]


async def move(site: Site, name: str, code: str) -> None:
    """``name`` connects, plays what is asked of them (the hunt's default: pass), and goes."""
    conn = await ServerLink.bench_tcp(*site.tcp, name)
    try:
        await conn.send(Open(1, code))
        state = await next_of(conn, State, 10)
        assert state.asked, f"{name} was told of a move that was not theirs"
        table = site.server.games[code].table
        action = HUNT.default_action(table.state, state.seat, pass_turn=True) \
            or list(table.state.legal_actions(state.seat))[0]
        await conn.send(Act(code, state.seq, HUNT.action_to_dict(action)))
        await states(conn, code, lambda after: after.pending is not None or after.seq > state.seq, 10)
    finally:
        await conn.close()


async def test_four_people_finish_a_turn_based_hunt_over_three_days_with_a_restart(tmp_path: Path):
    clock = FakeClock()
    site = Site(tmp_path, clock)
    await site.start()
    conns, code = await seated(site, PEOPLE, game="hunt",
                               options={"turn_limit": 12}, pace="day", on_flag="bot")
    table = site.server.games[code].table
    assert table.settings.turn_based and not table.paused
    for name, conn in zip(PEOPLE, conns, strict=True):  # each opens while joined, then goes
        await conn.close()
        await move(site, name, code)
    told: list[dict] = []
    restarted = stopped_for = False
    waits_on_me: dict[str, int] = {}
    while not (table := site.server.games[code].table if code in site.server.games else table).over:
        events = await site.new_events()
        told += events
        for event in events:
            assert set(event) <= KEYS and event["game"] == code, event
            if event["event"] == "your-move":
                person = event["person"].removeprefix("bench:")
                waits_on_me[person] = waits_on_me.get(person, 0) + 1
                assert waits_on_me[person] == 1, f"{person} was told twice of one move"
        due = [e["person"].removeprefix("bench:") for e in events if e["event"] == "your-move"]
        if clock.now() - 1000 > DAY and not restarted:
            left = table.deadline_wall() - clock.wall()
            await site.stop()
            await clock.advance(2 * DAY)  # the server is down for two days: no clock counts
            await site.start()
            table = site.server.games[code].table
            assert table.deadline_wall() - clock.wall() == approx(left)
            restarted = True
        for person in due:
            if restarted and person == "di":
                stopped_for = True
                continue  # di stops coming after the restart
            await clock.advance(5 * HOUR)  # each thinks some hours before coming to move
            if code in site.server.games and not site.server.games[code].table.over:
                waits_on_me[person] = 0
                await move(site, person, code)
        if not due:  # nobody is due who comes: the next deadline
            nxt = clock.next_alarm()
            assert nxt is not None, "the game waits on nobody"
            await clock.advance_to(nxt)
        assert clock.now() - 1000 < 10 * DAY, "the game did not end"
    told += await site.new_events()
    assert restarted and stopped_for
    seats = {s.name: k for k, s in enumerate(table.seats)}
    assert table.banks.flagged == {seats["bench:di"]}  # only she ran out; the others were all told
    over = [e for e in told if e["event"] == "game-over"]
    assert sorted(e["person"] for e in over) == sorted(f"bench:{p}" for p in PEOPLE)
    ranks = json.loads(site.database.db.execute("SELECT ranks FROM games WHERE code = ?", (code,)).fetchone()[0])
    assert ranks[seats["bench:di"]] == max(ranks) > min(ranks)  # a forfeit: a loss for her
    rated = site.database.db.execute("SELECT rank, mu_after < mu_before FROM rating_changes "
                                     "WHERE identity = ? AND code = ?", ("bench:di", code)).fetchone()
    assert rated == (max(ranks), 1)  # rated last, and her rating fell
    assert 2 * DAY < clock.now() - 1000 - 2 * DAY < 10 * DAY  # days of play, in seconds of test
    await site.stop()


async def test_a_host_picks_a_pace_the_server_has_and_sees_it_in_the_lobby(tmp_path: Path):
    clock = FakeClock()
    site = Site(tmp_path, clock)
    await site.start()
    try:
        ann = await ServerLink.bench_tcp(*site.tcp, "ann")
        await ann.send(Create(1, "hunt", (None, "random"), rules=TableRules(pace="fortnight")))
        error = await next_of(ann, Error, 10)
        assert "no pace 'fortnight'" in error.error and "day (1 d + 12 h per move)" in error.error
        await ann.send(Create(2, "hunt", (None, "random"), rules=TableRules(pace="day", on_flag="skip")))
        state = await next_of(ann, State, 10)
        await ann.send(ListGames(3, "mine"))
        games = await next_of(ann, Games, 10)
        row = games.games[0]
        assert (row.pace, row.on_flag, row.your_move) == ("1 d + 12 h per move", "skip", True)
        assert row.deadline == approx(clock.wall() + DAY)
        await ann.send(Act(state.code, state.seq, HUNT.action_to_dict(
            HUNT.default_action(site.server.games[state.code].table.state, 0, pass_turn=True))))
        await next_of(ann, State, 10)
        await ann.send(ListGames(4, "mine"))
        row = (await next_of(ann, Games, 10)).games[0]
        # she has answered the secret opening: it no longer waits on her, and the row still shows
        # her seat among those the round waits on, as everybody sees it
        assert row.your_move is False and 0 in row.to_move
        await ann.close()
    finally:
        await site.stop()


async def test_a_person_may_play_only_so_many_turn_based_games(tmp_path: Path):
    clock = FakeClock()
    site = Site(tmp_path, clock)
    await site.start()
    site.server.limits = replace(site.server.limits, turn_games_per_user=2)
    try:
        ann = await ServerLink.bench_tcp(*site.tcp, "ann")
        for ref in (1, 2):
            await ann.send(Create(ref, "hunt", (None, "random"), rules=TableRules(pace="day")))
            await next_of(ann, State, 10)
        await ann.send(Create(3, "hunt", (None, "random"), rules=TableRules(pace="day")))
        error = await next_of(ann, Error, 10)
        assert "2 turn-based games already" in error.error
        assert len(site.server.games) == 2
        await ann.close()
    finally:
        await site.stop()


async def test_the_notification_of_a_secret_round_tells_nobody_who_answered_first():
    """Twin games: in one the second seat answers the objection round first, in the other the
    third. The events, and the moments they come, are the same; none comes with an answer."""
    from grail_tui.games.hunt.engine import Propose, Setup
    from grail_tui.net.hosting import Hosted
    from grail_tui.table.seats import SeatConfig
    from grail_tui.table.settings import TableSettings
    from grail_tui.table.store import MemoryStore
    from grail_tui.table.table import Table

    runs = []
    for order in ((1, 2), (2, 1)):
        clock = FakeClock()
        told: list[tuple[float, dict]] = []
        table = Table(HUNT, Setup(players=3, seed=5, first_player=0), [SeatConfig(n) for n in PEOPLE[:3]],
                      MemoryStore(), settings=TableSettings(bot_delay=0, min_round=1.0, bank=DAY,
                                                            increment=HOUR), clock=clock)
        notifier = SimpleNamespace(tell=lambda event, told=told, clock=clock: told.append((clock.now(), event)))
        due_moves(Hosted("ABCD", HUNT, table, "ann"), notifier)
        table.start()
        for seat in range(3):
            table.submit(seat, HUNT.default_action(table.state, seat, pass_turn=True), table.seq)
        await clock.advance(HOUR)
        proposal = next(a for a in table.state.legal_actions(0) if isinstance(a, Propose))
        table.submit(0, proposal, table.seq)
        assert HUNT.hidden_round(table.state) and set(table.state.to_act()) == {1, 2}
        opened = len(told)
        assert [e["person"] for _, e in told[-2:]] == ["bo", "cy"]  # both asked, at once
        for seat in order:
            await clock.advance(HOUR)
            table.submit(seat, HUNT.default_action(table.state, seat, pass_turn=True), table.seq)
            await clock.advance(0)
            if seat == order[0]:
                assert len(told) == opened  # an answer tells the notifier nothing
        # the round is shown when the last answer comes: bo, whose turn it is now, is told then
        assert [(at, e["person"]) for at, e in told[opened:]] == [(clock.now(), "bo")]
        runs.append(told)
        table.close()
    assert runs[0] == runs[1]


async def test_a_server_told_to_stop_keeps_the_time_spent_on_each_open_wait(tmp_path: Path):
    """SIGTERM (systemd's stop): the clocks of a game nobody has moved in yet are kept with the
    time its wait has run before the server ends."""
    import sqlite3

    from .conftest import serve

    running = serve(tmp_path / "server", "--pace-preset", "quick=2h+30m")
    try:
        ann = await ServerLink.bench_tcp(*running.tcp, "ann")
        await ann.send(Create(1, "hunt", (None, "random"), rules=TableRules(pace="quick")))
        await next_of(ann, State, 10)
        await ann.close()
        running.proc.terminate()
        assert running.proc.wait(10) == 0  # it stops cleanly (closing connections, database, socket)
    finally:
        running.stop()
    running.assert_no_traceback()
    db = sqlite3.connect(running.db)
    [(data,)] = db.execute("SELECT data FROM clocks").fetchall()
    kept = json.loads(data)
    assert kept["banks"] == [2 * HOUR, 2 * HOUR] and 0 < kept["spent"] < 60
    db.close()


async def test_a_person_still_at_their_turn_is_not_woken_again():
    """Ann proposes, Bo objects, Ann concedes: her turn goes on. She was told when the reply came
    to her (after a secret round), not again for the turn she is in the middle of."""
    from grail_tui.games.hunt.engine import Assign, Concede, Initiate, Object, Propose, Setup, Unit
    from grail_tui.net.hosting import Hosted
    from grail_tui.table.seats import SeatConfig
    from grail_tui.table.settings import TableSettings
    from grail_tui.table.store import MemoryStore
    from grail_tui.table.table import Table

    clock = FakeClock()
    told: list[str] = []
    table = Table(HUNT, Setup(players=3, seed=5, first_player=0), [SeatConfig(n) for n in PEOPLE[:3]],
                  MemoryStore(), settings=TableSettings(bot_delay=0, bank=DAY, increment=HOUR), clock=clock)
    due_moves(Hosted("ABCD", HUNT, table, "ann"), SimpleNamespace(tell=lambda e: told.append(e["person"])))
    table.start()
    table.submit(0, Assign(0, ((Unit.parse("A10"), Initiate.AC),)), table.seq)
    table.submit(1, Assign(1, ((Unit.parse("A9"), Initiate.AC),)), table.seq)  # Bo can object
    table.submit(2, Assign(2, ()), table.seq)
    table.submit(0, next(a for a in table.state.legal_actions(0)
                         if isinstance(a, Propose) and a.proposal.initiate is Initiate.AC), table.seq)
    table.submit(1, next(a for a in table.state.legal_actions(1) if isinstance(a, Object)), table.seq)
    table.submit(2, HUNT.default_action(table.state, 2, pass_turn=True), table.seq)
    await clock.advance(0)
    assert table.state.to_act() == (0,) and told[-1] == "ann"  # the reply is hers: she is told
    before = len(told)
    table.submit(0, Concede(0), table.seq)
    await clock.advance(0)
    assert table.state.to_act() == (0,)  # her turn goes on
    assert len(told) == before, "woken for the turn she is in"
    table.close()


async def test_the_clocks_start_once_every_seat_has_its_player(tmp_path: Path):
    clock = FakeClock()
    site = Site(tmp_path, clock)
    await site.start()
    try:
        ann = await ServerLink.bench_tcp(*site.tcp, "ann")
        await ann.send(Create(1, "hunt", (None, None), rules=TableRules(pace="day")))
        state = await next_of(ann, State, 10)
        table = site.server.games[state.code].table
        assert state.deadline is None and table.deadline_wall() is None
        await clock.advance(3 * DAY)  # nobody comes for three days: nothing runs out, nothing moves
        assert table.state.actions == [] and table.banks.banks == [DAY, DAY]
        bo = await ServerLink.bench_tcp(*site.tcp, "bo")
        await bo.send(Join(2, state.code))
        joined = await next_of(bo, State, 10)
        assert joined.deadline == approx(clock.wall() + DAY)  # a full day from now
        await ann.close()
        await bo.close()
    finally:
        await site.stop()
