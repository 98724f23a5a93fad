"""The table's own time at its edges: a bot that fails, a late answer to an old question, a
limit that fires on time beside the other clocks, a table that is paused, watched or closed,
and bots that play by the game's seed."""

from __future__ import annotations

import asyncio
import copy
import logging

import pytest
from pytest import approx

from grail_tui.table.seats import SeatConfig
from grail_tui.table.settings import BOT_FLOOR, OnFlag, OnTimeout, TableSettings
from grail_tui.table.table import Table
from grail_tui.table.thinking import Thinker
from grail_tui.table.timekeeping import FakeClock, settle
from grail_tui.table.updates import TableError

from ..pebbles import KIND, Bid, Doubt, Game, Reply, Stage, Take, setup
from .helpers import Stores, seats
from .test_waits import Failing


def errors_logged(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


def last_moved(table, count: int):
    return lambda: len(table.state.actions) >= count


# -- a bot that fails ---------------------------------------------------------------------------


def stubborn():
    """Pebbles, but a silent bid is 1 and a silent turn has no default of the game's own."""
    kind = copy.copy(KIND)

    def default_action(state, seat, *, pass_turn):
        if state.stage is Stage.BIDS:
            return Bid(seat, 1) if pass_turn else None
        return KIND.default_action(state, seat, pass_turn=pass_turn) if state.stage is not Stage.TURN else None

    kind.default_action = default_action
    return kind


async def test_a_failed_bots_seat_plays_the_games_own_default_else_its_first_legal_move(tmp_path, clock: FakeClock,
                                                                                       caplog):
    stores = Stores("journal", tmp_path, game=stubborn())
    table = stores.table(setup(players=3, pile=9), seats(None, "random", "random"), TableSettings(bot_delay=0),
                         clock=clock)
    table.clockwork.bots[1], table.clockwork.bots[2] = Failing("raises"), Failing("illegal")
    assert table.error is None  # no failure to tell anybody yet
    table.start()
    table.submit(0, Bid(0, 0), table.seq)
    await clock.run_until(lambda: table.state.stage is Stage.TURN, 1)
    # the game's own silent bid (1 here), not merely the first legal one
    assert table.state.actions == [Bid(0, 0), Bid(1, 1), Bid(2, 1)]
    assert isinstance(table.error, RuntimeError) and errors_logged(caplog) == ["a bot failed"]
    table.submit(0, Take(0, 1), table.seq)
    await clock.run_until(lambda: table.state.mover == 0, 1)
    # a turn the game gives no default: the first legal move, one pebble, and the game goes on
    assert table.state.actions[4:] == [Take(1, 1), Take(2, 1)]
    table.close()


# -- a late answer to an old question ---------------------------------------------------------


def away_player(stores: Stores, clock: FakeClock):
    """Seat 0's person goes; a stand-in takes over after 1 s and thinks for 10 s."""
    table = stores.table(setup(players=2, pile=9), seats(None, None),
                         TableSettings(bot_delay=10, takeover_after=1), clock=clock)
    table.start()
    table.join(1, lambda update: None)
    return table, table.join(0, lambda update: None)


async def test_a_stand_ins_late_bid_does_not_replace_the_bid_its_person_came_back_and_gave(stores: Stores,
                                                                                          clock: FakeClock):
    table, goes = away_player(stores, clock)
    table.leave(goes)
    await clock.advance(2)  # the stand-in thinks about seat 0's bid
    table.join(0, lambda update: None)
    table.submit(0, Bid(0, 1), table.seq)  # the person is back and bids themselves
    await clock.advance(20)  # the stand-in's answer comes: it is for a question already answered
    assert table.update_for(0).pending == Bid(0, 1)
    table.submit(1, Bid(1, 0), table.seq)
    assert table.state.actions == [Bid(0, 1), Bid(1, 0)]
    table.close()


async def test_a_stand_ins_late_take_is_not_played_as_the_answer_to_a_later_question(stores: Stores,
                                                                                   clock: FakeClock):
    table, goes = away_player(stores, clock)
    table.submit(0, Bid(0, 0), table.seq)
    table.submit(1, Bid(1, 0), table.seq)
    table.leave(goes)
    await clock.advance(2)  # the stand-in thinks about seat 0's turn
    table.join(0, lambda update: None)
    table.submit(0, Take(0, 2), table.seq)  # back in time: they take two themselves
    table.submit(1, Doubt(1, True), table.seq)  # doubted: seat 0 is asked again, to reply
    replying = list(table.state.actions)
    await clock.advance(20)  # the stand-in's take comes, for the turn that is over
    assert table.state.stage is Stage.REPLY and table.state.actions == replying  # nothing played for them
    table.submit(0, Reply(0, True), table.seq)
    assert table.state.actions[-1] == Reply(0, True)
    table.close()


# -- limits beside the other clocks -------------------------------------------------------------


async def test_a_time_limit_fires_on_time_while_another_seats_person_is_away(stores: Stores, clock: FakeClock):
    table = stores.table(setup(players=2), seats(None, None), TableSettings(bot_delay=0, turn_timeout=10,
                                                                               takeover_after=60), clock=clock)
    table.start()
    table.join(0, lambda update: None)
    table.leave(table.join(1, lambda update: None))  # seat 1 is away, not yet taken over
    assert await clock.run_until(lambda: table.state.stage is Stage.TURN, 100) == approx(10)
    assert table.state.actions == [Bid(0, 0), Bid(1, 0)]  # both silent bids: nothing
    table.close()


async def test_a_stand_in_comes_exactly_when_the_takeover_time_is_up(stores: Stores, clock: FakeClock):
    table = stores.table(setup(players=2), seats(None, None), TableSettings(bot_delay=0, takeover_after=2.0),
                         clock=clock)
    table.start()
    table.join(1, lambda update: None)
    table.leave(table.join(0, lambda update: None))
    table.submit(1, Bid(1, 0), table.seq)
    assert await clock.run_until(lambda: table.state.stage is Stage.TURN, 10) == approx(2.0 + BOT_FLOOR)
    table.close()


async def test_a_stand_in_still_thinking_when_the_limit_passes_plays_its_own_move(stores: Stores,
                                                                                 clock: FakeClock):
    table = stores.table(setup(players=2), seats(None, None),
                         TableSettings(bot_delay=5, turn_timeout=3, takeover_after=1), clock=clock)
    table.submit(0, Bid(0, 0), table.seq)
    table.submit(1, Bid(1, 0), table.seq)
    table.start()
    table.join(1, lambda update: None)
    table.leave(table.join(0, lambda update: None))
    # taken over after 1 s, the stand-in decides in 5: the limit at 3 s leaves its seat to it
    assert await clock.run_until(last_moved(table, 3), 10) == approx(6)
    assert table.state.actions[2] == Take(0, 2)  # the stand-in's own take of two, not the silent one
    table.close()


async def test_a_limit_passes_the_silent_person_while_a_bot_of_the_same_round_still_thinks(stores: Stores,
                                                                                          clock: FakeClock):
    table = stores.table(setup(players=2), seats("random", None), TableSettings(bot_delay=5, turn_timeout=1),
                         clock=clock)
    table.start()
    table.join(1, lambda update: None)
    assert await clock.run_until(lambda: table.state.stage is Stage.TURN, 10) == approx(5)  # the bot's pace
    assert table.state.actions[1] == Bid(1, 0)  # the person's silence: nothing
    table.close()


async def test_a_bot_slower_than_the_limit_is_not_hurried_and_plays_its_own_move(stores: Stores,
                                                                                clock: FakeClock):
    table = stores.table(setup(players=2), seats(None, "heuristic"), TableSettings(bot_delay=5, turn_timeout=1),
                         clock=clock)
    table.start()
    table.submit(0, Bid(0, 0), table.seq)
    async with asyncio.timeout(10):  # a table that looked at a passed limit again and again would spin here
        assert await clock.run_until(lambda: table.state.stage is Stage.TURN, 10) == approx(5)
    assert table.state.actions == [Bid(0, 0), Bid(1, 1)]  # greedy's own bid, not a silent one
    table.close()


# -- paused, watched, closed --------------------------------------------------------------------


async def test_a_spectator_coming_to_an_empty_table_after_its_limit_times_nobody_out(stores: Stores,
                                                                                    clock: FakeClock):
    table = stores.table(setup(players=2), seats(None, None),
                         TableSettings(bot_delay=0, turn_timeout=10, pause_when_empty=True), clock=clock)
    table.start()
    table.leave(table.join(0, lambda update: None))
    await clock.advance(3600)
    table.join(None, lambda update: None)  # somebody comes to watch: the table stays paused
    await clock.advance(1)
    assert table.state.actions == [] and table.paused
    table.close()


async def test_a_spectator_or_a_players_second_terminal_does_not_move_the_deadline(stores: Stores,
                                                                                  clock: FakeClock):
    table = stores.table(setup(players=2), seats(None, None),
                         TableSettings(bot_delay=0, turn_timeout=30, pause_when_empty=True), clock=clock)
    table.start()
    table.join(0, lambda update: None)
    table.join(1, lambda update: None)
    deadline = table.deadline_wall()
    await clock.advance(10)
    watcher: list = []
    table.join(None, watcher.append)
    second: list = []
    table.join(0, second.append)  # seat 0 again, from another terminal
    assert watcher[0].deadline == second[0].deadline == table.deadline_wall() == approx(deadline)
    assert await clock.run_until(lambda: table.state.stage is Stage.TURN, 60) == approx(20)
    table.close()


async def test_a_closed_table_stays_still_however_often_it_is_started(stores: Stores, clock: FakeClock):
    table = stores.table(setup(players=2), seats(None, "random"), TableSettings(bot_delay=0, turn_timeout=1),
                         clock=clock)
    table.start()
    table.start()  # a second start runs no second clock
    table.submit(0, Bid(0, 0), table.seq)
    await clock.advance(0.5)
    moved = list(table.state.actions)
    table.close()
    table.start()  # closed: never again
    await clock.advance(3600)
    assert table.state.actions == moved and table.clockwork.task is None
    assert stores.restore().state.actions == moved  # and nothing more was kept


async def test_the_table_is_busy_while_a_stand_in_plays_a_silent_turn_and_idle_once_time_ended_it(
        stores: Stores, clock: FakeClock):
    table = stores.table(setup(players=2), seats(None, None),
                         TableSettings(bot_delay=0, turn_timeout=1, on_timeout=OnTimeout.BOT), clock=clock)
    table.submit(0, Bid(0, 0), table.seq)
    table.submit(1, Bid(1, 0), table.seq)
    table.start()
    await clock.advance(1)
    assert table.busy() and len(table.state.actions) == 2  # the stand-in is deciding seat 0's turn
    await clock.advance(BOT_FLOOR)
    assert not table.busy() and table.state.actions[2] == Take(0, 2)
    table.close()
    ended = stores.table(setup(players=2), seats(None, None),
                         TableSettings(bot_delay=0, bank=10, on_flag=OnFlag.END), clock=clock)
    ended.submit(0, Bid(0, 0), ended.seq)
    ended.submit(1, Bid(1, 0), ended.seq)
    ended.start()
    await clock.run_until(lambda: ended.over, 20)
    assert not ended.busy()  # seat 0 is out of time, but nothing is left to play for it
    await ended.settle()
    ended.close()


# -- what the table tells and keeps -------------------------------------------------------------


async def test_spectators_are_told_a_chat_line_or_a_presence_with_one_update(stores: Stores):
    table = stores.table(setup(players=2), seats(None, None))
    first: list = []
    second: list = []
    table.join(None, first.append)
    table.join(None, second.append)
    table.say("Ada", "hello")
    assert first[-1] is second[-1] and [c.text for c in first[-1].chat] == ["hello"]
    table.join(0, lambda update: None)  # Ada comes: presence
    assert first[-1] is second[-1] and first[-1].present == (True, False)
    table.close()


async def test_a_failing_subscriber_is_logged_for_the_operator_and_stops_nobody(stores: Stores, caplog):
    table = stores.table(setup(players=2), seats(None, None))

    def failing(update):
        if not update.reset:
            raise RuntimeError("a broken connection")

    table.join(0, failing)
    heard: list = []
    table.join(1, heard.append)
    table.submit(0, Bid(0, 0), table.seq)
    table.submit(1, Bid(1, 0), table.seq)
    assert heard[-1].seq == table.seq and set(errors_logged(caplog)) == {"a subscriber failed"}
    table.close()


async def test_a_record_that_cannot_be_kept_is_logged_and_the_game_still_ends_for_everyone(stores: Stores,
                                                                                          caplog):
    table = stores.table(setup(players=2, pile=1), seats(None, None))

    def full_disk(record, ranks):
        raise OSError("No space left on device")

    table.store.finished = full_disk
    heard: list = []
    table.join(1, heard.append)
    table.submit(0, Bid(0, 0), table.seq)
    table.submit(1, Bid(1, 0), table.seq)
    table.submit(0, Take(0, 1), table.seq)
    assert heard[-1].result is not None and table.over  # the game ended for everyone all the same
    assert heard[-1].record is not None and errors_logged(caplog) == ["the finished game's record could not be kept"]
    table.close()


async def test_the_result_names_the_players_as_they_sat(stores: Stores):
    table = stores.table(setup(players=2, pile=1, first=0), seats(None, None))
    table.submit(0, Bid(0, 0), table.seq)
    table.submit(1, Bid(1, 0), table.seq)
    table.submit(0, Take(0, 1), table.seq)
    result, winner = table.result(), table.state.outcome.winner
    assert winner is not None  # this seed's bonuses decide it
    assert result is not None and result.text.startswith(f"{('Ada', 'Bo')[winner]} wins")
    table.close()


async def test_something_that_is_no_players_action_is_refused_and_changes_nothing(stores: Stores):
    table = stores.table(setup(players=2), seats(None, None))
    with pytest.raises(TableError, match=r"^You can act for your own seat only\.$"):
        table.submit(0, object(), table.seq)
    assert table.state.actions == [] and table.asked() == (0, 1)
    table.close()


async def test_a_reserved_seat_once_taken_is_reserved_no_more(stores: Stores):
    table = stores.table(setup(players=2), [SeatConfig("Ada"), SeatConfig(None, reserved="Zoe")])
    table.seat_person(1, "Zoe")
    assert table.seats[1] == SeatConfig("Zoe")
    with pytest.raises(TableError, match=r"^That seat is taken\.$"):
        table.seat_person(1, "Yan")
    table.close()
    if stores.db is not None:  # a server keeps seats as people take them (at one terminal all are set)
        assert stores.restore().seats[1] == SeatConfig("Zoe")


# -- restoring ----------------------------------------------------------------------------------


async def test_a_restored_table_counts_positions_as_it_did_so_an_answer_chosen_before_is_taken(stores: Stores):
    table = stores.table(setup(players=3, seed=8), seats(None, None, None))
    for seat in range(3):
        table.submit(seat, Bid(seat, 0), table.seq)
    table.submit(0, Take(0, 2), table.seq)
    table.submit(1, Doubt(1, True), table.seq)
    table.submit(2, Doubt(2, False), table.seq)  # two secret rounds shown
    seq = table.seq
    table.close()
    again = stores.restore()
    assert again.seq == seq and again.state.stage is Stage.REPLY
    again.submit(0, Reply(0, True), seq)  # chosen before the restart, at the same position
    assert again.state.actions[-1] == Reply(0, True)
    again.close()


async def test_restoring_checks_each_kept_action_once_and_its_bots_think_where_the_server_says(
        stores: Stores, clock: FakeClock, monkeypatch):
    table = stores.table(setup(players=2), seats(None, "random"), TableSettings(bot_delay=0), clock=clock)
    table.submit(0, Bid(0, 0), table.seq)
    table.submit(1, Bid(1, 1), table.seq)
    table.submit(0, Take(0, 1), table.seq)  # now the bot's turn
    table.close()
    checks: list = []
    check = Game.why_illegal

    def counted(game, action):
        checks.append(action)
        return check(game, action)

    monkeypatch.setattr(Game, "why_illegal", counted)

    class Workers(Thinker):
        asked = 0

        async def decide(self, *args, **kwargs):
            Workers.asked += 1
            return await super().decide(*args, **kwargs)

    again = stores.restore(settings=TableSettings(bot_delay=0), thinker=Workers(), clock=clock)
    assert checks == [Bid(0, 0), Bid(1, 1), Take(0, 1)]  # one check each
    again.start()
    await clock.run_until(last_moved(again, 4), 5)
    assert Workers.asked == 1
    again.close()


async def test_a_finished_game_loaded_to_be_watched_is_not_kept_again(tmp_path):
    from ..pebbles import finished

    stores = Stores("sqlite", tmp_path)
    game = finished()
    table = stores.table(game.setup, seats(None, None))
    for action in game.actions:
        table.submit(action.player, action, table.seq)
    assert table.over
    table.close()
    kept: list = []
    code = f"G{stores.count}"
    store = stores.db.store(code)
    store.finished = lambda record, ranks: kept.append(record)
    watched = Table.restore(KIND, stores.db.load(code), store)
    assert watched.over and watched.update_for(None).record is not None and kept == []
    watched.close()


# -- bots and the game's seed -------------------------------------------------------------------


async def test_bots_play_by_the_games_seed_the_same_each_time_and_otherwise_in_another_game(tmp_path,
                                                                                          clock: FakeClock):
    tables = []
    for number, seed in enumerate((1, 1, 2)):
        folder = tmp_path / str(number)
        folder.mkdir()
        table = Stores("journal", folder).table(setup(players=3, seed=seed, pile=30, first=0),
                                                seats("random", "random", "random"), TableSettings(bot_delay=0),
                                                clock=clock)
        table.start()
        tables.append(table)
    for table in tables:
        await clock.run_until(lambda table=table: table.over, 60)
    once, again, other = (list(t.state.actions) for t in tables)
    assert once == again and once != other
    for table in tables:
        table.close()


# -- turn-based clocks --------------------------------------------------------------------------


async def test_a_game_ended_by_a_seats_time_stays_ended_after_a_restart(stores: Stores, clock: FakeClock):
    table = stores.table(setup(players=2), seats(None, None), TableSettings(bot_delay=0, bank=10, on_flag=OnFlag.END),
                         clock=clock)
    table.submit(0, Bid(0, 0), table.seq)
    table.submit(1, Bid(1, 0), table.seq)
    table.start()
    assert await clock.run_until(lambda: table.over, 20) == approx(10)  # seat 0's turn: its bank runs out
    result = table.result()
    table.close()
    assert result.text == "Ada ran out of time; the game ended there." and result.ranks == (1, 0)
    if stores.db is None:
        return  # at one terminal a finished game is a record, not a save
    assert result.text == "Ada ran out of time; the game ended there." and result.ranks == (1, 0)
    again = stores.restore(clock=clock)
    assert again.over and again.result() == result
    again.close()


async def test_turn_based_clocks_start_when_the_last_open_seat_is_taken(stores: Stores, clock: FakeClock):
    table = stores.table(setup(players=2), [SeatConfig("Ada"), SeatConfig(None)],
                         TableSettings(bot_delay=0, bank=100), clock=clock)
    table.start()
    assert table.paused and table.deadline_wall() is None  # nobody's time runs while a seat is open
    await clock.advance(500)
    assert table.state.actions == []
    table.seat_person(1, "Bo")
    assert table.deadline_wall() == approx(clock.wall() + 100)  # the whole bank, from now
    assert await clock.run_until(lambda: table.state.stage is Stage.TURN, 200) == approx(100)
    table.close()


async def test_a_seat_out_of_time_ranks_last_when_the_game_ends_by_its_rules(stores: Stores, clock: FakeClock):
    table = stores.table(setup(players=2, seed=2, pile=3), seats(None, None),
                         TableSettings(bot_delay=0, bank=10, on_flag=OnFlag.SKIP), clock=clock)
    table.submit(0, Bid(0, 0), table.seq)
    table.submit(1, Bid(1, 0), table.seq)
    table.start()
    await clock.run_until(lambda: table.state.mover == 1, 20)  # seat 0 ran out: its turn passed
    assert table.banks.flagged == {0} and table.result() is None and table.update_for(0).result is None
    table.submit(1, Take(1, 1), table.seq)
    assert table.busy()  # seat 0's pass is due at once: the table is about to move by itself
    await clock.run_until(lambda: table.over, 1)
    assert table.state.outcome.winner == 0  # by the rules seat 0 scored most (3 to 2)
    assert table.result().ranks == (1, 0)  # but it ran out of time: a loss
    table.close()


async def test_a_seat_is_due_to_a_stand_in_the_moment_its_person_is_gone_long_enough(stores: Stores,
                                                                                      clock: FakeClock):
    table = stores.table(setup(players=2), seats(None, None), TableSettings(bot_delay=0, takeover_after=0),
                         clock=clock)
    table.start()
    table.join(1, lambda update: None)
    assert not table.busy()
    table.leave(table.join(0, lambda update: None))
    assert table.busy()  # before the table's clock has even looked: a stand-in is due
    await clock.run_until(lambda: not table.busy(), 1)
    assert table.update_for(0).pending == Bid(0, 1)  # the stand-in's bid, held with its round
    table.close()


async def test_a_stand_in_still_thinking_is_let_go_when_its_person_back_ends_the_game(stores: Stores,
                                                                                     clock: FakeClock):
    table = stores.table(setup(players=2, pile=1), seats(None, None), TableSettings(bot_delay=30, takeover_after=1),
                         clock=clock)
    table.submit(0, Bid(0, 0), table.seq)
    table.submit(1, Bid(1, 0), table.seq)
    table.start()
    table.join(1, lambda update: None)
    table.leave(table.join(0, lambda update: None))
    await clock.advance(2)
    assert table.clockwork.thinking  # the stand-in thinks about seat 0's turn
    table.join(0, lambda update: None)
    table.submit(0, Take(0, 1), table.seq)  # back, and the last pebble ends the game
    await settle()
    assert table.over and not table.clockwork.thinking  # its decision is moot: stopped at once
    table.close()


async def test_taking_an_open_seat_of_a_live_game_leaves_its_deadline_where_it_was(stores: Stores,
                                                                                  clock: FakeClock):
    table = stores.table(setup(players=2), [SeatConfig("Ada"), SeatConfig(None)],
                         TableSettings(bot_delay=0, turn_timeout=30), clock=clock)
    table.start()
    deadline = table.deadline_wall()
    await clock.advance(10)
    table.seat_person(1, "Bo")
    assert table.deadline_wall() == approx(deadline)
    assert await clock.run_until(lambda: table.state.stage is Stage.TURN, 60) == approx(20)
    table.close()


async def test_out_of_time_with_bot_the_stand_in_plays_its_own_move_not_a_pass(stores: Stores, clock: FakeClock):
    table = stores.table(setup(players=2), seats(None, None), TableSettings(bot_delay=0, bank=10, on_flag=OnFlag.BOT),
                         clock=clock)
    table.submit(0, Bid(0, 0), table.seq)
    table.submit(1, Bid(1, 0), table.seq)
    table.start()
    assert await clock.run_until(last_moved(table, 3), 20) == approx(10 + BOT_FLOOR)
    assert table.state.actions[2] == Take(0, 2)  # the stand-in's take of two, its own choice
    with pytest.raises(TableError, match=r"^Your time ran out: your seat is played for you now\.$"):
        table.submit(0, Doubt(0, True), table.seq)  # whatever its person tries
    table.close()


async def test_a_seat_out_of_time_is_skipped_at_once_even_while_a_bot_of_its_round_thinks(stores: Stores,
                                                                                        clock: FakeClock):
    table = stores.table(setup(players=3), seats("random", None, None),
                         TableSettings(bot_delay=5, bank=100, on_flag=OnFlag.SKIP), clock=clock)
    table.start()
    await clock.advance(0.5)  # the bot thinks about its bid
    table.banks.flag(1)  # seat 1 is out of time (as if it had run out on a turn before)
    table.submit(2, Bid(2, 1), table.seq)
    await clock.advance(0.5)
    assert table.update_for(1).pending == Bid(1, 0)  # skipped at once: the bids' default
    assert await clock.run_until(lambda: table.state.stage is Stage.TURN, 10) == approx(4)  # the bot, at its pace
    assert table.state.actions[1:] == [Bid(1, 0), Bid(2, 1)]
    table.close()


async def test_a_restored_turn_based_game_charges_the_wait_from_where_it_stood(tmp_path, clock: FakeClock):
    stores = Stores("sqlite", tmp_path)  # turn-based games are a server's
    settings = TableSettings(bot_delay=0, bank=100, increment=10)
    table = stores.table(setup(players=2), seats(None, None), settings, clock=clock)
    table.submit(0, Bid(0, 0), table.seq)
    table.submit(1, Bid(1, 0), table.seq)  # the bids took no time: 110 each
    await clock.advance(30)
    table.close()
    await clock.advance(1000)  # the server is down
    again = stores.restore(clock=clock)
    await clock.advance(20)
    again.submit(0, Take(0, 1), again.seq)
    assert again.banks.banks == approx([110 - 50 + 10, 110])
    again.close()


async def test_a_turn_based_game_restored_before_its_clocks_were_ever_kept_starts_them_afresh(tmp_path,
                                                                                            clock: FakeClock):
    stores = Stores("sqlite", tmp_path)
    table = stores.table(setup(players=2), seats(None, None), TableSettings(bot_delay=0, bank=100), clock=clock)
    del table  # the server died before anything was kept: no close
    again = stores.restore(clock=clock)
    assert again.banks.banks == [100, 100] and again.deadline_wall() == approx(clock.wall() + 100)
    again.close()


async def test_a_turn_based_game_restored_twice_in_a_row_keeps_its_banks(tmp_path, clock: FakeClock):
    """Restoring replays the kept actions quietly: replaying a secret round keeps no clocks, so a
    server that dies again right after a restart still finds the banks as they were."""
    stores = Stores("sqlite", tmp_path)
    table = stores.table(setup(players=2), seats(None, None), TableSettings(bot_delay=0, bank=100, increment=10),
                         clock=clock)
    table.submit(0, Bid(0, 0), table.seq)
    table.submit(1, Bid(1, 0), table.seq)
    await clock.advance(30)
    table.submit(0, Take(0, 1), table.seq)
    banks = list(table.banks.banks)
    table.close()
    stores.restore(clock=clock)  # ... and the server dies again before anything moves
    again = stores.restore(clock=clock)
    assert banks == approx([90, 110]) and again.banks.banks == approx(banks)
    again.close()
