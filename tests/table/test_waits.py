"""Every wait ends: time limits with a defined effect, bots taking over, pausing an empty table."""

from __future__ import annotations

from pytest import approx

from grail_tui.table.settings import BOT_FLOOR, OnTimeout, TableSettings
from grail_tui.table.timekeeping import FakeClock, settle

from ..pebbles import Bid, Doubt, Reply, Stage, Take, setup
from .helpers import Stores, seats

ANSWER, TURN = 0.2, 0.3  # different limits: each wait must take its own


def quick(**changes) -> TableSettings:
    return TableSettings(bot_delay=0, answer_timeout=ANSWER, turn_timeout=TURN, **changes)


async def test_a_silent_bid_is_nothing_and_a_silent_turn_takes_one(stores: Stores, clock: FakeClock):
    table = stores.table(setup(players=2, seed=2), seats(None, None), quick(), clock=clock)
    table.start()
    table.submit(1, Bid(1, 1), table.seq)  # seat 1 bids; seat 0 is silent
    assert await clock.run_until(lambda: table.state.stage is Stage.TURN, 5) == approx(TURN)  # the limit, not sooner
    assert table.state.actions == [Bid(0, 0), Bid(1, 1)] and table.state.taken == [0, 1]  # bid nothing
    # seat 0's turn: one pebble taken for it, one turn's limit after the turn began
    assert await clock.run_until(lambda: len(table.state.actions) > 2, 5) == approx(TURN)
    assert table.state.actions[-1] == Take(0, 1) and table.state.mover == 1
    table.close()


async def test_a_silent_doubt_lets_the_take_stand_and_a_silent_reply_gives_one_back(stores: Stores,
                                                                                   clock: FakeClock):
    table = stores.table(setup(players=2, seed=2), seats(None, None), quick(), clock=clock)
    table.submit(0, Bid(0, 0), table.seq)
    table.submit(1, Bid(1, 0), table.seq)
    table.submit(0, Take(0, 2), table.seq)
    table.start()
    assert await clock.run_until(lambda: table.state.stage is not Stage.DOUBTS, 5) == approx(ANSWER)
    assert table.state.actions[-1] == Doubt(1, False) and table.state.taken == [2, 0]  # it stood
    table.submit(1, Take(1, 2), table.seq)
    table.submit(0, Doubt(0, True), table.seq)
    assert table.state.stage is Stage.REPLY
    assert await clock.run_until(lambda: table.state.stage is Stage.TURN, 5) == approx(ANSWER)  # a reply's limit
    assert table.state.actions[-1] == Reply(1, False) and table.state.taken == [2, 1]
    table.close()


async def test_with_bot_on_timeout_a_stand_in_plays_the_silent_turn(stores: Stores, clock: FakeClock):
    table = stores.table(setup(players=2, seed=4), seats(None, None), quick(on_timeout=OnTimeout.BOT),
                         clock=clock)
    table.submit(0, Bid(0, 0), table.seq)
    table.submit(1, Bid(1, 0), table.seq)
    table.start()
    # the limit, then the stand-in's decision padded to the floor (a person sits at this table)
    assert await clock.run_until(lambda: len(table.state.actions) > 2, 5) == approx(TURN + BOT_FLOOR)
    # the stand-in is a fair bot: Pebbles' own fair level, greedy, takes two
    assert table.state.actions[2] == Take(0, 2)
    table.close()


async def test_a_bot_takes_over_a_seat_whose_person_has_gone(stores: Stores, clock: FakeClock):
    settings = TableSettings(bot_delay=0, takeover_after=0.2, pause_when_empty=True)
    table = stores.table(setup(players=2, seed=4), seats(None, None), settings, clock=clock)
    stays = table.join(1, lambda update: None)
    goes = table.join(0, lambda update: None)
    table.start()
    table.submit(1, Bid(1, 0), table.seq)
    await clock.advance(0.5)  # while seat 0's person is here, nobody plays for them
    assert table.state.stage is Stage.BIDS
    table.leave(goes)
    assert await clock.run_until(lambda: table.state.stage is not Stage.BIDS, 5) == approx(0.2 + BOT_FLOOR)  # not sooner
    assert table.state.actions[:2] == [Bid(0, 1), Bid(1, 0)]  # the stand-in's bid beside the person's own
    await clock.run_until(lambda: len(table.state.actions) > 2, 5)
    assert table.state.actions[2] == Take(0, 2)  # and it plays the seat's turn
    table.leave(stays)
    table.close()


async def test_an_empty_table_pauses_and_moves_again_when_a_person_comes(stores: Stores, clock: FakeClock):
    settings = TableSettings(bot_delay=0.5, pause_when_empty=True)
    table = stores.table(setup(players=2, seed=4), seats(None, "heuristic"), settings, clock=clock)
    table.submit(0, Bid(0, 0), table.seq)  # the bot's bid is due
    table.start()
    await clock.advance(3600)
    assert table.state.stage is Stage.BIDS and not table.clockwork.thinking  # nobody is here: the bot waits
    table.join(0, lambda update: None)
    # the bot answers at its steady pace from the moment a person came, not from the hour before
    assert await clock.run_until(lambda: table.state.stage is Stage.TURN, 5) == approx(0.5)
    table.close()


async def test_a_closed_table_is_freed_at_once_not_at_the_next_full_collection(stores: Stores):
    """A server unloads every game that ends. A closed table, whose clock was waiting and whose bot
    was thinking, is freed as soon as nothing refers to it: no cycle through its cancelled tasks
    keeps the whole game (its history too) until a full collection, which on a busy server comes
    rarely (net/running.py)."""
    import gc
    import weakref

    clock = FakeClock()
    table = stores.table(setup(players=3, seed=3), seats(None, "heuristic", None),
                         TableSettings(bot_delay=30, turn_timeout=600), clock=clock)
    table.start()
    await settle()
    assert table.clockwork.thinking and table.clockwork.task is not None  # the clock waits; the bot's bid "thinks" for 30 s
    gone = weakref.ref(table)
    gc.disable()
    try:
        table.close()
        del table
        await settle()  # the cancelled tasks end
        assert gone() is None
    finally:
        gc.enable()


class Failing:
    """A bot that breaks: it raises, or answers what the rules do not allow."""

    level, budget = "random", 0.0

    def __init__(self, how: str) -> None:
        self.how = how
        self.asked = 0

    def decide(self, view, legal):
        self.asked += 1
        if self.how == "raises":
            raise RuntimeError("the bot broke")
        return Take(view.player, 5)  # never legal


async def test_a_bot_that_fails_or_breaks_the_rules_does_not_stop_the_game(stores: Stores, clock: FakeClock,
                                                                            caplog):
    table = stores.table(setup(players=3), seats(None, "random", "random"), quick(), clock=clock)
    table.clockwork.bots[1], table.clockwork.bots[2] = Failing("raises"), Failing("illegal")
    table.start()
    table.submit(0, Bid(0, 0), table.seq)
    # both bots bid at once, each with the rules' own answer for a silent seat: nothing
    await clock.run_until(lambda: table.state.stage is Stage.TURN, 1)
    assert table.state.actions == [Bid(0, 0), Bid(1, 0), Bid(2, 0)]
    assert isinstance(table.error, RuntimeError) and "a bot failed" in caplog.text
    table.submit(0, Take(0, 1), table.seq)
    await clock.run_until(lambda: table.state.mover == 0, 1)
    assert table.state.actions[4:] == [Take(1, 1), Take(2, 1)]  # their turns: one pebble each
    assert table.clockwork.bots[1].asked == 2 and table.clockwork.bots[2].asked == 2  # asked once per decision
    table.close()


async def test_a_stand_in_is_made_once_per_seat_and_plays_each_silent_turn(stores: Stores, clock: FakeClock):
    table = stores.table(setup(players=2, pile=9), seats(None, None), quick(on_timeout=OnTimeout.BOT), clock=clock)
    table.submit(0, Bid(0, 0), table.seq)
    table.submit(1, Bid(1, 0), table.seq)
    table.start()
    await clock.run_until(lambda: len(table.state.actions) > 2, 5)
    stand_in = table.clockwork.standins[0]
    assert stand_in.level == "greedy" and list(table.clockwork.standins) == [0] and table.state.actions[2] == Take(0, 2)
    # seat 1 lets it stand by its silence (a doubt's own default), then takes one itself
    await clock.run_until(lambda: table.state.mover == 1 and table.state.stage is Stage.TURN, 5)
    assert table.state.actions[3] == Doubt(1, False)
    table.submit(1, Take(1, 1), table.seq)
    await clock.run_until(lambda: len(table.state.actions) > 5, 5)  # seat 0 silent again
    assert table.state.actions[5] == Take(0, 2) and table.clockwork.standins[0] is stand_in  # the same bot again
    table.close()
