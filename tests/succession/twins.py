"""Twin deals of Grail Succession: two games alike in everything one seat may know.

What a seat may not know is the other hand, the order of the deck and the three cards
put aside. Twins share the seat's own hands (as sets: the order of a deal is hidden by
sorting) and the public history, and differ in the rest. Used by the engine's secrecy
tests, the bots' and the server's.
"""

from __future__ import annotations

import random

from grail_tui.games.succession.engine import ASIDE, HAND, ROUNDS, ROW_START, Game, Setup


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


def _shuffle_places(order: list, places: list[int], rng: random.Random) -> None:
    moved = [order[i] for i in places]
    rng.shuffle(moved)
    for i, c in zip(places, moved, strict=True):
        order[i] = c


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
            _shuffle_places(other, places, rng)
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


def secret_twins(seed: int, secret: int, round_: int) -> tuple[Game, Game]:
    """Twins that differ in every secret of ``secret``'s seat at once, from round ``round_`` on.

    Up to that round both seats hold the same cards in both. From it on the secret
    seat's hand differs in one to three cards, which the second twin has put aside or
    deals the secret seat later instead; its later hands and the three cards put aside
    are drawn afresh from what is left, so the cards put aside differ as a set and the
    deck differs in its order and in which cards it holds when. Every hand is dealt in
    another order, too. The other seat's hands are the same set of cards in both."""
    rng = random.Random(seed * 8 + secret * 4 + round_)
    setup = Setup(seed=seed, first_player=rng.randrange(2), names=("Ann", "Bo"))
    order = list(setup.cards())
    rng.shuffle(order)
    blocks = hand_blocks(setup.first_player or 0)
    now = blocks[round_ - 1, secret]
    later = list(range(ASIDE)) + [i for (r, seat), places in blocks.items()
                                  if seat == secret and r >= round_ for i in places]
    while True:
        other = order[:]
        swaps = rng.randint(1, 3)
        out = rng.sample(now, swaps)
        for i in out:
            # (in the last round a card may have no different partner left to swap with: try anew)
            partners = [j for j in later if other[j] is not other[i]]
            if partners:
                j = rng.choice(partners)
                other[i], other[j] = other[j], other[i]
        _shuffle_places(other, later, rng)
        for places in blocks.values():
            _shuffle_places(other, places, rng)
        if (sorted(other[:ASIDE]) != sorted(order[:ASIDE])
                and sorted(other[i] for i in now) != sorted(order[i] for i in now)
                and other[ASIDE:] != order[ASIDE:]):
            return Game(setup, order), Game(setup, other)


def common_choices(a: Game, b: Game) -> list:
    """The actions the mover may take in both twins."""
    player = a.mover
    legal_b = b.legal_actions(player)
    return [x for x in a.legal_actions(player) if x in legal_b]
