"""Every wait ends: time limits with a defined effect, bots taking over, pausing an empty table."""

from __future__ import annotations

from pytest import approx

from grail_tui.games.hunt.engine import (
    Assign,
    Assigned,
    Concede,
    Initiate,
    Object,
    Pass,
    Phase,
    Propose,
    Setup,
    Unit,
)
from grail_tui.table.settings import BOT_FLOOR, OnTimeout, TableSettings
from grail_tui.table.timekeeping import FakeClock, settle

from .helpers import Stores, seats

ANSWER, TURN = 0.2, 0.3  # different limits: each wait must take its own


def quick(**changes) -> TableSettings:
    return TableSettings(bot_delay=0, answer_timeout=ANSWER, turn_timeout=TURN, **changes)


async def test_a_silent_opening_assigns_nothing_and_a_silent_turn_passes(stores: Stores, clock: FakeClock):
    table = stores.table(Setup(players=2, seed=2, first_player=0), seats(None, None), quick(), clock=clock)
    table.start()
    table.submit(1, Assign(1, ((Unit.parse("A10"), Initiate.AC),)), table.seq)  # seat 1 opens; seat 0 is silent
    assert await clock.run_until(lambda: table.state.phase is Phase.TURN, 5) == approx(TURN)  # the limit, not sooner
    assert table.state.sheets[0].remaining == 100  # the opening timed out: nothing assigned
    turn = table.state.turn
    # seat 0's turn passed, by an empty assignment, one limit after the turn began
    assert await clock.run_until(lambda: table.state.turn > turn, 5) == approx(TURN)
    last = [e for e in table.state.history if isinstance(e, Assigned)][-1]
    assert last.player == 0 and not last.opening
    table.close()


async def test_a_silent_answer_passes_and_a_silent_reply_concedes(stores: Stores, clock: FakeClock):
    table = stores.table(Setup(players=2, seed=2, first_player=0), seats(None, None), quick(), clock=clock)
    table.submit(0, Assign(0, ((Unit.parse("A10"), Initiate.AC),)), table.seq)
    table.submit(1, Assign(1, ((Unit.parse("A9"), Initiate.AC),)), table.seq)
    proposal = next(a for a in table.state.legal_actions(0)
                    if isinstance(a, Propose) and a.proposal.initiate == 1)
    table.submit(0, proposal, table.seq)
    table.start()
    assert await clock.run_until(lambda: table.state.phase is not Phase.OBJECTIONS, 5) == approx(ANSWER)
    assert Pass(1) in table.state.actions  # seat 1 said nothing: it passed
    table.submit(1, next(a for a in table.state.legal_actions(1)
                          if isinstance(a, Propose) and a.proposal.initiate == Initiate.AC), table.seq)
    table.submit(0, Object(0, 5), table.seq)
    assert table.state.phase is Phase.REPLY
    assert await clock.run_until(lambda: table.state.phase is Phase.TURN, 5) == approx(ANSWER)  # a reply
    assert table.state.actions[-1] == Concede(1)
    table.close()


async def test_with_bot_on_timeout_a_stand_in_plays_the_silent_turn(stores: Stores, clock: FakeClock):
    table = stores.table(Setup(players=2, seed=4, first_player=0), seats(None, None),
                         quick(on_timeout=OnTimeout.BOT), clock=clock)
    table.submit(0, Assign(0, ()), table.seq)
    table.submit(1, Assign(1, ()), table.seq)
    table.start()
    # the limit, then the stand-in's decision padded to the floor (a person sits at this table)
    assert await clock.run_until(lambda: len(table.state.actions) > 2, 5) == approx(TURN + BOT_FLOOR)
    assert table.state.actions[2].player == 0  # something was played for seat 0
    table.close()


async def test_a_bot_takes_over_a_seat_whose_person_has_gone(stores: Stores, clock: FakeClock):
    settings = TableSettings(bot_delay=0, takeover_after=0.2, pause_when_empty=True)
    table = stores.table(Setup(players=2, seed=4, first_player=0), seats(None, None), settings, clock=clock)
    stays = table.join(1, lambda update: None)
    goes = table.join(0, lambda update: None)
    table.start()
    table.submit(1, Assign(1, ()), table.seq)
    await clock.advance(0.5)  # while seat 0's person is here, nobody plays for them
    assert table.state.phase is Phase.OPENING
    table.leave(goes)
    assert await clock.run_until(lambda: table.state.phase is Phase.TURN, 5) == approx(0.2 + BOT_FLOOR)  # not sooner
    await clock.run_until(lambda: len(table.state.actions) > 2, 5)
    assert table.state.actions[0] == Assign(1, ()) or table.state.actions[1] == Assign(1, ())
    table.leave(stays)
    table.close()


async def test_an_empty_table_pauses_and_moves_again_when_a_person_comes(stores: Stores, clock: FakeClock):
    settings = TableSettings(bot_delay=0.5, pause_when_empty=True)
    table = stores.table(Setup(players=2, seed=4, first_player=0), seats(None, "heuristic"), settings,
                         clock=clock)
    table.submit(0, Assign(0, ()), table.seq)  # the bot's opening is due
    table.start()
    await clock.advance(3600)
    assert table.state.phase is Phase.OPENING and not table._thinking  # nobody is here: the bot waits
    table.join(0, lambda update: None)
    # the bot answers at its steady pace from the moment a person came, not from the hour before
    assert await clock.run_until(lambda: table.state.phase is Phase.TURN, 5) == approx(0.5)
    table.close()


async def test_a_closed_table_is_freed_at_once_not_at_the_next_full_collection(stores: Stores):
    """A server unloads every game that ends. A closed table, whose clock was waiting and whose bot
    was thinking, is freed as soon as nothing refers to it: no cycle through its cancelled tasks
    keeps the whole game (its history too) until a full collection, which on a busy server comes
    rarely (net/running.py)."""
    import gc
    import weakref

    clock = FakeClock()
    table = stores.table(Setup(players=3, seed=3), seats(None, "heuristic", None),
                         TableSettings(bot_delay=30, turn_timeout=600), clock=clock)
    table.start()
    await settle()
    assert table._thinking and table._task is not None  # the clock waits; the bot's opening "thinks" for 30 s
    gone = weakref.ref(table)
    gc.disable()
    try:
        table.close()
        del table
        await settle()  # the cancelled tasks end
        assert gone() is None
    finally:
        gc.enable()
