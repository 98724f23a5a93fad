"""What the checks allow at their edges, where a refusal would be the mistake (test_refusals.py has
what they refuse, in the player's words): the first seat as anyone's target, a shield lowered by an
attack, and the like."""

from __future__ import annotations

from grail_tui.games.strings.engine import Activate, Draw, EndTurn, Game, Place
from grail_tui.games.strings.engine.events import Saw
from tests.strings.helpers import C, D, choose_cabals, choose_starts, new_game, pass_windows


def wire_for(player: int) -> Game:
    """``player``'s (seat 0's or seat 1's) main phase of a two-player game, its Cabal The Unblinking
    Wire, whose ability looks at an opponent's plot hand; every shield down."""
    game = new_game(C, D)
    choose_cabals(game, *(("CB4",) if player == 0 else (None, "CB4")))  # type: ignore[arg-type]
    choose_starts(game)
    game.apply(Draw(0, False, False))
    game.apply(Place(0, -1))
    pass_windows(game)
    if player == 1:
        game.apply(EndTurn(0))
        pass_windows(game)
        game.apply(Draw(1, False, False))
        game.apply(Place(1, -1))
        pass_windows(game)
    game.finished_first = [True] * game.players
    assert game.active == player and game.prompt() == "main"
    return game


def test_s6_4_the_second_seat_looks_at_the_first_seats_hand():
    game = wire_for(1)
    wire = game.board.cabal[1]
    assert Activate(1, wire, 0) in game.legal_actions(1)
    events = game.apply(Activate(1, wire, 0))
    (saw,) = [e for e in events if isinstance(e, Saw)]
    assert (saw.player, saw.about) == (1, 0) and set(saw.cards) <= set(game.plot_hand[0])


def test_s18_a_player_who_attacked_me_is_no_longer_shielded_from_my_looks():
    game = wire_for(0)
    wire = game.board.cabal[0]
    game.finished_first[1] = False
    assert game.why_illegal(Activate(0, wire, 1)) is not None  # shielded in its first turn
    game.attacked.add((1, 0))  # but it attacked seat 0
    assert game.why_illegal(Activate(0, wire, 1)) is None
    game.apply(Activate(0, wire, 1))
