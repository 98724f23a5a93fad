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
    E,
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


def main_of(*decks: str, **options: object) -> Game:
    game = at_main(*decks, **options)
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


def test_s8_5_an_agent_played_for_the_defence_is_told_as_the_defences_and_keeps_its_player_on_that_side():
    """§8.5 D5, HR-15: a third player's agent for the defence is told to the table (who, which
    card, its worth), shows in the attack as that player's help, keeps that player on the defence
    for the rest of the attack, and goes to its owner's discard pile once the attack is rolled."""
    from grail_tui.games.strings.engine import Agent, Pass, Side, Support
    from grail_tui.games.strings.engine.events import Happened
    from grail_tui.games.strings.engine.vocabulary import AGENT_DEFENCE
    from tests.strings.engine.test_gifts import attacked_k09
    from tests.strings.helpers import Loaded

    game = attacked_k09()  # seat 0 attacks seat 1's group; seat 2 is asked third
    game.apply(Pass(0))
    game.apply(Pass(1))
    agent = hand(game, 2, "K09", owner=2)
    events = game.apply(Agent(2, agent, Side.DEFENCE))
    assert events[0] == Happened(2, "agent defence", (agent,), ("K09",), AGENT_DEFENCE)
    attack = game.public_view().attack
    assert attack is not None
    (help_,) = attack.support
    assert help_.card is not None
    assert (help_.player, help_.card.uid, help_.side, help_.value, help_.how) == (2, agent, "defence", AGENT_DEFENCE, "D5")
    helper = game.board.groups_of(2)[0]
    game.board.tokens[helper] = 1
    pass_until(game, lambda: game.to_act() == (2,))
    assert game.why_illegal(Support(2, helper, Side.ATTACK)) == "You are on the defence side of this attack and stay on it."
    game.rolls = Loaded(1, 1)
    pass_until(game, lambda: game.attack is None)
    assert agent in game.discard[2]


def _claims_at_the_end_of_seat_0s_turn(cancel: bool) -> Game:
    """Seat 0 ends its turn holding Body Count, met (five cards in its destroyed pile); seat 1
    meets the basic goal (two groups: the goal is set to 2); seat 1 holds Hold the Presses (which
    cancels a claim made with a goal card) if ``cancel``. The claims window is open."""
    from grail_tui.games.strings.engine import EndTurn
    from tests.strings.engine.test_victory import grow

    game = main_of(B, E, goal=2)
    count = hand(game, 0, "P43", owner=0)
    for _card in range(5):  # plot cards: no printed power, so Hollow Choir's special goal stays unmet
        game.destroyed[0].append(next(c for c in game.plot_deck[0] if game.defs[c].kind == "plot" and c != count))
        game.plot_deck[0].remove(game.destroyed[0][-1])
    grow(game, 1, 2)
    if cancel:
        hand(game, 1, "P15", owner=1)
    game.apply(EndTurn(0))
    assert [(c.player, c.reason) for c in game.claims] == [(0, "Body Count"), (1, "the basic goal")]
    return game


def test_s16_every_claim_that_stands_wins_a_goal_card_claim_and_a_later_players_together():
    """§16: the claims are judged together: a goal card claim that stands does not end the judging;
    a later player's claim that stands wins too (a shared win, in the first claim's name)."""
    from grail_tui.games.strings.engine import Ending

    game = _claims_at_the_end_of_seat_0s_turn(cancel=False)
    pass_windows(game)
    assert game.outcome is not None and game.outcome.ending is Ending.GOAL
    assert (game.outcome.winners, game.outcome.reason) == ((0, 1), "Body Count")


def test_s16_a_cancelled_claim_wins_nothing_and_a_later_players_claim_still_wins():
    """§16, Hold the Presses: the cancelled goal card claim is passed over, and the claim after it
    is judged: seat 1 wins alone with the basic goal."""
    from grail_tui.games.strings.engine import Ending

    game = _claims_at_the_end_of_seat_0s_turn(cancel=True)
    game.apply(PlayPlot(1, next(c for c in game.plot_hand[1] if game.defs[c].id == "P15"), seat=0))
    pass_windows(game)
    assert game.outcome is not None and game.outcome.ending is Ending.GOAL
    assert (game.outcome.winners, game.outcome.reason) == ((1,), "the basic goal")


def test_hr_03b_a_player_left_with_no_eligible_name_opens_the_choice_and_with_none_at_all_starts_without_a_group():
    """HR-03b: seat 1's group deck holds only Crossword Compilers' Guild, Airport Authority and a
    resource. Seats 0 and 1 both pick the Guild (barred); seat 2 keeps Airport Authority (on the
    table): seat 1 has no eligible name left, so the choice opens at once, in seat order, barred
    names allowed again. Seat 0 takes the Guild: seat 1 has nothing left to choose and starts with
    no group, out of the game."""
    from grail_tui.games.strings.engine import ChooseStart, Phase
    from tests.strings.helpers import F, choose_cabals, new_game

    game = new_game(A, B, F)
    choose_cabals(game)
    kept = [uid(game, card_id, 1, zone=game.group_deck[1]) for card_id in ("K05", "K07", "R08")]
    game.group_deck[1][:] = kept
    game.apply(ChooseStart(0, uid(game, "K05", 0, zone=game.group_deck[0])))
    game.apply(ChooseStart(1, kept[0]))
    game.apply(ChooseStart(2, uid(game, "K07", 2, zone=game.group_deck[2])))
    assert game.phase is Phase.OPEN_START and game.to_act() == (0,)
    game.apply(ChooseStart(0, uid(game, "K05", 0, zone=game.group_deck[0])))
    assert game.phase is Phase.DRAW and game.eliminated == [False, True, False]
    assert game.board.groups_of(1) == [] and [game.name(g) for g in game.board.groups_of(0)] == ["Crossword Compilers' Guild"]


def test_s11_the_table_reads_old_moneys_draw_as_a_group_card_and_a_cabal_drawing_after_another_event_draws_nothing():
    """CB1's draw after a resource placed is told as a group card drawn (its face to its player
    alone); a Cabal printed to draw after another event (an attack won) draws nothing when a
    resource is placed."""
    from grail_tui.games.strings.engine import PlaceResource
    from grail_tui.games.strings.engine.cards import Effect
    from grail_tui.games.strings.engine.events import Happened

    for after in ("resource_placed", "attack_succeeded"):
        game = main_of(A, B)
        cabal = game.board.cabal[0]
        if after != "resource_placed":
            draw = Effect("after", "", ({"op": "draw", "deck": "group", "n": 1},), event=after)
            reprint(game, cabal, effects=(draw,))
        resource = hand(game, 0, "R08", owner=0)
        top = game.group_deck[0][-1]
        events = game.apply(PlaceResource(0, resource))
        placed = Happened(0, "placed resource", (resource,), ("R08",))
        if after == "resource_placed":
            assert events == [placed, Happened(0, "drew group", number=1), Saw(0, "drew group", (top,), (game.defs[top].id,))]
        else:
            assert events == [placed] and game.group_hand[0] == [] and game.group_deck[0][-1] == top



def test_s4_the_log_of_a_plot_card_bought_and_an_attack_called_off_names_the_player_and_the_cards():
    """The table reads who bought a plot card with which card's tokens (after the draw, told as a
    plot card drawn, its face to the buyer alone), and who called off which attacker's attack on which group."""
    from grail_tui.games.strings.engine import Buy, CallOff, Declare
    from grail_tui.games.strings.engine.events import Happened

    game = main_of(A, B)
    cabal = game.board.cabal[0]
    top = game.plot_deck[0][-1]
    assert game.apply(Buy(0, (cabal,))) == [Happened(0, "drew plot", number=1), Saw(0, "drew plot", (top,), (game.defs[top].id,)),
                                           Happened(0, "bought", (cabal,), (game.defs[cabal].id,))]
    game = main_of(A, B)
    attacker = seat(game, 0, "K04")
    target = game.board.groups_of(1)[0]
    game.apply(Declare(0, attacker, target, AttackKind.DESTROY))
    faces = (game.defs[attacker].id, game.defs[target].id)
    assert game.apply(CallOff(0)) == [Happened(0, "called off", (attacker, target), faces)]


def test_s16_at_the_round_limit_the_player_controlling_the_most_groups_wins_at_the_round_limit():
    """§16: when the last round ends with no claim standing, the player controlling the most groups
    wins; the outcome names the round limit as the reason."""
    from grail_tui.games.strings.engine import Draw, Ending, EndTurn, Outcome, Place

    game = main_of(A, B, round_limit=1)
    seat(game, 1, "K09", owner=1)  # seat 1 controls two groups, seat 0 one
    game.apply(EndTurn(0))
    pass_windows(game)
    game.apply(Draw(1, False, False))
    game.apply(Place(1, -1))
    pass_windows(game)
    game.apply(EndTurn(1))
    pass_windows(game)
    assert game.outcome == Outcome(Ending.ROUND_LIMIT, (1,), "the round limit")


def test_s9_a_free_move_printed_without_a_where_moves_any_group_of_the_structure_free():
    """A Cabal's free move that names no kind of group (no "where") frees the move of every group
    of its player's structure: the group moved keeps its token."""
    from grail_tui.games.strings.engine import Move
    from grail_tui.games.strings.engine.cards import Effect

    from .test_checks import free_slot

    game = main_of(A, B)
    reprint(game, game.board.cabal[0], effects=(Effect("static", "", ({"op": "move", "free": True},)),))
    group = seat(game, 0, "K04", tokens=1)
    move = Move(0, group, *free_slot(game, 0, group))
    game.apply(move)
    assert game.board.master[group] == move.at and game.board.tokens[group] == 1


def test_s19_open_markets_lets_a_player_draw_a_group_card_for_a_token_twice_a_turn_and_no_more():
    """Open Markets (an agenda in play): two group cards drawn for a token this turn, each paid and
    told as a group card drawn (its face to its player alone); a third is refused."""
    from grail_tui.games.strings.engine.events import Happened

    game = main_of(A, B)
    board = game.board
    markets = uid(game, "P47", 0)
    lift(game, markets)
    board.agendas[game.defs[markets].colour] = markets
    board.agenda_by[markets] = 0
    payers = [board.cabal[0], seat(game, 0, "K04"), seat(game, 0, "K06")]
    board.tokens[payers[0]] = 1
    for payer in payers[:2]:
        top = game.group_deck[0][-1]
        assert game.apply(DrawGroup(0, payer)) == [Happened(0, "drew group", number=1),
                                                   Saw(0, "drew group", (top,), (game.defs[top].id,))]
        pass_windows(game)
    assert len(game.group_hand[0]) == 2 and payers[0] not in board.tokens and payers[1] not in board.tokens
    assert game.why_illegal(DrawGroup(0, payers[2])) == "You have drawn your group card for a token this turn."


def test_hr_02_the_rolls_for_turn_order_are_told_with_each_total_a_tie_rolled_again_and_the_order():
    """HR-02: the table reads each player's 2d6 total, the tied players' new rolls, then the turn
    order (players, not cards)."""
    from grail_tui.games.strings.engine import ChooseStart
    from grail_tui.games.strings.engine.events import Happened
    from tests.strings.helpers import F, Loaded, choose_cabals, new_game

    game = new_game(A, B, F, first=None)
    choose_cabals(game)
    game.rolls = Loaded(4, 5, 5, 4, 2, 2, 1, 1, 6, 6)  # 9, 9, 4; then the two 9s again: 2 and 12
    start = len(game.history)
    for player, card_id in ((0, "A1"), (1, "B1"), (2, "F1")):
        game.apply(ChooseStart(player, uid(game, card_id, player, zone=game.group_deck[player])))
    told = [e for e in game.history[start:] if isinstance(e, Happened) and e.what in ("rolled for order", "turn order")]
    assert told == [Happened(-1, "rolled for order", detail="0:9 1:9 2:4"), Happened(-1, "rolled for order", detail="0:2 1:12"),
                    Happened(-1, "turn order", detail="1 0 2")]


def test_s8_9_a_group_taken_over_from_a_middle_seat_brings_its_resource_and_is_told_with_the_arrow_it_hangs_on():
    """§8.9: seat 0 takes seat 1's group (of three players): the resource on it leaves seat 1's
    resources for seat 0's, and the table reads who took which group with which card, on which arrow."""
    from grail_tui.games.strings.engine import Commit, Declare
    from grail_tui.games.strings.engine.events import Happened
    from tests.strings.helpers import F, Loaded

    game = main_of(A, B, F)
    board = game.board
    cabal = board.cabal[0]
    target = seat(game, 1, "K09", owner=1)
    resource = _resource_of(game, 1, "R10")
    board.links[resource] = target
    reprint(game, cabal, power=40)  # the attack succeeds
    game.apply(Declare(0, cabal, target, AttackKind.CONTROL))
    game.apply(Commit(0))
    game.rolls = Loaded(1, 1)
    events = resolved(game)
    arrow = board.arrows[cabal].index(target)
    assert Happened(0, "took control", (target, cabal), (game.defs[target].id, game.defs[cabal].id), arrow) in events
    assert resource in board.resources[0] and resource not in board.resources[1] and board.controller[resource] == 0


def test_s11_an_extra_draw_adds_to_the_draw_from_the_deck_it_names_the_plot_deck_if_it_names_none():
    """A resource's extra draw counts for the deck it prints: an extra group card comes with the
    group draw (and no plot card more); one printing no deck adds to the plot draw; one printing
    no number adds no card."""
    from grail_tui.games.strings.engine import Draw, EndTurn
    from grail_tui.games.strings.engine.cards import Effect

    for op, more_plots, more_groups in (({"deck": "group", "n": 1}, 0, 1), ({"n": 2}, 2, 0), ({"deck": "plot"}, 0, 0)):
        game = main_of(C, D)
        codex = _resource_of(game, 1, "R11")
        reprint(game, codex, effects=(Effect("static", "", ({"op": "extra_draw", **op},)),))
        game.apply(EndTurn(0))
        pass_windows(game)
        before = len(game.plot_hand[1]), len(game.group_hand[1])
        game.apply(Draw(1, True, True))
        assert (len(game.plot_hand[1]) - before[0], len(game.group_hand[1]) - before[1]) == (1 + more_plots, 1 + more_groups), op


def test_s8_10_a_strike_is_told_as_hitting_failing_or_finding_no_target_with_its_strength():
    """§8.10, HR-25: a strike of strength 3 at a group of printed power 3 hits (its controller is
    asked to shelter it); at power 4 it fails; at a group gone from the table before it resolves
    it finds no target and nobody is asked. The table reads which strike, at which group, of
    which strength."""
    from grail_tui.games.strings.engine.events import Happened

    def strike_at(power: int, gone: bool = False) -> tuple[Game, int, int, list[object]]:
        game = main_of(A, B)
        target = seat(game, 1, "K09", owner=1, power=power)
        strike = hand(game, 0, "P24", owner=0)  # Mass Resignation: strength 3, any group
        game.apply(PlayPlot(0, strike, target))
        if gone:  # returned to its owner's hand while the strike waits
            game.board.detach(target)
            del game.board.arrows[target], game.board.controller[target]
            game.group_hand[1].append(target)
        before = len(game.history)
        pass_until(game, lambda: not game.stack)
        return game, strike, target, game.history[before:]

    def faces(game: Game, *cards: int) -> tuple[str, ...]:
        return tuple(game.defs[c].id for c in cards)

    game, strike, target, events = strike_at(3)
    assert Happened(0, "strike hits", (strike, target), faces(game, strike, target), 3) in events
    assert game.prompt() == "shelter" and game.to_act() == (1,)
    game, strike, target, events = strike_at(4)
    assert Happened(0, "strike fails", (strike, target), faces(game, strike, target), 3) in events
    assert game.shelter is None and game.board.in_structure(target)
    game, strike, target, events = strike_at(0, gone=True)
    assert Happened(0, "strike finds no target", (strike,), faces(game, strike)) in events
    assert game.shelter is None and target in game.group_hand[1]


def test_s8_10_a_strike_printed_for_its_players_own_groups_hits_one_of_them():
    """A strike's target is read as its player reads it: one printed to hit a group its player
    controls hits such a group."""
    from grail_tui.games.strings.engine.events import Happened

    game = main_of(A, B)
    mine = seat(game, 0, "K04", power=0)
    strike = hand(game, 0, "P24", owner=0)
    reprint(game, strike, target={"kind": "group", "controller": "you"})
    game.apply(PlayPlot(0, strike, mine))
    pass_until(game, lambda: not game.stack)
    assert Happened(0, "strike hits", (strike, mine), ("P24", "K04"), 3) in game.history
    assert game.shelter is not None and game.to_act() == (0,)


def test_s8_10_windfall_lets_a_player_place_a_second_resource_this_turn_and_no_third():
    """Windfall: one resource placed beyond the once-a-turn limit: two placed this turn, a third
    refused."""
    from grail_tui.games.strings.engine import PlaceResource

    game = main_of(A, B)
    resources = [hand(game, 0, card_id, owner=0) for card_id in ("R01", "R07", "R09")]
    game.apply(PlayPlot(0, hand(game, 0, "P33", owner=0)))
    pass_windows(game)
    for resource in resources[:2]:
        game.apply(PlaceResource(0, resource))
        pass_windows(game)
    assert game.board.resources[0] == resources[:2]
    assert game.why_illegal(PlaceResource(0, resources[2])) == "You have placed your resource for this turn."


def test_s14_5_the_log_tells_a_group_destroyed_by_its_destroyer_and_one_sheltered_by_its_controller():
    """§14.5: a group destroyed (its controller shelters nothing) is told as destroyed by the
    player whose strike hit it, with its puppets; one sheltered with Safe House is told as
    sheltered by its controller (the card and the group), then as gone to the hand."""
    from grail_tui.games.strings.engine import Shelter
    from grail_tui.games.strings.engine.events import Happened

    def sheltered(safe_house: bool) -> tuple[list[object], int, int, int, tuple[str, str]]:
        game = main_of(A, B)
        target = seat(game, 1, "K09", owner=1, power=0, arrows=1)
        game.board.arrows[target] = [-1]
        puppet = seat(game, 1, "K10", under=target, owner=1)
        safe = hand(game, 1, "P18", owner=0) if safe_house else -1  # (a Safe House of Old Money's deck)
        game.apply(PlayPlot(0, hand(game, 0, "P24", owner=0), target))
        pass_until(game, lambda: game.prompt() == "shelter")
        return game.apply(Shelter(1, safe)), safe, target, puppet, (game.defs[target].id, game.defs[puppet].id)

    events, _none, target, puppet, ids = sheltered(False)
    assert events[0] == Happened(0, "destroyed", (target, puppet), ids)
    events, safe, target, puppet, ids = sheltered(True)
    assert events[:2] == [Happened(1, "sheltered", (safe, target), ("P18", ids[0])),
                          Happened(0, "sheltered to hand", (target, puppet), ids)]


def test_s6_a_round_ends_when_every_player_has_had_a_turn_and_the_next_is_told_as_round_two():
    """The round counts up by one when the turn comes back to the first player, and the table
    reads whose turn of which round begins."""
    from grail_tui.games.strings.engine import Draw, EndTurn, Place
    from grail_tui.games.strings.engine.events import Happened

    game = main_of(A, B)
    game.apply(EndTurn(0))
    pass_windows(game)
    assert game.round == 1 and game.history[-1] == Happened(1, "turn", number=1)
    game.apply(Draw(1, False, False))
    game.apply(Place(1, -1))
    pass_windows(game)
    game.apply(EndTurn(1))
    pass_windows(game)
    assert game.round == 2 and game.history[-1] == Happened(0, "turn", number=2)


def test_s7_3_a_group_returned_to_the_hand_leaves_its_tokens_and_comes_back_with_the_one_refresh_gives():
    """A group that held two tokens, returned to its owner's hand (Fresh Faces), holds none there:
    placed again at the start of its player's next turn, it holds the one token of the refresh."""
    from grail_tui.games.strings.engine import Draw, EndTurn, Place

    game = main_of(A, C)
    group = seat(game, 0, "K04", tokens=2)
    game.apply(PlayPlot(0, hand(game, 0, "P32"), group))
    pass_windows(game)
    assert group in game.group_hand[0]
    for player in (0, 1):
        game.apply(EndTurn(player))
        pass_windows(game)
        if player == 0:
            game.apply(Draw(1, False, False))
            game.apply(Place(1, -1))
            pass_windows(game)
    game.apply(Draw(0, False, False))
    at, arrow = next(iter(game.board.open_arrows(0)))
    game.apply(Place(0, group, at, arrow))
    assert game.board.tokens[group] == 1


def test_s8_10_a_standing_plot_resolved_stays_linked_to_its_group_under_its_players_control():
    """A standing plot (Safe Deposit) stays in play once it resolves: linked to the group it was
    played on, controlled by its player, as every view shows; it is not discarded."""
    from grail_tui.games.strings.engine.view import Attached

    game = main_of(A, B)
    group = seat(game, 0, "K04")
    deposit = hand(game, 0, "P38", owner=0)
    game.apply(PlayPlot(0, deposit, group))
    pass_windows(game)
    assert Attached(deposit, "P38", 0, group, 0) in game.public_view().attached
    assert deposit not in game.discard[0]


def test_s16_hold_the_presses_cancels_only_the_claim_with_a_goal_card_and_shows_the_card():
    """Hold the Presses cancels the claim seat 0 made with a goal card, and the goal card goes back
    to its hand shown to all; seat 0's claim by the basic goal stands and wins."""
    from grail_tui.games.strings.engine import EndTurn

    game = main_of(B, E, goal=2)
    count = hand(game, 0, "P43", owner=0)
    for _card in range(5):  # Body Count met; plot cards: no printed power, no special goal
        game.destroyed[0].append(next(c for c in game.plot_deck[0] if game.defs[c].kind == "plot" and c != count))
        game.plot_deck[0].remove(game.destroyed[0][-1])
    seat(game, 0, "K09", owner=0)  # the basic goal (2 groups) too
    presses = hand(game, 1, "P15", owner=1)
    game.apply(EndTurn(0))
    assert [(c.player, c.reason) for c in game.claims] == [(0, "the basic goal"), (0, "Body Count")]
    game.apply(PlayPlot(1, presses, seat=0))
    pass_until(game, lambda: not game.stack)
    assert count in game.plot_hand[0] and [f.uid for f in game.public_view().seats[0].revealed] == [count]
    pass_windows(game)
    assert game.outcome is not None and (game.outcome.winners, game.outcome.reason) == ((0,), "the basic goal")


def test_s8_6_an_attack_plot_adds_its_worth_when_it_resolves_and_nothing_if_its_condition_no_longer_holds():
    """Grassroots Pressure printed to add 1: it adds 1 to the side named, as the table reads; Hostile
    Audit (+5 against a Market target) played, then the target no longer Market when it resolves:
    it adds nothing and goes to the discard pile."""
    from grail_tui.games.strings.engine import Commit, Declare, Side
    from grail_tui.games.strings.engine.cards import Effect
    from grail_tui.games.strings.engine.events import Happened

    def attacking() -> tuple[Game, int]:
        game = main_of(A, B)
        target = seat(game, 1, "K09", owner=1, alignments=("market",))
        game.apply(Declare(0, game.board.cabal[0], target, AttackKind.DESTROY))
        game.apply(Commit(0))
        return game, target

    game, _target = attacking()
    pressure = hand(game, 0, "P03")
    reprint(game, pressure, effects=(Effect("attack_mod", "", ({"op": "add", "side": "either", "value": 1},)),))
    game.apply(PlayPlot(0, pressure, side=Side.ATTACK))
    before = len(game.history)
    pass_until(game, lambda: not game.stack)
    assert Happened(0, "plot adds to attack", (pressure,), ("P03",), 1) in game.history[before:]
    assert game.attack is not None and [(c.card, c.value, c.how) for c in game.attack.support] == [(pressure, 1, "A5")]
    game, target = attacking()
    audit = hand(game, 0, "P04")
    game.apply(PlayPlot(0, audit, side=Side.ATTACK))
    reprint(game, target, alignments=())  # no longer Market
    pass_until(game, lambda: not game.stack)
    assert game.attack is not None and game.attack.support == [] and audit in game.discard[game.owner[audit]]


def test_s8_10_not_so_fast_cancels_a_plot_which_is_told_as_cancelled_and_does_nothing():
    """Not So Fast, played in answer to a plot, cancels it: the table reads the plot cancelled (by
    its player), and it does nothing (Sudden Audit's token stays); both go to the discard pile."""
    from grail_tui.games.strings.engine.events import Happened

    game = main_of(A, B)
    group = seat(game, 1, "K09", owner=1, tokens=2)
    audit = hand(game, 0, "P17", owner=0)
    game.apply(PlayPlot(0, audit, group))
    stop = hand(game, 1, "P13", owner=1)
    game.apply(PlayPlot(1, stop))
    before = len(game.history)
    pass_windows(game)
    assert Happened(0, "cancelled", (audit,), ("P17",)) in game.history[before:]
    assert game.board.tokens[group] == 2 and audit in game.discard[0] and stop in game.discard[1]


def test_s14_1_after_a_plot_in_a_support_window_resolves_the_window_goes_on_with_the_player_after_its_player():
    """§14.1: seat 1, asked in the support window of seat 0's attack, plays Grassroots Pressure; once it
    resolves, the support window asks the next player after seat 1 (seat 2), not seat 0 again."""
    from grail_tui.games.strings.engine import Commit, Declare, Pass, Side
    from tests.strings.helpers import F

    game = main_of(A, B, F)
    target = seat(game, 1, "K09", owner=1)
    game.apply(Declare(0, game.board.cabal[0], target, AttackKind.DESTROY))
    game.apply(Commit(0))
    game.apply(Pass(0))
    assert game.to_act() == (1,)
    game.apply(PlayPlot(1, hand(game, 1, "P03"), side=Side.DEFENCE))
    pass_until(game, lambda: not game.stack)
    assert game.prompt() == "support" and game.to_act() == (2,)


def test_s14_the_log_of_a_plot_played_names_its_player_the_card_and_the_group_or_player_it_is_aimed_at():
    """The table reads who played which plot, at which group in play (a strike), or at which player
    (Wiretap); a plot paid for with another plot card (Emergency Session) does not show that card."""
    from grail_tui.games.strings.engine import Commit, Declare, Pass
    from grail_tui.games.strings.engine.events import Happened

    game = main_of(A, B)
    target = seat(game, 1, "K09", owner=1)
    strike = hand(game, 0, "P24", owner=0)
    assert game.apply(PlayPlot(0, strike, target))[0] == Happened(0, "played", (strike, target), ("P24", "K09"), -1)
    game = main_of(D, B)
    wiretap = hand(game, 0, "P30")
    assert game.apply(PlayPlot(0, wiretap, seat=1))[0] == Happened(0, "played", (wiretap,), ("P30",), 1)
    game = main_of(A, B)
    target = game.board.groups_of(1)[0]  # at depth 1
    game.apply(Declare(0, game.board.cabal[0], target, AttackKind.DESTROY))
    game.apply(Commit(0))
    game.apply(Pass(0))
    session, paid = hand(game, 1, "P12", owner=0), hand(game, 1, "P01", owner=0)
    events = game.apply(PlayPlot(1, session, paid))
    assert events[0] == Happened(1, "played", (session,), ("P12",), -1)


def test_s13_a_plot_paid_with_another_plot_card_sends_it_under_the_deck_and_its_player_is_held_to_the_side():
    """Emergency Session's cost: the other plot card goes to the bottom of its player's plot deck,
    unseen (one more card its player knows there; drawn again, it is not a card shown); its player,
    a third player, is on the defence for the rest of the attack."""
    from grail_tui.games.strings.engine import Buy, Commit, Declare, Pass, Side, Support
    from tests.strings.helpers import F

    game = main_of(A, B, F)
    target = game.board.groups_of(1)[0]  # at depth 1
    game.apply(Declare(0, game.board.cabal[0], target, AttackKind.DESTROY))
    game.apply(Commit(0))
    game.apply(Pass(0))
    game.apply(Pass(1))
    session, paid = hand(game, 2, "P12", owner=0), hand(game, 2, "P01", owner=0)
    game.revealed.add(paid)  # shown from the hand before
    game.bottom_known[2] = 1
    game.apply(PlayPlot(2, session, paid))
    assert game.plot_deck[2][0] == paid and game.public_view().seats[2].bottom == 2
    pass_until(game, lambda: not game.stack)
    helper = game.board.groups_of(2)[0]
    game.board.tokens[helper] = 1
    pass_until(game, lambda: game.to_act() == (2,))
    assert game.why_illegal(Support(2, helper, Side.ATTACK)) == "You are on the defence side of this attack and stay on it."
    game.discard[2].extend(game.plot_deck[2][1:])  # (the deck down to the card paid)
    del game.plot_deck[2][1:]
    game.board.tokens[game.board.cabal[2]] = 1
    game.apply(Buy(2, (game.board.cabal[2],)))  # drawn again: unseen by the others, as any card drawn
    assert paid in game.plot_hand[2] and game.public_view().seats[2].revealed == ()


def test_s7_4_an_agenda_costs_the_cabals_token_and_stays_in_play_and_another_plot_costs_none():
    """Open Markets costs its player's Cabal token and, resolved, stays in play as an agenda (not
    discarded), one its player played; a plot with no cost (Wiretap) leaves the Cabal's token where it is."""
    from grail_tui.games.strings.engine import EndTurn

    game = main_of(A, B)
    cabal = game.board.cabal[0]
    game.board.tokens[cabal] = 1
    markets = hand(game, 0, "P47", owner=0)
    game.apply(PlayPlot(0, markets))
    assert cabal not in game.board.tokens
    pass_windows(game)
    assert [f.uid for f in game.public_view().agendas] == [markets] and markets not in game.discard[0]
    goal = hand(game, 0, "P43", owner=1)  # printed here: met by one agenda played by its holder
    reprint(game, goal, condition={"all": [{"count": "agendas", "where": {"played_by": "you"}, "at_least": 1}]})
    game.apply(EndTurn(0))
    assert [(c.player, c.goal_card) for c in game.claims] == [(0, goal)]
    game = main_of(D, B)
    cabal = game.board.cabal[0]
    game.board.tokens[cabal] = 1
    game.apply(PlayPlot(0, hand(game, 0, "P30"), seat=1))
    assert game.board.tokens[cabal] == 1


def test_s18_a_strike_lets_its_target_strike_back_through_the_strikers_shield_and_spoils_the_gentle_hands_goal():
    """§18: seat 0, still in its first turn (shielded), strikes at seat 1's group: seat 1 may now
    aim at seat 0's groups (here a strike in answer). A strike is a try to destroy: The Gentle
    Hand's special goal (never having tried) is no longer met at the end of the turn."""
    from grail_tui.games.strings.engine import EndTurn, Shelter
    from tests.strings.helpers import F

    game = main_of(F, B, goal=3, shields=True)
    game.finished_first = [False, True]
    assert game.defs[game.board.cabal[0]].id == "CB6"
    theirs, mine = seat(game, 1, "K09", owner=1), game.board.groups_of(0)[0]
    game.apply(PlayPlot(0, hand(game, 0, "P24"), theirs))
    game.board.tokens[game.board.cabal[1]] = 1  # Lightning Strike's cost
    assert game.why_illegal(PlayPlot(1, hand(game, 1, "P25"), mine)) is None
    pass_until(game, lambda: not game.stack)
    if game.shelter is not None:
        game.apply(Shelter(1))
    pass_windows(game)
    clear_hands(game)
    game.apply(EndTurn(0))
    assert all(c.player != 0 for c in game.claims)


def test_s8_5_a_group_supporting_is_told_spends_one_token_and_supports_this_attack_once():
    """A group supporting the defence (not the target) spends one token of its two, the table
    reads who supported which side with which card, how much and by which line; the same card
    may not support again this attack."""
    from grail_tui.games.strings.engine import Commit, Declare, Pass, Side, Support
    from grail_tui.games.strings.engine.events import Happened
    from grail_tui.games.strings.engine.rules import support_value

    game = main_of(A, B)
    target = seat(game, 1, "K09", owner=1)
    helper = seat(game, 1, "K10", owner=1, tokens=2)
    game.apply(Declare(0, game.board.cabal[0], target, AttackKind.DESTROY))
    game.apply(Commit(0))
    game.apply(Pass(0))
    assert game.attack is not None
    value, how = support_value(game, game.attack, 1, helper, Side.DEFENCE)
    assert how != "D1"
    assert game.apply(Support(1, helper, Side.DEFENCE))[0] == Happened(1, "supports defence", (helper,), ("K10",), value, how)
    assert game.board.tokens[helper] == 1
    pass_until(game, lambda: game.to_act() == (1,))
    assert game.why_illegal(Support(1, helper, Side.DEFENCE)) == f"{game.name(helper)} has contributed to this attack already."


def _claiming_three(eliminated: bool = False) -> Game:
    """Seat 0 ends its turn (of three players, the basic goal set to 2) holding Body Count, met;
    seats 1 and 2 each control two groups (seat 1 out of the game if ``eliminated``)."""
    from grail_tui.games.strings.engine import EndTurn
    from grail_tui.games.strings.engine.flow import _eliminate
    from tests.strings.engine.test_victory import grow

    game = main_of(B, A, C, goal=2)
    count = hand(game, 0, "P43")
    for _card in range(5):  # plot cards: no printed power, so Hollow Choir's special goal stays unmet
        game.destroyed[0].append(next(c for c in game.plot_deck[0] if game.defs[c].kind == "plot" and c != count))
        game.plot_deck[0].remove(game.destroyed[0][-1])
    for player in (1, 2):
        grow(game, player, 2)
    if eliminated:
        _eliminate(game, 1)
    game.apply(EndTurn(0))
    return game


def test_s16_claims_are_made_in_turn_order_from_the_active_player_told_and_shown_and_asked_from_the_next():
    """§16.2, HR-73: at the end of seat 0's turn each player's claims are made in turn order from
    seat 0, each told to the table (a goal card's face shown, revealed in its hand); the claims
    window asks the next player first; the turn is no longer ending."""
    from grail_tui.games.strings.engine.events import Happened

    game = _claiming_three()
    count = next(c for c in game.plot_hand[0] if game.defs[c].id == "P43")
    assert [(c.player, c.reason) for c in game.claims] == [(0, "Body Count"), (1, "the basic goal"), (2, "the basic goal")]
    told = [e for e in game.history if isinstance(e, Happened) and e.what == "claims"]
    assert told == [Happened(0, "claims", (count,), ("P43",), detail="Body Count"),
                    Happened(1, "claims", detail="the basic goal"), Happened(2, "claims", detail="the basic goal")]
    view = game.public_view()
    assert [f.uid for f in view.seats[0].revealed] == [count] and view.ending_turn is False
    assert game.prompt() == "claims" and game.to_act() == (1,)


def test_s17_a_player_out_of_the_game_makes_no_claim_and_the_next_players_claims_are_still_made():
    """§17: seat 1, out of the game, claims nothing; seat 2 after it still claims."""
    game = _claiming_three(eliminated=True)
    assert [(c.player, c.reason) for c in game.claims] == [(0, "Body Count"), (2, "the basic goal")]


def test_hr_32_a_turn_ending_with_two_goal_cards_in_hand_puts_one_under_the_deck_though_within_the_limit():
    """HR-32: at the end of one's turn a hand may hold one goal card: with two (and fewer cards than
    the plot limit) one goes to the bottom of the plot deck before the claims."""
    from grail_tui.games.strings.engine import EndTurn

    game = main_of(B, A)
    goals = [hand(game, 0, card_id) for card_id in ("P43", "P39")]
    assert len(game.plot_hand[0]) < game.plot_limit()
    game.apply(EndTurn(0))
    assert game.prompt() == "bottom" and game.due == (0, 1) and game.plot_hand[0] == goals


def test_s8_9_an_attack_whose_attacker_has_left_or_has_no_arrow_left_fails_without_a_roll():
    """§8.9 f: when the support window closes, an attack whose attacker is gone from the table, or
    a control attack whose attacker has no open arrow left, fails without a roll: the table reads
    whose attack with which card on which group; no dice are rolled."""
    from grail_tui.games.strings.engine import Commit, Declare, Rolled
    from grail_tui.games.strings.engine.events import Happened

    for gone in (True, False):
        game = main_of(A, B)
        attacker = seat(game, 0, "K04", arrows=1)
        game.board.arrows[attacker] = [-1]
        target = seat(game, 1, "K09", owner=1)
        game.apply(Declare(0, attacker, target, AttackKind.CONTROL))
        game.apply(Commit(0))
        if gone:  # returned to its owner's hand while the window is open
            game.board.detach(attacker)
            del game.board.arrows[attacker], game.board.controller[attacker]
            game.group_hand[0].append(attacker)
        else:  # its one arrow taken
            seat(game, 0, "K06", under=attacker)
        before = len(game.history)
        pass_until(game, lambda g=game: g.attack is None)
        events = game.history[before:]
        assert Happened(0, "attack fails without a roll", (attacker, target), ("K04", "K09")) in events, gone
        assert not any(isinstance(e, Rolled) for e in events) and game.board.controller[target] == 1


def test_s15_at_the_end_of_the_turn_a_group_left_in_the_open_area_goes_to_its_owners_discard_pile_told_to_all():
    """§15: a group still in the open area when the turn ends (brought there by an attack that
    failed) is discarded to its owner's pile; the table reads it, as the game's doing."""
    from grail_tui.games.strings.engine import EndTurn
    from grail_tui.games.strings.engine.events import Happened

    game = main_of(A, B)
    left = uid(game, "K09", 1)
    lift(game, left)
    game.board.open_area[left] = 0
    events = game.apply(EndTurn(0))
    assert Happened(-1, "open area cleared", (left,), ("K09",)) in events and left in game.discard[1]


def test_s14_1_when_the_top_plot_resolves_the_response_window_asks_again_from_the_player_after_the_next_plots():
    """§14.1: seat 0's Sudden Audit is answered by seat 1's strike; once the strike resolves, the
    response window goes on for seat 0's plot, asking first the player after seat 0 (seat 1)."""
    from grail_tui.games.strings.engine import Pass
    from grail_tui.games.strings.engine.events import Happened

    game = main_of(A, B)
    theirs, mine = seat(game, 1, "K09", owner=1, tokens=2), seat(game, 0, "K04", power=9)
    game.apply(PlayPlot(0, hand(game, 0, "P17", owner=0), theirs))
    strike = hand(game, 1, "P24")
    game.apply(PlayPlot(1, strike, mine))
    game.apply(Pass(0))
    game.apply(Pass(1))
    assert game.history[-1] == Happened(1, "strike fails", (strike, mine), ("P24", "K04"), 3) and len(game.stack) == 1
    assert game.prompt() == "response" and game.to_act() == (1,)
    game.apply(Pass(1))
    assert game.stack  # one pass is not all passing
    game.apply(Pass(0))
    assert game.board.tokens[theirs] == 1 and not game.stack


def test_s17_a_player_returning_its_last_group_to_its_hand_is_out_and_the_last_player_left_wins():
    """§17: Fresh Faces on one's only group returns it to the hand: its player has no group left
    and is out of the game; the one player left wins as the last survivor."""
    from grail_tui.games.strings.engine import Ending

    game = main_of(A, C)
    (only,) = game.board.groups_of(0)
    game.apply(PlayPlot(0, hand(game, 0, "P32"), only))
    pass_windows(game)
    assert game.eliminated[0]
    assert game.outcome is not None and (game.outcome.ending, game.outcome.winners) == (Ending.SURVIVOR, (1,))


def test_s8_3_an_attack_started_with_backroom_deal_leaves_the_attackers_token_and_one_committed_with_another_plot_spends_it():
    """Backroom Deal starts the attack instead of the attacker's token: an attacker holding one
    keeps it; committing with Closed-Door Meeting still spends the attacker's token; the table
    reads the plot committed with."""
    from grail_tui.games.strings.engine import Commit, Declare
    from grail_tui.games.strings.engine.events import Happened

    for card_id, kept in (("P09", 1), ("P10", 0)):
        game = main_of(A, B)
        attacker = seat(game, 0, "K04", tokens=1)
        game.apply(Declare(0, attacker, game.board.groups_of(1)[0], AttackKind.CONTROL))
        plot = hand(game, 0, card_id)
        assert game.apply(Commit(0, plot))[0] == Happened(0, "committed with", (plot,), (card_id,))
        assert game.board.tokens.get(attacker, 0) == kept, card_id


def test_s18_an_attack_committed_opens_the_attackers_shield_to_its_target_and_one_to_destroy_spoils_the_gentle_hand():
    """§18: seat 0, still shielded in its first turn, commits an attack on seat 1's group: seat 1
    may now aim at seat 0's groups (a strike in the support window); the table reads whose attack
    with which card on which group. An attack to destroy is a try to destroy (The Gentle Hand's
    special goal is no longer met at the end of the turn); one to take control is not."""
    from grail_tui.games.strings.engine import Commit, Declare, EndTurn, Pass, Shelter
    from grail_tui.games.strings.engine.events import Happened
    from tests.strings.helpers import F, Loaded

    for kind in (AttackKind.DESTROY, AttackKind.CONTROL):
        game = main_of(F, B, goal=3, shields=True)
        game.finished_first = [False, True]
        cabal, mine = game.board.cabal[0], game.board.groups_of(0)[0]
        target = seat(game, 1, "K09", owner=1)
        game.apply(Declare(0, cabal, target, kind))
        ids = (game.defs[cabal].id, "K09")
        assert game.apply(Commit(0))[0] == Happened(0, "committed", (cabal, target), ids)
        game.apply(Pass(0))
        game.board.tokens[game.board.cabal[1]] = 1  # Lightning Strike's cost
        assert game.why_illegal(PlayPlot(1, hand(game, 1, "P25"), mine)) is None
        game.rolls = Loaded(6, 6)  # the attack fails
        pass_until(game, lambda g=game: g.attack is None)
        if game.shelter is not None:
            game.apply(Shelter(1))
        pass_windows(game)
        clear_hands(game)
        game.apply(EndTurn(0))
        assert any(c.player == 0 and c.reason == "the special goal" for c in game.claims) is (kind is AttackKind.CONTROL)


def test_s8_2_an_attack_declared_with_global_power_counts_the_attackers_global_power():
    """§8.2: an attack declared on the attacker's global power has it as its base, as every view
    of the attack shows; declared without, the power. The table reads who declared which kind of
    attack with which card on which group."""
    from grail_tui.games.strings.engine import Declare
    from grail_tui.games.strings.engine.events import Happened

    for use_global, base in ((True, 2), (False, 5)):
        game = main_of(A, B)
        attacker = seat(game, 0, "K04", power=5, global_power=2)
        target = game.board.groups_of(1)[0]
        told = game.apply(Declare(0, attacker, target, AttackKind.DESTROY, use_global))
        assert told == [Happened(0, "declared destroy", (attacker, target), ("K04", game.defs[target].id))]
        attack = game.public_view().attack
        assert attack is not None and dict(attack.attack_parts)["base"] == base


def test_s5_the_log_of_set_up_tells_each_choice_to_its_chooser_alone_and_the_reveals_to_all():
    """§5 (S-2): a Cabal or start group chosen is told to its chooser alone; the Cabals are shown
    together once all have chosen, the start groups of a round together (with the round), a start
    group chosen openly as it is chosen; then the turn order (the host's first player first)."""
    from grail_tui.games.strings.engine import ChooseCabal, ChooseStart, Phase
    from grail_tui.games.strings.engine.events import Happened, Saw
    from tests.strings.helpers import F, new_game, own_cabal

    game = new_game(A, B, F)
    cabals = [own_cabal(game, p) for p in range(3)]
    assert game.apply(ChooseCabal(0, cabals[0])) == [Saw(0, "chose cabal", (cabals[0],), (game.defs[cabals[0]].id,))]
    game.apply(ChooseCabal(1, cabals[1]))
    events = game.apply(ChooseCabal(2, cabals[2]))
    assert events[1] == Happened(-1, "cabals revealed", tuple(cabals), tuple(game.defs[c].id for c in cabals))
    picks = [uid(game, card_id, p, zone=game.group_deck[p]) for p, card_id in enumerate(("K05", "K05", "K07"))]
    assert game.apply(ChooseStart(0, picks[0])) == [Saw(0, "chose start group", (picks[0],), ("K05",))]
    game.apply(ChooseStart(1, picks[1]))
    events = game.apply(ChooseStart(2, picks[2]))
    assert events[1] == Happened(-1, "start groups revealed", tuple(picks), ("K05", "K05", "K07"), 1)
    for card_id in ("K06", "K08"):  # two more rounds of the same clash: the choice opens
        for player in (0, 1):
            game.apply(ChooseStart(player, uid(game, card_id, player, zone=game.group_deck[player])))
    assert game.phase is Phase.OPEN_START and game.to_act() == (0,)
    opened = uid(game, "K05", 0, zone=game.group_deck[0])
    assert game.apply(ChooseStart(0, opened))[0] == Happened(0, "start group", (opened,), ("K05",))
    game.apply(ChooseStart(1, uid(game, "K06", 1, zone=game.group_deck[1])))
    assert Happened(-1, "turn order", detail="0 1 2") in game.history
    assert all(Happened(p, "drew group", number=6) in game.history for p in range(3))  # the start draw


def test_s6_1_the_log_of_a_free_placement_names_the_group_where_it_hangs_and_the_refresh_follows():
    """§6.1 c, d: the table reads who placed which group under which card on which arrow, then
    that player's refresh: one token on the group placed; a group holding two keeps its two."""
    from grail_tui.games.strings.engine import Draw, Place
    from grail_tui.games.strings.engine.events import Happened
    from tests.strings.helpers import set_up

    game = set_up(A, B)
    clear_hands(game)
    game.apply(Draw(0, False, False))
    card = hand(game, 0, "K04", owner=0)
    start = game.board.groups_of(0)[0]
    game.board.tokens[start] = 2
    at, arrow = next(iter(game.board.open_arrows(0)))
    assert game.apply(Place(0, card, at, arrow)) == [Happened(0, "placed", (card, at), ("K04", game.defs[at].id), arrow),
                                                     Happened(0, "refreshed")]
    assert (game.board.tokens[card], game.board.tokens[start]) == (1, 2)


def test_s8_9_a_puppet_sent_to_the_hand_leaves_its_master_behind_its_masters_bonus_no_longer_counts():
    """§8.9 b: Fogbound Archipelago (its Places get +2 resistance) is destroyed; its Place puppet
    goes to its owner's hand, no longer anyone's puppet: attacked from that hand in the open area
    later, it defends with its printed resistance."""
    from grail_tui.games.strings.engine import Declare, Draw, EndTurn, Place, Shelter

    game = main_of(A, C)
    fogbound = seat(game, 1, "C2", owner=1, power=0)
    puppet = seat(game, 1, "C3", under=fogbound, owner=1)
    assert game.board.resistance(puppet) == game.defs[puppet].resistance + 2
    game.apply(PlayPlot(0, hand(game, 0, "P24", owner=0), fogbound))
    pass_until(game, lambda: game.prompt() == "shelter")
    game.apply(Shelter(1))
    assert puppet in game.group_hand[1]
    pass_windows(game)
    clear_hands(game)
    game.group_deck[1].remove(puppet)
    game.group_hand[1].append(puppet)
    game.apply(EndTurn(0))
    pass_windows(game)
    game.apply(Draw(1, False, False))
    game.apply(Place(1, -1))
    pass_windows(game)
    game.apply(Declare(1, game.board.cabal[1], puppet, AttackKind.CONTROL))
    attack = game.public_view().attack
    assert attack is not None and dict(attack.defence_parts)["base"] == game.defs[puppet].resistance


def test_s14_2_a_round_table_lap_asks_each_other_player_once_in_turn_order_then_closes():
    """§14.2: after seat 0's action (a card revealed), the lap asks seats 1, 2 and 3 in turn, each
    passing once, then closes: seat 0's main phase goes on."""
    from grail_tui.games.strings.engine import Pass, Reveal

    game = main_of(A, B, C, D)
    game.apply(Reveal(0, hand(game, 0, "P01", owner=0)))
    asked: list[int] = []
    for _pass in range(10):  # (a broken lap must fail, not hang)
        if not game.windows:
            break
        asked += game.to_act()
        game.apply(Pass(game.to_act()[0]))
    assert asked == [1, 2, 3] and game.prompt() == "main" and game.to_act() == (0,)


def test_s6_1_the_draws_at_the_start_of_a_turn_are_told_as_a_plot_card_and_a_group_card_their_faces_to_the_drawer():
    """§6.1 a, b, §4: the table reads that the player drew one plot card and one group card; the
    player alone sees which."""
    from grail_tui.games.strings.engine import Draw, EndTurn
    from grail_tui.games.strings.engine.events import Happened

    game = main_of(A, B)
    game.apply(EndTurn(0))
    pass_windows(game)
    plot, group = game.plot_deck[1][-1], game.group_deck[1][-1]
    assert game.apply(Draw(1, True, True)) == [
        Happened(1, "drew plot", number=1), Saw(1, "drew plot", (plot,), (game.defs[plot].id,)),
        Happened(1, "drew group", number=1), Saw(1, "drew group", (group,), (game.defs[group].id,))]


def test_hr_03b_in_the_open_choice_barred_names_are_allowed_again_for_a_player_who_holds_only_those():
    """HR-03b: seat 1's group deck holds only names barred in three clashing rounds (and a
    resource): the choice opens and seat 1 is still to choose, as barred names are allowed again;
    it starts with one of them."""
    from grail_tui.games.strings.engine import ChooseStart, Phase
    from tests.strings.helpers import choose_cabals, new_game

    game = new_game(A, B)
    choose_cabals(game)
    game.group_deck[1][:] = [uid(game, card_id, 1, zone=game.group_deck[1]) for card_id in ("K05", "K06", "K07", "R08")]
    for card_id in ("K05", "K06", "K07"):
        for player in (0, 1):
            game.apply(ChooseStart(player, uid(game, card_id, player, zone=game.group_deck[player])))
    assert game.phase is Phase.OPEN_START and game.to_act() == (0,)
    game.apply(ChooseStart(0, uid(game, "K08", 0, zone=game.group_deck[0])))
    assert game.to_act() == (1,)
    game.apply(ChooseStart(1, uid(game, "K05", 1, zone=game.group_deck[1])))
    assert not game.eliminated[1] and [game.name(g) for g in game.board.groups_of(1)] == ["Crossword Compilers' Guild"]


def test_hr_61_a_player_out_in_its_own_turn_ends_the_turn_at_once_and_the_next_turn_goes_on_as_usual():
    """HR-61: seat 0 returns its only group to its hand in its own turn (three players): it is out,
    its turn ends at once and seat 1's begins; seat 1's draws and placement then go as in any turn."""
    from grail_tui.games.strings.engine import Draw, Place

    game = main_of(A, C, B)
    (only,) = game.board.groups_of(0)
    game.apply(PlayPlot(0, hand(game, 0, "P32"), only))
    pass_windows(game)
    assert game.eliminated[0] and game.outcome is None and game.active == 1 and game.prompt() == "draw"
    game.apply(Draw(1, False, False))
    assert game.active == 1 and game.prompt() == "place"
    game.apply(Place(1, -1))
    assert game.active == 1 and game.prompt() == "round table" and game.to_act() == (2,)
