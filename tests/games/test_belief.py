"""The kit's belief filter: guesses weighed by how well they explain what a rival did."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from grail_tui.games.kit.belief import Belief


def coin(rng: random.Random) -> int:
    """A rival's hidden number, 0-9, as the prior guesses it."""
    return rng.randrange(10)


def test_an_action_impossible_under_a_guess_zeroes_it():
    belief = Belief(coin, 40, random.Random(1))
    belief.observe(lambda x: 0.0 if x < 5 else 1.0)  # the rival showed 5 or more
    assert all(w == 0.0 for x, w in zip(belief.particles, belief.weights, strict=True) if x < 5)
    assert abs(sum(belief.weights) - 1.0) < 1e-9
    for _ in range(50):
        assert belief.draw(random.Random(_)) >= 5


def test_actions_move_the_belief_toward_the_truth():
    """A rival holding 8 acts, again and again, as one holding a high number would more often."""
    rng = random.Random(2)
    belief = Belief(coin, 200, rng)
    before = belief.mean(float)
    truth = 8
    for _ in range(30):
        bold = rng.random() < (truth + 1) / 11  # the rival's own choice, by its secret
        belief.observe(lambda x, bold=bold: (x + 1) / 11 if bold else 1 - (x + 1) / 11)
    assert before < 6 < belief.mean(float)


def test_when_every_guess_is_ruled_out_the_prior_is_drawn_afresh():
    belief = Belief(coin, 10, random.Random(3))
    belief.observe(lambda x: 0.0)
    assert belief.restarts == 1
    assert len(belief.particles) == 10 and abs(sum(belief.weights) - 1.0) < 1e-9


def test_constrain_mends_rather_than_forgets_when_nothing_fits():
    belief = Belief(coin, 10, random.Random(4))
    belief.constrain(lambda x: x >= 20, mend=lambda x: x + 20)
    assert all(x >= 20 for x in belief.particles)  # each guess mended, not drawn afresh


def test_degenerate_weights_are_resampled_into_equal_ones():
    belief = Belief(coin, 50, random.Random(5), copy=lambda x: x)
    belief.observe(lambda x: 1.0 if x == 7 else 1e-6)
    assert belief.effective() > 0.5 * 50  # resampled: weights equal again
    assert sum(1 for x in belief.particles if x == 7) > 40


likelihoods = st.lists(st.lists(st.floats(min_value=0.0, max_value=1.0), min_size=10, max_size=10),
                       min_size=1, max_size=20)


@settings(max_examples=60, deadline=None)
@given(likelihoods, st.integers(min_value=0, max_value=9), st.integers(0, 1000))
def test_weights_stay_normalised_and_no_guess_breaks_a_hard_fact(table, floor, seed):
    """Whatever is observed, the weights sum to 1, and once a hard fact is known (the rival
    holds at least ``floor``) no guess with weight breaks it, through any later observation."""
    belief = Belief(coin, 30, random.Random(seed))
    belief.constrain(lambda x: x >= floor, mend=lambda x: max(x, floor))
    for row in table:
        belief.observe(lambda x, row=row: row[x])
        belief.constrain(lambda x: x >= floor, mend=lambda x: max(x, floor))
        assert abs(sum(belief.weights) - 1.0) < 1e-9
        assert all(w >= 0 for w in belief.weights)
        assert all(x >= floor for x, w in zip(belief.particles, belief.weights, strict=True) if w > 0)
