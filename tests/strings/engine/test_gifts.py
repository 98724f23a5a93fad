"""STRINGS.md §12.2-12.3 and §13.1/13.3 (HR-32): what the one offered hand cards may answer, as
the legal list offers it; and §8.5's agents, their worth with an agenda that changes it."""

from __future__ import annotations

from grail_tui.games.strings.engine import Agent, Answer, Commit, Declare, Offer, Pass, Reveal, Side
from grail_tui.games.strings.engine.cards import Effect
from grail_tui.games.strings.engine.vocabulary import AGENT_ATTACK, AGENT_DEFENCE, AttackKind
from tests.strings.helpers import A, B, at_main, clear_hands, hand, reprint, seat, uid


def plots_of(game, player, goals=False):
    return [c for c in game.plot_deck[player] if game.defs[c].kind == "plot"
            and (game.defs[c].plot_kind == "goal") == goals]


def give(game, player, cards):
    for card in cards:
        game.plot_deck[player].remove(card)
        game.plot_hand[player].append(card)


def answers(game, player):
    return [a for a in game.legal_actions(player) if isinstance(a, Answer)]


def offered(kept_plots=0, kept_goals=0, gift_goal=False, trade=False):
    """Seat 0 offers seat 1 one plot card (a goal card if ``gift_goal``) in its main phase; seat 1
    holds ``kept_plots`` other plot cards and ``kept_goals`` goal cards, and one group card."""
    game = at_main(A, B)
    clear_hands(game)
    give(game, 1, plots_of(game, 1)[:kept_plots] + plots_of(game, 1, goals=True)[:kept_goals])
    hand(game, 1, "K06", owner=1)
    card = (plots_of(game, 0, goals=True) if gift_goal else plots_of(game, 0))[0]
    give(game, 0, [card])
    game.apply(Offer(0, 1, (card,), trade=trade))
    return game, card


def test_s12_3_a_gift_within_the_limits_is_taken_whole_or_refused():
    game, card = offered(kept_plots=2)
    assert answers(game, 1) == [Answer(1, False), Answer(1, True)]
    game.apply(Answer(1, True))
    assert card in game.plot_hand[1] and card not in game.plot_hand[0]


def test_s13_1_a_gift_over_the_plot_limit_is_taken_only_with_one_card_to_the_bottom():
    game, card = offered(kept_plots=game_limit())
    held = list(game.plot_hand[1])
    accepted = [a for a in answers(game, 1) if a.accept]
    assert {a.bottom for a in accepted} == {(c,) for c in [*held, card]}  # any one of them, the gift too
    assert all(a.back == () for a in accepted) and Answer(1, False) in answers(game, 1)
    game.apply(Answer(1, True, (), (held[0],)))
    assert game.plot_deck[1][0] == held[0] and len(game.plot_hand[1]) == game_limit()


def test_s13_3_hr_32_a_second_goal_card_is_taken_only_with_one_of_the_two_to_the_bottom():
    game, card = offered(kept_plots=1, kept_goals=1, gift_goal=True)
    goal = plots_of_hand(game, 1, goals=True)[0]
    accepted = [a for a in answers(game, 1) if a.accept]
    assert {a.bottom for a in accepted} == {(goal,), (card,)}


def test_s12_2_a_trade_is_accepted_by_giving_back_one_card_of_each_name_held():
    game, card = offered(kept_plots=2, trade=True)
    held = game.plot_hand[1] + game.group_hand[1]
    accepted = [a for a in answers(game, 1) if a.accept]
    assert {a.back for a in accepted} == {(c,) for c in held}
    assert all(a.bottom == () for a in accepted)
    group = game.group_hand[1][0]
    game.apply(Answer(1, True, (group,)))
    assert group in game.group_hand[0] and card in game.plot_hand[1]


def test_s12_3_a_trade_giving_back_a_plot_card_makes_room_for_the_one_taken():
    game, card = offered(kept_plots=game_limit(), trade=True)
    held = list(game.plot_hand[1])
    accepted = [a for a in answers(game, 1) if a.accept]
    # a plot card given back needs no card on the bottom; a group card given back needs one
    assert {a.bottom for a in accepted if a.back[0] in held} == {()}
    group = game.group_hand[1][0]
    assert {a.bottom for a in accepted if a.back == (group,)} == {(c,) for c in [*held, card]}


def test_s13_1_in_ones_own_turn_a_gift_over_the_limit_is_taken_whole():
    game = at_main(A, B)
    clear_hands(game)
    give(game, 0, plots_of(game, 0)[:game_limit()] + plots_of(game, 0, goals=True)[:1])
    game.apply(Reveal(0, game.plot_hand[0][0]))  # a window opens: seat 1 may make an offer in it
    gift = plots_of(game, 1, goals=True)[0]
    give(game, 1, [gift])
    game.apply(Offer(1, 0, (gift,)))
    assert answers(game, 0) == [Answer(0, False), Answer(0, True)]
    game.apply(Answer(0, True))
    assert gift in game.plot_hand[0]


def plots_of_hand(game, player, goals=False):
    return [c for c in game.plot_hand[player] if (game.defs[c].plot_kind == "goal") == goals]


def game_limit():
    return at_main(A, B).plot_limit()


# -- agents (§8.5 A4, D5) and an agenda that changes their worth ----------------------------------


def attacked_k09():
    """Seat 0 attacks seat 1's K09 (a name every deck here holds); the support window is open."""
    game = at_main(A, B, A)
    clear_hands(game)
    attacker = seat(game, 0, "K04")
    target = seat(game, 1, "K09", owner=1)
    game.apply(Declare(0, attacker, target, AttackKind.DESTROY))
    game.apply(Commit(0))
    return game


def agenda_in_play(game, **bonus):
    agenda = uid(game, "P49", 0)
    game.plot_deck[0].remove(agenda)
    reprint(game, agenda, effects=(Effect("static", "", ({"op": "agent_bonus", **bonus},)),))
    game.board.agendas[game.defs[agenda].colour] = agenda
    game.board.agenda_by[agenda] = 0


def agent_worth(side, **bonus):
    game = attacked_k09()
    if bonus:
        agenda_in_play(game, **bonus)
    if side is Side.ATTACK:
        card = hand(game, 0, "K09", owner=0)
        game.apply(Agent(0, card, side))
    else:  # the defender may not send a copy of its own group: a third player does
        game.apply(Pass(0))
        game.apply(Pass(1))
        card = hand(game, 2, "K09", owner=2)
        game.apply(Agent(2, card, side))
    contribution = game.attack.support[-1]
    assert contribution.card == card and contribution.side is side
    return contribution.value, contribution.how


def test_s8_5_an_agent_adds_its_fixed_worth_to_the_side_it_joins():
    assert agent_worth(Side.ATTACK) == (AGENT_ATTACK, "A4")
    assert agent_worth(Side.DEFENCE) == (AGENT_DEFENCE, "D5")


def test_s19_an_agenda_changes_what_an_agent_adds_to_each_side_on_its_own():
    assert agent_worth(Side.ATTACK, attack=3) == (AGENT_ATTACK + 3, "A4")
    assert agent_worth(Side.DEFENCE, attack=3) == (AGENT_DEFENCE, "D5")
    assert agent_worth(Side.DEFENCE, defence=2) == (AGENT_DEFENCE + 2, "D5")
    assert agent_worth(Side.ATTACK, defence=2) == (AGENT_ATTACK, "A4")


def test_s13_1_in_ones_own_turn_a_trade_may_bring_one_past_the_plot_limit():
    """The active player may hold more than the limit until the end of the turn: a trade that gives
    the active offerer, at the limit, a plot card back for the one it gave is taken."""
    game, card = offered(kept_plots=2, trade=True)
    give(game, 0, plots_of(game, 0)[:game_limit()])  # seat 0, the offerer, at the limit besides the card
    back = tuple(plots_of_hand(game, 1)[:1])
    assert Answer(1, True, back) in answers(game, 1)
    game.apply(Answer(1, True, back))
    assert len(game.plot_hand[0]) == game_limit() + 1 and set(back) <= set(game.plot_hand[0])


def test_s12_the_log_of_an_offer_and_its_answers_tells_the_table_the_backs_and_the_two_parties_the_faces():
    """§4, §12: the table reads who offered whom how many cards of each back, and who gave what
    back; the two parties alone see the faces; a card put on the bottom is counted, not shown."""
    from grail_tui.games.strings.engine.events import Happened, Saw

    game, card = offered(kept_plots=game_limit(), trade=True)
    face = game.defs[card].id
    assert game.history[-3:] == [Happened(0, "offers a trade", number=1, detail="1 plot, 0 group"),
                                 Saw(0, "offers a trade", (card,), (face,), about=0),
                                 Saw(1, "offers a trade", (card,), (face,), about=0)]
    held, group = list(game.plot_hand[1]), game.group_hand[1][0]
    game.bottom_known[1] = bottom_before = 1  # one card of its own already put under its deck
    game.revealed.add(card)
    events = game.apply(Answer(1, True, (group,), (held[0],)))
    assert events[:5] == [Happened(0, "gave", number=1, detail="1 plot, 0 group"),
                          Happened(1, "gave", number=0, detail="0 plot, 1 group"),
                          Saw(0, "exchanged", (card, group), (face, game.defs[group].id), about=0),
                          Saw(1, "exchanged", (card, group), (face, game.defs[group].id), about=0),
                          Happened(1, "put on the bottom", number=1)]
    assert game.plot_deck[1][0] == held[0] and held[0] not in game.plot_hand[1]
    assert game.bottom_known[1] == bottom_before + 1 and card not in game.revealed  # a card changing hands is hidden again
    assert game.offer is None and game.offers_made[0] == 1
    refused, _card = offered(kept_plots=1)
    assert refused.apply(Answer(1, False))[0] == Happened(1, "refused the offer", number=0)
    assert refused.offer is None and _card in refused.plot_hand[0]
    gift, given = offered(kept_plots=1)
    assert gift.apply(Answer(1, True))[:1] == [Happened(0, "gave", number=1, detail="1 plot, 0 group")]
    assert not any(isinstance(e, Happened) and e.player == 1 and e.what == "gave" for e in gift.history)


def test_s12_an_offer_to_the_first_seat_is_answered_in_the_log_with_the_offerers_seat():
    """Seat 1 offers in a window of seat 0's turn: the refusal and the cards given back name seat 1."""
    from grail_tui.games.strings.engine.events import Happened

    def offered_by_the_second_seat(trade):
        game = at_main(A, B)
        clear_hands(game)
        give(game, 0, plots_of(game, 0)[:1])
        game.apply(Reveal(0, game.plot_hand[0][0]))  # a window opens: seat 1 may make an offer in it
        gift = plots_of(game, 1)[0]
        give(game, 1, [gift])
        game.apply(Offer(1, 0, (gift,), trade=trade))
        return game

    game = offered_by_the_second_seat(trade=False)
    assert game.apply(Answer(0, False))[0] == Happened(0, "refused the offer", number=1)
    game = offered_by_the_second_seat(trade=True)
    back = game.plot_hand[0][0]
    events = game.apply(Answer(0, True, (back,)))
    assert events[:2] == [Happened(1, "gave", number=0, detail="1 plot, 0 group"),
                          Happened(0, "gave", number=1, detail="1 plot, 0 group")]
