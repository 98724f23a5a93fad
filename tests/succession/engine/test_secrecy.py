"""The information table: nothing secret reaches a view, an event or a refusal it may not reach.

Twin games share one public history but differ in every secret the viewer may not know
at once: the other player's hands, the order (and so the later deals) of the deck and
the three cards put aside. The public view, the viewer's view, every event the viewer
or a spectator may see and every refusal the viewer may meet must be byte for byte the
same in both, at every step, until the secret seat's own play tells them apart.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grail_tui.games.succession.engine import (
    CARD_KINDS,
    Game,
    GameEnded,
    HandDealt,
    Pass,
    Play,
    Setup,
    Take,
)

from ..helpers import encoded, seen_by
from ..twins import common_choices, secret_twins


def refusals(game: Game, seat: int) -> list[str | None]:
    """What the rule check tells ``seat`` of every action it might try now."""
    tries = [Play(seat, c) for c in CARD_KINDS] + [Take(seat), Pass(seat)]
    return [game.why_illegal(action) for action in tries]


def compare_twins(seed: int, secret: int, round_: int) -> tuple[int, bool]:
    """Play the twins side by side on actions legal in both; check everything the other seat
    and a spectator see at every step. How many steps were compared, and whether the
    secret hands differed while they were."""
    viewer = 1 - secret
    a, b = secret_twins(seed, secret, round_)
    assert sorted(a.aside) != sorted(b.aside) and a.deck != b.deck
    rng = random.Random(seed)
    assert seen_by(a.history, viewer) == seen_by(b.history, viewer)
    assert seen_by(a.history, None) == seen_by(b.history, None)
    steps, differed = 0, False
    while True:
        assert encoded(a.public_view()) == encoded(b.public_view())
        assert encoded(a.view(viewer)) == encoded(b.view(viewer))
        assert a.legal_actions(viewer) == b.legal_actions(viewer)
        assert refusals(a, viewer) == refusals(b, viewer)
        differed = differed or sorted(a.hands[secret]) != sorted(b.hands[secret])
        choices = common_choices(a, b)
        if not choices:
            return steps, differed  # only the secret seat's own cards are left to play: they part
        action = choices[rng.randrange(len(choices))]
        events_a, events_b = a.apply(action), b.apply(action)
        steps += 1
        if a.is_over:
            # the end shows every secret to everyone; until then the twins were alike
            assert b.is_over and a.outcome == b.outcome
            assert encoded(events_a[:-1]) == encoded(events_b[:-1])
            assert isinstance(events_a[-1], GameEnded) and events_a[-1] != events_b[-1]
            return steps, differed
        assert seen_by(events_a, viewer) == seen_by(events_b, viewer)
        assert seen_by(events_a, None) == seen_by(events_b, None)


@settings(max_examples=int(os.environ.get("GRAIL_EXAMPLES", 40)), deadline=None)
@given(seed=st.integers(0, 2**32), secret=st.integers(0, 1), round_=st.integers(1, 4))
def test_twin_games_look_the_same_to_everyone_who_may_not_know(seed: int, secret: int, round_: int) -> None:
    steps, _ = compare_twins(seed, secret, round_)
    assert steps >= 1


@pytest.mark.parametrize("secret", [0, 1])
@pytest.mark.parametrize("round_", [1, 2, 3, 4])
def test_twins_differing_from_each_round_on_look_the_same_to_the_other_seat(secret, round_):
    compared = differing = 0
    for seed in range(3):
        steps, differed = compare_twins(seed, secret, round_)
        compared += steps
        differing += differed
    assert compared >= 3 * 6 * round_  # the twins went a long way together
    assert differing  # and not only before the secret hands parted


def test_a_hand_is_seen_by_its_holder_alone():
    game = Game(Setup(seed=4))
    own = [c.code for c in game.hands[0]]
    assert [c.code for c in game.view(0).hand] == own
    public = encoded(game.public_view()).decode()
    assert '"hands": null' in public and '"aside": null' in public and '"deck": null' in public
    dealt = [e for e in game.history if isinstance(e, HandDealt)]
    assert [e.audience for e in dealt] == [game.first_player, 1 - game.first_player]
    for seat in (0, 1):
        assert seen_by(dealt, seat) == [encoded(e) for e in dealt if e.player == seat]
    assert seen_by(dealt, None) == []


def test_the_order_of_a_hand_says_nothing_about_the_deal():
    setup = Setup(seed=1, first_player=0)
    order = list(setup.cards())
    random.Random(2).shuffle(order)
    swapped = order[:]
    swapped[3], swapped[7] = swapped[7], swapped[3]  # seat 0's first and last card dealt
    a, b = Game(setup, order), Game(setup, swapped)
    assert encoded(a.view(0)) == encoded(b.view(0))
    assert seen_by(a.history, 0) == seen_by(b.history, 0)


def test_everything_is_shown_at_the_end():
    game = Game(Setup(seed=9))
    while not game.is_over:
        legal = game.legal_actions(game.mover)
        plays = [x for x in legal if isinstance(x, Play)]
        game.apply(plays[0] if plays else legal[0])
    view = game.public_view()
    assert view.aside == game.aside and view.deck == tuple(game.deck)
    assert view.hands == (tuple(game.hands[0]), tuple(game.hands[1]))
    assert view.outcome == game.outcome is not None
