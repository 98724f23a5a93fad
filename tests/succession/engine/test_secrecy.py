"""The information table: nothing secret reaches a view or an event it may not reach.

Twin games share one public history but differ in every secret the viewer may not
know: the other player's hands, the order of the deck and the cards put aside.
The public view, the viewer's view and every event the viewer or a spectator may
see must be byte for byte the same in both, at every step.
"""

from __future__ import annotations

import os
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from grail_tui.games.succession.engine import (
    ASIDE,
    HAND,
    ROUNDS,
    ROW_START,
    Game,
    Play,
    Setup,
)

from ..helpers import encoded, seen_by


def hand_blocks(first: int) -> dict[tuple[int, int], list[int]]:
    """Where, in the dealing order, each hand lies: (round, seat) -> five positions."""
    blocks = {}
    at = ASIDE
    for round_ in range(ROUNDS):
        starter = first if round_ % 2 == 0 else 1 - first
        for seat in (starter, 1 - starter):
            blocks[round_, seat] = list(range(at, at + HAND))
            at += HAND
        if round_ == 0:
            at += ROW_START
    return blocks


def twin_orders(seed: int, secret: int) -> tuple[Setup, list, list, int]:
    """Two deals alike in all the other seat sees, and the round in which they differ.

    Every hand of the second twin is dealt in another order (so the deck's order
    differs), the cards put aside are in another order, and one card of the secret
    seat's hand in one round is swapped with a different card put aside. Every card a
    seat is dealt is played in that round, so the twins can share a public history
    up to that round's last turns; from there on they must part."""
    rng = random.Random(seed)
    setup = Setup(seed=seed, first_player=rng.randrange(2))
    order = list(setup.cards())
    rng.shuffle(order)
    blocks = hand_blocks(setup.first_player or 0)
    while True:
        other = order[:]
        for places in [list(range(ASIDE))] + list(blocks.values()):
            moved = [other[i] for i in places]
            rng.shuffle(moved)
            for i, c in zip(places, moved, strict=True):
                other[i] = c
        round_ = rng.randrange(ROUNDS)
        pairs = [(i, j) for i in range(ASIDE) for j in blocks[round_, secret] if other[i] != other[j]]
        if pairs and other[ASIDE:] != order[ASIDE:]:
            break
    i, j = pairs[rng.randrange(len(pairs))]
    other[i], other[j] = other[j], other[i]
    return setup, order, other, round_ + 1


def twins(seed: int, secret: int) -> tuple[Game, Game, int]:
    """The twin games of :func:`twin_orders`."""
    setup, order, other, differing = twin_orders(seed, secret)
    return Game(setup, order), Game(setup, other), differing


def common_choices(a: Game, b: Game) -> list:
    player = a.mover
    legal_b = b.legal_actions(player)
    return [x for x in a.legal_actions(player) if x in legal_b]


@settings(max_examples=int(os.environ.get("GRAIL_EXAMPLES", 40)), deadline=None)
@given(seed=st.integers(0, 2**32), secret=st.integers(0, 1))
def test_twin_games_look_the_same_to_everyone_who_may_not_know(seed: int, secret: int) -> None:
    viewer = 1 - secret
    a, b, differing = twins(seed, secret)
    rng = random.Random(seed)
    assert sorted(a.aside) != sorted(b.aside) and a.deck != b.deck
    differed = False
    steps = 0
    assert seen_by(a.history, viewer) == seen_by(b.history, viewer)
    assert seen_by(a.history, None) == seen_by(b.history, None)
    while not a.is_over:
        assert encoded(a.public_view()) == encoded(b.public_view())
        assert encoded(a.view(viewer)) == encoded(b.view(viewer))
        assert a.legal_actions(viewer) == b.legal_actions(viewer)
        differed = differed or a.hands[secret] != b.hands[secret]
        choices = common_choices(a, b)
        if not choices:
            break  # the secret hands share no card to play: no common public history goes on
        action = choices[rng.randrange(len(choices))]
        events_a, events_b = a.apply(action), b.apply(action)
        steps += 1
        if a.is_over:
            assert b.is_over
            break  # every secret is public at the end
        assert seen_by(events_a, viewer) == seen_by(events_b, viewer)
        assert seen_by(events_a, None) == seen_by(events_b, None)
    assert (differed and a.round >= differing) or a.is_over  # a grail succession may come first
    assert steps >= 2


def test_a_hand_is_seen_by_its_holder_alone():
    game = Game(Setup(seed=4))
    own = [c.code for c in game.hands[0]]
    assert [c.code for c in game.view(0).hand] == own
    public = encoded(game.public_view()).decode()
    assert '"hands": null' in public and '"aside": null' in public and '"deck": null' in public
    dealt = [e for e in game.history if type(e).__name__ == "HandDealt"]
    assert [e.audience for e in dealt] == [game.first_player, 1 - game.first_player]
    assert seen_by(dealt, None) == []


def test_the_order_of_a_hand_says_nothing_about_the_deal():
    setup = Setup(seed=1, first_player=0)
    order = list(setup.cards())
    random.Random(2).shuffle(order)
    swapped = order[:]
    swapped[3], swapped[7] = swapped[7], swapped[3]  # seat 0's first and last card dealt
    a, b = Game(setup, order), Game(setup, swapped)
    assert encoded(a.view(0)) == encoded(b.view(0))


def test_everything_is_shown_at_the_end():
    game = Game(Setup(seed=9))
    while not game.is_over:
        legal = game.legal_actions(game.mover)
        plays = [x for x in legal if isinstance(x, Play)]
        game.apply(plays[0] if plays else legal[0])
    view = game.public_view()
    assert view.aside == game.aside and view.deck == tuple(game.deck)
    assert view.hands == (tuple(game.hands[0]), tuple(game.hands[1]))
