"""Who is at the table and what each subscriber is told: presence as people come and go,
chat with its backlog, spectators told alike, a failing subscriber, the seat a person takes."""

from __future__ import annotations

import pytest

from grail_tui.table.seats import SeatConfig
from grail_tui.table.settings import TableSettings
from grail_tui.table.table import CHAT_BACKLOG, CHAT_KEPT
from grail_tui.table.timekeeping import FakeClock
from grail_tui.table.updates import TableError

from ..pebbles import Bid, Take, setup
from .helpers import Stores, seats


def heard_by(table, seat, *, person: bool = True):
    got: list = []
    return got, table.join(seat, got.append, person=person)


async def test_presence_follows_people_coming_and_going_and_everyone_is_told(stores: Stores):
    table = stores.table(setup(players=3), seats(None, None, "random"))
    assert table.present() == (False, False, True)  # a bot is always there
    ann, ann_sub = heard_by(table, 0)
    assert ann[0].present == (True, False, True) and ann[0].reset and ann[0].names == ("Ada", "Bo", "Cy")
    told = len(ann)
    bo, bo_sub = heard_by(table, 1)
    assert ann[-1].present == (True, True, True) and len(ann) == told + 1  # told that Bo came
    again, again_sub = heard_by(table, 1)  # Bo's second terminal: not news
    assert len(ann) == told + 1 and again[0].present == (True, True, True)
    table.leave(bo_sub)
    assert len(ann) == told + 1 and table.present() == (True, True, True)  # Bo is still there
    table.leave(again_sub)
    assert table.present() == (True, False, True) and ann[-1].present == (True, False, True)
    assert len(ann) == told + 2
    table.leave(again_sub)  # leaving twice changes nothing
    assert table.present() == (True, False, True) and len(ann) == told + 2
    watcher, watcher_sub = heard_by(table, None)
    assert len(ann) == told + 2 and table.present() == (True, False, True)  # a spectator is no seat's presence
    assert watcher[0].seat is None and watcher[0].pending is None and not watcher[0].asked
    table.leave(watcher_sub)
    table.leave(ann_sub)
    assert table.present() == (False, False, True)
    with pytest.raises(TableError, match=r"^There is no such seat\.$"):
        table.join(3, lambda update: None)
    with pytest.raises(TableError, match=r"^There is no such seat\.$"):
        table.join(-1, lambda update: None)
    table.close()


async def test_a_watching_person_or_a_bench_client_keeps_no_table_going(stores: Stores, clock: FakeClock):
    settings = TableSettings(bot_delay=0.5, pause_when_empty=True)
    table = stores.table(setup(players=2), seats(None, "random"), settings, clock=clock)
    table.submit(0, Bid(0, 0), table.seq)
    table.start()
    table.join(None, lambda update: None)  # a person watching
    table.join(0, lambda update: None, person=False)  # a bench client on seat 0: no person
    assert table.present() == (False, True)
    await clock.advance(60)
    assert table.paused and table.state.actions == [] and not table.busy()
    table.join(0, lambda update: None)
    assert not table.paused and table.busy()  # the bot's bid is due now
    assert await clock.run_until(lambda: len(table.state.actions) == 2, 5) == pytest.approx(0.5)
    table.close()


async def test_chat_reaches_every_subscriber_once_and_a_newcomer_sees_the_last_lines(stores: Stores,
                                                                                    clock: FakeClock):
    table = stores.table(setup(players=2), seats(None, None), clock=clock)
    ann, _ = heard_by(table, 0)
    watcher, _ = heard_by(table, None)
    table.say("Ada", "hello")
    assert [(c.who, c.text) for c in ann[-1].chat] == [("Ada", "hello")] and ann[-1].chat == watcher[-1].chat
    assert ann[-1].chat[0].at == clock.wall()
    table.say("Bo", "hi")
    assert [c.text for c in ann[-1].chat] == ["hi"]  # only what is new to it
    for k in range(CHAT_BACKLOG + 5):
        table.say("Ada", f"line {k}")
    late, _ = heard_by(table, 1)
    assert len(late[0].chat) == CHAT_BACKLOG and late[0].chat[-1].text == f"line {CHAT_BACKLOG + 4}"
    assert late[0].chat[0].text == "line 5"  # the last lines, not the first
    for k in range(CHAT_KEPT):  # past what memory keeps: the subscribers' places move with it
        table.say("Bo", f"more {k}")
    assert len(table.chat_log) == CHAT_KEPT and [c.text for c in ann[-1].chat] == [f"more {CHAT_KEPT - 1}"]
    table.say("Ada", "last")
    assert [c.text for c in late[-1].chat] == ["last"] and [c.text for c in ann[-1].chat] == ["last"]
    table.close()


async def test_spectators_who_saw_the_same_are_told_the_same_and_a_failing_one_stops_nobody(stores: Stores):
    table = stores.table(setup(players=2), seats(None, None))
    first, _ = heard_by(table, None)
    second, _ = heard_by(table, None)

    def failing(update):
        if not update.reset:
            raise RuntimeError("a broken connection")

    table.join(None, failing)
    ann, _ = heard_by(table, 0)
    table.submit(0, Bid(0, 1), table.seq)
    table.submit(1, Bid(1, 0), table.seq)
    assert first[-1] is second[-1]  # one update for every spectator: encoded once on a server
    assert [type(e).__name__ for e in first[-1].events] == ["Took", "Took"]
    late, _ = heard_by(table, None)  # a newcomer is told from the start: not the same update
    assert late[0] is not first[-1] and late[0].reset
    assert [type(e).__name__ for e in late[0].events][-2:] == ["Took", "Took"]
    assert not any(type(e).__name__ == "Dealt" for e in late[0].events)  # no bonus for a spectator
    table.submit(0, Take(0, 1), table.seq)
    assert first[-1] is second[-1] is late[-1] and first[-1].seq == table.seq  # caught up: alike again
    assert ann[-1].seq == table.seq and ann[-1].view.bonus == table.state.bonuses[0]
    table.close()


async def test_an_open_seat_is_taken_once_and_everyone_reads_the_new_name(stores: Stores):
    table = stores.table(setup(players=2), [SeatConfig("Ada"), SeatConfig(None)])  # seat 2 open
    ann, _ = heard_by(table, 0)
    assert ann[0].names == ("Ada", "Seat 2 (open)")
    table.seat_person(1, "Zoe")
    assert ann[-1].names == ("Ada", "Zoe") and table.names == ("Ada", "Zoe")
    with pytest.raises(TableError, match="That seat is taken."):
        table.seat_person(1, "Yan")
    with pytest.raises(TableError, match="That seat is taken."):
        table.seat_person(0, "Yan")
    assert table.names == ("Ada", "Zoe")
    table.close()


async def test_each_update_says_whose_move_it_is_and_when_the_wait_times_out(stores: Stores, clock: FakeClock):
    table = stores.table(setup(players=2), seats(None, None), TableSettings(bot_delay=0, turn_timeout=30),
                         clock=clock)
    ann, _ = heard_by(table, 0)
    bo, _ = heard_by(table, 1)
    assert ann[0].asked and bo[0].asked and ann[0].deadline == pytest.approx(clock.wall() + 30)
    table.submit(0, Bid(0, 0), table.seq)
    assert not ann[-1].asked and ann[-1].pending == Bid(0, 0) and bo[-1].pending is None
    await clock.advance(10)
    table.submit(1, Bid(1, 0), table.seq)
    assert ann[-1].asked and not bo[-1].asked  # seat 0 moves first
    assert ann[-1].deadline == bo[-1].deadline == pytest.approx(clock.wall() + 30)  # a new wait, from now
    assert ann[-1].result is None and ann[-1].record is None and not ann[-1].reset
    table.close()


async def test_asking_what_a_seat_sees_marks_nothing_new_and_tells_nobody(stores: Stores):
    table = stores.table(setup(players=2), seats(None, None))
    ann, _ = heard_by(table, 0)
    table.say("Bo", "hi")
    told = len(ann)
    looked = table.update_for(0)
    assert (looked.events, looked.chat, looked.reset, looked.seat) == ((), (), False, 0)
    assert looked.names == ("Ada", "Bo") and looked.present == (True, False) and looked.asked
    assert len(ann) == told  # nobody was told anything
    table.say("Bo", "again")
    assert [c.text for c in ann[-1].chat] == ["again"]  # the look moved no subscriber's place
    table.close()


async def test_a_wait_starts_again_when_a_person_comes_back_to_a_paused_table(stores: Stores, clock: FakeClock):
    settings = TableSettings(bot_delay=0, turn_timeout=30, pause_when_empty=True)
    table = stores.table(setup(players=2), seats(None, None), settings, clock=clock)
    table.start()
    table.join(None, lambda update: None)  # a watcher: the table stays paused
    await clock.advance(3600)
    assert table.state.actions == []  # nobody timed out while nobody was there
    heard, _ = heard_by(table, 1)
    assert heard[0].deadline == pytest.approx(clock.wall() + 30)  # the whole limit, from now
    assert await clock.run_until(lambda: len(table.state.actions) == 2, 60) == pytest.approx(30)
    table.close()


async def test_a_person_back_before_the_takeover_keeps_their_seat(stores: Stores, clock: FakeClock):
    settings = TableSettings(bot_delay=0, takeover_after=0.2)
    table = stores.table(setup(players=2), seats(None, None), settings, clock=clock)
    table.start()
    table.join(1, lambda update: None)
    goes = table.join(0, lambda update: None)
    table.leave(goes)
    await clock.advance(0.1)
    table.join(0, lambda update: None)  # back in time
    await clock.advance(10)
    assert table.state.actions == [] and not table.clockwork.standins  # nobody played for them
    table.close()
