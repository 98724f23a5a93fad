"""Secret rounds at the table: answers are collected, shown together, and tell nobody who answered."""

from __future__ import annotations

import time

import pytest
from pytest import approx

from grail_tui.table.settings import TableSettings
from grail_tui.table.timekeeping import FakeClock
from grail_tui.table.updates import TableError

from ..pebbles import Bid, Doubt, Reply, Stage, Take, setup
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


def bid(table, bids: dict[int, int] | None = None) -> None:
    """Every seat bids (0 unless given), each in its own submission."""
    for seat in range(len(table.seats)):
        table.submit(seat, Bid(seat, (bids or {}).get(seat, 0)), table.seq)


async def test_an_opening_bid_tells_nobody_but_its_maker(stores: Stores):
    table = stores.table(setup(players=3), seats(None, None, None))
    heard = watch(table, 0, 1, 2, None)
    table.submit(1, Bid(1, 1), table.seq)
    assert [len(heard[s]) for s in (0, 2, None)] == [0, 0, 0]
    assert len(heard[1]) == 1 and heard[1][0].pending == Bid(1, 1)
    assert not heard[1][0].asked and table.update_for(0).asked
    assert table.state.stage is Stage.BIDS and table.state.to_act() == (0, 1, 2)  # nothing applied
    table.submit(0, Bid(0, 0), table.seq)
    table.submit(2, Bid(2, 0), table.seq)
    assert table.state.stage is Stage.TURN and table.state.taken == [0, 1, 0]  # all three applied together
    for seat in (0, 1, 2, None):
        assert heard[seat][-1].seq == table.seq and heard[seat][-1].pending is None
    table.close()


async def test_a_round_is_shown_no_sooner_than_its_minimum_and_the_hold_tells_nothing(stores: Stores,
                                                                                       clock: FakeClock):
    settings = TableSettings(bot_delay=0, min_round=0.4)
    table = stores.table(setup(players=3), seats(None, None, None), settings, clock=clock)
    table.start()
    bid(table, {1: 1})
    # the opening is a secret round too: held for its minimum
    assert await clock.run_until(lambda: table.state.stage is Stage.TURN, 5) == approx(0.4)
    table.submit(0, Take(0, 2), table.seq)  # the others answer in secret: doubt it or not
    seq = table.seq
    spectator = watch(table, None)[None]
    await clock.advance(0.1)  # the round has been open a while when the answers come
    table.submit(1, Doubt(1, True), seq)
    with pytest.raises(TableError) as before_last:
        table.submit(0, Reply(0, True), seq)  # the taker tries to reply before the round is out
    table.submit(2, Doubt(2, False), seq)  # the round is complete now, but held
    with pytest.raises(TableError) as during_hold:
        table.submit(0, Reply(0, True), seq)
    assert str(during_hold.value) == str(before_last.value)  # the same words: nothing to time
    with pytest.raises(TableError, match="already answered"):
        table.submit(2, Doubt(2, False), seq)
    assert spectator == [] and table.update_for(None).seq == seq and table.state.stage is Stage.DOUBTS
    # shown the round's minimum after it opened, not after the last answer
    assert await clock.run_until(lambda: bool(spectator), 5) == approx(0.3)
    assert spectator[0].seq == seq + 1 and len(spectator) == 1
    assert table.state.stage is Stage.REPLY and table.state.doubters == (1,)
    table.close()


async def test_stale_and_repeated_actions_are_refused(stores: Stores):
    table = stores.table(setup(players=2, seed=3), seats(None, None))
    bid(table)
    seq = table.seq
    take = Take(0, 1)
    with pytest.raises(TableError, match="moved on"):
        table.submit(0, take, seq - 1)
    with pytest.raises(TableError, match="own seat"):
        table.submit(1, take, seq)
    table.submit(0, take, seq)
    with pytest.raises(TableError, match="moved on"):
        table.submit(0, take, seq)  # the same action again lands on nothing
    assert table.state.taken == [1, 0]
    table.close()


@pytest.mark.xdist_group("timing")  # measures real time: not beside other timing tests
async def test_bots_answer_in_their_budget_whatever_they_hold(stores: Stores):
    table = stores.table(setup(players=2, seed=5), seats(None, "random"))
    table.clockwork.bots[1].budget = 0.3  # a bot that decides at once: its answer still takes the budget
    table.start()
    table.submit(0, Bid(0, 0), table.seq)
    await table.settle()
    assert table.state.stage is Stage.TURN and table.asked() == (0,)
    durations = []
    while len(durations) < 2 and not table.state.is_over:
        if table.asked() != (0,):
            break
        started = time.monotonic()
        table.submit(0, table.state.legal_actions(0)[-1], table.seq)  # whatever it is, the bot answers it
        await table.settle()
        durations.append(time.monotonic() - started)
    table.close()
    assert len(durations) == 2 and all(d >= 0.3 for d in durations), durations


@pytest.mark.xdist_group("timing")  # measures real time: not beside other timing tests
async def test_two_bots_answer_one_round_side_by_side(stores: Stores):
    table = stores.table(setup(players=3, seed=6), seats(None, "random", "random"))
    for seat in (1, 2):
        table.clockwork.bots[seat].budget = 0.4
    table.start()
    table.submit(0, Bid(0, 0), table.seq)
    await table.settle()
    table.submit(0, Take(0, 2), table.seq)
    seq, started = table.seq, time.monotonic()
    await until(lambda: table.seq != seq, 5, "both answers shown")  # bots' budgets run on real time
    took = time.monotonic() - started
    table.close()
    assert 0.4 <= took < 0.75  # both took their budget, at the same time
