"""What the store kept brings the table back as it was: answers held, bots moving again."""

from __future__ import annotations

from pytest import approx

from grail_tui.table.settings import TableSettings
from grail_tui.table.timekeeping import FakeClock

from ..pebbles import Bid, Doubt, Stage, Take, setup
from .helpers import Stores, seats


async def test_a_restored_table_stands_where_it_stood_with_the_answers_given(stores: Stores):
    table = stores.table(setup(players=3, seed=8), seats(None, None, None))
    table.submit(0, Bid(0, 1), table.seq)
    table.submit(1, Bid(1, 0), table.seq)
    table.submit(2, Bid(2, 1), table.seq)
    table.submit(0, Take(0, 2), table.seq)
    table.submit(2, Doubt(2, True), table.seq)  # one answer in, one to come
    before = {seat: table.update_for(seat) for seat in (0, 1, 2, None)}
    table.close()
    again = stores.restore()
    for seat, update in before.items():
        now = again.update_for(seat)
        assert now.view == update.view and now.pending == update.pending and now.asked == update.asked
        assert now.seq == update.seq
    assert again.update_for(2).pending == Doubt(2, True) and again.asked() == (1,)
    again.submit(1, Doubt(1, False), again.seq)  # the round completes with the answer kept before
    assert again.state.stage is Stage.REPLY and again.state.doubters == (2,)
    assert again.state.actions[-2:] == [Doubt(1, False), Doubt(2, True)]
    again.close()


async def test_after_a_restart_a_waiting_bot_moves_as_soon_as_a_person_is_back(stores: Stores,
                                                                                 clock: FakeClock):
    settings = TableSettings(bot_delay=0.1, pause_when_empty=True)
    table = stores.table(setup(players=2, seed=4), seats(None, "heuristic"), settings, clock=clock)
    table.submit(0, Bid(0, 0), table.seq)  # now the game waits on the bot
    table.close()  # the server stops here
    again = stores.restore(settings=settings, clock=clock)
    again.start()
    await clock.advance(600)
    assert again.state.stage is Stage.BIDS  # nobody of this game is connected yet
    again.join(0, lambda update: None)  # the person reconnects
    # the bot moves at its pace, counted from the person's return
    assert await clock.run_until(lambda: again.state.stage is not Stage.BIDS, 5) == approx(0.1)
    assert again.state.actions == [Bid(0, 0), Bid(1, 1)]  # the game's own fair bot: greedy
    again.close()
