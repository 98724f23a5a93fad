"""What the checks allow at their edges, where a refusal would be the mistake (test_refusals.py has
what they refuse, in the player's words): the first seat as anyone's target, a shield lowered by an
attack, and the like."""

from __future__ import annotations

from dataclasses import replace

import pytest

from grail_tui.games.strings.engine import (
    Activate,
    AttackKind,
    Buy,
    Commit,
    Declare,
    Draw,
    EndTurn,
    Game,
    Move,
    NoTokenError,
    Pass,
    Place,
    PlaceResource,
    PlayPlot,
    PlotTimingError,
    Side,
    Support,
)
from grail_tui.games.strings.engine.cards import Effect
from grail_tui.games.strings.engine.events import Saw
from tests.strings.helpers import (
    A,
    B,
    C,
    D,
    F,
    at_main,
    choose_cabals,
    choose_starts,
    clear_hands,
    hand,
    lift,
    new_game,
    pass_until,
    pass_windows,
    reprint,
    seat,
    uid,
)


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


def test_s6_4_the_second_seat_plays_a_look_at_the_first_seats_hand():
    game = wire_for(1)
    wiretap = hand(game, 1, "P30")
    assert PlayPlot(1, wiretap, seat=0) in game.legal_actions(1)
    game.apply(PlayPlot(1, wiretap, seat=0))
    assert game.stack[-1].seat == 0


def test_s18_a_player_who_attacked_me_is_no_longer_shielded_from_my_plots():
    game = wire_for(0)
    wiretap = hand(game, 0, "P30")
    game.finished_first[1] = False
    assert game.why_illegal(PlayPlot(0, wiretap, seat=1)) is not None
    game.attacked.add((1, 0))
    assert game.why_illegal(PlayPlot(0, wiretap, seat=1)) is None


def satellite(linked_to_the_cabal: bool = True) -> tuple[Game, int]:
    """Seat 0's main phase holding a Pirate Satellite, whose look at the top of a deck may be used
    only while it is linked to its controller's Cabal."""
    game = wire_for(0)
    board = game.board
    card = uid(game, "R04")
    lift(game, card)
    board.resources[0].append(card)
    board.controller[card] = 0
    board.links[card] = board.cabal[0] if linked_to_the_cabal else board.groups_of(0)[0]
    return game, card


def test_s11_a_resources_ability_works_only_where_its_card_says():
    game, card = satellite()
    game.apply(Activate(0, card, 1, "plot"))
    game, card = satellite(linked_to_the_cabal=False)
    with pytest.raises(PlotTimingError, match="^Pirate Satellite has no ability to use here.$"):
        game.apply(Activate(0, card, 1, "plot"))


def test_s11_an_ability_is_found_among_a_cards_effects_wherever_it_is_printed():
    game, card = satellite()
    reprint(game, card, effects=tuple(reversed(game.defs[card].effects)))  # the ability printed last
    game.apply(Activate(0, card, 1, "plot"))


def test_s11_of_two_abilities_the_one_for_where_the_card_is_linked_is_used():
    """A card may print an ability for each kind of holder (a card file's own card): linked to a
    group, it uses the one for a group, though the one for a Cabal is printed first."""
    game, card = satellite(linked_to_the_cabal=False)
    for_the_cabal = game.defs[card].effects[0]
    reprint(game, card, effects=(for_the_cabal, replace(for_the_cabal, if_={"holder": {"kind": "group"}})))
    game.apply(Activate(0, card, 1, "plot"))


def test_s11_an_ability_that_is_not_a_look_is_not_offered_and_is_refused():
    """The abilities the rules know are looks (HR-86); a card file's Cabal may print another (a
    draw): the game goes on, the ability is not offered, and its use is refused in words."""
    game = at_main(C, B)
    cabal = game.board.cabal[0]
    reprint(game, cabal, effects=(Effect("activated", "", ({"op": "draw", "deck": "plot", "n": 1},)),))
    assert not any(isinstance(a, Activate) for a in game.legal_actions(0))
    with pytest.raises(PlotTimingError, match="^The Cartographers of Dusk has no ability to use here.$"):
        game.apply(Activate(0, cabal, 1))


def free_slot(game: Game, player: int, group: int) -> tuple[int, int]:
    """An open arrow of ``player``'s structure outside ``group``'s own branch."""
    below = set(game.board.subtree(group))
    return next((at, arrow) for at, arrow in game.board.open_arrows(player) if at not in below)


def test_s9_the_cartographers_move_a_place_of_theirs_free_and_nothing_else():
    game = at_main(C, B)  # seat 0's Cabal: The Cartographers of Dusk, whose Places move free
    place = seat(game, 0, "C2", tokens=0)
    person = seat(game, 0, "C8", tokens=0)
    move = Move(0, place, *free_slot(game, 0, place))
    assert move in game.legal_actions(0)
    game.apply(move)
    pass_windows(game)  # the round-table lap after an action
    assert game.board.master[place] == move.at and place not in game.board.tokens
    with pytest.raises(NoTokenError):
        game.apply(Move(0, person, *free_slot(game, 0, person)))


def test_s9_a_place_without_a_token_moves_free_though_its_cabal_prints_another_ability_first():
    """The Cartographers' free move is found among their effects wherever it is printed (a card
    file's own Cabal, a bonus printed before it): a Place of theirs without a token may move."""
    game = at_main(C, B)
    cabal = game.board.cabal[0]
    bonus = Effect("attack_mod", "", ({"op": "add", "side": "attack", "value": 1},))
    reprint(game, cabal, effects=(bonus, *game.defs[cabal].effects))
    _moves_free(game, seat(game, 0, "C2", tokens=0))


def test_s9_a_free_move_that_names_no_group_moves_any_group_free():
    """A free move printed without ``where`` (a card file's own Cabal) takes no token from any
    group of its player: a Person without a token may move."""
    game = at_main(C, B)
    cabal = game.board.cabal[0]
    (moving,) = game.defs[cabal].effects
    ops = tuple({k: v for k, v in op.items() if k != "where"} for op in moving.do)
    reprint(game, cabal, effects=(replace(moving, do=ops),))
    _moves_free(game, seat(game, 0, "C8", tokens=0))


def _moves_free(game, card: int) -> None:
    """``card``, holding no token, is offered a move and makes it."""
    move = Move(0, card, *free_slot(game, 0, card))
    assert move in game.legal_actions(0)
    game.apply(move)
    assert game.board.master[card] == move.at


def test_s9_a_master_moves_a_puppet_free_once_a_turn():
    game = at_main(A, C)
    master = seat(game, 0, "C8", tokens=1)  # Surveyor-General Kast: its puppets move free, once a turn
    puppet = seat(game, 0, "K04", under=master, tokens=0)
    game.apply(Move(0, puppet, *free_slot(game, 0, puppet)))
    pass_windows(game)
    assert puppet not in game.board.tokens and game.board.tokens[master] == 1
    second = seat(game, 0, "K06", under=master, tokens=0)
    assert game.why_illegal(Move(0, second, *free_slot(game, 0, second))) is not None
    game.board.tokens[second] = 1
    game.apply(Move(0, second, *free_slot(game, 0, second)))
    assert second not in game.board.tokens  # paid with its own token


def test_s9_reorganize_moves_two_groups_free():
    game = at_main(A, C)
    groups = [seat(game, 0, card_id, tokens=0) for card_id in ("K04", "K06", "K07")]
    game.apply(PlayPlot(0, hand(game, 0, "P28")))
    pass_windows(game)
    for group in groups[:2]:
        game.apply(Move(0, group, *free_slot(game, 0, group)))
        pass_windows(game)
    with pytest.raises(NoTokenError):
        game.apply(Move(0, groups[2], *free_slot(game, 0, groups[2])))


def main_of(*decks: str) -> Game:
    game = at_main(*decks)
    clear_hands(game)
    return game


def test_s8_10_a_plot_at_a_group_takes_a_group_in_either_structure_with_or_without_tokens():
    game = main_of(A, B)
    cut, audit = hand(game, 0, "P31"), hand(game, 0, "P17")  # Power Cut (power), Sudden Audit (a token)
    bare = seat(game, 1, "K09", owner=1, tokens=0)
    one = seat(game, 1, "K10", owner=1, tokens=1)
    assert game.why_illegal(PlayPlot(0, cut, bare)) is None  # a change of power asks for no token
    assert game.why_illegal(PlayPlot(0, audit, one)) is None  # one token is enough to take
    assert game.why_illegal(PlayPlot(0, audit, bare)) is not None


def test_s8_10_fresh_faces_returns_a_group_of_ones_own_without_puppets():
    game = main_of(A, C)
    mine = seat(game, 0, "K04")
    assert game.why_illegal(PlayPlot(0, hand(game, 0, "P32"), mine)) is None


def overtime(cap: int | None) -> tuple[Game, int]:
    """Seat 0 holds Overtime, printed with ``cap`` as the most tokens it may bring a group to
    (None: no cap printed, the rules' 2)."""
    game = main_of(A, B)
    card = hand(game, 0, "P29")
    (effect,) = game.defs[card].effects
    op = {k: v for k, v in effect.do[0].items() if k != "cap"} | ({} if cap is None else {"cap": cap})
    reprint(game, card, effects=(replace(effect, do=(op,)),))
    return game, card


@pytest.mark.parametrize(("cap", "tokens", "allowed"), [(3, 2, True), (1, 0, True), (1, 1, False),
                                                         (None, 1, True), (None, 2, False)])
def test_s7_a_token_added_by_a_plot_stops_at_the_cap_printed_else_at_two(cap, tokens, allowed):
    game, card = overtime(cap)
    group = seat(game, 0, "K04", tokens=tokens)
    assert (game.why_illegal(PlayPlot(0, card, group)) is None) is allowed


def test_s11_a_unique_resource_may_be_placed_once_and_windfall_places_a_second():
    game = main_of(A, D)
    satellite = hand(game, 0, "R04")  # unique
    game.apply(PlaceResource(0, satellite))
    pass_windows(game)
    game.apply(PlayPlot(0, hand(game, 0, "P33")))  # Windfall: one more placement this turn
    pass_windows(game)
    game.apply(PlaceResource(0, hand(game, 0, "R01")))
    assert game.board.resources[0][-2:] == [satellite, game.board.resources[0][-1]]


def test_s8_5_a_third_player_supports_a_destruction_by_opposition():
    game = at_main(A, B, F)
    target = seat(game, 1, "K13", owner=1, alignments=("militant",))
    opposed = seat(game, 2, "K04", power=3, global_power=0, alignments=("pacifist",))
    game.apply(Declare(0, game.board.cabal[0], target, AttackKind.DESTROY))
    game.apply(Commit(0))
    game.apply(Pass(0))
    game.apply(Pass(1))
    game.apply(Support(2, opposed, Side.ATTACK))  # A3: worth its power to the attack, nothing to the defence
    assert game.attack.support[-1].how == "A3"


def test_s8_5_a_help_worth_one_is_taken():
    game = at_main(A, B, F)
    target = seat(game, 1, "K13", owner=1, alignments=("state",))
    distant = seat(game, 2, "K06", power=2, global_power=1, alignments=("uncanny",))
    game.apply(Declare(0, game.board.cabal[0], target, AttackKind.CONTROL))
    game.apply(Commit(0))
    game.apply(Pass(0))
    game.apply(Pass(1))
    game.apply(Support(2, distant, Side.ATTACK))
    assert (game.attack.support[-1].value, game.attack.support[-1].how) == (1, "A1")


def test_s8_5_an_attack_plot_worth_one_is_played_and_adds_one():
    """An attack plot adds what it prints, however little: Bribed Official printed with +1 (a card
    file's own card) is offered, played, and adds 1 to the attack."""
    from tests.strings.engine.test_legal_lists import in_support

    game = in_support(0)
    bribe = next(c for c in game.plot_hand[0] if game.defs[c].id == "P01")
    (effect,) = game.defs[bribe].effects
    reprint(game, bribe, effects=(replace(effect, do=({"op": "add", "side": "attack", "value": 1},)),))
    play = PlayPlot(0, bribe, side=Side.ATTACK)
    assert play in game.legal_actions(0)
    game.apply(play)
    pass_until(game, lambda: game.prompt() == "support")
    assert [(c.card, c.side, c.value) for c in game.attack.support] == [(bribe, Side.ATTACK, 1)]


def test_s8_5_d6_a_defence_plot_for_ones_own_group_helps_its_controller():
    game = at_main(A, B)
    game.apply(Declare(0, seat(game, 0, "K04", tokens=1), game.board.groups_of(1)[0], AttackKind.DESTROY))
    game.apply(Commit(0))
    game.apply(Pass(0))
    sealed = hand(game, 1, "P05")  # Sealed Records: the defence of a group its player controls
    assert game.why_illegal(PlayPlot(1, sealed, side=Side.DEFENCE)) is None



def test_s11_an_ability_shows_its_player_the_top_of_the_deck_it_names_and_the_table_what_was_looked_at():
    """§4, §11: Pirate Satellite looks at the top card of the deck named, plot or group, shown to
    its player alone; the table reads whose deck and which; no token is spent (its cost is none)."""
    from grail_tui.games.strings.engine.events import Happened, Saw

    for deck in ("plot", "group"):
        game, card = satellite()
        game.board.tokens[card] = 1
        pile = game.plot_deck[1] if deck == "plot" else game.group_deck[1]
        top = pile[-1]
        events = game.apply(Activate(0, card, 1, deck))
        assert events[:2] == [Happened(0, "looked", (card,), (game.defs[card].id,), 1, f"top of the {deck} deck"),
                              Saw(0, "looked", (top,), (game.defs[top].id,), about=1)]
        assert game.board.tokens[card] == 1 and card in game.used_resources


def test_s11_an_ability_that_costs_its_cards_token_spends_it():
    """The Unblinking Wire's look costs the Cabal's own token (§11)."""
    game = wire_for(0)
    wire = game.board.cabal[0]
    game.board.tokens[wire] = 1
    game.apply(Activate(0, wire, 1))
    assert game.board.tokens.get(wire, 0) == 0


def test_s9_a_free_move_keeps_the_groups_token_and_only_a_static_free_move_is_free():
    """The Cartographers (the Cabal numbered 0 here) move a Place of theirs free: the Place keeps
    its token, whatever effect the Cabal prints before that one; a move effect that is not free
    costs the group's token like any move. The log names the group, where it went and the arrow."""
    import dataclasses

    from grail_tui.games.strings.engine.cards import Effect
    from grail_tui.games.strings.engine.events import Happened

    for printed in ("free", "first", "not free"):
        game = at_main(C, B)
        cabal = game.board.cabal[0]
        assert cabal == 0
        moving = game.defs[cabal].effects[0]
        if printed == "first":
            reprint(game, cabal, effects=(Effect("activated", "", ({"op": "draw", "deck": "plot", "n": 1},)), moving))
        if printed == "not free":
            ops = tuple({k: v for k, v in op.items() if k != "free"} for op in moving.do)
            reprint(game, cabal, effects=(dataclasses.replace(moving, do=ops),))
        place = seat(game, 0, "C2", tokens=1)
        move = Move(0, place, *free_slot(game, 0, place))
        events = game.apply(move)
        assert game.board.tokens.get(place, 0) == (0 if printed == "not free" else 1)
        assert events[0] == Happened(0, "moved", (place, move.at), (game.defs[place].id, game.defs[move.at].id), move.arrow)


def test_s9_a_move_a_plot_made_free_keeps_the_groups_token():
    """Reorganize's free moves are used before a token: a group holding one keeps it."""
    game = at_main(A, C)
    group = seat(game, 0, "K04", tokens=1)
    game.apply(PlayPlot(0, hand(game, 0, "P28")))
    pass_windows(game)
    game.apply(Move(0, group, *free_slot(game, 0, group)))
    assert game.board.tokens[group] == 1 and game.free_moves == 1


def test_s9_the_cartographers_free_move_does_not_reach_a_group_that_is_not_a_place():
    """A Person of the Cartographers pays its own token to move (their free move is for Places)."""
    game = at_main(C, B)
    person = seat(game, 0, "C8", tokens=1)
    game.apply(Move(0, person, *free_slot(game, 0, person)))
    assert person not in game.board.tokens


def test_s22_14_in_my_own_turn_i_buy_a_plot_card_beyond_five():
    """The plot-hand limit bars buying only outside one's turn: holding five plot cards, the active
    player is offered a sixth for the Cabal's token, and buys it."""
    game = at_main(A, B)
    clear_hands(game)
    for card_id in ("P13", "P16", "P19", "P21", "P25"):
        hand(game, 0, card_id, owner=1)
    assert len(game.plot_hand[0]) == game.plot_limit()
    buy = Buy(0, (game.board.cabal[0],))
    assert buy in game.legal_actions(0)
    game.apply(buy)
    assert len(game.plot_hand[0]) == game.plot_limit() + 1
