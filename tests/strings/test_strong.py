"""Pulling Strings' strong computer player: the worlds it deals agree with its view and hold only
what its seat cannot see; it decides from its view alone (twins); it searches where it matters,
within its effort; a game of it finishes and replays."""

from __future__ import annotations

import json
import random
import time

import pytest

from grail_tui.games.kit.terms import BotLevel, SetupRequest
from grail_tui.games.strings.bots import HeuristicBot, StrongBot
from grail_tui.games.strings.bots.world import can_sample
from grail_tui.games.strings.engine import CODEC, Declare, EndTurn, Game, PlayerView, Setup
from grail_tui.games.strings.kind import StringsKind
from tests.strings.engine.test_twins import twins
from tests.strings.helpers import A, B, C, D, E, F

KIND = StringsKind()


def encode(value: object) -> str:
    return json.dumps(CODEC.jsonable(value), sort_keys=True)


def hidden_places(game: Game, seat: int) -> dict[str, list[int]]:
    """Where ``seat`` cannot look: every rival's unrevealed hand cards and every deck but the
    bottom ``seat`` put under its own plot deck."""
    places: dict[str, list[int]] = {}
    for p in range(game.players):
        known = min(game.bottom_known[p], len(game.plot_deck[p])) if p == seat else 0
        places[f"plot deck {p}"] = game.plot_deck[p][known:]
        places[f"group deck {p}"] = list(game.group_deck[p])
        if p != seat:
            places[f"plot hand {p}"] = [c for c in game.plot_hand[p] if c not in game.revealed]
            places[f"group hand {p}"] = list(game.group_hand[p])
    return places


def quiet_positions(decks: tuple[str, ...], seed: int, every: int = 3):
    """Main-phase positions of a game of heuristic players, with the seat to act."""
    game = Game(Setup(seed=seed, decks=decks))
    bots = [HeuristicBot(seed + p) for p in range(game.players)]
    found = 0
    while not game.is_over:
        seat = game.to_act()[0]
        view = game.view(seat)
        if can_sample(view):
            found += 1
            if found % every == 0:
                yield game, seat, view
        game.apply(bots[seat].decide(view, view.legal))


def without_legal(view: PlayerView) -> str:
    # the legal list names token payers in the order the table keeps them, not what a seat sees;
    # a dealt world has no history of looks (it deals what the last look showed into that hand)
    data = CODEC.jsonable(view)
    data.pop("legal", None)
    data.pop("seen", None)
    return json.dumps(data, sort_keys=True)


@pytest.mark.parametrize(("decks", "seed"), [((A, B), 11), ((C, D, E), 12), ((F, E, B, A), 13)])
def test_a_dealt_world_agrees_with_the_view_and_deals_only_what_the_seat_cannot_see(decks, seed):
    checked = differed = 0
    for game, seat, view in quiet_positions(decks, seed):
        truth = hidden_places(game, seat)
        unseen = sorted(c for cards in truth.values() for c in cards)
        hands_dealt = set()
        for k in range(3):
            world = KIND.sample(view, random.Random(k))
            # the seat sees exactly what it saw: every public count and face, its own hands
            assert without_legal(world.view(seat)) == without_legal(view)
            dealt = hidden_places(world, seat)
            # the same places, each as full as the view counts it
            assert {p: len(c) for p, c in dealt.items()} == {p: len(c) for p, c in truth.items()}
            if not any(view.public.seats[p].eliminated for p in range(game.players)):
                # nothing the seat can see is dealt, and nothing unseen is lost
                assert sorted(c for cards in dealt.values() for c in cards) == unseen
            for p in range(world.players):
                for deck, back in ((world.plot_deck[p], "plot"), (world.group_deck[p], "group")):
                    assert all(world.owner[c] == p and world.defs[c].back == back for c in deck)
            hands_dealt.add(tuple(tuple(sorted(c)) for name, c in dealt.items() if "hand" in name))
            # the dice are the world's own, not the real game's
            assert world.setup.seed != game.setup.seed
        checked += 1
        differed += len(hands_dealt) > 1
    assert checked >= 5
    assert differed >= checked // 2  # the rivals' hands are dealt, not copied


def test_only_the_quiet_main_phase_is_dealt():
    game = Game(Setup(seed=4, decks=(A, B)))
    view = game.view(0)  # choosing a Cabal
    with pytest.raises(ValueError, match="quiet main phase"):
        KIND.sample(view, random.Random(0))
    with pytest.raises(ValueError, match="seat's view"):
        KIND.sample(game.public_view(), random.Random(0))


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
