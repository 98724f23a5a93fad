"""Turn-based play (table/pace.py): time banks that run only while the game waits on a seat, secret
rounds charged alike, a clock that runs out and each policy, and banks that survive a restart."""

from __future__ import annotations

import pytest
from pytest import approx

from grail_tui.games import registry
from grail_tui.games.api import Result
from grail_tui.games.hunt.engine import Assign, Initiate, Phase, Setup, Unit
from grail_tui.table.pace import forfeit_ranks, parse_preset, parse_span
from grail_tui.table.settings import BOT_FLOOR, OnFlag, TableSettings
from grail_tui.table.timekeeping import FakeClock

from .helpers import Stores, seats

HUNT = registry.get("hunt")  # these tests are about the hunt on purpose


@pytest.fixture(params=["journal", "sqlite"])
def stores(request, tmp_path) -> Stores:
    return Stores(request.param, tmp_path, game=HUNT)

DAY, HOUR = 86400.0, 3600.0


def turns(on_flag: OnFlag = OnFlag.BOT, bank: float = DAY, increment: float = 12 * HOUR) -> TableSettings:
    return TableSettings(bot_delay=0, min_round=0, bank=bank, increment=increment, on_flag=on_flag)


def move(table, seat: int) -> None:
    """``seat`` plays what a silent seat would (the hunt: assign nothing, pass)."""
    action = HUNT.default_action(table.state, seat, pass_turn=True)
    assert action is not None
    table.submit(seat, action, table.seq)


async def opened(stores: Stores, clock: FakeClock, settings: TableSettings, players: int = 2):
    table = stores.table(Setup(players=players, seed=2, first_player=0), seats(*[None] * players), settings,
                         clock=clock)
    table.start()
    return table


async def test_an_answer_given_early_saves_no_time_and_the_clocks_tell_nobody_who_answered(
        stores: Stores, clock: FakeClock):
    banks, deadlines = [], []
    for first in (0, 1):  # twin games: the other seat answers first
        table = await opened(stores, clock, turns())
        assert table.state.phase is Phase.OPENING  # a secret round: both seats are asked
        assert table.deadline_wall() == approx(clock.wall() + DAY)
        await clock.advance(HOUR)
        move(table, first)
        deadlines.append(table.deadline_wall() - clock.wall())  # nothing moves when one answers
        await clock.advance(5 * HOUR)
        move(table, 1 - first)
        banks.append(list(table.banks.banks))
        table.close()
    # both charged the whole round (6 h) and given the increment (12 h): a day and 6 hours each
    assert banks == [[DAY + 6 * HOUR] * 2] * 2
    assert deadlines[0] == deadlines[1] == approx(DAY - HOUR)


async def test_a_rounds_deadline_stays_when_the_seat_with_the_least_time_answers(stores: Stores, clock: FakeClock):
    table = await opened(stores, clock, turns())
    table.banks.banks = [2 * HOUR, 5 * HOUR]  # seat 0 has the least time left
    deadline = table.deadline_wall()
    assert deadline == approx(clock.wall() + 2 * HOUR)  # the round's: the earliest of those asked
    await clock.advance(HOUR)
    move(table, 0)
    assert table.deadline_wall() == deadline  # answering changes nothing anybody sees
    took = await clock.run_until(lambda: table.state.phase is Phase.TURN, 5 * HOUR)
    assert took == approx(HOUR)  # and the round closes then, seat 1 passing
    table.close()


async def test_a_turn_charges_only_the_seat_waited_on_and_adds_its_increment(stores: Stores, clock: FakeClock):
    table = await opened(stores, clock, turns())
    move(table, 0)
    move(table, 1)
    assert table.state.phase is Phase.TURN and table.asked() == (0,)
    await clock.advance(10 * HOUR)
    move(table, 0)
    # the opening took no time and added 12 h; the turn took 10 h and added 12 h
    assert table.banks.banks[0] == approx(DAY + 14 * HOUR)
    assert table.banks.banks[1] == approx(DAY + 12 * HOUR)  # it was not waited on
    table.close()


async def test_a_secret_round_closes_at_the_earliest_deadline_and_puts_nobody_out(
        stores: Stores, clock: FakeClock):
    table = await opened(stores, clock, turns(bank=2 * HOUR, increment=HOUR))
    table.submit(1, Assign(1, ((Unit.parse("A10"), Initiate.AC),)), table.seq)  # seat 0 is silent
    took = await clock.run_until(lambda: table.state.phase is Phase.TURN, 3 * HOUR)
    assert took == approx(2 * HOUR)  # the bank, not sooner
    assert table.state.sheets[0].remaining == 100  # seat 0 assigned nothing (the hunt's default)
    assert table.banks.flagged == set() and table.banks.banks == [HOUR, HOUR]  # emptied, then + 1 h
    table.close()


async def test_out_of_time_with_skip_the_seat_passes_at_once_from_then_on(stores: Stores, clock: FakeClock):
    table = await opened(stores, clock, turns(OnFlag.SKIP, bank=2 * HOUR, increment=HOUR))
    move(table, 0)
    move(table, 1)
    turn = table.state.turn
    # 2 h, and 1 h added by the opening
    assert await clock.run_until(lambda: table.state.turn > turn, 5 * HOUR) == approx(3 * HOUR)
    assert table.banks.flagged == {0}
    with pytest.raises(Exception, match="Your time ran out"):
        move(table, 0)  # once out, the seat is played for the person
    # seat 1 moves; seat 0's next turn passes at once, with no time spent
    for _ in range(2):
        assert table.asked() == (1,)
        before = clock.now()
        move(table, 1)
        await clock.advance(0)
        assert table.asked() == (1,) and clock.now() == before
        assert table.state.actions[-1] == Assign(0, ())
    table.close()


async def test_a_seat_that_ran_out_of_time_and_then_reaches_the_goal_is_no_winner(
        stores: Stores, clock: FakeClock, monkeypatch: pytest.MonkeyPatch):
    table = await opened(stores, clock, turns(OnFlag.SKIP, bank=2 * HOUR, increment=HOUR))
    move(table, 0)
    move(table, 1)
    turn = table.state.turn
    await clock.run_until(lambda: table.state.turn > turn, 5 * HOUR)
    assert table.banks.flagged == {0}
    # the game, played on for seat 0, ends with seat 0 reaching its goal
    monkeypatch.setattr(table.kind, "result", lambda state, names: Result((0,), (0, 1), "Seat 1 wins."))
    result = table.result()
    assert result.winners == () and result.ranks == (1, 0)
    assert result.text == f"Seat 1 wins. {table.names[0]} ran out of time earlier and ranks last."
    # the other seat winning: a winner still, and nothing said of the seat out of time
    monkeypatch.setattr(table.kind, "result", lambda state, names: Result((1,), (1, 0), "Seat 2 wins."))
    assert table.result() == Result((1,), (1, 0), "Seat 2 wins.")
    table.banks.flagged.add(1)  # both out of time, and a shared victory: both named, both last
    monkeypatch.setattr(table.kind, "result", lambda state, names: Result((0, 1), (0, 0), "Both win."))
    names = table.names
    assert table.result() == Result((), (0, 0), f"Both win. {names[0]} and {names[1]} ran out of time earlier and rank last.")
    table.close()


async def test_out_of_time_with_bot_a_stand_in_plays_the_seat(stores: Stores, clock: FakeClock):
    table = await opened(stores, clock, turns(OnFlag.BOT, bank=HOUR, increment=HOUR))
    move(table, 0)
    move(table, 1)
    actions = len(table.state.actions)
    # 1 h, and 1 h added by the opening; then the stand-in's decision, padded to the bots' floor
    assert await clock.run_until(lambda: len(table.state.actions) > actions, 5 * HOUR) == approx(2 * HOUR + BOT_FLOOR)
    assert table.state.actions[actions].player == 0 and table.banks.flagged == {0}
    table.close()


async def test_out_of_time_with_end_the_game_ends_and_the_one_who_ran_out_loses(stores: Stores, clock: FakeClock):
    table = await opened(stores, clock, turns(OnFlag.END, bank=HOUR, increment=HOUR), players=3)
    for seat in range(3):
        move(table, seat)
    told = []
    table.join(1, told.append)
    assert await clock.run_until(lambda: table.over, 5 * HOUR) == approx(2 * HOUR)
    result = table.result()
    assert result.ranks == (1, 0, 0) and result.winners == (1, 2)
    assert "ran out of time" in result.text
    assert told[-1].result == result  # the people at the table are told
    with pytest.raises(Exception, match="over"):
        move(table, 1)
    table.close()


async def test_time_does_not_count_while_the_server_is_down(tmp_path, clock: FakeClock):
    stores = Stores("sqlite", tmp_path, game=HUNT)
    table = await opened(stores, clock, turns())
    move(table, 0)
    move(table, 1)
    await clock.advance(5 * HOUR)
    left = table.deadline_wall() - clock.wall()
    table.close()  # the server stops
    await clock.advance(3 * DAY)  # ... for three days
    table = stores.restore(clock=clock)
    table.start()
    assert table.deadline_wall() - clock.wall() == approx(left) == approx(DAY + 7 * HOUR)
    assert table.banks.banks == approx([DAY + 12 * HOUR] * 2)
    table.close()


async def test_a_forfeit_is_a_loss_and_keeps_the_others_order():
    assert forfeit_ranks((0, 1, 2), {0}) == (2, 0, 1)
    assert forfeit_ranks((1, 0, 0), {1}) == (1, 2, 0)  # seat 1 won, but ran out
    assert forfeit_ranks((0, 1), ()) == (0, 1)


def test_presets_are_read_as_an_operator_writes_them():
    quick = parse_preset("quick=10m+2m")
    assert (quick.name, quick.bank, quick.increment) == ("quick", 600, 120)
    assert parse_span("1d12h") == DAY + 12 * HOUR
    for bad in ("quick", "quick=10m", "=1d+1h", "live=1d+1h", "x=0+1h", "x=1y+1h", "x=99d+1h"):
        with pytest.raises(ValueError):
            parse_preset(bad)
