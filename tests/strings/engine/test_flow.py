"""What the plays do once they resolve, and what follows on its own (flow.py), as a player sees it:
each plot's effect on the table, the hands and what its player is shown; claims with goal cards;
resources that paid a token."""

from __future__ import annotations

import dataclasses

import pytest

from grail_tui.games.strings.engine import AttackKind, DrawGroup, Game, Give, LinkError, PlayPlot
from grail_tui.games.strings.engine.events import Saw
from tests.strings.helpers import (
    A,
    B,
    C,
    D,
    at_main,
    clear_hands,
    hand,
    lift,
    pass_until,
    pass_windows,
    reprint,
    seat,
    uid,
)


def main_of(*decks: str) -> Game:
    game = at_main(*decks)
    clear_hands(game)
    return game


def resolved(game: Game) -> list[object]:
    """Everyone passes until the windows close: the events on the way (the plot resolving)."""
    before = len(game.history)
    pass_windows(game)
    return game.history[before:]


def test_s8_10_sudden_audit_takes_a_token_from_its_group():
    game = main_of(A, B)
    group = seat(game, 1, "K09", owner=1, tokens=2)
    game.apply(PlayPlot(0, hand(game, 0, "P17"), group))
    pass_windows(game)
    assert game.board.tokens[group] == 1


def test_s8_10_fresh_faces_returns_a_group_to_its_owners_hand_and_draws_a_group_card():
    game = main_of(A, C)
    group = seat(game, 0, "K04")
    drawn = game.group_deck[0][-1]
    game.apply(PlayPlot(0, hand(game, 0, "P32"), group))
    pass_windows(game)
    assert not game.board.in_structure(group) and group in game.group_hand[game.owner[group]]
    assert drawn in game.group_hand[0]


def test_s4_wiretap_shows_its_player_the_chosen_opponents_group_hand_and_no_one_else():
    game = main_of(D, B)
    held = [hand(game, 1, card_id, owner=1) for card_id in ("K09", "K10")]
    game.apply(PlayPlot(0, hand(game, 0, "P30"), seat=1))
    (saw,) = [e for e in resolved(game) if isinstance(e, Saw)]
    assert (saw.player, saw.about, sorted(saw.cards)) == (0, 1, sorted(held))


def test_s4_last_minute_leak_shows_its_player_the_chosen_opponents_plot_hand():
    game = main_of(D, B)
    held = [hand(game, 1, card_id, owner=1) for card_id in ("P02", "P16")]
    game.apply(PlayPlot(0, hand(game, 0, "P20"), seat=1))
    (saw,) = [e for e in resolved(game) if isinstance(e, Saw)]
    assert (saw.player, saw.about, sorted(saw.cards)) == (0, 1, sorted(held))


def test_s8_10_shred_the_archives_mills_three_group_cards_of_the_chosen_opponent():
    game = main_of(D, B)
    top = game.group_deck[1][-3:]
    game.apply(PlayPlot(0, hand(game, 0, "P34"), seat=1))
    pass_windows(game)
    assert set(top) <= set(game.discard[1]) and not set(top) & set(game.group_deck[1])


def test_s11_a_resource_that_paid_a_token_has_been_used_and_cannot_be_given_this_turn():
    game = main_of(A, D)
    board = game.board
    card = uid(game, "R04")
    lift(game, card)
    board.resources[0].append(card)
    board.controller[card] = 0
    board.links[card] = board.cabal[0]
    board.tokens[card] = 1
    game.apply(DrawGroup(0, card))
    pass_windows(game)
    with pytest.raises(LinkError):
        game.apply(Give(0, card, 1))


def test_s16_a_goal_card_claimed_and_still_met_wins_in_its_name():
    from grail_tui.games.strings.engine import Ending
    from tests.strings.engine.test_legal_lists import claiming

    game = claiming()  # seat 0 claims with Deep Roots at the end of its turn
    (claim,) = game.claims
    pass_windows(game)
    assert game.outcome is not None and game.outcome.ending is Ending.GOAL
    assert (game.outcome.winners, game.outcome.reason) == ((0,), game.name(claim.goal_card))


def test_s16_a_goal_card_no_longer_met_when_the_claims_are_judged_wins_nothing():
    from tests.strings.engine.test_legal_lists import claiming

    game = claiming()
    deepest = game.board.groups_of(0)[-1]
    game.board.detach(deepest)  # the chain is cut before the window closes
    for place in (game.board.arrows, game.board.controller, game.board.tokens):
        place.pop(deepest, None)
    pass_windows(game)
    assert game.outcome is None and game.active == 1


def test_s8_9_a_standing_plot_on_a_destroyed_group_is_discarded_to_its_owners_pile():
    from grail_tui.games.strings.engine import Shelter
    from tests.strings.helpers import Loaded, reprint

    game = main_of(A, B)
    victim = seat(game, 1, "K09", owner=1, tokens=0)
    reprint(game, victim, power=0)  # any strike's strength reaches it
    standing = uid(game, "P38", 0)
    lift(game, standing)
    game.board.links[standing] = victim
    game.board.controller[standing] = 1
    game.apply(PlayPlot(0, hand(game, 0, "P24", owner=0), victim))
    game.rolls = Loaded(1, 1)
    pass_until(game, lambda: game.prompt() == "shelter")
    game.apply(Shelter(1))
    assert standing in game.discard[game.owner[standing]] and standing not in game.board.links


def test_s8_10_plausible_deniability_cancels_a_strike_at_ones_own_group():
    game = main_of(A, C)
    victim = seat(game, 1, "K09", owner=1, tokens=0)
    strike = hand(game, 0, "P24", owner=0)
    game.apply(PlayPlot(0, strike, victim))
    deniability = hand(game, 1, "P14")
    assert PlayPlot(1, deniability) in game.legal_actions(1)
    game.apply(PlayPlot(1, deniability))
    pass_windows(game)
    assert game.board.in_structure(victim) and game.shelter is None
    assert strike in game.discard[game.owner[strike]] and deniability in game.discard[game.owner[deniability]]


def test_s17_a_player_eliminated_in_a_lap_leaves_the_table_its_hands_and_the_lap():
    """Seat 1, asked in the round-table lap after seat 0 showed a card, strikes seat 2's last group:
    seat 2 leaves the game with its hands, decks and resources; the lap goes on without it."""
    from grail_tui.games.strings.engine import Pass, Reveal, Shelter
    from tests.strings.helpers import F, Loaded, reprint

    game = main_of(A, B, F)
    board = game.board
    last = board.groups_of(2)[0]
    reprint(game, last, power=0)
    resource = uid(game, "R08")
    lift(game, resource)
    board.resources[2].append(resource)
    board.controller[resource] = 2
    board.links[resource] = board.cabal[2]
    held = hand(game, 2, "P02")
    game.apply(Reveal(0, hand(game, 0, "P01", owner=0)))
    assert game.prompt() == "round table" and game.to_act() == (1,)
    game.apply(PlayPlot(1, hand(game, 1, "P24"), last))
    game.rolls = Loaded(1, 1)
    pass_until(game, lambda: game.prompt() == "shelter")
    game.apply(Shelter(2))
    assert game.eliminated[2] and game.outcome is None
    assert not (game.plot_hand[2] or game.group_hand[2] or game.plot_deck[2] or game.group_deck[2])
    assert held not in board.controller and resource not in board.controller and not board.resources[2]
    assert board.cabal[2] not in board.arrows
    seen = []
    for _ in range(10):
        if game.active == 0 and not game.windows:
            break
        seen += game.to_act()
        game.apply(Pass(game.to_act()[0]))
    assert 2 not in seen and game.active == 0 and game.prompt() == "main"


def _resource_of(game: Game, player: int, card_id: str, tokens: int = 0) -> int:
    card = uid(game, card_id)
    lift(game, card)
    board = game.board
    board.resources[player].append(card)
    board.controller[card] = player
    board.links[card] = board.cabal[player]
    if tokens:
        board.tokens[card] = tokens
    return card


def _round_to(game: Game, player: int) -> None:
    """End turns (hands emptied, so nothing is due) until ``player``'s main phase begins."""
    from grail_tui.games.strings.engine import Draw, EndTurn, Place

    for _turn in range(game.players + 1):
        clear_hands(game)
        game.apply(EndTurn(game.active))
        pass_windows(game)
        game.apply(Draw(game.active, False, False))
        game.apply(Place(game.active, -1))
        pass_windows(game)
        if game.active == player:
            return
    raise AssertionError("the turn never came round")


def test_s6_1_a_new_turn_starts_afresh_for_what_is_once_a_turn():
    """A link moved, a resource used, an ability used, an attacker called off, offers made, a
    placement and a group draw taken: each is refused again this turn and allowed in the next."""
    from grail_tui.games.strings.engine import Activate, CallOff, Declare, Link, Offer, PlaceResource

    game = main_of(C, D)
    board = game.board
    satellite = _resource_of(game, 0, "R04", tokens=1)  # on the Cabal: a look at a deck top once a turn
    codex = _resource_of(game, 0, "R11")
    mine = board.groups_of(0)[0]
    for action in (Link(0, codex, mine), Activate(0, satellite, 1, "plot")):
        game.apply(action)
        pass_windows(game)
    game.apply(Declare(0, mine, board.groups_of(1)[0], AttackKind.DESTROY))
    game.apply(CallOff(0))
    game.offers_made[0] = 3
    game.resource_placements = game.group_draws = 1
    spare = next(c for c in game.group_deck[0] if game.defs[c].kind == "resource")

    def refusals() -> list[str | None]:
        board.tokens[satellite] = 1
        return [game.why_illegal(a) for a in (
            Link(0, codex, board.cabal[0]), Give(0, satellite, 1), Activate(0, satellite, 1, "group"),
            Declare(0, mine, board.groups_of(1)[0], AttackKind.DESTROY), Offer(0, 1, (hand(game, 0, "P01"),)),
            PlaceResource(0, hand(game, 0, game.defs[spare].id)), DrawGroup(0, board.cabal[0]))]

    assert None not in refusals()
    _round_to(game, 0)
    assert refusals() == [None] * 7


def test_s11_the_lantern_codex_draws_one_more_plot_card_at_the_start_of_the_turn():
    from grail_tui.games.strings.engine import Draw, EndTurn, Place

    game = main_of(C, D)
    _resource_of(game, 1, "R11")  # seat 1's: one more plot card in its draws
    game.apply(EndTurn(0))
    pass_windows(game)
    before = len(game.plot_hand[1])
    game.apply(Draw(1, True, False))
    assert len(game.plot_hand[1]) == before + 2
    game.apply(Place(1, -1))


def test_s15_a_unique_resource_that_has_left_play_never_enters_again():
    from grail_tui.games.strings.engine import PlaceResource, UniquenessError

    game = main_of(A, D)
    satellite = hand(game, 0, "R04")
    game.apply(PlaceResource(0, satellite))
    pass_windows(game)
    board = game.board
    board.resources[0].remove(satellite)  # it leaves play (as with its player's elimination)
    del board.controller[satellite], board.links[satellite]
    game.group_hand[0].append(satellite)
    game.resource_placements = 0
    with pytest.raises(UniquenessError, match="^Pirate Satellite is unique and has been in play this game already.$"):
        game.apply(PlaceResource(0, satellite))


def test_s20_the_two_player_tournament_rule_no_cabal_token_after_a_free_placement():
    from grail_tui.games.strings.engine import Draw, Place
    from tests.strings.helpers import set_up

    for placing, tourney, refreshed in ((True, True, False), (False, True, True), (True, False, True)):
        game = set_up(A, B, tourney_two_player=tourney)
        clear_hands(game)
        cabal = game.board.cabal[0]
        game.board.tokens.pop(cabal, None)
        game.apply(Draw(0, False, True))
        card = next(c for c in game.group_hand[0] if game.defs[c].kind == "group")
        at, arrow = next(iter(game.board.open_arrows(0)))
        game.apply(Place(0, card, at, arrow) if placing else Place(0, -1))
        assert (game.board.tokens.get(cabal, 0) == 1) is refreshed, (placing, tourney)


def test_s8_10_power_cut_lasts_until_the_end_of_the_turn():
    from grail_tui.games.strings.engine import EndTurn

    game = main_of(A, B)
    group = seat(game, 1, "K09", owner=1, power=4)
    game.apply(PlayPlot(0, hand(game, 0, "P31"), group))
    pass_windows(game)
    assert game.board.power(group) < 4
    game.apply(EndTurn(0))
    assert game.board.power(group) == 4


def test_s8_9_a_group_taken_over_brings_its_resources_to_its_new_controller():
    from grail_tui.games.strings.engine import Commit, Declare
    from tests.strings.helpers import Loaded, reprint

    game = main_of(A, B)
    board = game.board
    target = seat(game, 1, "K09", owner=1)
    resource = _resource_of(game, 1, "R10")
    board.links[resource] = target
    reprint(game, board.cabal[0], power=40)  # the attack succeeds
    game.apply(Declare(0, board.cabal[0], target, AttackKind.CONTROL))
    game.apply(Commit(0))
    game.rolls = Loaded(1, 1)
    pass_windows(game)
    assert board.controller[target] == 0
    assert resource in board.resources[0] and resource not in board.resources[1] and board.controller[resource] == 0


def test_s12_a_resource_given_arrives_on_its_new_cabal_without_its_token():
    game = main_of(A, B)
    resource = _resource_of(game, 0, "R08", tokens=1)
    game.apply(Give(0, resource, 1))
    board = game.board
    assert resource in board.resources[1] and board.links[resource] == board.cabal[1]
    assert resource not in board.tokens


def test_s2_11_a_cabal_agent_costs_the_top_card_of_each_deck_to_the_discard_pile():
    from grail_tui.games.strings.engine import PlaceAgent

    game = main_of(A, B)
    agent = hand(game, 0, "CB2", owner=0)  # seat 1's Cabal
    tops = [game.plot_deck[0][-1], game.group_deck[0][-1]]
    game.apply(PlaceAgent(0, agent))
    assert agent in game.board.agents[0] and game.discard[0][-2:] == tops


def test_s13_4_a_group_card_discarded_goes_to_its_owners_pile():
    from grail_tui.games.strings.engine import Discard

    game = main_of(A, B)
    theirs = hand(game, 0, "K09", owner=1)  # held by seat 0 (a trade), owned by seat 1
    game.apply(Discard(0, theirs))
    assert theirs in game.discard[1] and theirs not in game.discard[0]


def test_s16_a_claim_by_the_basic_goal_wins_in_its_name_and_a_broken_claim_is_told_to_all():
    from grail_tui.games.strings.engine import Ending, EndTurn
    from grail_tui.games.strings.engine.events import Happened
    from tests.strings.engine.test_legal_lists import claiming
    from tests.strings.engine.test_victory import grow

    game = main_of(A, B)
    grow(game, 0, game.basic_goal())
    game.apply(EndTurn(0))
    pass_windows(game)
    assert game.outcome is not None and game.outcome.ending is Ending.GOAL
    assert (game.outcome.winners, game.outcome.reason) == ((0,), "the basic goal")

    game = claiming()  # a claim with a goal card, then cancelled: no claim stands
    game.apply(PlayPlot(1, next(c for c in game.plot_hand[1] if game.defs[c].id == "P15"), seat=0))
    told = [e for e in resolved(game) if isinstance(e, Happened) and e.what == "no claim stands"]
    assert [e.player for e in told] == [-1] and game.outcome is None


def test_s10_s12_the_log_of_a_gift_of_a_resource_a_link_and_an_agent_names_the_cards_and_the_players():
    """§4: what happens on the table is public: the resource given and to whom, the resource and
    the group it is linked to, the agent placed and the two cards it cost."""
    from grail_tui.games.strings.engine import Link, PlaceAgent
    from grail_tui.games.strings.engine.events import Happened

    def ids(game, *cards):
        return tuple(game.defs[c].id for c in cards)

    game = main_of(A, B)
    resource = _resource_of(game, 0, "R08", tokens=1)
    assert game.apply(Give(0, resource, 1))[0] == Happened(0, "gave", (resource,), ids(game, resource), 1)
    game = main_of(C, D)
    codex = _resource_of(game, 0, "R11")
    mine = game.board.groups_of(0)[0]
    assert game.apply(Link(0, codex, mine))[0] == Happened(0, "linked", (codex, mine), ids(game, codex, mine))
    assert game.board.links[codex] == mine
    game = main_of(A, B)
    agent = hand(game, 0, "CB2", owner=0)
    game.revealed.add(agent)  # shown from the hand before: in play now, no longer a card shown from a hand
    costs = [game.plot_deck[0][-1], game.group_deck[0][-1]]
    placed = game.apply(PlaceAgent(0, agent))[0]
    assert placed == Happened(0, "placed agent", (agent, *costs), ids(game, agent, *costs))
    assert agent not in game.revealed


def test_s11_a_look_at_a_whole_plot_hand_shows_every_card_and_a_random_look_one():
    """The Unblinking Wire shows one card at random of the chosen player's plot hand; the same
    look without 'at random' shows the whole hand; the table reads who looked at whose plot hand."""
    from grail_tui.games.strings.engine import Activate
    from grail_tui.games.strings.engine.events import Happened

    from .test_checks import wire_for

    for random_look in (True, False):
        game = wire_for(0)
        wire = game.board.cabal[0]
        if not random_look:
            effect = game.defs[wire].effects[0]
            ops = tuple({k: v for k, v in op.items() if k != "random"} for op in effect.do)
            reprint(game, wire, effects=(dataclasses.replace(effect, do=ops), *game.defs[wire].effects[1:]))
        game.board.tokens[wire] = 1
        events = game.apply(Activate(0, wire, 1))
        assert events[0] == Happened(0, "looked", (wire,), (game.defs[wire].id,), 1, "plot hand")
        shown = events[1].cards
        assert (len(shown) == 1 and shown[0] in game.plot_hand[1]) if random_look else sorted(shown) == sorted(game.plot_hand[1])
        assert len(game.plot_hand[1]) > 1


def test_s17_an_eliminated_player_takes_its_cards_in_play_away_and_the_window_asks_the_next_player():
    """§17: a player out of the game loses its resources, agents, standing plots on its Cabal and
    the tokens on them and on its Cabal; groups it brought into the open area leave; the window
    in progress skips it and asks the next player in turn; the last player standing wins as such."""
    from grail_tui.games.strings.engine.events import Ending, Happened
    from grail_tui.games.strings.engine.flow import _eliminate
    from grail_tui.games.strings.engine.game import Window
    from grail_tui.games.strings.engine.vocabulary import WindowKind

    for asked, expected in ((2, 3), (1, 1), (3, 3), (0, 0)):
        game = main_of(A, B, C, D)
        board = game.board
        resource = _resource_of(game, 2, "R08", tokens=1)
        cabal = board.cabal[2]
        standing = next(c for c in game.plot_deck[2] if game.defs[c].kind == "plot")
        game.plot_deck[2].remove(standing)
        board.links[standing] = cabal
        board.controller[standing] = 2
        board.tokens[cabal] = 1
        theirs, mine = game.group_deck[2].pop(), game.group_deck[0].pop()
        board.open_area.update({theirs: 2, mine: 0})
        game.windows = [Window(WindowKind.ROUND_TABLE, [1, 2, 3, 0], at=[1, 2, 3, 0].index(asked))]
        _eliminate(game, 2)
        assert game.windows[0].order == [1, 3, 0] and game.windows[0].asked == expected
        assert resource not in board.tokens and resource not in board.links and resource not in board.controller
        assert standing not in board.links and standing not in board.controller
        assert cabal not in board.tokens and cabal not in board.arrows
        assert board.open_area == {mine: 0}
        assert Happened(2, "eliminated") in game.history
    _eliminate(game, 1)
    _eliminate(game, 3)
    assert game.outcome is not None and (game.outcome.ending, game.outcome.winners, game.outcome.reason) == \
        (Ending.SURVIVOR, (0,), "last survivor")


def _resolve_ops(game: Game, player: int, *ops: dict, target: int = -1, seat: int = -1) -> list[object]:
    """A plot of ``player``'s printed with ``ops`` resolves at ``target`` / ``seat``: the events it makes."""
    from grail_tui.games.strings.engine.cards import Effect
    from grail_tui.games.strings.engine.flow import _operation
    from grail_tui.games.strings.engine.game import Entry

    card = next(c for c in game.plot_deck[player] if game.defs[c].kind == "plot")
    reprint(game, card, effects=(Effect("play", "", tuple(ops)),))
    start = len(game.history)
    _operation(game, Entry(player, card, target, seat, None))
    return game.history[start:]


def test_s8_10_what_each_operation_of_a_plot_changes_on_the_table():
    """The operations of plots, each on a position made for it: draws from the deck named, cards
    to the bottom (no more than the hand holds), tokens added up to the cap (2 unless printed),
    a token taken, a change of a statistic until the end of the turn, free moves and placements
    (1 unless printed), a group returned to its owner's hand by the plot's player, and an operation
    that returns nothing leaving the group where it is."""
    from grail_tui.games.strings.engine.events import Happened

    game = main_of(A, B)
    board = game.board
    group = board.groups_of(0)[0]
    top = game.group_deck[0][-1]
    _resolve_ops(game, 0, {"op": "draw", "deck": "group", "n": 1})
    assert top in game.group_hand[0]
    _resolve_ops(game, 0, {"op": "draw", "deck": "plot", "n": 1})
    assert len(game.plot_hand[0]) == 1 and game.plot_hand[0][0] not in game.plot_deck[0]
    game.plot_hand[0].extend([game.plot_deck[0].pop(), game.plot_deck[0].pop()])
    held = len(game.plot_hand[0])
    _resolve_ops(game, 0, {"op": "bottom", "n": held + 3})
    assert game.due == (0, held)
    game.due = None
    board.tokens.pop(group, None)
    _resolve_ops(game, 0, {"op": "token_add"}, target=group)
    assert board.tokens[group] == 1
    _resolve_ops(game, 0, {"op": "token_add", "n": 5}, target=group)
    assert board.tokens[group] == 2
    _resolve_ops(game, 0, {"op": "token_add", "n": 5, "cap": 3}, target=group)
    assert board.tokens[group] == 3
    board.tokens.pop(group)
    _resolve_ops(game, 0, {"op": "token_add", "n": 2, "cap": 5}, target=group)
    assert board.tokens[group] == 2
    board.tokens[group] = 1
    _resolve_ops(game, 0, {"op": "token_remove"}, target=group)
    assert group not in board.tokens
    _resolve_ops(game, 0, {"op": "token_remove"}, target=group)  # none to take: nothing happens
    assert group not in board.tokens
    power = board.power(group)
    _resolve_ops(game, 0, {"op": "stat", "stat": "power"}, {"op": "stat", "stat": "power", "add": 2}, target=group)
    assert board.power(group) == power + 2
    game.free_moves, game.extra_placements = 1, 1
    _resolve_ops(game, 0, {"op": "move"}, {"op": "place_resource"}, target=group)
    assert (game.free_moves, game.extra_placements, board.in_structure(group)) == (2, 2, True)
    _resolve_ops(game, 0, {"op": "move", "n": 2}, {"op": "place_resource", "n": 3}, target=group)
    assert (game.free_moves, game.extra_placements) == (4, 5)
    theirs = board.groups_of(1)[0]
    spare = seat(game, 1, "K06", owner=1)
    events = _resolve_ops(game, 0, {"op": "return_to_hand"}, target=spare)
    assert spare in game.group_hand[1] and not board.in_structure(spare) and board.in_structure(theirs)
    assert Happened(0, "sheltered to hand", (spare,), (game.defs[spare].id,)) in events


def test_s4_the_log_of_a_plots_look_show_and_mill_tells_the_table_who_and_whose_and_the_player_the_faces():
    """A look at a chosen player's plot or group hand and a plot hand shown: the table reads who
    looked at (or was shown) whose hand, the player alone its faces; a mill names the cards and whose deck."""
    from grail_tui.games.strings.engine.events import Happened, Saw

    game = main_of(A, B)
    for pile, deck in ((game.plot_hand[1], game.plot_deck[1]), (game.group_hand[1], game.group_deck[1])):
        pile.extend([deck.pop(), deck.pop()])

    def faces(cards):
        return tuple(game.defs[c].id for c in cards)

    for zone, pile in (("plot_hand", game.plot_hand[1]), ("group_hand", game.group_hand[1])):
        events = _resolve_ops(game, 0, {"op": "look", "zone": zone, "player": "chosen_opponent"}, seat=1)
        assert events == [Happened(0, "looked", number=1, detail=zone), Saw(0, "looked", tuple(pile), faces(pile), about=1)]
    events = _resolve_ops(game, 0, {"op": "show", "zone": "plot_hand", "player": "chosen_opponent"}, seat=1)
    pile = game.plot_hand[1]
    assert events == [Happened(0, "was shown", number=1, detail="plot_hand"), Saw(0, "was shown", tuple(pile), faces(pile), about=1)]
    milled = game.group_deck[1][-2:][::-1]
    events = _resolve_ops(game, 0, {"op": "mill", "player": "chosen_opponent", "n": 2}, seat=1)
    assert events == [Happened(0, "milled", tuple(milled), faces(milled), 1)]


def test_s4_the_log_of_a_reveal_a_gift_offered_a_resource_placed_and_cards_put_on_the_bottom():
    """The table reads who revealed which card, who offers a gift to whom (one more offer this
    turn), which resource was placed, and how many cards went under whose deck (no longer shown,
    added to those its owner knows)."""
    from grail_tui.games.strings.engine import Bottom, Offer, PlaceResource, Reveal
    from grail_tui.games.strings.engine.events import Happened

    game = main_of(A, B)
    card = game.plot_deck[0].pop()
    game.plot_hand[0].append(card)
    assert game.apply(Reveal(0, card))[0] == Happened(0, "revealed", (card,), (game.defs[card].id,))
    pass_windows(game)
    game.offers_made[0] = 1
    assert game.apply(Offer(0, 1, (card,)))[0] == Happened(0, "offers a gift", number=1, detail="1 plot, 0 group")
    assert game.offers_made[0] == 2
    game = main_of(A, B)
    resource = next(c for c in game.group_deck[0] if game.defs[c].kind == "resource")
    game.group_deck[0].remove(resource)
    game.group_hand[0].append(resource)
    assert game.apply(PlaceResource(0, resource))[0] == Happened(0, "placed resource", (resource,), (game.defs[resource].id,))
    game = main_of(A, B)
    shown = game.plot_deck[0].pop()
    game.plot_hand[0].append(shown)
    game.revealed.add(shown)
    game.bottom_known[0], game.due = 1, (0, 1)
    assert game.apply(Bottom(0, (shown,)))[0] == Happened(0, "put on the bottom", number=1)
    assert game.bottom_known[0] == 2 and shown not in game.revealed and game.plot_deck[0][0] == shown


def test_s11_old_moneys_cabal_draws_a_group_card_after_each_resource_it_places_and_another_cabal_does_not():
    """CB1 (Old Money's own Cabal) draws a group card from its deck after placing a resource."""
    from grail_tui.games.strings.engine import PlaceResource

    for decks, draws in (((A, B), 1), ((B, A), 0)):
        game = main_of(*decks)
        resource = next(c for c in game.group_deck[0] if game.defs[c].kind == "resource")
        game.group_deck[0].remove(resource)
        game.group_hand[0].append(resource)
        top = game.group_deck[0][-1]
        game.apply(PlaceResource(0, resource))
        assert (top in game.group_hand[0], len(game.group_hand[0])) == (bool(draws), draws)


def test_s6_4_a_plot_card_discarded_goes_under_its_deck_and_counts_with_those_already_known():
    """§6.4: a plot card discarded from the hand goes, unseen, under its owner's plot deck; the
    bottom its owner knows grows by one."""
    from grail_tui.games.strings.engine import Discard

    game = main_of(A, B)
    card = game.plot_deck[0].pop()
    game.plot_hand[0].append(card)
    game.bottom_known[0] = 1
    game.apply(Discard(0, card))
    assert game.plot_deck[0][0] == card and game.bottom_known[0] == 2 and card not in game.plot_hand[0]
