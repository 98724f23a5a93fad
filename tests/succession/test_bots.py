"""Bots: legal, reproducible, blind to what their seat may not know, within their time budget."""

from __future__ import annotations

import dataclasses
import random
import time
from collections import Counter

import pytest

from grail_tui.games.succession.bots import LEVELS, make_bot
from grail_tui.games.succession.bots.strong import sample
from grail_tui.games.succession.engine import Game, Setup, Take, unseen

from .helpers import arrange, cards, play, take
from .twins import common_choices, twins


def fast_bot(level: str, seed: int):
    bot = make_bot(level, seed, budget=30.0)  # the strong bot stops at its sample cap long before
    if level == "strong":
        bot.max_samples = 3  # type: ignore[union-attr]
    return bot


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_whole_games_legally(level):
    for seed in range(2 if level == "strong" else 20):
        game = Game(Setup(seed=seed))
        bots = [fast_bot(level, 1), fast_bot("heuristic" if level == "strong" else level, 2)]
        while not game.is_over:
            p = game.mover
            legal = game.legal_actions(p)
            action = bots[p].decide(game.view(p), list(legal))
            assert action in legal, f"{level} chose an illegal action {action}"
            game.apply(action)


@pytest.mark.parametrize("level", LEVELS)
def test_decisions_do_not_depend_on_what_the_seat_may_not_know(level):
    """Twin games differ in the other hand, the deck's order and the cards put aside."""
    compared = 0
    for seed in range(3):
        for secret in (0, 1):
            viewer = 1 - secret
            a, b, _ = twins(seed, secret)
            rng = random.Random(seed)
            while not a.is_over:
                if a.mover == viewer:
                    view_a, view_b = a.view(viewer), b.view(viewer)
                    assert view_a == view_b
                    legal_a, legal_b = list(a.legal_actions(viewer)), list(b.legal_actions(viewer))
                    assert fast_bot(level, 7).decide(view_a, legal_a) == fast_bot(level, 7).decide(view_b, legal_b)
                    compared += 1
                choices = common_choices(a, b)
                if not choices:
                    break
                action = choices[rng.randrange(len(choices))]
                a.apply(action)
                b.apply(action)
    assert compared >= 20


def test_the_strong_bot_is_reproducible_with_its_seed():
    def game_with(seed: int) -> list:
        game = Game(Setup(seed=seed))
        bots = [fast_bot("strong", 1), fast_bot("heuristic", 2)]
        while not game.is_over and len(game.actions) < 16:
            p = game.mover
            game.apply(bots[p].decide(game.view(p), list(game.legal_actions(p))))
        return game.actions

    assert game_with(5) == game_with(5)


@pytest.mark.xdist_group("timing")  # measures real time: not beside other timing tests
def test_the_strong_bot_respects_its_time_budget():
    game = Game(Setup(seed=4))
    bot = make_bot("strong", 1, budget=0.05)
    bot.max_samples = 10_000  # type: ignore[union-attr]
    started = time.perf_counter()
    bot.decide(game.view(game.mover), list(game.legal_actions(game.mover)))
    # generous margin: this checks the budget is obeyed, not the machine's speed
    assert time.perf_counter() - started < 1.5
    assert make_bot("strong", 1).budget == 1.0 and make_bot("heuristic", 1).budget == 0.0


def test_sampled_deals_fit_what_the_seat_has_seen():
    game = Game(Setup(seed=8))
    bots = [make_bot("heuristic", 0), make_bot("heuristic", 1)]
    for _ in range(17):
        game.apply(bots[game.mover].decide(game.view(game.mover), list(game.legal_actions(game.mover))))
    view = game.view(0)
    pool = list(unseen(view))
    truth = Counter(game.hands[1] + game.deck + list(game.aside))
    assert Counter(pool) == truth  # exactly the cards seat 0 has not seen
    rng = random.Random(1)
    deals = set()
    for _ in range(20):
        world = sample(view, pool, rng)
        assert world.view(0) == view  # the position is the one the seat sees
        assert Counter(world.hands[1] + world.deck + list(world.aside)) == truth
        deals.add((tuple(world.hands[1]), tuple(world.aside)))
    assert len(deals) > 10  # and the hidden cards really are dealt at random


@pytest.mark.parametrize("level", ["heuristic", "strong"])
def test_a_bot_takes_the_third_grail(level):
    game = arrange(first=1, hands=("5 5 5 6 6", "G G 7 7 7"), row="6 G")
    play(game, "7")
    take(game)
    for code in ("G", "5", "G", "5", "7", "5", "7", "6"):
        play(game, code)
    take(game)
    play(game, "6")  # round 2: seat 0 holds one grail; the row ends G, 5, G, 6
    assert game.mover == 0
    decision = fast_bot(level, 3).decide(game.view(0), list(game.legal_actions(0)))
    assert decision == Take(0)


@pytest.mark.parametrize("level", ["heuristic", "strong"])
def test_a_bot_stops_the_rival_from_taking_the_third_grail(level):
    """Round 2: the rival holds two grails and may take next; the row ends with the third."""
    real = Game(Setup(seed=1, first_player=0))
    hand = real.view(0).hand
    public = dataclasses.replace(real.view(0).public, round=2, row=tuple(cards("5 6 G")),
                                 taken=((), tuple(cards("G G"))), deck_size=27)
    view = dataclasses.replace(real.view(0), public=public, hand=hand)
    game = Game.from_view(view)
    legal = list(game.legal_actions(0))
    assert Take(0) in legal and game.view(0) == view
    assert fast_bot(level, 3).decide(view, legal) == Take(0)


def test_one_headless_game_between_bots_reports_each_seat():
    from grail_tui import tournament

    played = tournament.play_game("succession", ["heuristic", "random"], 9, first_player=0)
    assert len(played.ranks) == 2 and played.turns <= 48 and played.actions == played.turns
    assert [len(t) for t in played.times] == [(played.actions + 1) // 2, played.actions // 2]
    if played.winners:
        assert played.ranks[played.winners[0]] == 0 and sorted(played.ranks) == [0, 1]
    else:
        assert played.ranks == (0, 0)
    with pytest.raises(ValueError, match="played by 2 players"):
        tournament.play_game("succession", ["random"] * 3, 1)
