"""STRINGS.md §6.4 and §13.4: a player may discard hand cards at any time they may act; a plot card
goes to the bottom of their plot deck unseen, any other card face up to its owner's discard pile."""

from __future__ import annotations

import json

import pytest

from grail_tui.games.strings.engine import (
    CODEC,
    Discard,
    Happened,
    MalformedActionError,
    NotYoursError,
    NotYourTurnError,
    Pass,
    PlaceResource,
)
from tests.strings.helpers import A, B, at_main, hand


def test_s6_4_a_plot_card_discarded_goes_to_the_bottom_unseen():
    game = at_main(A, B)
    plot = hand(game, 0, "P01", owner=0)
    game.revealed.add(plot)
    deck_before = len(game.plot_deck[0])
    events = game.apply(Discard(0, plot))
    assert plot not in game.plot_hand[0] and game.plot_deck[0][0] == plot and len(game.plot_deck[0]) == deck_before + 1
    assert plot not in game.revealed and game.bottom_known[0] == 1
    told = [(e.player, e.what, e.cards, e.number) for e in events if isinstance(e, Happened)]
    assert told[:1] == [(0, "put on the bottom", (), 1)]  # which card, nobody else learns
    assert f'"uid": {plot},' not in json.dumps(CODEC.jsonable(game.view(1)))  # no face of it for seat 1
    assert f'"uid": {plot},' in json.dumps(CODEC.jsonable(game.view(0)))  # its owner knows the bottom card
    assert game.prompt() == "round table"  # an action of the main phase: the others' lap follows


def test_s13_4_a_group_card_discarded_goes_face_up_to_its_owners_pile():
    game = at_main(A, B)
    group = hand(game, 0, "K04", owner=0)
    events = game.apply(Discard(0, group))
    assert group not in game.group_hand[0] and game.discard[0] == [group]
    assert [(e.player, e.what, e.cards) for e in events if isinstance(e, Happened)][:1] == [(0, "discarded", (group,))]


def test_s6_4_discarding_is_an_any_time_action_in_a_window():
    game = at_main(A, B)
    game.apply(PlaceResource(0, hand(game, 0, "R08", owner=0)))
    assert game.prompt() == "round table" and game.to_act() == (1,)
    theirs = hand(game, 1, "K07", owner=1)
    assert Discard(1, theirs) in game.legal_actions(1)
    game.apply(Discard(1, theirs))
    assert game.to_act() == (1,)  # discarding does not pass priority (HR-74): a pass does
    game.apply(Pass(1))
    assert game.prompt() == "main"


@pytest.mark.parametrize(("who", "card_of", "error", "words"), [
    (0, lambda g: hand(g, 1, "K07", owner=1), NotYoursError, "Discard a card of your own hands."),
    (0, lambda g: g.board.groups_of(0)[0], NotYoursError, "Discard a card of your own hands."),
    (0, lambda g: 10_000, MalformedActionError, "There is no card 10000 in this game."),
    (1, lambda g: hand(g, 1, "K07", owner=1), NotYourTurnError, "The game is not waiting for you now."),
])
def test_s6_4_only_ones_own_hand_cards_and_only_when_one_may_act(who, card_of, error, words):
    game = at_main(A, B)
    card = card_of(game)
    before = (json.dumps(CODEC.jsonable(game.public_view())), [list(h) for h in game.group_hand], list(game.discard))
    with pytest.raises(error) as refused:
        game.apply(Discard(who, card))
    assert str(refused.value) == words
    assert (json.dumps(CODEC.jsonable(game.public_view())), [list(h) for h in game.group_hand],
            list(game.discard)) == before
    assert Discard(who, card) not in game.legal_actions(who)


def test_s6_4_one_discard_offered_per_card_name():
    game = at_main(A, B)
    for player in (0,):
        game.plot_hand[player].clear()
        game.group_hand[player].clear()
    first = hand(game, 0, "P01", owner=0)
    group = hand(game, 0, "K04", owner=0)
    offered = [a for a in game.legal_actions(0) if isinstance(a, Discard)]
    assert offered == [Discard(0, min(first, group)), Discard(0, max(first, group))]
