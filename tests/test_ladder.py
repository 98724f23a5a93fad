"""The bot ladder: fair seating, a game loop for any game, ratings with their uncertainty."""

from __future__ import annotations

from collections import Counter

import pytest

from grail_tui import ladder
from grail_tui.games.api import BotLevel
from grail_tui.games.registry import get


@pytest.mark.parametrize("entries", range(2, 7))
def test_every_entry_takes_every_seat_once_in_each_block(entries: int) -> None:
    for players in range(2, entries + 1):
        seen: Counter[tuple[int, ...]] = Counter()
        for block in range(6):
            games = [ladder.seating(entries, players, block * entries + r) for r in range(entries)]
            assert all(len(set(game)) == players for game in games)  # nobody sits twice
            for seat in range(players):
                assert sorted(game[seat] for game in games) == list(range(entries))
            seen.update(games)
        assert len(seen) > entries or entries == players == 2  # the neighbours change


def test_every_ordered_seating_comes_once_per_cycle():
    cycle = 4 * 3 * 2
    seatings = [ladder.seating(4, 3, k) for k in range(cycle)]
    assert len(set(seatings)) == cycle


def test_seats_need_as_many_entries():
    with pytest.raises(ValueError, match="3 seats need at least 3 entries"):
        ladder.seating(2, 3, 0)


def test_entries_are_levels_with_budgets():
    kind = get("hunt")
    entries = ladder.parse_entries("random, heuristic,strong:0.25,strong:1,strong:1", kind)
    assert [e.label for e in entries] == ["random", "heuristic", "strong:0.25", "strong:1", "strong:1#2"]
    assert entries[2].level is BotLevel.STRONG and entries[2].budget == 0.25
    assert entries[0].budget is None


@pytest.mark.parametrize("text, message", [
    ("random", "at least two entries"),
    ("random,wizard", "unknown bot level"),
    ("random,strong:fast", "the budget after ':' is seconds"),
    ("random,strong:0", "more than 0"),
])
def test_bad_entries_are_refused_plainly(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ladder.parse_entries(text, get("hunt"))


def test_a_short_ladder_rates_every_entry():
    entries = ladder.parse_entries("random,heuristic,heuristic", get("hunt"))
    kept: list[dict] = []
    summary = ladder.run("hunt", entries, games=6, players=3, seed=5, checkpoint=kept.append)
    assert summary["games"] == 6 and "planned" not in summary
    assert len(kept) == 7 and kept[0]["games"] == 0 and kept[-1]["planned"] == 6
    rows = {row["identity"]: row for row in summary["ratings"]}
    assert set(rows) == {"random", "heuristic", "heuristic#2"}
    for row in rows.values():
        assert row["games"] == 6 and row["seats"] == [2, 2, 2]
        assert row["sigma"] < 25 / 3  # six games taught the book something
        assert row["conservative"] == pytest.approx(row["mu"] - 3 * row["sigma"], abs=1e-3)
    assert sum(row["wins"] for row in rows.values()) + summary["no_winner"] == 6
    board = [row["conservative"] for row in summary["ratings"]]
    assert board == sorted(board, reverse=True)


def test_the_ratings_do_not_depend_on_how_many_processes_play():
    entries = ladder.parse_entries("random,heuristic", get("hunt"))
    one = ladder.run("hunt", entries, games=4, players=2, seed=3)
    two = ladder.run("hunt", entries, games=4, players=2, seed=3, jobs=2)
    for summary in (one, two):
        summary.pop("seconds")
        for row in summary["ratings"]:
            row.pop("mean_decision_ms")
    assert one == two


def test_a_game_must_seat_its_players():
    entries = ladder.parse_entries("random,heuristic", get("hunt"))
    with pytest.raises(ValueError, match="2 to 8 players"):
        ladder.run("hunt", entries, games=1, players=9)


def test_the_ladder_records_each_games_full_ranking():
    """In the hunt the losers are ranked too (by influence on the bearer): the ladder's games
    carry more than two ranks, so its ratings learn who came second."""
    entries = [("heuristic", None)] * 4
    games = [ladder.play_one("hunt", entries, (0, 1, 2, 3), 5, index) for index in range(8)]
    assert any(len(set(g["ranks"])) > 2 for g in games if g["winners"])
