"""Every way a game of Grail Succession ends, each with its winner, the final holdings,
the scores part by part, the last events and what everyone is shown."""

from __future__ import annotations

import random

from grail_tui.games.succession.engine import (
    Game,
    GameEnded,
    Outcome,
    Play,
    Score,
    Setup,
    Take,
    Termination,
    Took,
)

from ..helpers import cards, codes, position


def held(text: str) -> tuple:
    return tuple(sorted(cards(text)))


def assert_shown_to_everyone(game, ended: GameEnded) -> None:
    """At the end nothing is asked of anyone and every secret is in the public view."""
    view = game.public_view()
    assert view.outcome == game.outcome == ended.outcome and view.is_over and game.is_over
    assert view.aside == ended.aside == game.aside
    assert view.hands == ended.hands == (tuple(game.hands[0]), tuple(game.hands[1]))
    assert view.deck == ended.deck == tuple(game.deck)
    assert game.to_act() == view.to_act == () and game.legal_actions(0) == game.legal_actions(1) == ()
    assert not game.view(0).waiting and not game.view(1).waiting
    assert game.history[-1] == ended


def test_seat_one_wins_on_points_with_the_last_take_of_round_four():
    game = position(round_=4, turn=11, starter=1, took=(False, True), aside="G G G", deck="",
                    taken=("5 5 6 7", "8 8 8 -3 6 6"), row="+3 5 6 7 8", names=("Ann", "Bo"))
    assert game.mover == 0 and game.legal_actions(0) == (Take(0),)
    events = game.apply(Take(0))
    # Ann: three 5s, two 6s, two 7s, one 8 and +3; Bo: two 6s, three 8s and -3
    ann = Score((3, 2, 2, 1), 5 + 7, 1, 3, 12 + 5 + 3)  # more 5s and 7s; the 6s are tied; one set
    bo = Score((0, 2, 0, 3), 8, 0, -3, 8 - 3)  # more 8s; no 5, so no set
    outcome = Outcome(Termination.SCORED, 0, (ann, bo))
    assert game.outcome == outcome
    assert events == [Took(0, tuple(cards("+3 5 6 7 8"))), GameEnded(outcome, game.aside, ((), ()), ())]
    assert game.public_view().taken == (held("5 5 6 7 +3 5 6 7 8"), held("8 8 8 -3 6 6"))
    assert (game.round, game.turn, game.turns_played) == (4, 12, 48)
    assert outcome.describe() == "Player 1 wins by 20 points to 5."
    assert outcome.describe(game.public_view().name) == "Ann wins by 20 points to 5."
    assert_shown_to_everyone(game, events[-1])


def test_seat_two_wins_on_points_with_the_last_card_of_round_four():
    game = position(round_=4, turn=11, starter=0, took=(True, True), hands=("", "-1"), deck="",
                    taken=("5 6 7 8 -2", "5 5 6 6 7 7 8 8 +2"), names=("Ann", "Bo"))
    assert game.mover == 1 and game.legal_actions(1) == (Play(1, cards("-1")[0]),)
    events = game.apply(Play(1, cards("-1")[0]))
    ann = Score((1, 1, 1, 1), 0, 1, -2, 0 + 5 - 2)
    bo = Score((2, 2, 2, 2), 5 + 6 + 7 + 8, 2, 2, 26 + 10 + 2)  # more of every faction, two sets
    outcome = Outcome(Termination.SCORED, 1, (ann, bo))
    assert game.outcome == outcome and events[-1] == GameEnded(outcome, game.aside, ((), ()), ())
    assert codes(game.row)[-1] == "-1" and game.public_view().taken == (held("5 6 7 8 -2"),
                                                                          held("5 5 6 6 7 7 8 8 +2"))
    assert outcome.describe() == "Player 2 wins by 38 points to 3."
    assert outcome.describe(game.public_view().name) == "Bo wins by 38 points to 3."
    assert_shown_to_everyone(game, events[-1])


def test_equal_totals_after_round_four_are_a_draw():
    game = position(round_=4, turn=11, starter=1, took=(True, True), hands=("+1", ""), deck="",
                    taken=("5 5 6 +3", "6 6 5 -1 +3"))
    events = game.apply(Play(0, cards("+1")[0]))
    first = Score((2, 1, 0, 0), 5, 0, 3, 8)  # more 5s, and +3
    second = Score((1, 2, 0, 0), 6, 0, 2, 8)  # more 6s, and +3 - 1
    outcome = Outcome(Termination.SCORED, None, (first, second))
    assert game.outcome == outcome and events[-1] == GameEnded(outcome, game.aside, ((), ()), ())
    assert outcome.describe() == "A draw: both score 8."
    assert_shown_to_everyone(game, events[-1])


def test_a_third_grail_taken_ends_the_game_at_once_and_shows_the_hands():
    game = position(round_=2, turn=2, starter=1, taken=("", "G 5"), row="5 6 7 G 6 G",
                    hands=("7 7 8 +1", "8 8 +2 -1"), names=("Ann", "Bo"))
    assert game.mover == 1
    events = game.apply(Take(1))
    outcome = Outcome(Termination.GRAIL, 1, ())
    assert game.outcome == outcome
    hands = (held("7 7 8 +1"), held("8 8 +2 -1"))  # cards still in hand count for nothing
    assert events == [Took(1, tuple(cards("6 7 G 6 G"))), GameEnded(outcome, game.aside, hands, tuple(game.deck))]
    assert game.public_view().taken == ((), held("G 5 6 7 G 6 G")) and codes(game.row) == ["5"]
    assert (game.round, game.turn) == (2, 3)  # mid-round, mid-game
    assert outcome.describe() == "Player 2 holds all three grail cards and wins at once."
    assert outcome.describe(game.public_view().name) == "Bo holds all three grail cards and wins at once."
    assert_shown_to_everyone(game, events[-1])


def test_a_short_row_taken_whole_can_hold_the_last_two_grails():
    game = position(turn=4, starter=0, taken=("G", ""), row="G G", hands=("5", "6"), deck=None)
    events = game.apply(Take(0))
    assert game.outcome == Outcome(Termination.GRAIL, 0, ()) and game.row == []
    assert events[0] == Took(0, tuple(cards("G G"))) and isinstance(events[-1], GameEnded)
    assert game.public_view().taken == (held("G G G"), ())


def test_two_grails_held_do_not_end_the_game():
    game = position(turn=4, starter=0, taken=("G", ""), row="5 G", hands=("5", "6"))
    events = game.apply(Take(0))
    assert game.outcome is None and len(events) == 1 and game.mover == 1
    assert game.public_view().taken == (held("G 5 G"), ())


def test_a_grail_taken_by_the_rival_of_a_two_grail_holder_ends_nothing():
    game = position(turn=5, starter=0, taken=("G G", ""), row="5 G", hands=("5", "6"))
    assert game.mover == 1
    game.apply(Take(1))
    assert game.outcome is None and game.public_view().taken == (held("G G"), held("5 G"))


def test_a_whole_game_played_out_is_scored_as_counted_by_hand():
    """A game dealt by its seed and played by a fixed rule, to the end of round four;
    the score is counted again here, card by card, from the holdings."""
    game_seed, found = 0, None
    while found is None:
        game = Game(Setup(seed=game_seed))
        while not game.is_over:
            legal = game.legal_actions(game.mover)
            game.apply(legal[random.Random(game.turns_played + game_seed).randrange(len(legal))])
        if game.outcome is not None and game.outcome.termination is Termination.SCORED and \
                game.outcome.winner is not None:
            found = game
        game_seed += 1
    outcome = found.outcome
    assert outcome is not None
    for seat in (0, 1):
        mine, theirs = found.taken[seat], found.taken[1 - seat]
        counts = tuple(codes(mine).count(str(v)) for v in (5, 6, 7, 8))
        rival = tuple(codes(theirs).count(str(v)) for v in (5, 6, 7, 8))
        majority = sum(v for v, a, b in zip((5, 6, 7, 8), counts, rival, strict=True) if a > b)
        extra = sum(int(c) for c in codes(mine) if c[0] in "+-")
        assert outcome.scores[seat] == Score(counts, majority, min(counts), extra,
                                             majority + 5 * min(counts) + extra)
    totals = [s.total for s in outcome.scores]
    assert outcome.winner == totals.index(max(totals)) and totals[0] != totals[1]
    assert found.deck == [] and found.hands == [[], []] and found.turns_played == 48

