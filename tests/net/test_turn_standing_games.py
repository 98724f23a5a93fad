"""The server keeps and plays the standing answers of Pulling Strings and Grail Succession in a
turn-based game as it does the hunt's (test_turn_standing.py), on a fake clock over real sockets:
what the others are sent is byte for byte what they are sent when the person gives the same answer
by hand at a person's quickest pace, a question they answer wakes nobody, and words outside each
game's vocabulary are refused and change nothing.

The games are played up to the question by each game's heuristic bot deciding for every seat from
the server's table (the test's hands on the keys); the seed makes both twins' games the same."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from grail_tui.games.kit.terms import BotLevel
from grail_tui.net.client import ServerLink
from grail_tui.net.protocol import Act, Refused, Stand, State, Watch
from grail_tui.table.client import STANDING_PACE
from grail_tui.table.timekeeping import FakeClock

from .helpers import next_of, seated
from .test_turn_based import Site
from .test_turn_standing import Tap

PEOPLE = ("ann", "bo", "cy")
STEPS = 600  # actions played at most to reach the question


def strings_bystander(table: Any) -> int | None:
    """A seat asked in a support window whose groups are not in the attack: "quiet" passes for it."""
    public = table.state.view(0).public
    attack = public.attack
    if public.is_over or public.prompt != "support" or attack is None:
        return None
    target = next((s.controller for s in public.structure if s.uid == attack.target.uid), None)
    return next((s for s in sorted(table.asked()) if s not in (attack.player, target)), None)


def succession_forced(table: Any) -> int | None:
    """A seat asked with an empty hand: its move is the rules' own (the take, else the pass)."""
    state = table.state
    return next((s for s in sorted(table.asked()) if not state.view(s).hand and not state.is_over), None)


GAMES: dict[str, tuple[dict[str, int], Callable[[Any], int | None], tuple[str, ...]]] = {
    "strings": ({"quiet": 1}, strings_bystander, PEOPLE),
    "succession": ({"only-move": 1}, succession_forced, PEOPLE[:2]),  # a game for two
}


async def play_until(site: Site, taps: list[Tap], code: str, question: Callable[[Any], int | None],
                     told: list[list[dict]] | None = None) -> int:
    """Every seat plays its bot's choice until ``question`` names a seat asked: that seat. With
    ``told``, the notifier's events after each move are kept, and the seat was not asked before
    the last move (so its question is news: a your-move event would wake it)."""
    table = site.server.games[code].table
    kind = site.server.games[code].kind
    bots = [kind.make_bot(BotLevel.HEURISTIC, seat) for seat in range(len(taps))]
    before = set(table.asked())
    for _ in range(STEPS):
        seat = question(table)
        if seat is not None:
            assert told is None or seat not in before, "the seat was asked already: nobody is woken anyway"
            return seat
        before = set(table.asked())
        assert not table.over, "the game ended before the question came"
        for asked in sorted(table.asked()):
            if table.update_for(asked).pending is not None:
                continue
            state = table.state
            action = bots[asked].decide(state.view(asked), state.legal_actions(asked))
            await taps[asked].link.send(Act(code, table.seq, kind.action_to_dict(action)))
            await taps[asked].settle()
        await site.clock.advance(0)
        for tap in taps:
            await tap.settle(1001)
        if told is not None:
            told.append(await site.new_events())
    raise AssertionError(f"no such question in {STEPS} actions")


async def one_answer(tmp_path: Path, game: str, by_standing: bool) -> tuple[dict[str, bytes], str]:
    """One run of the twin: the seat asked answers by standing answers, or by hand at the pace."""
    settings, question, people = GAMES[game]
    clock = FakeClock()
    site = Site(tmp_path, clock)
    await site.start()
    try:
        conns, code = await seated(site, people, game=game, pace="day")
        watcher = await ServerLink.bench_tcp(*site.tcp, "di")
        await watcher.send(Watch(1, code))
        await next_of(watcher, State, 10)
        hosted = site.server.games[code]
        table, kind = hosted.table, hosted.kind
        taps = [Tap(c) for c in (*conns, watcher)]
        standing = await play_until(site, taps, code, question)
        if by_standing:
            await conns[standing].send(Stand(code, settings))
            await taps[standing].settle()
            assert not any(b'"refused"' in line for line in taps[standing].lines), "the settings were refused"
        for tap in taps:
            await tap.settle(1002)
            tap.lines.clear()
        seq = table.seq
        await clock.advance(STANDING_PACE - 0.01)
        await taps[standing].settle()
        assert standing in table.asked() and table.seq == seq, "answered before a person could have"
        await clock.advance(0.01)
        if not by_standing:
            view = table.state.view(standing)
            action = kind.away_answers()[0].answer(view)  # what a person answers by hand: the same
            assert action is not None
            await conns[standing].send(Act(code, table.update_for(standing).seq, kind.action_to_dict(action)))
        await taps[standing].settle()
        await clock.advance(0)
        assert table.seq > seq or table.update_for(standing).pending is not None, "nothing was answered"
        for tap in taps:
            await tap.settle(1003)
        names = dict(enumerate(people)) | {len(people): "watcher"}
        streams = {names[k]: b"".join(tap.lines).replace(code.encode(), b"CODE")
                   for k, tap in enumerate(taps) if k != standing}
        streams["own"] = b"".join(line for line in taps[standing].lines
                                  if b'"state"' in line).replace(code.encode(), b"CODE")
        for conn in (*conns, watcher):
            await conn.close()
        return streams, code
    finally:
        await site.stop()


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_kept_standing_answer_is_sent_to_the_others_as_the_same_answer_given_by_hand(
        game: str, tmp_path: Path, monkeypatch):
    monkeypatch.setenv("GRAIL_TUI_TEST_SEED", "7")
    by_standing, _ = await one_answer(tmp_path / "a", game, by_standing=True)
    by_hand, _ = await one_answer(tmp_path / "b", game, by_standing=False)
    assert set(by_standing) == set(by_hand)
    for who, stream in by_standing.items():
        assert stream, who
        assert stream == by_hand[who], f"{who}'s stream tells a standing answer from a key"


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_question_the_kept_answers_answer_wakes_nobody_and_is_answered_while_away(
        game: str, tmp_path: Path, monkeypatch):
    monkeypatch.setenv("GRAIL_TUI_TEST_SEED", "7")
    settings, question, people = GAMES[game]
    clock = FakeClock()
    site = Site(tmp_path, clock)
    await site.start()
    try:
        conns, code = await seated(site, people, game=game, pace="day")
        table = site.server.games[code].table
        taps = [Tap(c) for c in conns]
        for tap in taps:  # everybody's are kept (until the question, the bots answer first)
            await tap.link.send(Stand(code, settings))
            await tap.settle()
        assert sorted(site.database.standing(code)) == list(range(len(people)))
        told: list[list[dict]] = []
        away = await play_until(site, taps, code, question, told)
        for conn in conns:
            await conn.close()  # everybody goes
        seq = table.seq
        await clock.advance(STANDING_PACE)
        await clock.advance(0)
        assert table.seq > seq or table.update_for(away).pending is not None, \
            "the kept answer did not answer for the person away"
        woken = [e["person"].removeprefix("bench:") for e in told[-1] if e["event"] == "your-move"]
        assert people[away] not in woken, "the question the kept answers answer woke its person"
    finally:
        await site.stop()


@pytest.mark.parametrize(("game", "settings", "said"), [
    ("strings", {"rm -rf /": 1}, "'rm -rf /' = 1 is not a standing answer"),
    ("strings", {"quiet": 2}, "is not a standing answer"),
    ("strings", {"lap": 3}, "is not a standing answer"),
    ("strings", {"lap": 3, "seat": 9}, "is not a standing answer"),
    ("strings", {"quiet": 1, "lap": 3, "seat": 0}, "is not a standing answer"),
    ("succession", {"pass": 1}, "is not a standing answer"),
    ("succession", {"only-move": 5}, "is not a standing answer"),
])
async def test_words_outside_a_games_vocabulary_are_refused_and_change_nothing(
        game: str, settings: dict, said: str, tmp_path: Path):
    clock = FakeClock()
    site = Site(tmp_path, clock)
    await site.start()
    try:
        conns, code = await seated(site, PEOPLE[:2], game=game, pace="day")
        await conns[1].send(Stand(code, settings))
        refused = await next_of(conns[1], Refused, 10)
        assert said in refused.error and "Traceback" not in refused.error
        assert site.server.games[code].answerers == {} and site.database.standing(code) == {}
        for conn in conns:
            await conn.close()
    finally:
        await site.stop()


async def test_the_first_question_the_answers_for_the_time_away_would_answer_offers_them(server, tmp_path,
                                                                                        monkeypatch):
    """The app against a real server process at 80x24: a turn-based hunt's first objection round
    says at the table that the server can answer for you while you are away, what it will answer,
    and its key; y sets them at the server, and the offer is not made again."""
    from grail_tui.app.app import GrailApp
    from grail_tui.app.screens.lobby import LobbyScreen
    from grail_tui.games import registry
    from grail_tui.games.hunt.engine import Assign, Concede, Pass
    from grail_tui.games.hunt.screens.game import GameScreen
    from grail_tui.net.protocol import Create, TableRules
    from grail_tui.net.remote import Target

    from .test_remote_app import wait

    hunt = registry.get("hunt")
    monkeypatch.setenv("GRAIL_TUI_DATA", str(tmp_path / "client"))
    app = GrailApp(server=Target.unix(server.socket, named=True), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.connected)
        lobby = app.screen
        lobby._ask(Create(lobby.session.ref(), "hunt", (None, "random", "random"), rules=TableRules(pace="day")))
        await wait(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.is_asked(), 30)
        screen = app.screen
        assert screen.client.turn_based
        error = screen.query_one("#prompt-error")
        said = lambda: " ".join(str(error.render()).split())  # noqa: E731
        assert "Away for a while?" not in said()  # the opening: the answers for the time away answer nothing
        screen.submit(Assign(0, ()))
        await wait(pilot, lambda: not screen.is_asked(), 30)
        # the first objection round that asks this seat (passing its own turns when it moves first)
        for _ in range(12):
            await wait(pilot, lambda: screen.ended or (screen.is_asked()
                                                       and bool(hunt.legal_from_view(screen.mine, 0))), 60)
            if screen.ended or "Away for a while?" in said():
                break
            legal, seq = hunt.legal_from_view(screen.mine, 0), screen.client.latest(0).seq
            screen.submit(next((a for a in legal if isinstance(a, (Pass, Concede))), legal[0]))  # the turn goes on
            await wait(pilot, lambda seq=seq: not screen.is_asked() or screen.client.latest(0).seq != seq, 30)
        assert "Away for a while? y: the server will pass on every proposal for you while you are away, " \
               "until you change it (w at the table)." == said()
        assert screen.client.standing(0) is None
        await pilot.press("y")
        await wait(pilot, lambda: screen.client.standing(0) is not None)
        assert "The server will pass on every proposal for you" in said()
        await wait(pilot, lambda: not screen.is_asked(), 30)  # the server answered in its place
        await pilot.press("escape")  # nothing is offered on leaving: the answers are set
        await wait(pilot, lambda: app.screen is lobby)
