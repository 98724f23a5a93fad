"""§1: nothing about an open secret round leaks, whoever asks and however.

A round with answers in is, to everyone but the answerers, exactly the round
before any answer: to a spectator who comes in, a player who opens the game
again, the lobby, and the mover who tries to act too early (the same refusal,
in the same words). The round is shown no sooner than the host's minimum,
whichever path asks. Bots answer in the same time whatever they hold, at
every level.
"""

from __future__ import annotations

import asyncio

import pytest
from pytest import approx

from grail_tui.games.hunt.bots import STRONG_BUDGET
from grail_tui.games.hunt.engine import Assign, Concede, Pass, Phase, Propose
from grail_tui.net.protocol import Act, Join, ListGames, Open, Watch
from grail_tui.table.settings import BOT_FLOOR

from .conftest import OnFakeTime, Served, serve
from .wire import HUNT, Wire, create, legal

MIN_ROUND = 1.5


async def look(server: Served, code: str, name: str, *, reopen: bool = False) -> dict:
    """What a newcomer (a spectator, or a seated player opening the game again) is shown now."""
    wire = await Wire.open(server, name)
    wire.send((Open if reopen else Watch)(1, code))
    state = await wire.state(code)
    wire.send(ListGames(2, "live"))
    games = await wire.next("games")
    await wire.close()
    summary = next(g for g in games.games if g.code == code)
    view = state.view if state.seat is None else state.view["public"]
    return {"seq": state.seq, "public": view, "asked": state.asked, "pending": state.pending,
            "lobby": (summary.status, summary.progress)}


async def test_an_answered_round_looks_unanswered_to_all_but_the_answerer(on_fake_time: OnFakeTime):
    """On the server's fake clock the held round stays held however long anyone looks, and is
    shown exactly at its minimum."""
    served, clock = on_fake_time, on_fake_time.clock
    ann, bo, cy = [await Wire.open(served, n) for n in ("ann", "bo", "cy")]
    code = await create(ann, (None, None, None), min_round=MIN_ROUND)
    for k, wire in ((1, bo), (2, cy)):
        wire.send(Join(1, code))
        assert (await wire.next("joined")).seat == k
    people = {0: ann, 1: bo, 2: cy}
    for wire in people.values():
        await wire.state(code, lambda s: all(s.present))

    # the opening: ann assigns; nobody else can tell, whoever looks and however
    before = await look(served, code, "spy")
    again_before = await look(served, code, "bo", reopen=True)
    first = ann.latest[code]
    ann.send(Act(code, first.seq, HUNT.action_to_dict(Assign(0, ()))))
    mine = await ann.seen(code, lambda s: s.pending is not None)
    assert mine.seq == first.seq and not mine.asked  # told to ann alone: her answer is in
    assert await look(served, code, "spy") == before
    assert await look(served, code, "bo", reopen=True) == again_before
    assert sorted(before["public"]["to_act"]) == [0, 1, 2]
    for k in (1, 2):
        people[k].send(Act(code, first.seq, HUNT.action_to_dict(Assign(k, ()))))
        await people[k].seen(code, lambda s: s.pending is not None)
    table = served.table(code)
    assert await clock.run_until(lambda: table.seq > first.seq, 5) == approx(MIN_ROUND)  # the opening's hold

    # the turn: the mover proposes, and the others answer one by one
    turn = await ann.seen(code, lambda s: s.seq > first.seq, timeout=10)
    mover = turn.view["public"]["mover"]
    await people[mover].seen(code, lambda s: s.seq >= turn.seq)
    proposal = next(a for a in legal(people[mover].latest[code]) if isinstance(a, Propose))
    people[mover].send(Act(code, turn.seq, HUNT.action_to_dict(proposal)))
    opened = await people[mover].seen(code, lambda s: s.seq > turn.seq)
    asked_at = clock.now()
    seq = opened.seq
    answering = [k for k in (0, 1, 2) if k != mover]
    too_early = Act(code, seq, HUNT.action_to_dict(Concede(mover)))
    people[mover].send(too_early)
    refusal_before = (await people[mover].next("refused")).error
    before = await look(served, code, "spy")
    again = await look(served, code, people[answering[1]].name, reopen=True)
    people[answering[0]].send(Act(code, seq, HUNT.action_to_dict(Pass(answering[0]))))
    await people[answering[0]].seen(code, lambda s: s.pending is not None)
    assert await look(served, code, "spy") == before
    assert await look(served, code, people[answering[1]].name, reopen=True) == again
    assert sorted(before["public"]["contest"]["awaiting"]) == answering
    assert sorted(before["public"]["to_act"]) == answering

    # the last answer: the round is complete but held; every path still sees it open
    people[answering[1]].send(Act(code, seq, HUNT.action_to_dict(Pass(answering[1]))))
    await people[answering[1]].seen(code, lambda s: s.pending is not None)
    assert await look(served, code, "spy") == before
    people[mover].send(too_early)
    assert (await people[mover].next("refused")).error == refusal_before  # the same words
    people[answering[0]].send(Act(code, seq, HUNT.action_to_dict(Pass(answering[0]))))
    assert "already answered" in (await people[answering[0]].next("refused")).error
    await clock.advance(MIN_ROUND - 0.01)
    assert await look(served, code, "spy") == before  # a moment before its minimum: still held
    await clock.run_until(lambda: table.seq > seq, 1)
    assert clock.now() - asked_at == approx(MIN_ROUND)  # shown at the minimum, not a moment later
    shown = await people[mover].seen(code, lambda s: s.seq > seq, timeout=10)
    assert any(e["kind"] == "ObjectionsRevealed" for e in shown.events)
    for wire in people.values():
        await wire.close()


UNREACHED = 3600.0  # a time limit no test waits for


@pytest.mark.xdist_group("timing")  # measures real time: not beside other timing tests
async def test_bots_answer_in_the_same_time_whatever_they_hold_at_every_level(tmp_path):
    """With a person at the table, every bot's answer takes the operator's bot delay (plus
    the thinking budget of a searching bot), whether it passes at once or thinks."""
    delay = 0.3
    server = serve(tmp_path / "server", bot_delay=delay)
    try:
        took = await asyncio.gather(*(answers_of(server, level) for level in ("random", "heuristic", "strong")))
    finally:
        server.stop()
    server.assert_no_traceback()
    for level, times in zip(("random", "heuristic", "strong"), took, strict=True):
        least = delay + (STRONG_BUDGET if level == "strong" else 0.0)  # the hunt's own, unless told
        assert len(times) >= 2, (level, times)
        assert min(times) >= least - 0.02, (level, times)  # nobody answers sooner, holding nothing
        assert max(times) - min(times) < 0.3, (level, times)  # nor later, holding something


async def test_a_bot_delay_of_zero_still_pads_every_bot_answer_to_the_floor(tmp_path):
    """`--bot-delay 0` and a zero minimum round: a rule-of-thumb bot's decision would show in a
    millisecond or so, sooner or later with what it holds; with a person at the table every
    answer still takes the floor at least."""
    server = serve(tmp_path / "server", bot_delay=0.0)
    try:
        took = await asyncio.gather(*(answers_of(server, level) for level in ("random", "heuristic")))
    finally:
        server.stop()
    server.assert_no_traceback()
    for level, times in zip(("random", "heuristic"), took, strict=True):
        assert len(times) >= 2, (level, times)
        # seen from the client: the round's opening reaches it a few milliseconds after the bot began
        assert min(times) >= BOT_FLOOR - 0.01, (level, times)


async def answers_of(server: Served, level: str) -> list[float]:
    """Seconds from each round the bot answers (alone) opening to its being shown, as the server
    timed them: every wait has the same (never reached) limit, so a wait's deadline, sent with
    every state, is when it opened plus that limit. (Timed where the client reads, a busy machine
    that held up the client let two states arrive together.)"""
    ann = await Wire.open(server, f"ann-{level}")
    code = await create(ann, (None, level), options={"turn_limit": 7}, min_round=0,
                        answer_timeout=UNREACHED, turn_timeout=UNREACHED)
    times: list[float] = []
    opened_at = None
    while True:
        state = await ann.state(code, timeout=20)
        phase = HUNT.decode_view(state.view, 0).public.phase
        if state.result is not None:
            return times
        if opened_at is not None and phase is not Phase.OBJECTIONS:
            times.append(state.deadline - opened_at)
            opened_at = None
        if phase is Phase.OBJECTIONS and state.view["public"]["mover"] == 0:
            opened_at = opened_at or state.deadline
        if not state.asked:
            continue
        options = legal(state)
        action = next((a for a in options if isinstance(a, Propose)), options[0])
        ann.send(Act(code, state.seq, HUNT.action_to_dict(action)))
