"""Hypothesis properties over random legal play at every table size: tokens never negative, no
card in two places, each structure a tree rooted at its Cabal, no view showing what §4 hides;
random play always ends (the round limit)."""

from __future__ import annotations

import dataclasses
import os
import random

from hypothesis import example, given, settings
from hypothesis import strategies as st

from grail_tui.games.strings.engine import Game, Setup
from tests.strings.helpers import A, B, C, D, E, F, faces

DECKS = (A, B, C, D, E, F)
EXAMPLES = int(os.environ.get("GRAIL_EXAMPLES", "12"))


def places(game: Game) -> list[int]:
    """Every card in every zone (cards of eliminated players have left the game)."""
    board = game.board
    cards: list[int] = []
    for zones in (game.plot_deck, game.group_deck, game.plot_hand, game.group_hand, game.discard,
                  game.destroyed, board.resources, board.agents):
        for zone in zones:
            cards.extend(zone)
    cards.extend(board.arrows)
    cards.extend(c for c in board.links if game.defs[c].kind == "plot")
    cards.extend(board.agendas.values())
    cards.extend(board.open_area)
    cards.extend(entry.card for entry in game.stack)
    if game.attack is not None:
        cards.extend(game.attack.spent)
    return cards


def check_invariants(game: Game) -> None:
    board = game.board
    assert all(n > 0 for n in board.tokens.values())
    cards = places(game)
    assert len(cards) == len(set(cards)), "a card is in two places"
    for player in game.live():
        cabal = board.cabal[player]
        if cabal < 0:
            continue
        tree = [cabal, *board.groups_of(player)]
        for card in tree[1:]:
            assert board.controller[card] == player and card in board.arrows[board.master[card]]
            seen = set()
            walker = card
            while walker in board.master:
                assert walker not in seen
                seen.add(walker)
                walker = board.master[walker]
            assert walker == cabal
    in_trees = {c for p in game.live() for c in board.groups_of(p)} | {board.cabal[p] for p in game.live() if board.cabal[p] >= 0}
    assert set(board.arrows) == in_trees


def check_views(game: Game) -> None:
    hidden = {c for p in range(game.players) for c in game.plot_hand[p] + game.group_hand[p]
              if c not in game.revealed}
    hidden |= {c for p in range(game.players) for c in game.plot_deck[p] + game.group_deck[p]}
    public = game.public_view()
    # an attack names its target as declared, even if the target went back to a hand meanwhile
    # (in plain sight: a strike or a destroy sent it there); it fails without a roll
    declared = {game.attack.target} if game.attack is not None else set()
    if game.outcome is None:
        assert not (faces(public) - declared) & hidden
    for player in range(game.players):
        view = game.view(player, public)
        own = set(game.plot_hand[player] + game.group_hand[player] + game.plot_deck[player][: game.bottom_known[player]])
        looked = faces(view.seen) | faces(view.offered)  # a look, or cards offered to or by this seat
        private = faces(dataclasses.replace(view, seen=())) - faces(public)
        if game.outcome is None:
            assert private <= own | looked | {view.choice.uid if view.choice else -1}
            assert (faces(view) - looked - own - declared) & hidden <= {view.choice.uid if view.choice else -1}


def play(players: int, seed: int, limit: int, views: bool) -> Game:
    rng = random.Random(seed)
    decks = tuple(rng.sample(DECKS, players))
    game = Game(Setup(seed=seed, decks=decks, round_limit=limit))
    steps = 0
    while not game.is_over:
        player = game.to_act()[0]
        legal = game.legal_actions(player)
        assert legal, f"nothing legal for {player} at {game.prompt()}"
        if steps % 31 == 0:  # the list and the refusals agree
            assert all(game.why_illegal(action) is None for action in legal)
        game.apply(legal[rng.randrange(len(legal))])
        check_invariants(game)
        if views and steps % 7 == 0:
            check_views(game)
        steps += 1
        assert steps < 60_000
    return game


@settings(max_examples=EXAMPLES, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6))
@example(players=6, seed=54278)  # a group that aided an attack, struck back into a hand, kept its face
def test_random_play_keeps_every_invariant_and_ends(players, seed):
    game = play(players, seed, limit=6, views=True)
    assert game.outcome is not None and game.round <= 6


@settings(max_examples=max(3, EXAMPLES // 3), deadline=None)
@given(seed=st.integers(0, 10**6))
def test_random_play_ends_at_the_default_round_limit(seed):
    game = play(4, seed, limit=40, views=False)
    assert game.outcome is not None
