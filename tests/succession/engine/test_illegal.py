"""Each way to break a rule has its own error, a message a player understands, and changes nothing."""

from __future__ import annotations

import re

import pytest

from grail_tui.games.succession.engine import (
    AlreadyTookError,
    CannotPassError,
    Card,
    EmptyRowError,
    Game,
    GameOverError,
    IllegalActionError,
    MalformedActionError,
    NotInHandError,
    NotYourTurnError,
    Pass,
    Play,
    Setup,
    Take,
    UnknownPlayerError,
)

from ..helpers import arrange, play, snapshot, take


def refused(game, action, error: type[IllegalActionError], words: str) -> None:
    before = snapshot(game)
    reason = game.why_illegal(action)
    assert reason is not None and words in reason
    with pytest.raises(error, match=re.escape(words)):
        game.apply(action)
    assert snapshot(game) == before
    assert action not in game.legal_actions(getattr(action, "player", 0))


def test_acting_out_of_turn():
    game = arrange(first=0, hands=("5 5 5 5 5", "6 6 6 6 6"), setup=None)
    refused(game, Play(1, Card.parse("6")), NotYourTurnError, "It is Player 1's turn")
    refused(game, Take(1), NotYourTurnError, "not yours")


def test_a_seat_that_does_not_exist():
    game = arrange()
    refused(game, Take(2), UnknownPlayerError, "the seats are 0 and 1")
    refused(game, Take(True), UnknownPlayerError, "no seat True")  # type: ignore[arg-type]


def test_playing_a_card_not_in_hand():
    game = arrange(hands=("5 5 6 7 8", ""))
    refused(game, Play(0, Card.parse("G")), NotInHandError, "You have no grail in your hand")
    refused(game, Play(0, Card.parse("+2")), NotInHandError, "You have no +2 in your hand")


def test_playing_from_an_empty_hand():
    game = arrange(first=0)
    for _ in range(5):
        play(game, game.hands[0][0].code)
        play(game, game.hands[1][0].code)
    refused(game, Play(0, Card.parse("5")), NotInHandError, "Your hand is empty: take cards from the row")


def test_taking_twice_in_a_round():
    game = arrange(first=0, row="5 6")
    take(game)
    play(game, game.hands[1][0].code)
    refused(game, Take(0), AlreadyTookError, "taken cards this round already: play a card")


def test_taking_from_an_empty_row():
    game = arrange(first=0, row="5 6")
    take(game)
    refused(game, Take(1), EmptyRowError, "The row is empty")


def test_passing_when_a_move_is_possible():
    game = arrange(first=0)
    refused(game, Pass(0), CannotPassError, "neither play nor take: play a card")


def test_anything_after_the_end():
    game = arrange(first=1, hands=("5 5 5 6 6", "G G 7 7 7"), row="6 G")
    play(game, "7")
    take(game)
    for code in ("G", "5", "G", "5", "7", "5", "7", "6"):
        play(game, code)
    take(game)
    play(game, "6")
    take(game)
    assert game.is_over
    refused(game, Take(1), GameOverError, "The game is over")


def test_something_that_is_not_an_action():
    game = arrange()
    refused(game, "take", MalformedActionError, "not an action of Grail Succession")
    refused(game, Play(0, "5"), MalformedActionError, "names one card")  # type: ignore[arg-type]


def test_an_action_checked_already_is_carried_out_as_if_checked_again():
    """The table checks an action once (``why_illegal``) and applies it with ``checked=True``."""
    checked, again = Game(Setup(seed=4)), Game(Setup(seed=4))
    while not checked.is_over:
        action = checked.legal_actions(checked.to_act()[0])[-1]
        assert checked.why_illegal(action) is None
        assert checked.apply(action, checked=True) == again.apply(action)
        assert checked.public_view() == again.public_view()
