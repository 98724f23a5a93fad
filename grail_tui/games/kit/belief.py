"""Beliefs about what one rival holds: a weighted set of guesses (a particle filter).

A searching bot cannot see a rival's secrets, but it sees what the rival did.
Each guess (a particle: a sheet, a hand) is weighed by how likely the observed
action would have been had the rival held it, under a model of how that rival
plays; guesses that explain the play well come to dominate. When a few guesses
carry nearly all the weight the set is resampled (systematic resampling), so
the effort goes where the belief is. A guess under which the observed action
was impossible gets weight zero; if every guess has been ruled out, the set is
drawn afresh from the prior (what is public alone), since then the model, not
the rival, was wrong.

Generic in the guess: a game supplies the prior (a function drawing one guess),
the likelihood of each observation, and the hard constraints; nothing here
names a game. A bot that thinks in a worker process is pickled there and back:
give a prior and a copy that pickle (module-level functions or objects, not
closures).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

P = TypeVar("P")

DEGENERATE = 0.5  # resample when the effective number of guesses falls below this share


def _same(guess: P) -> P:
    return guess


class Belief(Generic[P]):
    """``size`` guesses about one rival, with weights that sum to 1."""

    def __init__(self, prior: Callable[[random.Random], P], size: int, rng: random.Random,
                 copy: Callable[[P], P] | None = None) -> None:
        if size < 1:
            raise ValueError("a belief needs at least one guess")
        self.prior = prior
        self.size = size
        self.rng = rng
        self.copy = copy or _same  # resampling duplicates guesses: each must be its own to change
        self.particles: list[P] = [prior(rng) for _ in range(size)]
        self.weights: list[float] = [1.0 / size] * size
        self.restarts = 0  # times every guess was ruled out and the set drawn afresh

    def observe(self, likelihood: Callable[[P], float]) -> None:
        """Re-weigh every guess by ``likelihood`` (the chance of what was seen, had the rival
        held it; 0: impossible), then resample if the weights have degenerated."""
        raw = [w * max(0.0, likelihood(p)) for p, w in zip(self.particles, self.weights, strict=True)]
        self._set(raw)

    def constrain(self, holds: Callable[[P], bool], mend: Callable[[P], P] | None = None) -> None:
        """Rule out every guess for which a hard fact (something made public) does not hold.
        If that rules out all of them, ``mend`` (if given) makes each fit instead, so what
        was learnt before is not thrown away; those it cannot mend are drawn afresh."""
        raw = [w if holds(p) else 0.0 for p, w in zip(self.particles, self.weights, strict=True)]
        if mend is not None and sum(raw) <= 0.0:
            self.restarts += 1
            mended = [mend(p) for p in self.particles]
            self.particles = [p if holds(p) else self.prior(self.rng) for p in mended]
            self.weights = [1.0 / self.size] * self.size
            return
        self._set(raw)

    def move(self, step: Callable[[P, random.Random], P]) -> None:
        """Carry every guess forward through something the rival did in secret (a guess of
        what it was, drawn per guess)."""
        self.particles = [step(p, self.rng) for p in self.particles]

    def effective(self) -> float:
        """The effective number of guesses (1 / sum of squared weights)."""
        return 1.0 / sum(w * w for w in self.weights)

    def draw(self, rng: random.Random) -> P:
        """One guess, by weight."""
        return rng.choices(self.particles, self.weights)[0]

    def mean(self, measure: Callable[[P], float]) -> float:
        return sum(w * measure(p) for p, w in zip(self.particles, self.weights, strict=True))

    def _set(self, raw: Sequence[float]) -> None:
        total = sum(raw)
        if total <= 0.0:
            self.restarts += 1
            self.particles = [self.prior(self.rng) for _ in range(self.size)]
            self.weights = [1.0 / self.size] * self.size
            return
        self.weights = [w / total for w in raw]
        if self.effective() < DEGENERATE * self.size:
            self._resample()

    def _resample(self) -> None:
        """Systematic resampling: each guess kept about weight x size times."""
        n = self.size
        start = self.rng.random() / n
        out: list[P] = []
        cumulative = 0.0
        k = 0
        for i, w in enumerate(self.weights):
            cumulative += w
            while k < n and start + k / n <= cumulative:
                out.append(self.copy(self.particles[i]))
                k += 1
        while len(out) < n:  # rounding at the top end
            out.append(self.copy(self.particles[-1]))
        self.particles = out
        self.weights = [1.0 / n] * n
