"""Pulling Strings' strong computer player: it decides from its view alone (twins); it searches
where it matters, within its effort; a game of it finishes and replays. (The worlds it deals:
tests/strings/engine/test_sampling.py.)"""

from __future__ import annotations

import json
import time

import pytest

from grail_tui.games.kit.terms import BotLevel, SetupRequest
from grail_tui.games.strings.bots import HeuristicBot, StrongBot
from grail_tui.games.strings.engine import CODEC, Declare, EndTurn, can_sample
from grail_tui.games.strings.kind import StringsKind
from tests.strings.engine.test_sampling import quiet_positions
from tests.strings.engine.test_twins import twins
from tests.strings.helpers import A, B, C, F

KIND = StringsKind()


def encode(value: object) -> str:
    return json.dumps(CODEC.jsonable(value), sort_keys=True)


def test_the_strong_bot_decides_alike_when_only_a_rivals_hand_and_deck_differ():
    first, second = twins((A, B, F), 2, 0)  # seat 0's hand and decks differ; seat 1 decides
    me, bots = 1, [HeuristicBot(p) for p in range(3)]
    searched = 0
    for _step in range(3000):
        if first.is_over or searched >= 3:
            break
        seat = first.to_act()[0]
        one, two = first.view(seat), second.view(seat)
        if seat == me:
            assert encode(one) == encode(two)
            if can_sample(one):
                a, b = StrongBot(7, budget=60.0, samples=2), StrongBot(7, budget=60.0, samples=2)
                chose = a.decide(one, one.legal)
                assert chose == b.decide(two, two.legal)
                searched += a.searched
                action = chose
            else:
                action = bots[seat].decide(one, one.legal)
        else:
            action = bots[seat].decide(one, one.legal)
            if action not in two.legal:  # the differing seat plays only what both games allow
                action = next(x for x in one.legal if x in two.legal)
        first.apply(action)
        second.apply(action)
    assert searched >= 3  # it did search, several times, in positions the twins share


def test_the_strong_bot_searches_its_main_phase_and_weighs_attacks_and_ending_the_turn():
    for _game, seat, view in quiet_positions((A, B, C), 21, every=1):
        bot = StrongBot(3, samples=1)
        guided = HeuristicBot(3).decide(view, view.legal)
        candidates = bot.candidates(view, view.legal, guided)
        if sum(isinstance(c, Declare) for c in candidates) >= 2:
            assert candidates[0] == guided
            assert EndTurn(seat) in candidates
            assert len(candidates) <= 11  # its choice, five attacks, a strike, a resource, a draw, the end, a plot bought
            bot.decide(view, view.legal)
            assert bot.searched == 1
            return
    pytest.fail("no position offered two attacks")


@pytest.mark.xdist_group("timing")
def test_the_strong_bot_stops_at_its_cpu_ceiling():
    for _game, _seat, view in quiet_positions((A, B, C), 21, every=1):
        bot = StrongBot(3, budget=0.01, samples=10_000)
        if len(bot.candidates(view, view.legal, HeuristicBot(3).decide(view, view.legal))) < 3:
            continue
        started = time.process_time()
        bot.decide(view, view.legal)
        # one round of its candidates' playouts at most beyond the ceiling, not ten thousand
        assert time.process_time() - started < 3.0
        return
    pytest.fail("no position to search")


def test_the_game_offers_a_strong_player_and_a_game_of_it_ends_and_replays():
    assert BotLevel.STRONG in KIND.bot_levels
    setup = KIND.make_setup(SetupRequest(players=3, seed=8, options={"turn_limit": 2}))
    state = KIND.new_state(setup)
    bots = [KIND.make_bot(BotLevel.STRONG, 1, 0.5), KIND.make_bot(BotLevel.HEURISTIC, 2),
            KIND.make_bot(BotLevel.RANDOM, 3)]
    assert isinstance(bots[0], StrongBot)
    while not state.is_over:
        seat = state.to_act()[0]
        view = state.view(seat)
        state.apply(bots[seat].decide(view, KIND.legal_from_view(view, seat)))
    record = KIND.read_record(KIND.record(state))
    again = KIND.replay(record.setup, record.actions)
    assert KIND.result(again) == KIND.result(state)


def test_the_strong_bot_judges_a_playouts_end_by_nearness_to_a_goal_not_by_groups():
    """Seat 1 holds 8 groups (4 short of the basic goal), seat 2 holds 7 (one Place short of its
    Cabal's 7 Places). Knocking a Place out of seat 2's structure leaves the strong player better
    placed than knocking a group out of seat 1's, though seat 1 then leads in groups: the rival a
    Place from winning is the danger."""
    from grail_tui.games.strings.bots.strong import value
    from grail_tui.games.strings.engine.flow import _remove_group
    from tests.strings.test_bots import three_rivals_one_a_place_short

    ends = {}
    for rival in (1, 2):
        game, targets = three_rivals_one_a_place_short()
        _remove_group(game, targets[rival], to_hand=True)  # back to its owner's hand
        assert game.board.count_groups(rival) == {1: 7, 2: 6}[rival]
        ends[rival] = value(game, 0, HeuristicBot(0))
    assert ends[2] > ends[1]
