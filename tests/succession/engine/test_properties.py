"""Property tests over random legal play."""

from __future__ import annotations

import os
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grail_tui.games.succession.engine import (
    FACTIONS,
    GRAIL,
    Game,
    GameRecord,
    Pass,
    Play,
    Setup,
    Suit,
    Take,
    Termination,
    all_cards,
)

SETTINGS = settings(max_examples=int(os.environ.get("GRAIL_EXAMPLES", 40)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
values = st.integers(1, 9)
setups = st.builds(Setup, seed=st.integers(0, 2**32), first_player=st.none() | st.integers(0, 1),
                   plus=st.tuples(*[values] * 7), minus=st.tuples(*[values] * 9))


def every_card(game: Game) -> Counter:
    return Counter(list(game.aside) + game.deck + game.row + game.hands[0] + game.hands[1]
                   + game.taken[0] + game.taken[1])


def recount(holdings: list[list]) -> list[int]:
    """The score of each holding, worked out again from the rules as written."""
    totals = []
    for me in (0, 1):
        mine = Counter(c.value for c in holdings[me] if c.suit is Suit.FACTION)
        theirs = Counter(c.value for c in holdings[1 - me] if c.suit is Suit.FACTION)
        total = sum(v for v in FACTIONS if mine[v] > theirs[v])
        total += 5 * min(mine[v] for v in FACTIONS)
        total += sum(c.value for c in holdings[me] if c.suit in (Suit.PLUS, Suit.MINUS))
        totals.append(total)
    return totals


def candidates(game: Game, player: int) -> list:
    """Every action a player might try: a play of each kind of card, a take, a pass."""
    kinds = set(all_cards(game.setup.plus, game.setup.minus))
    return [Play(player, c) for c in kinds] + [Take(player), Pass(player)]


@SETTINGS
@given(setup=setups, choice_seed=st.integers(0, 2**32))
def test_random_legal_play_keeps_every_rule(setup: Setup, choice_seed: int) -> None:
    rng = random.Random(choice_seed)
    game = Game(setup)
    full = Counter(setup.cards())
    rounds_seen = set()
    while not game.is_over:
        assert every_card(game) == full  # 45 cards, each exactly once
        assert len(game.aside) == 3
        rounds_seen.add(game.round)
        player = game.mover
        legal = game.legal_actions(player)
        assert legal and game.to_act() == (player,)
        assert game.legal_actions(1 - player) == ()
        for action in candidates(game, player):  # the list is exactly what the rules allow
            assert (action in legal) == (game.why_illegal(action) is None), action
        game.apply(legal[rng.randrange(len(legal))])
        view = game.public_view()
        assert view.hand_sizes == (len(game.hands[0]), len(game.hands[1]))
        assert 0 <= game.turns_left(0) <= 6 and 0 <= game.turns_left(1) <= 6
    assert every_card(game) == full
    assert rounds_seen <= {1, 2, 3, 4} and game.round <= 4 and game.turns_played <= 48
    outcome = game.outcome
    assert outcome is not None
    if outcome.termination is Termination.GRAIL:
        assert game.taken[outcome.winner].count(GRAIL) == 3
    else:
        assert game.turns_played == 48 and game.deck == []
        assert [s.total for s in outcome.scores] == recount(game.taken)
        totals = recount(game.taken)
        assert outcome.winner == (None if totals[0] == totals[1] else totals.index(max(totals)))
        assert all(game.taken[p].count(GRAIL) < 3 for p in (0, 1))
    replayed = GameRecord.from_json(GameRecord.of(game).to_json()).replay()
    assert replayed.outcome == game.outcome and replayed.taken == game.taken
    assert replayed.history == game.history


@SETTINGS
@given(seed=st.integers(0, 2**32))
def test_a_seed_gives_the_same_game(seed: int) -> None:
    a, b = Game(Setup(seed=seed)), Game(Setup(seed=seed))
    assert a.deck == b.deck and a.aside == b.aside and a.hands == b.hands and a.history == b.history


@SETTINGS
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 60))
def test_a_copy_plays_on_independently(seed: int, steps: int) -> None:
    rng = random.Random(seed)
    game = Game(Setup(seed=seed))
    for _ in range(steps):
        if game.is_over:
            break
        legal = game.legal_actions(game.mover)
        game.apply(legal[rng.randrange(len(legal))])
    before = (list(game.row), [h[:] for h in game.hands], [t[:] for t in game.taken], game.deck[:])
    other = game.copy()
    while not other.is_over:
        other.apply(other.legal_actions(other.mover)[0])
    assert (game.row, game.hands, game.taken, game.deck) == before
