"""The table's ordering of answers, as each seat sees it: who hears what and when, the order
answers are applied in, the exact words of every refusal, and actions that come too late."""

from __future__ import annotations

import pytest
from pytest import approx

from grail_tui.table.settings import TableSettings
from grail_tui.table.timekeeping import FakeClock
from grail_tui.table.updates import TableError

from ..pebbles import KIND, Bid, Stage, Take, finished, setup
from .helpers import Stores, seats

MOVED_ON = "The game has moved on since you chose that; look again."
OWN_SEAT = "You can act for your own seat only."
ANSWERED = "You have already answered; all answers are shown together."


def watch(table, *who):
    """Subscribe these seats (None: a spectator); count only what comes after everyone joined."""
    heard = {seat: [] for seat in who}
    for seat in who:
        table.join(seat, heard[seat].append)
    for got in heard.values():
        got.clear()
    return heard


def refused(table, seat, action, seq, words, heard) -> None:
    """Refused in exactly these words, and nobody hears of it; nothing changes."""
    before = (table.seq, list(table.state.actions), {s: len(got) for s, got in heard.items()},
              {s: table.update_for(s) for s in heard})
    with pytest.raises(TableError) as caught:
        table.submit(seat, action, seq)
    assert str(caught.value) == words
    assert (table.seq, list(table.state.actions), {s: len(got) for s, got in heard.items()},
            {s: table.update_for(s) for s in heard}) == before


async def test_answers_are_applied_together_in_seat_order_whatever_order_they_came_in(stores: Stores):
    table = stores.table(setup(players=3), seats(None, None, None))
    first = {seat: [] for seat in (0, 1, 2, None)}
    for seat, got in first.items():
        table.join(seat, got.append)
    # each seat's first update tells it its own secret bonus, and nobody else's; a spectator none
    for seat in (0, 1, 2, None):
        dealt = [e.player for e in first[seat][0].events if type(e).__name__ == "Dealt"]
        assert dealt == ([] if seat is None else [seat])
    heard = {seat: got for seat, got in first.items()}
    for got in heard.values():
        got.clear()
    seq = table.seq
    table.submit(2, Bid(2, 1), seq)
    # only the seat that answered hears of it: its own answer, and that it is asked no more
    assert [len(heard[s]) for s in (0, 1, 2, None)] == [0, 0, 1, 0]
    mine = heard[2][0]
    assert (mine.seq, mine.pending, mine.asked, mine.events) == (seq, Bid(2, 1), False, ())
    assert mine.view.bid is None  # the game is untouched: the table holds the answer
    assert [table.update_for(s).asked for s in (0, 1, 2)] == [True, True, False]
    assert table.update_for(0).pending is None and table.update_for(None).pending is None
    assert table.asked() == (0, 1) and table.state.actions == []
    table.submit(0, Bid(0, 0), seq)
    assert [len(heard[s]) for s in (0, 1, 2, None)] == [1, 0, 1, 0]
    table.submit(1, Bid(1, 1), seq)  # the last answer: all three are applied, in seat order
    assert table.state.actions == [Bid(0, 0), Bid(1, 1), Bid(2, 1)]
    assert table.seq == seq + 1 and table.state.stage is Stage.TURN
    assert [len(heard[s]) for s in (0, 1, 2, None)] == [2, 1, 2, 1]  # one update each for the round
    for seat in (0, 1, 2, None):
        shown = heard[seat][-1]
        assert (shown.seq, shown.pending) == (seq + 1, None)
        assert [(e.player, e.count) for e in shown.events] == [(0, 0), (1, 1), (2, 1)]  # the bids, in seat order
    table.close()
    again = stores.restore()  # the store kept them in the order they came; the same round results
    assert again.state.actions == table.state.actions and again.seq == table.seq
    again.close()


async def test_every_refusal_has_its_own_words_and_changes_nothing(stores: Stores):
    table = stores.table(setup(players=3), seats(None, None, None))
    heard = watch(table, 0, 1, 2, None)
    seq = table.seq
    refused(table, 0, Bid(0, 0), seq + 1, MOVED_ON, heard)
    refused(table, 0, Bid(0, 0), seq - 1, MOVED_ON, heard)
    refused(table, 0, Bid(1, 0), seq - 1, MOVED_ON, heard)  # the position is checked first
    refused(table, 0, Bid(1, 0), seq, OWN_SEAT, heard)
    refused(table, 1, Take(1, 1), seq, table.state.why_illegal(Take(1, 1)), heard)  # the game's own words
    assert table.state.why_illegal(Take(1, 1)) == "Everyone bids first."
    refused(table, 1, Bid(1, 2), seq, "Bid 0 or 1 pebble.", heard)
    table.submit(1, Bid(1, 0), seq)
    heard[1].clear()
    refused(table, 1, Bid(1, 1), seq, ANSWERED, heard)
    refused(table, 1, Take(1, 1), seq, ANSWERED, heard)  # answered: not even the game is asked
    refused(table, 2, Bid(1, 0), seq, OWN_SEAT, heard)
    table.submit(0, Bid(0, 0), seq)
    table.submit(2, Bid(2, 0), seq)
    refused(table, 2, Bid(2, 0), seq, MOVED_ON, heard)  # the same answer again lands on nothing
    refused(table, 0, Take(0, 1), seq, MOVED_ON, heard)  # a legal action, but for an old position
    refused(table, 1, Take(1, 1), seq + 1, "It is not your turn.", heard)
    table.close()


async def test_a_held_round_tells_nobody_anything_until_it_is_shown(stores: Stores, clock: FakeClock):
    table = stores.table(setup(players=3), seats(None, None, None), TableSettings(bot_delay=0, min_round=0.3),
                         clock=clock)
    table.start()
    heard = watch(table, 0, 1, 2, None)
    seq = table.seq
    table.submit(0, Bid(0, 0), seq)
    table.submit(1, Bid(1, 0), seq)
    waiting = table.update_for(None)
    table.submit(2, Bid(2, 1), seq)  # complete, but held for the round's minimum
    assert table.busy() and table.state.actions == [] and table.seq == seq
    # each who answered hears only that its answer is in, the last one too: nothing says the
    # round is complete, and a spectator hears nothing at all
    assert [len(heard[s]) for s in (0, 1, 2, None)] == [1, 1, 1, 0]
    assert [heard[s][-1].seq for s in (0, 1, 2)] == [seq] * 3
    assert heard[2][-1].pending == Bid(2, 1) and heard[2][-1].view.public == heard[0][-1].view.public
    assert table.update_for(None) == waiting and table.update_for(2).pending == Bid(2, 1)
    refused(table, 2, Bid(2, 0), seq, ANSWERED, heard)
    await clock.advance(0.299)
    assert table.seq == seq and [len(heard[s]) for s in (0, 1, 2, None)] == [1, 1, 1, 0]  # still held
    assert await clock.run_until(lambda: table.seq != seq, 1) == approx(0.001)  # shown at its minimum
    assert table.state.actions == [Bid(0, 0), Bid(1, 0), Bid(2, 1)] and not table.busy()
    assert [len(heard[s]) for s in (0, 1, 2, None)] == [2, 2, 2, 1]
    assert all(heard[s][-1].seq == seq + 1 and heard[s][-1].pending is None for s in (0, 1, 2, None))
    table.close()


async def test_a_round_held_when_the_table_stopped_is_shown_when_it_comes_back(stores: Stores):
    settings = TableSettings(bot_delay=0, min_round=30.0)
    table = stores.table(setup(players=2, seed=3), seats(None, None), settings)
    seq = table.seq
    table.submit(1, Bid(1, 1), seq)
    table.submit(0, Bid(0, 0), seq)
    assert table.state.actions == [] and table.update_for(1).pending == Bid(1, 1)
    table.close()  # stopped during the hold
    again = stores.restore(settings=settings)
    assert again.state.actions == [Bid(0, 0), Bid(1, 1)] and again.seq == seq + 1
    assert again.update_for(1).pending is None and again.state.stage is Stage.TURN
    again.close()


async def test_an_answer_given_before_a_stop_is_still_pending_after_it(stores: Stores):
    table = stores.table(setup(players=3, seed=3), seats(None, None, None))
    seq = table.seq
    table.submit(2, Bid(2, 1), seq)
    table.close()
    again = stores.restore()
    assert again.seq == seq and again.state.actions == [] and again.asked() == (0, 1)
    assert again.update_for(2).pending == Bid(2, 1) and not again.update_for(2).asked
    assert again.update_for(0).pending is None and again.update_for(0).asked
    with pytest.raises(TableError) as caught:
        again.submit(2, Bid(2, 0), seq)
    assert str(caught.value) == ANSWERED
    again.close()


async def test_a_finished_game_refuses_everything_and_shows_its_record(stores: Stores):
    game = finished()
    table = stores.table(game.setup, seats(None, None))
    finished_tables = []
    table.on_finish = finished_tables.append
    heard = watch(table, 0, 1, None)
    for action in game.actions:
        table.submit(action.player, action, table.seq)
    assert table.over and finished_tables == [table]
    result = table.result()
    assert result is not None and table.update_for(None).result == result
    assert result.text == "Bo wins with 6." and result.winners == (1,)  # the seats' names, the game's words
    update = table.update_for(0)
    assert update.record is not None and update.record["actions"] == [KIND.action_to_dict(a) for a in game.actions]
    refused(table, 0, game.actions[-1], table.seq, "The game is over.", heard)
    refused(table, 1, Take(1, 1), table.seq - 1, MOVED_ON, heard)
    assert [heard[s][-1].result for s in (0, 1, None)] == [result] * 3
    table.close()


async def test_a_stored_action_that_breaks_the_rules_is_named_when_restoring(stores: Stores):
    table = stores.table(setup(players=2, seed=3), seats(None, None))
    table.submit(0, Bid(0, 0), table.seq)
    table.store.accepted(1, KIND.action_to_dict(Bid(0, 1)))  # a damaged store
    table.close()
    with pytest.raises(ValueError) as caught:
        stores.restore()
    assert str(caught.value) == f"stored action 1 is illegal: {ANSWERED}"
