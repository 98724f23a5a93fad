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


async def test_a_finished_game_keeps_its_record_with_chat_and_names_once(stores: Stores):
    import json

    from grail_tui.table.store import StoredGame

    from ..pebbles import KIND, finished

    game = finished()
    table = stores.table(game.setup, seats(None, None))
    ended = []
    table.on_finish = ended.append
    table.say("Ada", "good luck")
    for action in game.actions:
        assert table.update_for(0).record is None  # no secret before the end
        table.submit(action.player, action, table.seq)
    assert ended == [table] and table.over
    record = table.update_for(None).record
    assert record == KIND.record(table.state, [c.to_dict() for c in table.chat_log], ("Ada", "Bo"))
    assert record["chat"][0]["text"] == "good luck" and record["setup"]["names"] == ["Ada", "Bo"]
    if stores.db is not None:  # the server keeps it with the seats' ranks: Bo won
        code = f"G{stores.count}"
        kept, ranks = stores.db.db.execute("SELECT record, ranks FROM games WHERE code = ?", (code,)).fetchone()
        assert json.loads(kept) == record and json.loads(ranks) == [1, 0]
        loaded = stores.db.load(code)
        assert isinstance(loaded, StoredGame) and loaded.over
        again = type(table).restore(KIND, loaded, stores.db.store(code))  # loaded to be watched
        again.on_finish = ended.append
        assert again.update_for(None).record == record and again.result() == table.result()
        assert ended == [table]  # a finished game is finished once
        again.close()
    else:  # a local game: its record file, and the save is gone
        written = json.loads(table.store.record_path.read_text())
        assert written == record and not table.store.path.exists()
    table.close()


async def test_chat_said_before_a_stop_is_there_after_it(stores: Stores):
    import pytest

    if stores.db is None:
        pytest.skip("a local game's save keeps no chat: nobody else is at its table")
    table = stores.table(setup(players=2), seats(None, None))
    table.say("Ada", "back in five")
    table.submit(0, Bid(0, 1), table.seq)
    table.close()
    again = stores.restore()
    heard = []
    again.join(1, heard.append)
    assert [(c.who, c.text) for c in heard[0].chat] == [("Ada", "back in five")]
    assert again.update_for(0).pending == Bid(0, 1) and again.seq == 0
    again.close()


def test_a_table_needs_one_seat_per_player(stores: Stores):
    import pytest

    with pytest.raises(ValueError, match="^one seat per player$"):
        stores.table(setup(players=3), seats(None, None))
