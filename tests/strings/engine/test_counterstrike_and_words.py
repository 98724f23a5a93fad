"""HR-84's Counterstrike in full (the attack it makes, what it tells the table, what it changes for
the first-turn shield and for goals that read history), and the words the engine gives a game's
end, a seat's name and a refused rebuild."""

from __future__ import annotations

import pytest

from grail_tui.games.strings.engine import (
    AttackKind,
    Commit,
    Declare,
    Ending,
    Game,
    Happened,
    Outcome,
    PlayPlot,
    Support,
)
from grail_tui.games.strings.engine.rules import shielded
from tests.strings.helpers import A, B, F, Loaded, at_main, hand, pass_until, seat


def _failed_attack_answered():
    """Seat 0's group attacks seat 1's and fails on 11; seat 1 answers with a revealed
    Counterstrike by its own group with a token. Three players: seat 2 may take a side."""
    game = at_main(A, B, F)
    attacker = seat(game, 0, "K04", alignments=())
    target = seat(game, 1, "K07", alignments=())
    striker = seat(game, 1, "K08", alignments=())
    helper = game.board.cabal[2]
    game.board.tokens[helper] = 1
    game.apply(Declare(0, attacker, target, AttackKind.CONTROL))
    game.apply(Commit(0))
    game.rolls = Loaded(5, 6)
    pass_until(game, lambda: game.prompt() == "counter")
    counter = hand(game, 1, "P19", owner=1)
    game.revealed.add(counter)
    game.finished_first[1] = False  # seat 1's shield is up again: only whom it attacked may reach it
    game.destroy_tried[1] = False
    events = game.apply(PlayPlot(1, counter, striker))
    return game, events, attacker, striker, counter, helper


def test_hr84_counterstrike_is_a_committed_open_attack_to_destroy_told_to_everyone():
    game, events, attacker, striker, counter, helper = _failed_attack_answered()
    told = [e for e in events if isinstance(e, Happened) and e.what == "counterstrikes"]
    assert [(e.player, e.cards) for e in told] == [(1, (counter, striker, attacker))]
    attack = game.public_view().attack
    assert attack is not None and (attack.player, attack.attacker, attack.target.uid) == (1, striker, attacker)
    assert (attack.attack_kind, attack.committed, attack.closed) == ("destroy", True, False)
    assert game.attack is not None and game.attack.use_global is False
    assert counter not in game.revealed and counter not in game.plot_hand[1]  # played: no longer shown in a hand
    assert game.prompt() == "support" and game.to_act() == (1,)
    assert game.attack.sides == {1: game.attack.sides[1], 0: game.attack.sides[0]}
    assert (game.attack.sides[1].value, game.attack.sides[0].value) == ("attack", "defence")


def test_hr84_a_third_player_may_support_either_side_of_a_counterstrike():
    game, _events, _attacker, _striker, _counter, helper = _failed_attack_answered()
    game.apply(next(a for a in game.legal_actions(1) if type(a).__name__ == "Pass"))
    pass_until(game, lambda: game.to_act() == (2,))
    sides = {a.side.value for a in game.legal_actions(2) if isinstance(a, Support) and a.card == helper}
    assert sides == {"attack", "defence"}  # not a Closed-Door Meeting


def test_hr84_counterstrike_counts_as_attacking_and_as_trying_to_destroy():
    game, *_ = _failed_attack_answered()
    assert (1, 0) in game.attacked and not shielded(game, 0, 1)  # seat 0 may strike back at once (§18)
    assert shielded(game, 2, 1)  # but not a player seat 1 has not attacked
    assert game.destroy_tried[1] is True  # for the goal that reads "never tried to destroy" (HR-77)


@pytest.mark.parametrize(("outcome", "names", "words"), [
    (Outcome(Ending.GOAL, (), ""), None, "Nobody wins."),
    (Outcome(Ending.ROUND_LIMIT, (), ""), ("Ann", "Bo"), "Nobody wins."),
    (Outcome(Ending.GOAL, (0,), "the basic goal"), None, "Player 1 wins by the basic goal."),
    (Outcome(Ending.GOAL, (1,), "Deep Roots"), ("Ann", "Bo"), "Bo wins by Deep Roots."),
    (Outcome(Ending.GOAL, (0, 2), "the special goal"), None, "Player 1 and Player 3 share the victory by the special goal."),
    (Outcome(Ending.SURVIVOR, (1,), ""), None, "Player 2 wins: every other Cabal is gone."),
    (Outcome(Ending.ROUND_LIMIT, (0,), ""), ("Ann", "Bo"), "Ann wins at the round limit, controlling the most groups."),
    (Outcome(Ending.ROUND_LIMIT, (0, 1), ""), ("Ann", "Bo"),
     "Ann and Bo share the victory at the round limit, controlling the most groups."),
    (Outcome(Ending.ROUND_LIMIT, (0, 1, 3), ""), None,
     "Player 1, Player 2 and Player 4 share the victory at the round limit, controlling the most groups."),
    (Outcome(Ending.SURVIVOR, (0, 1, 2, 3), ""), ("Ann", "Bo", "Cy", "Di"),
     "Ann, Bo, Cy and Di share the victory: every other Cabal is gone."),
])
def test_the_end_of_a_game_in_words(outcome, names, words):
    assert outcome.describe((lambda p: names[p]) if names else None) == words
    assert outcome.winner == (outcome.winners[0] if len(outcome.winners) == 1 else None)


def test_a_seat_without_a_name_is_called_by_its_number():
    game = at_main(A, B, F, names=("Ann", "Bo"))
    public = game.public_view()
    assert [public.name(p) for p in range(3)] == ["Ann", "Bo", "Player 3"]
    assert at_main(A, B).public_view().name(1) == "Player 2"


def test_a_game_is_not_rebuilt_from_a_view():
    game = at_main(A, B)
    with pytest.raises(NotImplementedError) as refused:
        Game.from_view(game.view(0))
    assert str(refused.value) == ("Pulling Strings does not rebuild a game from a view; a view lists its seat's "
                                  "legal actions instead")
