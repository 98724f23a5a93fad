"""The rating book: who is good, and how sure we are of it."""

from __future__ import annotations

import json
import random

import pytest

from grail_tui.ratings import RatingBook, RatingError


def test_the_winner_rises_the_others_fall_and_everyone_is_surer():
    book = RatingBook()
    start = book.rating("ann")
    assert book.rate(["ann", "bob", "cy"], [0, 1, 1], game="g1")
    ann, bob, cy = (book.rating(who) for who in ("ann", "bob", "cy"))
    assert ann.mu > start.mu > bob.mu
    assert bob == cy  # the same place from the same start
    assert all(r.sigma < start.sigma for r in (ann, bob, cy))
    assert [s.identity for s in book.leaderboard()] == ["ann", "bob", "cy"]
    assert (book.standings["ann"].wins, book.standings["bob"].wins) == (1, 0)


def test_a_game_with_fewer_than_two_rated_seats_changes_nothing():
    book = RatingBook()
    assert not book.rate(["ann", None, None], [0, 1, 1])
    assert not book.rate(["ann"], [0])
    assert book.standings == {}


def test_an_identity_in_two_seats_is_not_rated_in_that_game():
    book = RatingBook()
    # ann played two seats at one keyboard: she cannot gain from beating herself
    assert not book.rate(["ann", "ann", "bob"], [0, 1, 1])
    assert book.rate(["ann", "ann", "bob", "cy"], [1, 1, 0, 1])
    assert "ann" not in book.standings and book.standings["bob"].games == 1


def test_a_game_nobody_won_is_a_draw():
    book = RatingBook()
    book.rate(["ann", "bob"], [0, 1])
    before = {who: book.rating(who) for who in ("ann", "bob")}
    book.rate(["ann", "bob"], [0, 0])
    assert book.standings["ann"].draws == 1 and book.standings["ann"].wins == 1
    # a draw pulls the leader back toward the other
    assert book.rating("ann").mu < before["ann"].mu and book.rating("bob").mu > before["bob"].mu


def test_ranks_are_read_among_the_rated_seats():
    book = RatingBook()
    book.rate(["ann", None, "bob"], [2, 0, 1])  # the guest won; bob beat ann
    assert book.rating("bob").mu > book.rating("ann").mu
    assert book.standings["bob"].wins == 1  # the best of the rated seats


def test_the_leaderboard_trusts_many_games_over_one_lucky_win():
    book = RatingBook()
    rng = random.Random(1)
    for k in range(60):  # steady beats the field nearly always
        ranks = [0, 1, 1] if rng.random() < 0.8 else [1, 0, 1]
        book.rate(["steady", "field1", "field2"], ranks, game=f"g{k}")
    book.rate(["lucky", "field1"], [0, 1], game="once")
    board = book.leaderboard()
    assert board[0].identity == "steady"
    lucky = book.standings["lucky"]
    assert lucky.rating.mu > 25 and board.index(lucky) > 0  # high mean, but too unsure to lead
    assert book.leaderboard(limit=2) == board[:2]


def test_bots_of_fixed_strength_come_out_in_order():
    book = RatingBook(drift=0.0)
    rng = random.Random(7)
    strength = {"strong": 6.0, "fair": 3.0, "easy": 1.0}
    names = list(strength)
    for _ in range(300):
        seats = rng.sample(names, 3)
        winner = rng.choices(seats, weights=[strength[s] for s in seats])[0]
        book.rate(seats, [0 if s == winner else 1 for s in seats])
    assert [s.identity for s in book.leaderboard()] == ["strong", "fair", "easy"]
    assert all(s.rating.sigma < 2.5 for s in book.leaderboard())


def test_history_keeps_every_change_or_the_newest():
    book = RatingBook(keep_history=2)
    for k in range(3):
        book.rate(["ann", "bob"], [0, 1], game=f"g{k}")
    history = book.history("ann")
    assert [c.game for c in history] == ["g1", "g2"]
    assert history[-1].after == book.rating("ann") and history[-1].before == history[0].after
    assert (history[-1].rank, history[-1].seats) == (0, 2)
    assert book.history("nobody") == []


def test_a_book_comes_back_from_json_and_rates_on_the_same():
    book = RatingBook()
    book.rate(["ann", "bob", "cy"], [0, 1, 2], game="g1")
    book.rate(["bob", "cy"], [0, 1], game="g2")
    again = RatingBook.from_dict(json.loads(json.dumps(book.to_dict())))
    assert [s.to_dict() for s in again.leaderboard()] == [s.to_dict() for s in book.leaderboard()]
    assert again.history("bob") == book.history("bob")
    book.rate(["ann", "cy"], [1, 0])
    again.rate(["ann", "cy"], [1, 0])
    assert again.rating("cy") == book.rating("cy")


@pytest.mark.parametrize("damage", [
    lambda d: "not a book",
    lambda d: d | {"format": "other"},
    lambda d: d | {"version": 99},
    lambda d: d | {"drift": "fast"},
    lambda d: d | {"standings": {}},
    lambda d: d | {"standings": [{"identity": "ann", "mu": 25, "sigma": -1}]},
    lambda d: d | {"standings": [{"identity": 3, "mu": 25, "sigma": 8}]},
    lambda d: d | {"standings": [{"identity": "ann", "mu": 25, "sigma": 8, "games": -2}]},
    lambda d: d | {"standings": [{"identity": "ann", "mu": 25, "sigma": 8, "history": [{"game": "g"}]}]},
    lambda d: d | {"standings": d["standings"] * 2},
])
def test_damaged_rating_data_is_refused_plainly(damage):
    book = RatingBook()
    book.rate(["ann", "bob"], [0, 1], game="g")
    with pytest.raises(RatingError):
        RatingBook.from_dict(damage(book.to_dict()))


def test_a_game_that_cannot_be_rated_says_why():
    book = RatingBook()
    with pytest.raises(RatingError, match="2 seats but 3 ranks"):
        book.rate(["ann", "bob"], [0, 1, 2])
    with pytest.raises(RatingError, match="ranks"):
        book.rate(["ann", "bob"], [0, -1])
    with pytest.raises(RatingError):
        RatingBook(drift=-1)
