"""STRINGS.md §22, structure, links and uniqueness (cases 51-56)."""

from __future__ import annotations

import pytest

from grail_tui.games.strings.engine import (
    AgentError,
    CostError,
    Link,
    Move,
    MoveError,
    NoTokenError,
    NotYoursError,
    OncePerTurnError,
    PlaceAgent,
    PlaceResource,
    PlayPlot,
    UniquenessError,
)
from tests.strings.helpers import A, B, C, D, E, F, at_main, hand, pass_windows, reprint, seat


def test_s22_51_a_move_costs_the_moved_groups_own_token_and_never_under_itself():
    game = at_main(A, B)
    mover = seat(game, 0, "K07", tokens=0)  # 2 out-arrows
    puppet = seat(game, 0, "K08", under=mover)
    other = seat(game, 0, "K04")
    with pytest.raises(NoTokenError, match="costs its own token"):
        game.apply(Move(0, mover, other, 0))
    game.board.tokens[mover] = 1
    with pytest.raises(MoveError, match="under itself or one of its own puppets"):
        game.apply(Move(0, mover, puppet, 0))
    game.apply(Move(0, mover, other, 0))
    assert game.board.master[mover] == other and game.board.master[puppet] == mover
    assert game.board.tokens.get(mover, 0) == 0 and game.board.tokens.get(other) == 1


def _resource(game, player, card_id):
    card = hand(game, player, card_id, owner=player)
    game.group_hand[player].remove(card)
    game.board.resources[player].append(card)
    game.board.controller[card] = player
    game.board.links[card] = game.board.cabal[player]
    return card


def test_s22_52_a_link_moves_once_a_turn_and_a_standing_plots_never():
    game = at_main(D, B)
    resource = _resource(game, 0, "R10")
    first = game.board.groups_of(0)[0]
    second = seat(game, 0, "K14")
    game.apply(Link(0, resource, first))
    pass_windows(game)
    with pytest.raises(OncePerTurnError, match="at most once a turn"):
        game.apply(Link(0, resource, second))
    press = hand(game, 0, "P37", owner=0)
    game.apply(PlayPlot(0, press, second))
    pass_windows(game)
    assert game.board.links[press] == second
    with pytest.raises(NotYoursError):
        game.apply(Link(0, press, first))


def test_s22_53_conflicting_links_are_both_suspended_until_one_leaves():
    game = at_main(F, B)
    group = seat(game, 0, "K04", alignments=("state",))
    militia = _resource(game, 0, "R12")
    game.board.links[militia] = group
    assert "militant" in game.board.alignments(group) and game.board.power(group) == game.defs[group].power + 1
    oath = hand(game, 0, "P36", owner=0)
    game.apply(PlayPlot(0, oath, group))
    pass_windows(game)
    assert game.board.alignments(group) == ("state",)
    assert game.board.power(group) == game.defs[group].power
    assert game.board.resistance(group) == game.defs[group].resistance
    game.apply(Link(0, militia, game.board.cabal[0]))
    assert "pacifist" in game.board.alignments(group)
    assert game.board.resistance(group) == game.defs[group].resistance + 3


def test_s22_54_unique_resources_once_a_game_others_one_copy_at_a_time():
    game = at_main(D, C)
    satellite = _resource(game, 0, "R04")  # unique
    game.entered_unique.add("R04")
    game.board.resources[0].remove(satellite)
    del game.board.controller[satellite], game.board.links[satellite]
    game.group_hand[0].append(satellite)
    with pytest.raises(UniquenessError, match="unique and has been in play"):
        game.apply(PlaceResource(0, satellite))
    theirs = _resource(game, 1, "R10")
    mine = hand(game, 0, "R10", owner=0)
    with pytest.raises(UniquenessError, match="one copy at a time"):
        game.apply(PlaceResource(0, mine))
    game.board.resources[1].remove(theirs)
    del game.board.controller[theirs], game.board.links[theirs]
    game.apply(PlaceResource(0, mine))
    assert mine in game.board.resources[0]


def test_s22_55_a_new_agenda_of_a_colour_replaces_the_old_one():
    game = at_main(B, C)
    cabal = game.board.cabal[0]
    outrage = hand(game, 0, "P45", owner=0)
    martial = hand(game, 0, "P46", owner=1)
    consensus = hand(game, 0, "P48", owner=1)
    game.apply(PlayPlot(0, outrage))
    pass_windows(game)
    game.board.tokens[cabal] = 1
    game.apply(PlayPlot(0, consensus))
    pass_windows(game)
    game.board.tokens[cabal] = 1
    game.apply(PlayPlot(0, martial))
    pass_windows(game)
    assert game.board.agendas == {"crimson": martial, "azure": consensus}
    assert outrage in game.discard[0]


def test_s22_56_cabal_agents_name_an_opponents_cabal_once_and_need_both_decks():
    game = at_main(A, B, E)
    own = hand(game, 0, "CB1", owner=1)
    with pytest.raises(AgentError, match="your own Cabal"):
        game.apply(PlaceAgent(0, own))
    mirror = hand(game, 0, "CB6", owner=2)  # E's second Cabal: nobody uses it
    with pytest.raises(AgentError, match="No opponent uses"):
        game.apply(PlaceAgent(0, mirror))
    choir = hand(game, 0, "CB2", owner=0)
    game.apply(PlaceAgent(0, choir))
    pass_windows(game)
    second = own  # a second Hollow Choir card
    reprint(game, second, name="The Hollow Choir")
    with pytest.raises(AgentError, match="already"):
        game.apply(PlaceAgent(0, second))
    game.board.agents[0].clear()
    game.group_deck[0].clear()
    with pytest.raises(CostError, match="one is empty"):
        game.apply(PlaceAgent(0, second))


def test_the_wires_look_is_private_once_a_turn_and_costs_the_cabals_token():
    from grail_tui.games.strings.engine import Activate

    game = at_main(D, C)
    cabal = game.board.cabal[0]
    assert game.defs[cabal].id == "CB4"
    events = game.apply(Activate(0, cabal, 1))
    seen = [e for e in events if e.audience == 0]
    assert len(seen) == 1 and len(seen[0].cards) == 1 and seen[0].cards[0] in game.plot_hand[1]
    assert all(not e.cards or e.cards == (cabal,) for e in events if e.audience is None)
    assert [f.uid for f in game.view(0).seen[0][1]] == list(seen[0].cards) and game.view(1).seen == ()
    pass_windows(game)
    game.board.tokens[cabal] = 1
    with pytest.raises(OncePerTurnError, match="once a turn"):
        game.apply(Activate(0, cabal, 1))
