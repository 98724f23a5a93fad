"""The server's rating storage (net/ratings.py) on a database of its own."""

from __future__ import annotations

import pytest

from grail_tui.games.api import BotLevel
from grail_tui.net.ratings import RatingStore, identity_of, open_readonly
from grail_tui.ratings import RatingBook
from grail_tui.table.seats import SeatConfig
from grail_tui.table.settings import TableSettings
from grail_tui.table.sqlite import GameDatabase, open_database
from grail_tui.table.store import StoredGame

ANN, BO, CY = SeatConfig("ann"), SeatConfig("bo"), SeatConfig("cy")
STRONG = SeatConfig("Gregor", BotLevel.STRONG)
EASY = SeatConfig("Inga", BotLevel.RANDOM)


@pytest.fixture
def database(tmp_path):
    db = GameDatabase(open_database(tmp_path / "server.db"))
    yield db
    db.close()


def test_a_seat_is_rated_as_its_person_or_its_bot_level():
    assert identity_of(ANN) == "ann"
    assert identity_of(STRONG) == "bot:strong"
    assert identity_of(SeatConfig(None)) is None  # nobody took it


def test_a_finished_game_moves_the_winner_up_and_the_others_down(database):
    store = RatingStore(database.db)
    assert store.rate("AAAA", [ANN, BO, STRONG], [0, 1, 1])
    board = store.leaderboard()
    assert [p.standing.identity for p in board][0] == "ann"
    assert [p.place for p in board] == [1, 2, 3]
    ann = store.placed("ann")
    assert ann is not None and ann.place == 1 and ann.standing.games == 1 and ann.standing.wins == 1
    assert store.placed("bot:strong").standing.rating.mu < 25.0
    [change] = store.history("ann")
    assert change.change.game == "AAAA" and change.change.rank == 0 and change.change.seats == 3
    assert change.change.after.mu > change.change.before.mu and not change.draw


def test_a_game_nobody_won_is_a_draw_for_everyone(database):
    store = RatingStore(database.db)
    assert store.rate("AAAA", [ANN, BO, STRONG], [0, 0, 0])
    for who in ("ann", "bo", "bot:strong"):
        [change] = store.history(who)
        assert change.draw and change.change.after.sigma < change.change.before.sigma
        assert store.placed(who).standing.draws == 1 and store.placed(who).standing.wins == 0


def test_the_store_rates_exactly_as_the_rating_book(database):
    store = RatingStore(database.db)
    book = RatingBook()
    games = [([ANN, BO, STRONG], [0, 1, 1]), ([BO, STRONG], [1, 0]), ([STRONG, ANN, CY], [0, 1, 1])]
    for k, (seats, ranks) in enumerate(games):
        store.rate(f"G{k}", seats, ranks)
        book.rate([identity_of(s) for s in seats], ranks, f"G{k}")
    for standing in book.leaderboard():
        kept = store.placed(standing.identity)
        assert kept is not None
        assert kept.standing.rating.mu == pytest.approx(standing.rating.mu)
        assert kept.standing.rating.sigma == pytest.approx(standing.rating.sigma)
        assert kept.standing.games == standing.games
    assert [p.standing.identity for p in store.leaderboard()] == [s.identity for s in book.leaderboard()]


def test_a_game_is_rated_once_only(database):
    store = RatingStore(database.db)
    assert store.rate("AAAA", [ANN, BO], [0, 1])
    before = store.placed("ann").standing.rating
    assert not store.rate("AAAA", [ANN, BO], [0, 1])
    assert store.placed("ann").standing.rating == before and store.placed("ann").standing.games == 1


def test_fewer_than_two_rated_seats_rate_nothing(database):
    store = RatingStore(database.db)
    # one person against two bots of the same level: the level played against itself
    assert not store.rate("AAAA", [ANN, EASY, EASY], [0, 1, 1])
    assert not store.rate("BBBB", [ANN, SeatConfig(None)], [0, 1])
    assert store.count() == 0


def test_a_restarted_server_rates_the_games_that_finished_without_a_rating(database):
    for code, seats, ranks in (("AAAA", [ANN, BO], [0, 1]), ("BBBB", [BO, STRONG], [0, 1])):
        stored = StoredGame("toy", {"players": 2}, seats, TableSettings())
        database.create(code, stored, "ann", "playing").finished({"record": code}, ranks)
    store = RatingStore(database.db)
    assert store.catch_up(database) == 2
    assert store.placed("bo").standing.games == 2
    assert store.catch_up(database) == 0  # and never twice


def test_the_database_can_be_read_without_writing(database, tmp_path):
    RatingStore(database.db).rate("AAAA", [ANN, BO], [0, 1])
    db = open_readonly(tmp_path / "server.db")
    try:
        store = RatingStore(db, readonly=True)
        assert store.placed("ann").place == 1
        with pytest.raises(Exception, match="readonly"):
            store.rate("BBBB", [ANN, BO], [1, 0])
    finally:
        db.close()
