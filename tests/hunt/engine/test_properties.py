"""Property tests over random legal play at every player count."""

from __future__ import annotations

import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grail_tui.games.hunt.engine import (
    UNITS,
    Assign,
    Game,
    GameRecord,
    Match,
    Object,
    ObjectionsRevealed,
    Phase,
    Propose,
    Setup,
    Variant,
)

from .helpers import action_bound

SETTINGS = settings(max_examples=int(os.environ.get("GRAIL_EXAMPLES", 25)), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_action(game: Game, player: int, rng: random.Random):
    """Mostly uniform over the enumerated legal actions, sometimes a compound assignment."""
    legal = game.legal_actions(player)
    action = legal[rng.randrange(len(legal))]
    if isinstance(action, Assign) and rng.random() < 0.3:
        free = game.view(player).sheet.free
        live = [i for i, f in enumerate(game.public_view().positions) if f is not None]
        picked = rng.sample(free, k=rng.randint(0, min(4, len(free))))
        one = rng.choice(live)
        small_or_opening = game.small or game.phase is Phase.OPENING
        from grail_tui.games.hunt.engine import Initiate

        placements = tuple(
            (u, Initiate(rng.choice(live) if small_or_opening else one)) for u in picked
        )
        compound = Assign(player, placements)
        assert compound in legal, "a compound assignment by the rules was refused"
        action = compound
    return action


def check_invariants(game: Game) -> None:
    for p, sheet in enumerate(game.sheets):
        used = [u for u in UNITS if sheet.owner[u.index] >= 0]
        assert len(set(used)) == len(used)
        placed = sum(sheet.totals)
        assert placed == sum(u.points for u in used) <= 100
        for i in range(8):
            assert 0 <= game.influence(p, i) <= 100
            assert sheet.totals[i] == sum(u.points for u in used if sheet.owner[u.index] == i)
    # the grail is in exactly one place
    assert (game.bearer >= 0) != (game.grail_field >= 0)
    if game.bearer >= 0:
        assert game.in_play[game.bearer]


@SETTINGS
@given(players=st.integers(2, 8), seed=st.integers(0, 2**32), limit=st.integers(1, 60))
def test_random_legal_play_keeps_every_invariant(players: int, seed: int, limit: int) -> None:
    rng = random.Random(seed)
    game = Game(Setup(players=players, seed=seed, turn_limit=limit))
    last_amount = 0
    steps = 0
    while not game.is_over:
        assert steps < action_bound(game), "the game does not end"
        to_act = game.to_act()
        assert to_act, "the game waits for nobody"
        player = to_act[rng.randrange(len(to_act))]
        action = random_action(game, player, rng)
        if isinstance(action, Propose):
            assert game.in_play[action.proposal.initiate], "a removed initiate acted"
            last_amount = 0
        if isinstance(action, (Object, Match)):
            # contest amounts only rise: objections beat the showing, matches meet the objection
            assert action.amount >= last_amount
        before_phase = game.phase
        events = game.apply(action)
        for e in events:
            if isinstance(e, ObjectionsRevealed) and e.objections:
                assert e.high > last_amount
                last_amount = e.high
        if isinstance(action, Match):
            last_amount = action.amount
        assert before_phase is not Phase.OVER
        check_invariants(game)
        steps += 1
    assert game.turn <= limit
    assert game.outcome is not None
    # the record replays to the same state
    again = GameRecord.from_json(GameRecord.of(game).to_json()).replay()
    assert again.public_view() == game.public_view()


@SETTINGS
@given(seed=st.integers(0, 2**32))
def test_the_original_always_ends(seed: int) -> None:
    rng = random.Random(seed)
    game = Game(Setup(players=4, variant=Variant.ORIGINAL, seed=seed, turn_limit=80))
    for _ in range(action_bound(game)):
        if game.is_over:
            break
        player = game.to_act()[0]
        game.apply(random_action(game, player, rng))
        check_invariants(game)
    assert game.outcome is not None, "the game does not end"
    if game.outcome.winner is not None:
        assert game.outcome.winner == game.outcome.hq_owner
