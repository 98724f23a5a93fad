"""Every refusal in its exact words, with its error class; a refused action changes nothing.
The words say what is wrong and what the player may do instead."""

from __future__ import annotations

import pytest

from grail_tui.games.succession.engine import (
    AlreadyTookError,
    CannotPassError,
    Card,
    EmptyRowError,
    Game,
    GameOverError,
    MalformedActionError,
    NotInHandError,
    NotYourTurnError,
    Pass,
    Play,
    Setup,
    Suit,
    Take,
    UnknownPlayerError,
)

from ..helpers import cards, position, snapshot

INSTEAD_PLAY = "play a card from your hand"
INSTEAD_TAKE = "take cards from the row"
ONLY_PASS = "you can only pass this turn"


def refused(game: Game, action: object, error: type, words: str) -> None:
    before = snapshot(game)
    assert game.why_illegal(action) == words and not game.is_legal(action)
    with pytest.raises(error) as caught:
        game.apply(action)  # type: ignore[arg-type]
    assert type(caught.value) is error and str(caught.value) == words
    assert snapshot(game) == before


def card(code: str) -> Card:
    return cards(code)[0]


def test_acting_out_of_turn_names_whose_turn_it_is():
    game = position(turn=0, starter=0, hands=("5", "6"), row="7")
    refused(game, Play(1, card("6")), NotYourTurnError, "It is Player 1's turn, not yours.")
    refused(game, Take(1), NotYourTurnError, "It is Player 1's turn, not yours.")
    named = position(turn=1, starter=0, hands=("5", "6"), row="7", names=("Ann", "Bo"))
    refused(named, Pass(0), NotYourTurnError, "It is Bo's turn, not yours.")


def test_a_seat_that_does_not_exist():
    game = position(hands=("5", "6"))
    for seat in (2, -1, True, "0"):
        refused(game, Take(seat), UnknownPlayerError,  # type: ignore[arg-type]
                f"There is no seat {seat!r}: the seats are 0 and 1.")


def test_a_card_the_hand_does_not_hold_is_named_as_the_player_names_it():
    game = position(hands=("5 5 7 7 8", ""), row="6")
    for code, name in (("G", "grail"), ("+2", "+2"), ("-3", "-3"), ("6", "6")):
        refused(game, Play(0, card(code)), NotInHandError, f"You have no {name} in your hand.")
    refused(game, Play(0, Card(Suit.PLUS, 9)), NotInHandError, "You have no +9 in your hand.")


def test_playing_from_an_empty_hand_says_what_is_left_to_do():
    for took, row, instead in ((False, "5", INSTEAD_TAKE), (True, "5", ONLY_PASS), (False, "", ONLY_PASS)):
        game = position(hands=("", "6"), row=row, took=(took, False))
        refused(game, Play(0, card("5")), NotInHandError, f"Your hand is empty: {instead}.")


def test_a_second_take_in_a_round():
    for hand, instead in (("5", INSTEAD_PLAY), ("", ONLY_PASS)):
        game = position(hands=(hand, "6"), row="7 8", took=(True, False))
        refused(game, Take(0), AlreadyTookError, f"You have taken cards this round already: {instead}.")


def test_taking_from_an_empty_row():
    for hand, instead in (("5", INSTEAD_PLAY), ("", ONLY_PASS)):
        game = position(hands=(hand, "6"), row="", took=(False, False))
        refused(game, Take(0), EmptyRowError, f"The row is empty, so there is nothing to take: {instead}.")


def test_passing_while_something_else_is_possible():
    for hand, row, took, instead in (("5", "7", False, INSTEAD_PLAY), ("5", "", True, INSTEAD_PLAY),
                                     ("", "7", False, INSTEAD_TAKE)):
        game = position(hands=(hand, "6"), row=row, took=(took, False))
        refused(game, Pass(0), CannotPassError,
                f"You may pass only when you can neither play nor take: {instead}.")


def test_anything_after_the_end():
    game = position(turn=2, starter=0, taken=("G G", ""), row="G", hands=("5", "6"))
    game.apply(Take(0))
    assert game.is_over
    for action in (Take(1), Take(0), Pass(1), Play(1, card("6")), "nonsense"):
        refused(game, action, GameOverError, "The game is over.")


def test_things_that_are_not_actions_of_this_game():
    game = position(hands=("5", "6"))
    refused(game, "take", MalformedActionError, "'take' is not an action of Grail Succession.")
    refused(game, None, MalformedActionError, "None is not an action of Grail Succession.")
    refused(game, Play(0, "5"), MalformedActionError, "A play names one card from your hand.")  # type: ignore[arg-type]


def test_a_setup_that_cannot_be_played():
    for kwargs, words in (
        ({"seed": "7"}, "The seed must be a whole number."),
        ({"seed": True}, "The seed must be a whole number."),
        ({"first_player": 2}, "The start player must be seat 1 or 2."),
        ({"first_player": -1}, "The start player must be seat 1 or 2."),
        ({"names": ("Ann",)}, "Give a name for both seats, or none."),
        ({"names": ("Ann", "Bo", "Cy")}, "Give a name for both seats, or none."),
        ({"plus": (1, 1, 2, 2, 2, 3)}, "Give the 7 plus card values as whole numbers from 1 to 9."),
        ({"plus": [1, 1, 2, 2, 2, 3, 3]}, "Give the 7 plus card values as whole numbers from 1 to 9."),
        ({"plus": (1, 1, 2, 2, 2, 3, True)}, "Give the 7 plus card values as whole numbers from 1 to 9."),
        ({"plus": (1, 1, 2, 2, 2, 3, 1.0)}, "Give the 7 plus card values as whole numbers from 1 to 9."),
        ({"plus": (0, 1, 2, 2, 2, 3, 3)}, "Give the 7 plus card values as whole numbers from 1 to 9."),
        ({"minus": (1,) * 8 + (10,)}, "Give the 9 minus card values as whole numbers from 1 to 9."),
    ):
        with pytest.raises(ValueError) as caught:
            Setup(**kwargs)
        assert str(caught.value) == words, kwargs
    assert Setup(seed=-3, first_player=1, names=("Ann", "Bo"), plus=(9,) * 7, minus=(1,) * 9).seed == -3
    assert Setup(first_player=0).first_player == 0


def test_a_deal_that_is_not_the_games_cards():
    setup = Setup()
    good = list(setup.cards())
    for bad in (good[:-1], good[:-1] + [card("5")], good + [card("5")]):
        with pytest.raises(ValueError) as caught:
            Game(setup, bad)
        assert str(caught.value) == "The order must hold exactly the game's 45 cards."
    assert Game(setup, list(reversed(good))).aside == tuple(cards("G G G"))


def test_a_card_that_does_not_exist():
    for text in ("4", "9", "+0", "-0", "+10", "-10", "x", "", "5.0", "++1"):
        with pytest.raises(ValueError) as caught:
            Card.parse(text)
        assert str(caught.value) == (f"{text!r} is not a card: write 5, 6, 7 or 8 for a faction, "
                                     "+1 to +9 or -1 to -9, or G for a grail")
    card("+1")  # made already: a value equal to 1 must not find it
    for value in (True, 1.0, "1"):
        with pytest.raises(TypeError) as wrong:
            Card(Suit.PLUS, value)  # type: ignore[arg-type]
        assert str(wrong.value) == f"a card's value is a whole number, not {value!r}"
    with pytest.raises(AttributeError) as frozen:
        card("5").value = 6
    assert str(frozen.value) == "a card cannot change"
