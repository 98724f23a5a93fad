"""Pulling Strings' computer players: the heuristic one reads the odds of STRINGS.md appendix A,
beats the random one with seats rotating, never gives a rival cards, and decides from its seat's
view alone."""

from __future__ import annotations

from grail_tui import tournament
from grail_tui.games.kit.terms import BotLevel, SetupRequest
from grail_tui.games.strings.bots.heuristic import chance
from grail_tui.games.strings.engine import Answer, Give, Offer, Swap
from grail_tui.games.strings.kind import StringsKind

KIND = StringsKind()


def test_the_heuristic_reads_the_odds_of_appendix_a():
    # successes in 36 by margin: <=1 never, 11 and 12 always fail, so at most 33 in 36
    assert [round(chance(m) * 36) for m in range(-3, 14)] == \
        [0, 0, 0, 0, 0, 1, 3, 6, 10, 15, 21, 26, 30, 33, 33, 33, 33]


def test_the_heuristic_beats_the_random_player_with_seats_rotating():
    summary = tournament.run(["heuristic", "random"], 12, seed=3, game="strings")
    wins = {row["bot"]: row["wins"] for row in summary["per_entry"]}
    assert wins["heuristic"] >= 11, summary["per_entry"]


def test_the_heuristic_never_offers_or_gives_a_rival_anything():
    setup = KIND.make_setup(SetupRequest(players=3, seed=5, options={"turn_limit": 8}))
    state = KIND.new_state(setup)
    bots = [KIND.make_bot(BotLevel.HEURISTIC, seat) for seat in range(3)]
    could_give = 0
    while not state.is_over:
        seat = state.to_act()[0]
        view = state.view(seat)
        legal = KIND.legal_from_view(view, seat)
        could_give += any(isinstance(a, (Offer, Give, Swap)) for a in legal)
        action = bots[seat].decide(view, legal)
        assert action in legal and not isinstance(action, (Offer, Give, Swap))
        state.apply(action)
    assert could_give > 50  # it had the chance, often


def test_the_heuristic_refuses_a_swap_of_resources():
    from tests.strings.engine.test_swaps import _table

    game, convoy, tank = _table()
    game.apply(Swap(0, convoy, 1, tank))
    bot = KIND.make_bot(BotLevel.HEURISTIC, 1)
    view = game.view(1)
    assert bot.decide(view, KIND.legal_from_view(view, 1)) == Answer(1, False)


def test_the_heuristic_strikes_at_a_rivals_claim_instead_of_letting_it_stand():
    from grail_tui.games.strings.engine import Pass, PlayPlot
    from tests.strings.engine.test_victory import end_turn, grow
    from tests.strings.helpers import A, B, at_main, hand

    game = at_main(A, B)
    grow(game, 0, 12)
    end_turn(game)  # seat 0 meets the basic goal and claims it
    strike = hand(game, 1, "P24", owner=0)
    while game.to_act()[0] != 1:
        game.apply(Pass(game.to_act()[0]))
    view = game.view(1)
    assert view.public.claims and view.public.claims[0][0] == 0
    choice = KIND.make_bot(BotLevel.HEURISTIC, 1).decide(view, KIND.legal_from_view(view, 1))
    assert isinstance(choice, PlayPlot) and choice.card == strike
    assert game.board.controller[choice.target] == 0
