"""STRINGS.md §12.1: resources in play change hands by a gift or, with the other player's consent,
a swap (HR-88: neither resource used this turn; a proposal counts against the cap on offers)."""

from __future__ import annotations

import json

import pytest

from grail_tui.games.strings.engine import (
    CODEC,
    Answer,
    Give,
    LinkError,
    MalformedActionError,
    NotYoursError,
    OncePerTurnError,
    Pass,
    PublicView,
    Swap,
    WrongMomentError,
    action_from_dict,
    action_to_dict,
    decode,
)
from tests.strings.helpers import A, B, at_main, hand, pass_windows, to_next_main


def _resource(game, player, card_id, tokens=0):
    card = hand(game, player, card_id, owner=player)
    game.group_hand[player].remove(card)
    game.board.resources[player].append(card)
    game.board.controller[card] = player
    game.board.links[card] = game.board.cabal[player]
    if tokens:
        game.board.tokens[card] = tokens
    return card


def _table():
    """Seat 0's main phase: seat 0 holds Armored Convoy (with a token), seat 1 Think Tank."""
    game = at_main(A, B, A)
    return game, _resource(game, 0, "R08", tokens=1), _resource(game, 1, "R10")


def _snapshot(game):
    board = game.board
    return (json.dumps(CODEC.jsonable(game.public_view())), [list(r) for r in board.resources],
            dict(board.links), dict(board.tokens), list(game.offers_made), game.prompt())


def test_s12_1_a_swap_of_resources_happens_when_the_other_player_accepts():
    game, convoy, tank = _table()
    game.apply(Swap(0, convoy, 1, tank))
    assert game.prompt() == "swap" and game.to_act() == (1,)
    assert game.public_view().swap == (0, convoy, 1, tank)  # resources in play are public, so is the proposal
    assert game.legal_actions(1) == (Answer(1, False), Answer(1, True)) and game.legal_actions(0) == ()
    events = game.apply(Answer(1, True))
    board = game.board
    assert board.resources[0] == [tank] and board.resources[1] == [convoy]
    assert (board.controller[tank], board.controller[convoy]) == (0, 1)
    assert board.links[tank] == board.cabal[0] and board.links[convoy] == board.cabal[1]  # §10.6
    assert convoy not in board.tokens  # it arrives without its token, as a gift does
    assert [(e.player, e.what, e.number) for e in events][:1] == [(1, "accepted the swap", 0)]
    assert game.public_view().swap is None
    assert game.prompt() == "round table" and game.to_act() == (1,)  # the lap after seat 0's action
    assert game.offers_made[0] == 1


def test_s12_1_a_refused_swap_moves_nothing():
    game, convoy, tank = _table()
    before = [list(r) for r in game.board.resources], dict(game.board.links)
    game.apply(Swap(0, convoy, 1, tank))
    events = game.apply(Answer(1, False))
    assert ([list(r) for r in game.board.resources], dict(game.board.links)) == before
    assert game.board.tokens[convoy] == 1
    assert [(e.player, e.what, e.number) for e in events][:1] == [(1, "refused the swap", 0)]
    pass_windows(game)
    assert game.prompt() == "main" and game.to_act() == (0,)


@pytest.mark.parametrize(("make", "error", "words"), [
    (lambda g, c, t: Swap(0, c, 0, t), MalformedActionError, "another player in the game"),
    (lambda g, c, t: Swap(0, c, 9, t), MalformedActionError, "another player in the game"),
    (lambda g, c, t: Swap(0, t, 1, c), NotYoursError, "a resource you control"),
    (lambda g, c, t: Swap(0, c, 2, t), NotYoursError, "Ask for a resource Player 3 controls"),
    (lambda g, c, t: Swap(0, c, 1, 10_000), MalformedActionError, "no card 10000"),
])
def test_s12_1_a_swap_names_a_resource_of_each_player(make, error, words):
    game, convoy, tank = _table()
    before = _snapshot(game)
    with pytest.raises(error, match=words):
        game.apply(make(game, convoy, tank))
    assert _snapshot(game) == before
    assert make(game, convoy, tank) not in game.legal_actions(0)


def test_s12_1_a_resource_used_this_turn_cannot_be_swapped_either_way():
    game, convoy, tank = _table()
    game.used_resources.add(convoy)
    with pytest.raises(LinkError, match="Armored Convoy has been used this turn"):
        game.apply(Swap(0, convoy, 1, tank))
    game.used_resources.clear()
    game.used_resources.add(tank)
    before = _snapshot(game)
    with pytest.raises(LinkError, match="Think Tank has been used this turn"):
        game.apply(Swap(0, convoy, 1, tank))
    assert _snapshot(game) == before
    assert not any(type(a) is Swap for a in game.legal_actions(0))
    game.used_resources.clear()
    assert Swap(0, convoy, 1, tank) in game.legal_actions(0)


def test_s12_1_swaps_are_proposed_in_ones_own_main_phase_and_count_as_offers():
    game, convoy, tank = _table()
    game.offers_made[0] = 3
    with pytest.raises(OncePerTurnError, match="3 offers this turn"):
        game.apply(Swap(0, convoy, 1, tank))
    assert not any(type(a) is Swap for a in game.legal_actions(0))
    game.offers_made[0] = 2
    game.apply(Give(0, convoy, 2))  # a main-phase action: the others' lap follows
    assert game.prompt() == "round table"
    with pytest.raises(WrongMomentError):
        game.apply(Swap(1, tank, 2, convoy))
    assert not any(type(a) is Swap for a in game.legal_actions(1))


def test_s12_1_a_swap_is_answered_yes_or_no_and_nothing_else_meanwhile():
    game, convoy, tank = _table()
    game.apply(Swap(0, convoy, 1, tank))
    before = _snapshot(game)
    for action, error in ((Answer(1, True, back=(tank,)), MalformedActionError),
                          (Answer(1, "yes"), MalformedActionError),  # type: ignore[arg-type]
                          (Pass(1), WrongMomentError)):
        with pytest.raises(error):
            game.apply(action)
        assert _snapshot(game) == before
    with pytest.raises(Exception, match="not waiting for you"):
        game.apply(Answer(0, True))


def test_s12_1_a_swap_and_its_proposal_survive_the_codec():
    game, convoy, tank = _table()
    action = Swap(0, convoy, 1, tank)
    assert action_from_dict(json.loads(json.dumps(action_to_dict(action)))) == action
    game.apply(action)
    public = game.public_view()
    assert decode(PublicView, json.loads(json.dumps(CODEC.jsonable(public)))) == public


def test_s12_1_the_second_seat_may_swap_with_the_first():
    """Any player in the game may be asked, the first seat too (seat numbers start at 0)."""
    from grail_tui.games.strings.engine import Draw, EndTurn, Place

    game, convoy, tank = _table()
    game.apply(EndTurn(0))
    pass_windows(game)
    game.apply(Draw(1, False, False))
    game.apply(Place(1, -1))
    pass_windows(game)
    assert game.active == 1 and game.prompt() == "main"
    game.apply(Swap(1, tank, 0, convoy))
    assert game.prompt() == "swap" and game.to_act() == (0,)
    accepted = game.apply(Answer(0, True))[0]
    assert game.board.resources[0] == [tank] and game.board.resources[1] == [convoy]
    assert (accepted.player, accepted.what, accepted.number) == (0, "accepted the swap", 1)  # from seat 1


def test_s12_1_the_log_of_a_swap_names_both_resources_and_both_players():
    """§4: resources in play are public: the table reads which two are proposed, by whom to whom,
    and the answer with both resources."""
    from grail_tui.games.strings.engine.events import Happened

    game, convoy, tank = _table()
    faces = (game.defs[convoy].id, game.defs[tank].id)
    game.offers_made[0] = 1
    assert game.apply(Swap(0, convoy, 1, tank))[0] == Happened(0, "proposed a swap", (convoy, tank), faces, 1)
    assert game.offers_made[0] == 2  # a proposal counts against the offers of the turn
    assert game.apply(Answer(1, True))[0] == Happened(1, "accepted the swap", (convoy, tank), faces, 0)
    game, convoy, tank = _table()
    game.apply(Swap(0, convoy, 1, tank))
    assert game.apply(Answer(1, False))[0] == Happened(1, "refused the swap", (convoy, tank), faces, 0)
    pass_windows(game)
    to_next_main(game)
    game.apply(Swap(1, tank, 0, convoy))
    assert game.apply(Answer(0, False))[0] == Happened(0, "refused the swap", (tank, convoy), faces[::-1], 1)
