"""What the store kept brings the table back as it was: answers held, bots moving again."""

from __future__ import annotations

from pytest import approx

from grail_tui.games.hunt.engine import Assign, Initiate, Pass, Phase, Propose, Setup, Unit
from grail_tui.table.settings import TableSettings
from grail_tui.table.timekeeping import FakeClock

from .helpers import Stores, seats


async def test_a_restored_table_stands_where_it_stood_with_the_answers_given(stores: Stores):
    table = stores.table(Setup(players=3, seed=8, first_player=0), seats(None, None, None))
    table.submit(0, Assign(0, ((Unit.parse("A10"), Initiate.AC),)), table.seq)
    table.submit(1, Assign(1, ()), table.seq)
    table.submit(2, Assign(2, ((Unit.parse("B9"), Initiate.JB),)), table.seq)
    table.submit(0, next(a for a in table.state.legal_actions(0) if isinstance(a, Propose)), table.seq)
    table.submit(2, Pass(2), table.seq)  # one answer in, one to come
    before = {seat: table.update_for(seat) for seat in (0, 1, 2, None)}
    table.close()
    again = stores.restore()
    for seat, update in before.items():
        now = again.update_for(seat)
        assert now.view == update.view and now.pending == update.pending and now.asked == update.asked
        assert now.seq == update.seq
    again.submit(1, Pass(1), again.seq)  # the round completes with the answer kept before
    assert again.state.phase is Phase.TURN and Pass(2) in again.state.actions
    again.close()


async def test_after_a_restart_a_waiting_bot_moves_as_soon_as_a_person_is_back(stores: Stores,
                                                                                 clock: FakeClock):
    settings = TableSettings(bot_delay=0.1, pause_when_empty=True)
    table = stores.table(Setup(players=2, seed=4, first_player=0), seats(None, "heuristic"), settings,
                         clock=clock)
    table.submit(0, Assign(0, ()), table.seq)  # now the game waits on the bot
    table.close()  # the server stops here
    again = stores.restore(settings=settings, clock=clock)
    again.start()
    await clock.advance(600)
    assert again.state.phase is Phase.OPENING  # nobody of this game is connected yet
    again.join(0, lambda update: None)  # the person reconnects
    # the bot moves at its pace, counted from the person's return
    assert await clock.run_until(lambda: again.state.phase is not Phase.OPENING, 5) == approx(0.1)
    again.close()
