"""Standing answers the server keeps and plays in a turn-based game, on a fake clock over real
sockets: what the others are sent is byte for byte what they are sent when the person gives the
same answer by hand at a person's quickest pace; they answer while the person is away and after a
restart, wake nobody, and a person clears or changes them. These tests are about the hunt on purpose
(its objection rounds are the secret rounds standing answers carry)."""

from __future__ import annotations

from pathlib import Path

import pytest

from grail_tui.games.hunt.engine import Propose
from grail_tui.net.client import ServerLink
from grail_tui.net.protocol import Act, Joined, Open, Ping, Pong, Refused, Stand, State, Watch
from grail_tui.table.client import STANDING_PACE
from grail_tui.table.timekeeping import FakeClock

from .helpers import next_of, seated
from .test_turn_based import HUNT, Site

PEOPLE = ("ann", "bo", "cy")


class Tap:
    """Every line a connection is sent, as bytes, from now on."""

    def __init__(self, link: ServerLink) -> None:
        self.link, self.lines = link, []
        readline = link.reader.readline

        async def recorded() -> bytes:
            line = await readline()
            self.lines.append(line)
            return line

        link.reader.readline = recorded  # type: ignore[method-assign]

    async def settle(self, ref: int = 999) -> None:
        """Read until the server has answered a ping: everything sent before it has arrived."""
        await self.link.send(Ping(ref))
        await next_of(self.link, Pong, 10)


async def opening(site: Site, conns: list[ServerLink], code: str) -> tuple[int, list[int]]:
    """Everybody assigns nothing; the mover proposes: the objection round is open. (mover, the rest)"""
    table = site.server.games[code].table
    for seat, conn in enumerate(conns):
        await conn.send(Act(code, table.seq, HUNT.action_to_dict(HUNT.default_action(table.state, seat,
                                                                                      pass_turn=True))))
        await next_of(conn, State, 10)
    for conn in conns:
        await Tap(conn).settle(1000)  # every answer is in
    await site.clock.advance(0)
    [mover] = table.state.to_act()
    proposal = next(a for a in table.state.legal_actions(mover) if isinstance(a, Propose))
    await conns[mover].send(Act(code, table.seq, HUNT.action_to_dict(proposal)))
    await next_of(conns[mover], State, 10)
    assert HUNT.hidden_round(table.state)
    return mover, [s for s in range(len(conns)) if s != mover]


async def objection_round(tmp_path: Path, by_standing: bool) -> tuple[dict[str, list[bytes]], str]:
    """One run of the twin: the first non-mover passes by standing answers, or by hand at the pace."""
    clock = FakeClock()
    site = Site(tmp_path, clock)
    await site.start()
    try:
        conns, code = await seated(site, PEOPLE, game="hunt", pace="day")
        watcher = await ServerLink.bench_tcp(*site.tcp, "di")
        await watcher.send(Watch(1, code))
        await next_of(watcher, State, 10)
        table = site.server.games[code].table
        taps = [Tap(c) for c in (*conns, watcher)]
        # who moves first is the seed's; the first of the others answers by standing answers
        mover, (standing, by_hand) = await opening(site, conns, code)
        if by_standing:
            await conns[standing].send(Stand(code, {"pass": 1}))
            await taps[standing].settle()
        for tap in taps:
            await tap.settle(1001)
            tap.lines.clear()
        await clock.advance(STANDING_PACE - 0.01)
        await taps[standing].settle()
        assert standing in table.asked(), "answered before a person could have"
        await clock.advance(0.01)
        if not by_standing:
            update = table.update_for(standing)
            await conns[standing].send(Act(code, update.seq, HUNT.action_to_dict(
                HUNT.default_action(table.state, standing, pass_turn=True))))
        await taps[standing].settle()
        assert standing not in table.asked() and HUNT.hidden_round(table.state)
        await clock.advance(1.5)
        await conns[by_hand].send(Act(code, table.seq, HUNT.action_to_dict(
            HUNT.default_action(table.state, by_hand, pass_turn=True))))
        await taps[by_hand].settle()
        await clock.advance(0)
        assert not HUNT.hidden_round(table.state)  # the round is shown
        for tap in taps:
            await tap.settle(1002)
        streams = {name: b"".join(taps[k].lines).replace(code.encode(), b"CODE")
                   for k, name in ((mover, "mover"), (by_hand, "other"), (3, "watcher"))}
        streams["own"] = b"".join(line for line in taps[standing].lines if b'"state"' in line)
        for conn in (*conns, watcher):
            await conn.close()
        return streams, code
    finally:
        await site.stop()


async def test_a_standing_answer_is_sent_to_the_others_as_the_same_answer_given_by_hand(tmp_path: Path,
                                                                                          monkeypatch):
    monkeypatch.setenv("GRAIL_TUI_TEST_SEED", "7")
    by_standing, code_a = await objection_round(tmp_path / "a", by_standing=True)
    by_hand, code_b = await objection_round(tmp_path / "b", by_standing=False)
    for who in ("mover", "other", "watcher"):
        assert by_standing[who], who
        assert by_standing[who] == by_hand[who], f"the {who}'s stream tells a standing answer from a key"
    # and the seat itself sees its answer given, as from its own key
    assert by_standing["own"].replace(code_a.encode(), b"C") == by_hand["own"].replace(code_b.encode(), b"C")


async def test_standing_answers_play_for_a_person_away_across_a_restart_and_wake_nobody(tmp_path: Path,
                                                                                        monkeypatch):
    monkeypatch.setenv("GRAIL_TUI_TEST_SEED", "7")
    clock = FakeClock()
    site = Site(tmp_path, clock)
    await site.start()
    try:
        conns, code = await seated(site, PEOPLE, game="hunt", pace="day")
        _mover, (away, other) = await opening(site, conns, code)
        await site.new_events()
        await conns[away].send(Stand(code, {"pass": 1}))
        await Tap(conns[away]).settle()
        for conn in conns:
            await conn.close()
        await site.stop()
        await site.start()  # the server restarts: the standing answers were kept with the game
        table = site.server.games[code].table
        assert HUNT.hidden_round(table.state) and away in table.asked()
        await clock.advance(STANDING_PACE)
        assert away not in table.asked(), "the kept standing answer did not answer after a restart"
        # the next objection round: the person away is not woken for it; the other is
        again = await ServerLink.bench_tcp(*site.tcp, PEOPLE[other])
        await again.send(Open(1, code))
        await next_of(again, State, 10)
        await again.send(Act(code, table.seq, HUNT.action_to_dict(HUNT.default_action(table.state, other,
                                                                                       pass_turn=True))))
        await Tap(again).settle()
        await clock.advance(0)
        assert not HUNT.hidden_round(table.state)
        [now] = table.state.to_act()  # whoever's turn it is now proposes
        assert now != away, "this seed gives the turn to the person away"
        links = {other: again}
        if now not in links:
            links[now] = await ServerLink.bench_tcp(*site.tcp, PEOPLE[now])
            await links[now].send(Open(1, code))
            await next_of(links[now], State, 10)
        await site.new_events()
        proposal = next(a for a in table.state.legal_actions(now) if isinstance(a, Propose))
        await links[now].send(Act(code, table.seq, HUNT.action_to_dict(proposal)))
        await Tap(links[now]).settle()
        await clock.advance(0)
        assert HUNT.hidden_round(table.state) and away in table.asked()
        others = {s for s in table.asked() if s != away}
        woken = [e["person"].removeprefix("bench:") for e in await site.new_events() if e["event"] == "your-move"]
        assert sorted(woken) == sorted(PEOPLE[s] for s in others) and PEOPLE[away] not in woken
        await clock.advance(STANDING_PACE)
        assert away not in table.asked()
        for link in links.values():
            await link.close()
    finally:
        await site.stop()


async def test_a_person_sees_their_kept_answers_on_coming_back_and_clears_them(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("GRAIL_TUI_TEST_SEED", "7")
    clock = FakeClock()
    site = Site(tmp_path, clock)
    await site.start()
    try:
        conns, code = await seated(site, PEOPLE, game="hunt", pace="day")
        mover, (away, _other) = await opening(site, conns, code)
        await conns[away].send(Stand(code, {"object-AC": 3, "pass": 1}))
        await Tap(conns[away]).settle()
        await conns[away].send(Open(5, code))
        joined = await next_of(conns[away], Joined, 10)
        assert joined.turn_based and joined.standing == {"object-AC": 3, "pass": 1}
        await conns[away].send(Stand(code, {}))  # cleared: nothing answers for them now
        await Tap(conns[away]).settle()
        await clock.advance(STANDING_PACE * 3)
        assert away in site.server.games[code].table.asked()
        assert site.database.standing(code) == {}
        await conns[away].send(Open(6, code))
        assert (await next_of(conns[away], Joined, 10)).standing == {}
        for conn in conns:
            await conn.close()
    finally:
        await site.stop()


@pytest.mark.parametrize(("settings", "said"), [
    ({"rm -rf /": 1}, "'rm -rf /' = 1 is not a standing answer"),
    ({"object-ZZ": 3}, "is not a standing answer"),
    ({"pass": 7}, "is not a standing answer"),
    ({f"object-{k}": 1 for k in range(17)}, "At most 16 standing answers"),
])
async def test_standing_answers_outside_the_games_vocabulary_are_refused_and_change_nothing(
        tmp_path: Path, settings: dict, said: str):
    clock = FakeClock()
    site = Site(tmp_path, clock)
    await site.start()
    try:
        conns, code = await seated(site, PEOPLE[:2], game="hunt", pace="day")
        await conns[1].send(Stand(code, settings))
        refused = await next_of(conns[1], Refused, 10)
        assert said in refused.error
        assert site.server.games[code].answerers == {} and site.database.standing(code) == {}
        for conn in conns:
            await conn.close()
    finally:
        await site.stop()


async def test_a_live_game_keeps_no_standing_answers_at_the_server(tmp_path: Path):
    clock = FakeClock()
    site = Site(tmp_path, clock)
    await site.start()
    try:
        conns, code = await seated(site, PEOPLE[:2], game="hunt")
        await conns[1].send(Stand(code, {"pass": 1}))
        refused = await next_of(conns[1], Refused, 10)
        assert "turn-based games only" in refused.error
        stranger = await ServerLink.bench_tcp(*site.tcp, "eve")
        await stranger.send(Stand(code, {"pass": 1}))
        assert "do not play" in (await next_of(stranger, Refused, 10)).error
        for conn in (*conns, stranger):
            await conn.close()
    finally:
        await site.stop()



async def test_leaving_a_turn_based_game_offers_answers_for_the_time_away(server, tmp_path, monkeypatch):
    """The app against a real server process: Esc at the table offers "answer for you while you
    are away" with what it answers; y sets them at the server, and the lobby's row says so."""
    from grail_tui.app.app import GrailApp
    from grail_tui.app.screens.lobby import LobbyScreen
    from grail_tui.app.screens.prompts import ConfirmPrompt
    from grail_tui.games.hunt.screens.game import GameScreen
    from grail_tui.net.protocol import Create, TableRules
    from grail_tui.net.remote import Target

    from .test_remote_app import wait

    monkeypatch.setenv("GRAIL_TUI_DATA", str(tmp_path / "client"))
    app = GrailApp(server=Target.unix(server.socket, named=True), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.connected)
        lobby = app.screen
        lobby._ask(Create(lobby.session.ref(), "hunt", (None, "random"), rules=TableRules(pace="day")))
        await wait(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.client.latest(0) is not None)
        client = app.screen.client
        assert client.turn_based
        await pilot.press("escape")
        await wait(pilot, lambda: isinstance(app.screen, ConfirmPrompt))
        question = str(app.screen.query_one("#question").render())
        assert "Answer for you while you are away?" in question and "pass on every proposal" in question
        await pilot.press("y")
        await wait(pilot, lambda: app.screen is lobby)
        await wait(pilot, lambda: any("answers for you" in str(lobby.query_one("#games").get_option_at_index(k).prompt)
                                      for k in range(lobby.query_one("#games").option_count)))
        # back at the table, the answers the server keeps are the seat's own, and leaving asks nothing
        await pilot.press("enter")
        await wait(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.client.latest(0) is not None)
        assert app.screen.client.standing(0) is not None
        await pilot.press("escape")
        await wait(pilot, lambda: app.screen is lobby)
