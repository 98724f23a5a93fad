"""Twin secrecy over hands and decks: two games that differ only in one seat's group hand, group
deck and plot-deck order give every other seat, and the public view, byte-identical encodings and
events after every action (the seat acting only as both games allow)."""

from __future__ import annotations

import json
import random

import pytest

from grail_tui.games.strings.engine import CODEC, Game, GameEnded, PlaceAgent, PlayPlot, Setup, visible_to
from tests.strings.helpers import A, B, E, F, choose_cabals, choose_starts


def encode(value: object) -> str:
    return json.dumps(CODEC.jsonable(value), sort_keys=True)


def twins(decks: tuple[str, ...], seed: int, secret: int) -> tuple[Game, Game]:
    games = []
    for swap in (False, True):
        game = Game(Setup(seed=seed, decks=decks, first_player=0, round_limit=8))
        choose_cabals(game)
        choose_starts(game)
        if swap:
            hand, deck = game.group_hand[secret], game.group_deck[secret]
            hand[0], deck[0] = deck[0], hand[0]  # a different card in hand, another deep in the deck
            deck[-1], deck[1] = deck[1], deck[-1]  # and another on top
            plots = [i for i, c in enumerate(game.plot_deck[secret]) if game.defs[c].plot_kind != "goal"]
            first, last = plots[0], plots[-1]
            pile = game.plot_deck[secret]
            pile[first], pile[last] = pile[last], pile[first]
        games.append(game)
    return games[0], games[1]


@pytest.mark.sweep
@pytest.mark.parametrize(("decks", "seed", "secret"), [((A, B), 1, 1), ((A, B, F), 2, 0), ((E, F, A, B), 3, 2),
                                                     ((B, A), 4, 0), ((F, E, B), 5, 1)])
def test_twins_look_the_same_to_everyone_else(decks, seed, secret):
    first, second = twins(decks, seed, secret)
    assert encode(first.view(secret)) != encode(second.view(secret))
    rng = random.Random(seed)
    for _step in range(400):
        if first.is_over:
            break
        others = [p for p in range(first.players) if p != secret]
        assert encode(first.public_view()) == encode(second.public_view())
        for seat in others:
            assert encode(first.view(seat)) == encode(second.view(seat))
        player = first.to_act()[0]
        assert second.to_act()[0] == player
        legal = first.legal_actions(player)
        # what the rules make public on purpose is not played here: a Cabal agent's cost (the top
        # card of each deck, face up), a look at the secret seat's hand, a mill of its deck
        if player == secret:
            both = set(second.legal_actions(player))
            legal = tuple(a for a in legal if a in both and not isinstance(a, PlaceAgent))
        else:
            legal = tuple(a for a in legal if not (isinstance(a, PlayPlot) and a.seat == secret and any(
                first.defs[a.card].has_op(op) for op in ("look", "show", "mill"))))
        action = legal[rng.randrange(len(legal))]
        one, two = first.apply(action), second.apply(action)
        for seat in [*others, None]:  # at the end every secret is shown (S-4): the last event differs
            assert [encode(e) for e in one if visible_to(e, seat) and not isinstance(e, GameEnded)] == \
                [encode(e) for e in two if visible_to(e, seat) and not isinstance(e, GameEnded)]
