"""Pulling Strings on the platform: registered, set up from options, played headless to the end at
every table size, its records checked by `grail-tui check`, its secret rounds hidden."""

from __future__ import annotations

import json

import pytest

from grail_tui.games import registry
from grail_tui.games.api import SetupRequest
from grail_tui.games.kit.terms import BotLevel
from grail_tui.games.strings.kind import KIND
from grail_tui.headless import check, selfplay


def test_registered_and_reachable_by_name():
    assert registry.get("strings") is KIND and "strings" in registry.names()


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_selfplay_finishes_at_every_table_size(players):
    summary = selfplay("strings", games=1, seed=1, players=players, options={"turn_limit": 6})
    assert summary["games"] == 1


def test_options_are_checked_in_the_hosts_words():
    with pytest.raises(ValueError, match="one deck per seat: 2 decks, not 3"):
        KIND.make_setup(SetupRequest(players=2, seed=0, options={"decks": "old-money,low-note,masks"}))
    with pytest.raises(ValueError, match="no deck 'nope'"):
        KIND.make_setup(SetupRequest(players=2, seed=0, options={"decks": "old-money,nope"}))
    with pytest.raises(ValueError, match="2 to 6 players, not 7"):
        KIND.make_setup(SetupRequest(players=7, seed=0))


def test_a_record_of_a_random_game_checks(tmp_path):
    setup = KIND.make_setup(SetupRequest(players=3, seed=4, options={"turn_limit": 5}))
    state = KIND.new_state(setup)
    bot = KIND.make_bot(BotLevel.RANDOM, 4)
    while not state.is_over:
        seat = state.to_act()[0]
        view = state.view(seat)
        assert KIND.legal_from_view(view, seat) == state.legal_actions(seat)
        state.apply(bot.decide(view, KIND.legal_from_view(view, seat)))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(KIND.record(state)))
    assert check(str(path)) .startswith(KIND.result(state).text)


def test_secret_rounds_are_hidden_rounds_and_random_heuristic_and_strong_bots_exist():
    state = KIND.new_state(KIND.make_setup(SetupRequest(players=2, seed=0)))
    assert KIND.secret_rounds and KIND.hidden_round(state) and state.to_act() == (0, 1)
    assert KIND.bot_levels == (BotLevel.RANDOM, BotLevel.HEURISTIC, BotLevel.STRONG)
    assert KIND.nearest(BotLevel.STRONG) is BotLevel.STRONG  # a table asking for a hard player gets one
    assert KIND.samples  # what the strong player deals its worlds with


def test_every_event_of_a_game_reads_in_words_for_every_seat():
    setup = KIND.make_setup(SetupRequest(players=4, seed=9, options={"turn_limit": 4}))
    state = KIND.new_state(setup)
    import random

    rng = random.Random(9)
    while not state.is_over:
        legal = state.legal_actions(state.to_act()[0])
        state.apply(legal[rng.randrange(len(legal))])
    for seat in (None, 0, 1, 2, 3):
        book = KIND.log_book(["Ann", "Bo", "Cy", "Di"], seat)
        book.feed([e for e in state.history if KIND.visible_to(e, seat)])
        assert book.lines and all(line and "[" not in line for line in book.lines)
    assert "wins" in book.lines[-1] or "share" in book.lines[-1]
