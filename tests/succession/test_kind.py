"""Grail Succession behind the platform's game interface: what the table, server and app ask."""

from __future__ import annotations

import json
import random

import pytest

from grail_tui.games import registry
from grail_tui.games.api import BotLevel, GameKind, RecordError, ReplayError, SetupRequest
from grail_tui.games.succession.engine import Game, GameStarted, HandDealt, Play, Setup, Take, visible_to
from grail_tui.games.succession.kind import KIND

from .helpers import arrange, play


def random_game(seed: int) -> Game:
    rng = random.Random(seed)
    game = Game(Setup(seed=seed, names=("Ann", "Bo")))
    while not game.is_over:
        legal = game.legal_actions(game.mover)
        game.apply(legal[rng.randrange(len(legal))])
    return game


def test_the_registry_knows_the_game_and_records_name_it():
    assert isinstance(KIND, GameKind)
    assert registry.get("succession") is KIND and "succession" in registry.names()
    record = KIND.record(random_game(1))
    assert registry.of_record(record) is KIND
    assert KIND.hidden_round(Game(Setup())) is False
    assert KIND.bot_levels == (BotLevel.RANDOM, BotLevel.HEURISTIC, BotLevel.STRONG)


def test_setting_up_with_the_house_values_or_the_hosts_own():
    setup = KIND.make_setup(SetupRequest(players=2, seed=4, names=("Ann", "Bo"), first_player=1))
    assert (setup.seed, setup.first_player, setup.names) == (4, 1, ("Ann", "Bo"))
    assert setup.plus == (1, 1, 2, 2, 2, 3, 3) and setup.minus == (1, 1, 1, 2, 2, 2, 3, 3, 3)
    own = KIND.make_setup(SetupRequest(players=2, seed=0, options={"plus": "2 2 2 2 3 3 4",
                                                                   "minus": "1,1,1,1,1,2,2,2,5"}))
    assert own.plus == (2, 2, 2, 2, 3, 3, 4) and own.minus[-1] == 5
    assert {o.key for o in KIND.options()} == {"plus", "minus"}
    assert all("house reading" in o.hint for o in KIND.options())
    with pytest.raises(ValueError, match="played by 2 players, not 3"):
        KIND.make_setup(SetupRequest(players=3, seed=0))
    for bad in ("1,2,3", "1,1,2,2,2,3,x", "0,1,1,1,1,1,1", "1,1,1,1,1,1,²"):
        with pytest.raises(ValueError, match="7 plus card values"):
            KIND.make_setup(SetupRequest(players=2, seed=0, options={"plus": bad}))
    assert KIND.setup_from_dict(KIND.setup_to_dict(own)) == own


def test_a_result_ranks_the_winner_first_and_a_draw_ranks_both_first():
    seen = set()
    for seed in range(2000):
        game = random_game(seed)
        result = KIND.result(game)
        assert result is not None and game.outcome is not None
        if game.outcome.winner is None:
            assert result.winners == () and result.ranks == (0, 0) and "draw" in result.text
            seen.add("draw")
        else:
            w = game.outcome.winner
            assert result.winners == (w,) and result.ranks[w] == 0 and result.ranks[1 - w] == 1
            assert "Ann" in result.text or "Bo" in result.text
            seen.add("win")
        if seen == {"draw", "win"}:
            break
    assert seen == {"draw", "win"}
    assert KIND.result(Game(Setup())) is None


def test_a_timed_out_turn_is_played_for_the_player_only_when_it_is_forced():
    game = arrange(first=0)
    assert KIND.default_action(game, 0, pass_turn=True) is None  # a real choice: a stand-in decides
    for _ in range(5):
        play(game, game.hands[0][0].code)
        play(game, game.hands[1][0].code)
    assert KIND.default_action(game, 0, pass_turn=False) == Take(0)  # an empty hand must take


def test_progress_names_and_turns_for_the_lobby_and_summaries():
    game = Game(Setup(seed=2, names=("Ann", "Bo")))
    assert KIND.progress(game.public_view()) == "round 1, turn 1"
    assert KIND.names_in(game.public_view()) == ("Ann", "Bo")
    finished = random_game(3)
    assert KIND.progress(finished.public_view()) == "over"
    assert KIND.turns(finished) == finished.turns_played <= 48


def test_records_read_back_and_replay_through_the_kind():
    game = random_game(5)
    data = json.loads(json.dumps(KIND.record(game, chat=[{"from": "Ann", "text": "hi"}])))
    read = KIND.read_record(data)
    assert read.chat == ({"from": "Ann", "text": "hi"},)
    again = KIND.replay(read.setup, read.actions)
    assert again.public_view() == game.public_view()
    with pytest.raises(RecordError):
        KIND.read_record({**data, "version": 2})
    with pytest.raises(ReplayError) as caught:
        KIND.replay(read.setup, [Take(read.actions[0].player)] * 3)
    assert caught.value.index == 1


def test_views_and_events_cross_the_wire_and_only_to_whom_they_may():
    game = Game(Setup(seed=6))
    for seat in (0, 1):
        data = json.loads(json.dumps(KIND.encode(game.view(seat))))
        assert KIND.decode_view(data, seat) == game.view(seat)
        with pytest.raises(ValueError, match="another seat"):
            KIND.decode_view(data, 1 - seat)
    public = json.loads(json.dumps(KIND.encode(game.public_view())))
    assert KIND.decode_view(public, None) == game.public_view()
    for event in game.history:
        assert KIND.decode_event(json.loads(json.dumps(KIND.encode(event)))) == event
    with pytest.raises(ValueError):
        KIND.decode_event(public)
    dealt = [e for e in game.history if isinstance(e, HandDealt)]
    assert [KIND.visible_to(e, e.player) for e in dealt] == [True, True]
    assert [KIND.visible_to(e, 1 - e.player) for e in dealt] == [False, False]
    assert not any(KIND.visible_to(e, None) for e in dealt)
    assert all(KIND.visible_to(e, None) for e in game.history if isinstance(e, GameStarted))


def test_a_game_rebuilt_from_a_view_offers_the_same_moves():
    game = Game(Setup(seed=7))
    rng = random.Random(7)
    while not game.is_over:
        seat = game.mover
        rebuilt = KIND.from_view(game.view(seat))
        assert rebuilt.legal_actions(seat) == game.legal_actions(seat)
        assert rebuilt.view(seat) == game.view(seat)
        legal = game.legal_actions(seat)
        game.apply(legal[rng.randrange(len(legal))])


def test_the_log_speaks_to_its_reader_and_tells_no_secret():
    game = Game(Setup(seed=8, first_player=0, names=("Ann", "Bo")))
    book = KIND.log_book(("Ann", "Bo"))
    book.feed([e for e in game.history if visible_to(e, 0)])
    assert book.lines[0].startswith("A new game of Grail Succession; Ann starts. The row begins with")
    assert book.lines[1] == "== Round 1: Ann starts; each player is dealt 5 cards (30 left in the deck)."
    own = ", ".join(c.title for c in game.hands[0][:-1]) + " and " + game.hands[0][-1].title
    assert book.lines[2] == f"You are dealt {own}." and len(book.lines) == 3
    events = game.apply(Play(0, game.hands[0][0]))
    events += game.apply(Take(1))
    book.feed(events)
    assert book.lines[3].startswith("Ann plays a") and book.lines[4].startswith("Bo takes ")
    assert "(the whole row: 3)" in book.lines[4]
    book.note("Bo says hello.")
    assert book.lines[-1] == "Bo says hello."


def test_the_end_of_the_log_shows_every_secret():
    game = random_game(11)
    book = KIND.log_book(("Ann", "Bo"))
    book.feed([e for e in game.history if visible_to(e, 1)])
    tail = "\n".join(book.lines[-5:])
    assert "The cards put aside were" in tail
    if game.outcome is not None and game.outcome.scores:
        assert "Ann: " in tail and "points (majorities" in tail


def test_the_app_finds_the_screens_and_the_help_through_the_kind():
    ui = KIND.ui()
    assert callable(ui.game_screen) and callable(ui.replay_screen)
    text = ui.help_text()
    assert "# Keys" in text and "## Who may know what" in text


def test_the_packaged_rules_are_the_documented_ones_with_every_house_reading():
    from importlib import resources
    from pathlib import Path

    packaged = resources.files("grail_tui.games.succession").joinpath("rules.md").read_text(encoding="utf-8")
    documented = (Path(__file__).resolve().parents[2] / "docs" / "succession.md").read_text(encoding="utf-8")
    assert packaged == documented, "copy docs/succession.md to grail_tui/games/succession/rules.md"
    for reading in ("+1, +1, +2, +2, +2, +3, +3 **[house reading]**", "your turn passes",
                    "\"Hold\" means the cards you have taken", "Cards still in hands at that moment",
                    "Equal totals are a draw"):
        assert reading in documented
