"""STRINGS.md §22, victory and elimination (cases 57-65) and windows (66-67)."""

from __future__ import annotations

import pytest

from grail_tui.games.strings.engine import (
    AttackKind,
    Commit,
    Declare,
    DrawGroup,
    Ending,
    EndTurn,
    Pass,
    PlayPlot,
    Shelter,
    basic_goal,
)
from tests.strings.helpers import (
    PATIENCE,
    A,
    B,
    D,
    E,
    F,
    Loaded,
    at_main,
    clear_hands,
    hand,
    lift,
    pass_until,
    pass_windows,
    reprint,
    seat,
)


def grow(game, player, count):
    """Give ``player`` groups (from any pile, names not yet on the table) until they control ``count``."""
    board = game.board
    names = {game.defs[c].name for c in board.arrows}
    for card, definition in enumerate(game.defs):
        if board.count_groups(player) >= count:
            return
        if definition.kind != "group" or card in board.controller or definition.name in names:
            continue
        slot = next(iter(board.open_arrows(player)), None)
        if slot is None:
            return
        lift(game, card)
        board.attach(card, slot[0], slot[1], player)
        names.add(definition.name)


def end_turn(game, player=0):
    clear_hands(game)
    game.apply(EndTurn(player))


def test_s22_57_basic_goal_at_the_end_of_my_turn_and_its_size_by_table():
    assert [basic_goal(n) for n in (2, 3, 4, 5, 6)] == [12, 12, 11, 10, 10]
    game = at_main(A, B)
    grow(game, 0, 12)
    assert game.board.count_groups(0) == 12
    end_turn(game)
    assert game.prompt() == "claims" and game.claims[0].player == 0
    pass_windows(game)
    assert game.outcome is not None and game.outcome.winners == (0,) and game.outcome.ending is Ending.GOAL


def test_s22_58_a_strike_in_the_claims_window_breaks_the_claim():
    game = at_main(A, B)
    grow(game, 0, 12)
    end_turn(game)
    strike = hand(game, 1, "P24", owner=0)
    victim = next(g for g in game.board.groups_of(0) if game.defs[g].power <= 3 and not game.board.puppets(g))
    game.apply(PlayPlot(1, strike, victim))
    pass_windows_until_shelter(game)
    game.apply(Shelter(0))
    pass_windows(game)
    assert game.outcome is None and game.active == 1


def pass_windows_until_shelter(game):
    pass_until(game, lambda: game.prompt() == "shelter")


def test_s22_59_a_player_not_active_claims_at_the_end_of_anothers_turn():
    game = at_main(A, B, F)
    grow(game, 2, 12)
    end_turn(game)
    pass_windows(game)
    assert game.outcome.winners == (2,)


def test_s22_60_standing_claims_share_the_victory():
    game = at_main(A, B, F)
    grow(game, 0, 12)
    grow(game, 2, 12)
    end_turn(game)
    pass_windows(game)
    assert game.outcome.winners == (0, 2)
    assert "share" in game.outcome.describe()


def test_s22_61_hold_the_presses_returns_the_goal_card_revealed():
    game = at_main(C := "borderlines", E)
    clear_hands(game)
    roots = hand(game, 0, "P39", owner=0)
    chain = game.board.groups_of(0)[0]
    for card_id in ("K09", "K10", "K11", "K12"):
        chain = seat(game, 0, card_id, under=chain if game.board.has_open_arrow(chain) else None, tokens=0)
        reprint(game, chain, arrows=1)
        game.board.arrows[chain] = [-1]
    grow(game, 0, game.basic_goal() - 2)  # Deep Roots asks for (basic goal - 2) groups besides the depth
    presses = hand(game, 1, "P15", owner=1)
    game.apply(EndTurn(0))
    assert any(c.goal_card == roots for c in game.claims)
    game.apply(PlayPlot(1, presses, seat=0))
    pass_windows(game)
    assert game.outcome is None
    assert roots in game.plot_hand[0] and roots in game.revealed
    assert [f.uid for f in game.view(1).public.seats[0].revealed] == [roots]
    del C


def test_s22_62_a_gift_cannot_give_a_second_goal_card():
    from grail_tui.games.strings.engine import Answer, HandLimitError, Offer

    game = at_main(B, A)
    clear_hands(game)
    mine = hand(game, 1, "P39", owner=0)  # player 2 holds a goal card, outside their turn
    gift = hand(game, 0, "P43", owner=0)
    game.apply(Offer(0, 1, (gift,)))
    with pytest.raises(HandLimitError, match="two goal cards outside your turn"):
        game.apply(Answer(1, True))
    game.apply(Answer(1, True, (), (mine,)))  # accept, putting one goal card on the bottom at once
    goals = [c for c in game.plot_hand[1] if game.defs[c].plot_kind == "goal"]
    assert goals == [gift] and game.plot_deck[1][0] == mine
    assert all(len([f for f in game.view(p).public.seats[1].revealed]) <= 1 for p in (0, 1))


def test_s22_63_all_opponents_eliminated_mid_turn_i_win_at_once():
    game = at_main(A, B)
    cabal = game.board.cabal[0]
    reprint(game, cabal, power=40)
    last = game.board.groups_of(1)[0]
    game.board.arrows[last] = [-1] * len(game.board.arrows[last])
    game.apply(Declare(0, cabal, last, AttackKind.DESTROY))
    game.apply(Commit(0))
    game.rolls = Loaded(1, 1)
    pass_windows(game)
    game.apply(Shelter(1))
    assert game.outcome.ending is Ending.SURVIVOR and game.outcome.winners == (0,)


def test_s22_64_the_round_limit_gives_the_most_groups_ties_share():
    game = at_main(A, B, F, round_limit=1)
    grow(game, 0, 3)
    grow(game, 2, 3)
    for player in (0, 1, 2):
        pass_windows(game)
        if player:
            from grail_tui.games.strings.engine import Draw, Place

            game.apply(Draw(player, False, False))
            game.apply(Place(player, -1))
            pass_windows(game)
        end_turn(game, player)
    assert game.outcome.ending is Ending.ROUND_LIMIT and game.outcome.winners == (0, 2)


def test_s22_65_drawing_from_an_empty_group_deck_does_nothing():
    game = at_main(A, B)
    game.group_deck[0].clear()
    before = list(game.group_hand[0])
    game.apply(DrawGroup(0, game.board.cabal[0]))
    assert game.group_hand[0] == before and game.outcome is None


def test_s22_66_not_so_fast_twice_resolves_last_in_first_out():
    game = at_main(A, D)
    clear_hands(game)
    drive = hand(game, 0, "P26", owner=0)  # Recruitment Drive: draw 2 group cards
    mine = hand(game, 0, "P13", owner=0)
    theirs = hand(game, 1, "P13", owner=1)
    game.apply(PlayPlot(0, drive))
    assert game.prompt() == "response" and game.to_act() == (1,)
    game.apply(PlayPlot(1, theirs))
    assert game.to_act() == (0,)
    game.apply(PlayPlot(0, mine))
    before = len(game.group_hand[0])
    pass_windows(game)
    assert len(game.group_hand[0]) == before + 2  # the first Not So Fast was cancelled by the second
    assert {mine, theirs, drive} <= set(game.discard[0] + game.discard[1])


def test_s22_67_a_round_table_lap_asks_every_other_player_in_turn_order_hands_empty_or_not():
    game = at_main(A, B, F)
    clear_hands(game)
    game.apply(DrawGroup(0, game.board.cabal[0]))
    asked = []
    for _pass in range(PATIENCE):
        if not game.windows:
            break
        asked.append(game.to_act()[0])
        game.apply(Pass(game.to_act()[0]))
    assert asked == [1, 2] and game.prompt() == "main"


def test_gifts_and_trades_show_their_cards_to_the_two_parties_only():
    from grail_tui.games.strings.engine import Answer, Offer

    game = at_main(A, B, F)
    clear_hands(game)
    gift = hand(game, 0, "K01", owner=0)
    game.apply(Offer(0, 1, (gift,)))
    assert game.prompt() == "offer" and game.to_act() == (1,)
    assert [f.uid for f in game.view(1).offered] == [gift] and game.view(2).offered == ()
    assert game.public_view().offer == (0, 1, 1)
    events = game.apply(Answer(1, True))
    assert gift in game.group_hand[1]
    public = [e for e in events if e.audience is None]
    assert all(gift not in getattr(e, "cards", ()) for e in public)
    assert [e.detail for e in public if e.what == "gave"] == ["0 plot, 1 group"]
    pass_windows(game)  # the offer was an action: the round-table lap
    trade = hand(game, 0, "K02", owner=0)
    game.apply(Offer(0, 1, (trade,), trade=True))
    with pytest.raises(Exception, match="giving at least one card back"):
        game.apply(Answer(1, True))
    game.apply(Answer(1, True, (gift,)))
    assert gift in game.group_hand[0] and trade in game.group_hand[1]
