"""The strong bot's beliefs about rival sheets: read from what rivals did, never from their secrets."""

from __future__ import annotations

import math
import pickle
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from grail_tui.games.hunt.bots import HeuristicBot, make_bot
from grail_tui.games.hunt.bots.beliefs import Beliefs, fits, model_opening, turn_likelihood
from grail_tui.games.hunt.bots.evaluate import steps_home
from grail_tui.games.hunt.bots.strong import StrongBot
from grail_tui.games.hunt.bots.world import sample_sheets
from grail_tui.games.hunt.engine import Game, Phase, Setup

from .test_bots import _twin_games


def _heuristic_game(seed: int, watcher: int, turns: int, size: int | None = 24):
    """A game of heuristic players; ``watcher``'s beliefs are fed every view it is shown.
    Yields (game, view, beliefs) after each update."""
    game = Game(Setup(players=3, seed=seed, turn_limit=200))
    bots = [make_bot("heuristic", seed * 10 + p) for p in range(3)]
    beliefs = Beliefs(watcher, random.Random(seed), size=size)
    while not game.is_over and game.turn < turns:
        waiting = game.to_act()
        chosen = []
        for p in waiting:
            view = game.view(p)
            if p == watcher:
                beliefs.update(view)
                yield game, view, beliefs
            chosen.append(bots[p].decide(view, list(game.legal_actions(p))))
        for action in chosen:
            game.apply(action)


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000))
def test_no_weighted_guess_ever_breaks_what_is_public(seed):
    """Every reveal and published loss holds in every guess the bot still gives weight to,
    at every moment of a game, and the weights sum to 1."""
    for _game, view, beliefs in _heuristic_game(seed, watcher=0, turns=14):
        for p, belief in beliefs.rivals.items():
            assert abs(sum(belief.weights) - 1.0) < 1e-9
            for sheet, w in zip(belief.particles, belief.weights, strict=True):
                if w > 0:
                    assert fits(sheet, view, p)
                    assert sum(1 for o in sheet.owner if o >= 0) <= 19


def test_the_true_sheet_explains_what_rivals_did_better_than_blind_guesses():
    """Over whole games, under the belief's model the rivals' observed answers (objecting or
    letting a proposal pass, when they could have objected) are likelier with their true
    sheets than with sheets drawn from the public record alone that could have objected too."""
    truth_ll = guess_ll = 0.0
    answers = 0
    for seed in (11, 12, 13):
        rng = random.Random(seed)
        taken = 0
        for game, _view, beliefs in _heuristic_game(seed, watcher=1, turns=30):
            for p, seen, amount in list(beliefs.read)[len(beliefs.read) - (beliefs.answers - taken):]:
                contest = seen.view.public.contest
                assert contest is not None
                i = seen.proposal.initiate.value

                def could(sheet, i=i, showing=contest.showing, cost=seen.view.public.costs[p][i]):
                    return sheet.totals[i] - cost > showing  # object at all

                if not could(game.sheets[p]):
                    continue  # a rival who could not object: its pass is no test of the model
                guesses = [s for s in (sample_sheets(seen.view, rng, only=p)[p] for _ in range(30)) if could(s)]
                if not guesses:
                    continue
                likelihood = beliefs.answer_likelihood(seen, p, amount)
                truth_ll += math.log(max(1e-6, likelihood(game.sheets[p])))
                guess_ll += sum(math.log(max(1e-6, likelihood(s))) for s in guesses) / len(guesses)
                answers += 1
            taken = beliefs.answers
    assert answers > 5, answers
    assert truth_ll > guess_ll, (truth_ll, guess_ll, answers)


def test_what_a_rival_proposed_is_likelier_with_its_true_sheet_than_with_blind_guesses():
    """Over whole games, under the model of a rival's turn (the heuristic's scoring of every
    choice with a guessed sheet), what heuristic rivals proposed is far likelier with their
    true sheets than with sheets drawn from the public record alone."""
    truth_ll = guess_ll = 0.0
    proposals = 0
    guide = HeuristicBot(0)
    for seed in (31, 32):
        rng = random.Random(seed)
        last = None
        for game, view, _beliefs in _heuristic_game(seed, watcher=2, turns=16):
            contest = view.public.contest
            if view.public.phase is not Phase.OBJECTIONS or contest is None or contest.mover == 2:
                continue
            if (view.public.turn, contest.proposal) == last or contest.round != 1:
                continue
            last = (view.public.turn, contest.proposal)
            likelihood = turn_likelihood(view, contest.mover, contest.proposal, guide)
            truth_ll += math.log(likelihood(game.sheets[contest.mover]))
            guesses = [sample_sheets(view, rng, only=contest.mover)[contest.mover] for _ in range(20)]
            guess_ll += sum(math.log(likelihood(s)) for s in guesses) / len(guesses)
            proposals += 1
    assert proposals > 5, proposals
    assert truth_ll > guess_ll + proposals, (truth_ll, guess_ll, proposals)


def test_some_guesses_of_a_rivals_opening_are_the_models_own_and_fit_what_is_public():
    """Half the guessed openings are the heuristic's (51 points on one initiate, 19 on a
    second); a heuristic rival's true opening is then among the shapes the bot believes."""
    game = Game(Setup(players=3, seed=3))
    view = game.view(0)
    rng = random.Random(4)
    for _ in range(20):
        sheet = model_opening(view, 1, rng)
        held = sorted((t for t in sheet.totals if t), reverse=True)
        assert held == [51, 19]
        assert sheet.remaining == 30
        assert fits(sheet, view, 1)


def test_beliefs_tell_who_leads_on_the_initiate_nearest_home_better_than_the_public_record():
    """From turn 4 on, a bot that reads the table names who holds the most on the initiate
    nearest to bringing the grail home more often than worlds drawn from the public record
    alone (the strong bot's guesses before beliefs)."""
    right = {"beliefs": 0, "sampler": 0}
    probes = 0
    for seed in range(60, 66):
        rng = random.Random(seed)
        last = -1
        for game, view, beliefs in _heuristic_game(seed, watcher=1, turns=40, size=48):
            if game.turn < 4 or game.turn == last or view.public.phase is not Phase.TURN:
                continue
            last = game.turn
            live = [i for i in range(8) if view.public.positions[i] is not None]
            near = min(live, key=lambda i: steps_home(game, i))
            truth = [game.influence(p, near) for p in range(3)]
            leaders = {p for p in range(3) if truth[p] == max(truth)}
            for name in ("beliefs", "sampler"):
                votes = [0, 0, 0]
                for _ in range(32):
                    sheets = beliefs.sheets(view, rng) if name == "beliefs" else sample_sheets(view, rng)
                    row = [s.influence(near) for s in sheets]
                    for p in range(3):
                        votes[p] += row[p] == max(row)
                right[name] += votes.index(max(votes)) in leaders
            probes += 1
    assert probes >= 30
    assert right["beliefs"] > right["sampler"] + 0.1 * probes, (right, probes)


def test_a_strong_bot_kept_through_twin_games_decides_alike():
    """Two games that differ only in a rival's secret placements: one strong bot fed every
    view of the one, another every view of the other, decide the same at every step and
    hold the same beliefs."""
    for seed in (1, 2):
        a = StrongBot(7, budget=5.0, max_samples=2)
        b = StrongBot(7, budget=5.0, max_samples=2)
        steps = 0
        for q, view_a, legal_a, view_b, legal_b in _twin_games(seed):
            if q != 0:
                continue
            assert view_a == view_b
            assert a.decide(view_a, legal_a) == b.decide(view_b, legal_b)
            steps += 1
        assert steps > 5
        assert a.beliefs is not None and b.beliefs is not None
        for p in a.beliefs.rivals:
            assert a.beliefs.rivals[p].weights == b.beliefs.rivals[p].weights
            assert [s.owner for s in a.beliefs.rivals[p].particles] == \
                [s.owner for s in b.beliefs.rivals[p].particles]


def test_a_strong_bot_thinking_in_a_worker_process_keeps_its_beliefs():
    """The server's searching bots think in worker processes: the bot goes there and back by
    pickle each decision. Its beliefs make the trip, and the copy decides as the bot would."""
    game = Game(Setup(players=3, seed=21))
    bots = [StrongBot(3, budget=5.0, max_samples=2), make_bot("heuristic", 1), make_bot("heuristic", 2)]
    while game.turn < 4 and not game.is_over:
        waiting = game.to_act()
        chosen = [bots[p].decide(game.view(p), list(game.legal_actions(p))) for p in waiting]
        for action in chosen:
            game.apply(action)
    strong = bots[0]
    assert isinstance(strong, StrongBot) and strong.beliefs is not None
    twin = pickle.loads(pickle.dumps(strong))
    assert twin.beliefs is not None
    for p, belief in strong.beliefs.rivals.items():
        assert [s.owner for s in twin.beliefs.rivals[p].particles] == [s.owner for s in belief.particles]
    while 0 not in game.to_act():
        p = game.to_act()[0]
        game.apply(bots[p].decide(game.view(p), list(game.legal_actions(p))))
    view, legal = game.view(0), list(game.legal_actions(0))
    assert twin.decide(view, legal) == strong.decide(view, legal)
