"""The answers the server gives for a Pulling Strings player who is away from a turn-based game:
besides every support and reaction (unless a group of theirs is attacked), every lap at the
table, which comes after each action of the player whose turn it is. Without the laps the game
waited on the absent player (up to their time bank, days) at the first action of every turn."""

from __future__ import annotations

from grail_tui.games.api import BotLevel
from grail_tui.games.strings.engine import Game, Pass, Setup
from grail_tui.games.strings.kind import KIND
from grail_tui.games.strings.standing import QuietUnlessMine, from_settings, settings

from .helpers import A, B, C

AWAY = 1  # the seat whose person is away


def asked_away(prompt: str, seed: int = 5) -> Game:
    game = Game(Setup(seed=seed, decks=(A, B, C), round_limit=10))
    bots = [KIND.make_bot(BotLevel.HEURISTIC, seed + p) for p in range(3)]
    for _ in range(3000):
        if game.prompt() == prompt and AWAY in game.to_act():
            return game
        player = game.to_act()[0]
        game.apply(bots[player].decide(game.view(player), game.legal_actions(player)))
    raise AssertionError(f"seat {AWAY} never asked in a {prompt!r} window")


def test_the_answers_for_the_time_away_pass_a_lap_at_the_table():
    game = asked_away("round table")
    away, words = KIND.away_answers()
    assert away.answer(game.view(AWAY)) == Pass(AWAY)
    assert "every lap at the table" in words
    assert QuietUnlessMine().answer(game.view(AWAY)) is None  # "quiet" alone leaves laps to the person


def test_they_still_pass_a_support_window_and_travel_as_their_own_named_setting():
    game = asked_away("support")
    away, _words = KIND.away_answers()
    attack = game.public_view().attack
    mine = any(s.uid == attack.target.uid and s.controller == AWAY for s in game.public_view().structure)
    assert away.answer(game.view(AWAY)) == (None if mine or attack.player == AWAY else Pass(AWAY))
    assert settings(away) == {"away": 1} and from_settings({"away": 1}) == away
    assert settings(QuietUnlessMine()) == {"quiet": 1}  # what a person sets with z is unchanged
