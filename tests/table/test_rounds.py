"""Secret rounds at the table: answers are collected, shown together, and tell nobody who answered."""

from __future__ import annotations

import time

import pytest
from pytest import approx

from grail_tui.games.hunt.engine import Assign, Initiate, Match, Pass, Phase, Propose, Setup, Unit
from grail_tui.table.settings import TableSettings
from grail_tui.table.timekeeping import FakeClock
from grail_tui.table.updates import TableError

from ..waiting import until
from .helpers import Stores, seats


def watch(table, *seats):
    """Subscribe these seats; count only what comes after everyone has joined."""
    heard = {seat: [] for seat in seats}
    for seat in seats:
        table.join(seat, heard[seat].append)
    for got in heard.values():
        got.clear()
    return heard


def open_with(table, placements: dict[int, list[tuple[str, int]]]) -> None:
    for seat in range(len(table.seats)):
        units = tuple((Unit.parse(u), Initiate(i)) for u, i in placements.get(seat, []))
        table.submit(seat, Assign(seat, units), table.seq)


async def test_an_opening_assignment_tells_nobody_but_its_maker(stores: Stores):
    table = stores.table(Setup(players=3, seed=1, first_player=0), seats(None, None, None))
    heard = watch(table, 0, 1, 2, None)
    table.submit(1, Assign(1, ((Unit.parse("A10"), Initiate.AC),)), table.seq)
    assert [len(heard[s]) for s in (0, 2, None)] == [0, 0, 0]
    assert len(heard[1]) == 1 and heard[1][0].pending == Assign(1, ((Unit.parse("A10"), Initiate.AC),))
    assert not heard[1][0].asked and table.update_for(0).asked
    assert table.state.phase is Phase.OPENING and table.state.to_act() == (0, 1, 2)  # nothing applied
    table.submit(0, Assign(0, ()), table.seq)
    table.submit(2, Assign(2, ()), table.seq)
    assert table.state.phase is Phase.TURN  # all three applied together
    for seat in (0, 1, 2, None):
        assert heard[seat][-1].seq == table.seq and heard[seat][-1].pending is None
    table.close()


async def test_a_round_is_shown_no_sooner_than_its_minimum_and_the_hold_tells_nothing(stores: Stores,
                                                                                       clock: FakeClock):
    settings = TableSettings(bot_delay=0, min_round=0.4)
    table = stores.table(Setup(players=3, seed=1, first_player=0), seats(None, None, None), settings,
                         clock=clock)
    table.start()
    open_with(table, {1: [("A10", 1)]})
    # the opening is a secret round too: held for its minimum
    assert await clock.run_until(lambda: table.state.phase is Phase.TURN, 5) == approx(0.4)
    proposal = next(a for a in table.state.legal_actions(0) if isinstance(a, Propose))
    table.submit(0, proposal, table.seq)
    seq = table.seq
    spectator = watch(table, None)[None]
    await clock.advance(0.1)  # the round has been open a while when the answers come
    table.submit(1, Pass(1), seq)
    with pytest.raises(TableError) as before_last:
        table.submit(0, Match(0, 1), seq)  # the mover tries to reply before the round is out
    table.submit(2, Pass(2), seq)  # the round is complete now, but held
    with pytest.raises(TableError) as during_hold:
        table.submit(0, Match(0, 1), seq)
    assert str(during_hold.value) == str(before_last.value)  # the same words: nothing to time
    with pytest.raises(TableError, match="already answered"):
        table.submit(2, Pass(2), seq)
    assert spectator == [] and table.update_for(None).seq == seq
    # shown the round's minimum after it opened, not after the last answer
    assert await clock.run_until(lambda: bool(spectator), 5) == approx(0.3)
    assert spectator[0].seq == seq + 1 and len(spectator) == 1
    table.close()


async def test_stale_and_repeated_actions_are_refused(stores: Stores):
    table = stores.table(Setup(players=2, seed=3, first_player=0), seats(None, None))
    open_with(table, {})
    seq = table.seq
    proposal = next(a for a in table.state.legal_actions(0) if isinstance(a, Propose))
    with pytest.raises(TableError, match="moved on"):
        table.submit(0, proposal, seq - 1)
    with pytest.raises(TableError, match="own seat"):
        table.submit(1, proposal, seq)
    table.submit(0, proposal, seq)
    with pytest.raises(TableError, match="moved on"):
        table.submit(0, proposal, seq)  # the same action again lands on nothing
    table.close()


@pytest.mark.xdist_group("timing")  # measures real time: not beside other timing tests
async def test_bots_answer_in_their_budget_whatever_they_hold(stores: Stores):
    table = stores.table(Setup(players=2, seed=5, first_player=0), seats(None, "strong"))
    table._bots[1].budget = 0.3
    table.start()
    table.submit(0, Assign(0, ()), table.seq)
    await table.settle()
    assert table.state.phase is Phase.TURN and table.asked() == (0,)
    durations = []
    for proposal in [a for a in table.state.legal_actions(0) if isinstance(a, Propose)][:2]:
        if table.asked() != (0,) or table.state.phase is not Phase.TURN:
            break
        started = time.monotonic()
        table.submit(0, proposal, table.seq)  # the bot must answer: pass, or object if it can
        await table.settle()
        durations.append(time.monotonic() - started)
        if table.state.phase is Phase.REPLY:
            table.submit(0, next(a for a in table.state.legal_actions(0) if not isinstance(a, Match)),
                         table.seq)
    table.close()
    assert durations and all(d >= 0.3 for d in durations), durations


@pytest.mark.xdist_group("timing")  # measures real time: not beside other timing tests
async def test_two_bots_answer_one_round_side_by_side(stores: Stores):
    table = stores.table(Setup(players=3, seed=6, first_player=0), seats(None, "strong", "strong"))
    for seat in (1, 2):
        table._bots[seat].budget = 0.4
    table.start()
    table.submit(0, Assign(0, ()), table.seq)
    await table.settle()
    table.submit(0, next(a for a in table.state.legal_actions(0) if isinstance(a, Propose)), table.seq)
    seq, started = table.seq, time.monotonic()
    await until(lambda: table.seq != seq, 5, "both answers shown")  # searches think on real time
    took = time.monotonic() - started
    table.close()
    assert 0.4 <= took < 0.75  # both took their budget, at the same time
