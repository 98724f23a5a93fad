"""What a seat, or anybody, sees of a game (§4, engine/view.py), field by field: each public count
and face as the table holds it, and a seat's own secrets (its hands, the bottom of its plot deck,
its looks, its secret choice, an offer it is party to) in its view alone."""

from __future__ import annotations

from grail_tui.games.strings.engine import AttackKind, ChooseCabal, ChooseStart, Offer, Phase, Side
from grail_tui.games.strings.engine.game import Attack, Claim, Contribution, Entry
from grail_tui.games.strings.engine.view import Attached, Face, Seated

from ..helpers import A, B, F, at_main, lift, new_game, own_cabal


def _free(game, player: int, kind: str, deck: str = "group") -> int:
    """A card of ``kind`` still in ``player``'s deck (found by what it is)."""
    pile = game.group_deck[player] if deck == "group" else game.plot_deck[player]
    card = next(c for c in reversed(pile) if game.defs[c].kind == kind and (kind != "group" or game.defs[c].arrows))
    lift(game, card)
    return card


def _face(game, card: int) -> Face:
    return Face(card, game.defs[card].id)


def test_s4_each_seat_shows_its_counts_its_shown_cards_and_its_piles():
    game = at_main(A, B, F)
    discarded = [_free(game, 1, "group"), _free(game, 1, "group")]
    game.discard[1].extend(discarded)
    destroyed = _free(game, 2, "group")
    game.destroyed[2].append(destroyed)
    shown = sorted(game.plot_hand[0])[:2]
    game.revealed.update([shown[1], shown[0], game.plot_deck[0][0]])  # a card shown and since put back is not
    game.bottom_known[0] = 3
    game.bottom_known[1] = len(game.plot_deck[1]) + 5  # more than its deck holds now: the deck is the most
    game.eliminated[2] = True
    game.finished_first = [False, True, False]
    seats = game.public_view().seats
    for player, seat in enumerate(seats):
        assert seat.cabal == _face(game, game.board.cabal[player])
        assert (seat.plot_hand, seat.group_hand, seat.plot_deck, seat.group_deck) == (
            len(game.plot_hand[player]), len(game.group_hand[player]), len(game.plot_deck[player]),
            len(game.group_deck[player]))
    assert [seat.bottom for seat in seats] == [3, len(game.plot_deck[1]), 0]
    assert seats[0].revealed == (_face(game, shown[0]), _face(game, shown[1])) and seats[1].revealed == ()
    assert seats[1].discard == tuple(_face(game, c) for c in discarded) and seats[2].destroyed == (_face(game, destroyed),)
    assert [seat.eliminated for seat in seats] == [False, False, True]
    assert [seat.finished_first_turn for seat in seats] == [False, True, False]


def test_s4_a_cabal_is_shown_once_every_cabal_is_chosen():
    game = new_game(A, B)
    picks = [own_cabal(game, 0), own_cabal(game, 1)]
    game.apply(ChooseCabal(0, picks[0]))
    assert [seat.cabal for seat in game.public_view().seats] == [None, None]
    game.apply(ChooseCabal(1, picks[1]))
    assert [seat.cabal for seat in game.public_view().seats] == [_face(game, pick) for pick in picks]


def test_s4_the_structures_and_what_is_attached_to_them():
    game = at_main(A, B)
    board = game.board
    cabal, start = board.cabal[0], board.groups_of(0)[0]
    puppet = _free(game, 0, "group")
    board.attach(puppet, start, 0, 0)
    board.tokens[puppet] = 2
    stolen = _free(game, 1, "group")  # a group of player 1's deck in player 0's structure
    board.attach(stolen, cabal, board.arrows[cabal].index(-1), 0)
    resource = _free(game, 0, "resource")
    board.controller[resource], board.links[resource] = 0, puppet
    board.resources[0].append(resource)
    board.tokens[resource] = 1
    agent = _free(game, 1, "cabal", deck="plot")
    board.controller[agent] = 1
    board.agents[1].append(agent)
    public = game.public_view()
    seated = {s.uid: s for s in public.structure}
    assert seated[cabal] == Seated(cabal, game.defs[cabal].id, 0, 0, -1, -1, board.tokens.get(cabal, 0))
    assert seated[puppet] == Seated(puppet, game.defs[puppet].id, 0, 0, start, 0, 2)
    assert seated[stolen] == Seated(stolen, game.defs[stolen].id, 0, 1, cabal, board.arrows[cabal].index(stolen),
                                    board.tokens.get(stolen, 0))
    assert [s.uid for s in public.structure] == sorted(board.arrows)
    assert public.attached == tuple(sorted([Attached(resource, game.defs[resource].id, 0, puppet, 1),
                                            Attached(agent, game.defs[agent].id, 1, -1, 0)], key=lambda a: a.uid))


def test_s4_a_seat_alone_sees_its_hands_the_bottom_it_made_and_its_last_look_at_each_hand():
    game = at_main(A, B, F)
    game.bottom_known[0] = 2
    game.tell(0, "looked", game.plot_hand[1][:1], about=1)
    game.tell(0, "drew", game.plot_hand[0][:1])  # a draw is no look
    game.tell(0, "was shown", game.group_hand[2][:2], about=2)
    game.tell(0, "looked", game.group_hand[1][:2], about=1)  # the last look at a hand stands
    game.tell(1, "looked", game.plot_hand[0][:3], about=0)  # another seat's look
    view = game.view(0)
    assert view.plot_hand == tuple(_face(game, c) for c in sorted(game.plot_hand[0]))
    assert view.group_hand == tuple(_face(game, c) for c in sorted(game.group_hand[0]))
    assert view.plot_bottom == tuple(_face(game, c) for c in game.plot_deck[0][:2])  # the lowest first
    assert view.seen == ((1, tuple(_face(game, c) for c in game.group_hand[1][:2])),
                         (2, tuple(_face(game, c) for c in game.group_hand[2][:2])))
    assert game.view(1).seen == ((0, tuple(_face(game, c) for c in game.plot_hand[0][:3])),)
    assert game.view(1).plot_bottom == () and view.choice is None and view.offered == ()
    assert view.legal == game.legal_actions(0) and view.public == game.public_view()


def test_s4_a_secret_choice_is_seen_by_its_seat_alone_until_the_round_ends():
    game = new_game(A, B)
    mine = own_cabal(game, 0)
    game.apply(ChooseCabal(0, mine))
    assert game.view(0).choice == _face(game, mine) and game.view(1).choice is None
    game.apply(ChooseCabal(1, own_cabal(game, 1)))
    assert game.phase is Phase.START
    start = next(c for c in game.group_deck[1] if game.why_illegal(ChooseStart(1, c)) is None)
    game.apply(ChooseStart(1, start))
    assert game.view(1).choice == _face(game, start) and game.view(0).choice is None


def test_s4_an_offers_cards_are_seen_by_its_two_parties_and_counted_for_the_others():
    game = at_main(A, B, F)
    cards = tuple(sorted(game.plot_hand[0])[:2])
    game.apply(Offer(0, 1, cards))
    assert game.public_view().offer == (0, 1, 2)
    assert game.view(0).offered == game.view(1).offered == tuple(_face(game, c) for c in cards)
    assert game.view(2).offered == ()


def test_s4_the_attack_shows_each_contribution_but_no_card_that_went_back_into_a_hand():
    game = at_main(A, B)
    board = game.board
    attacker, target = board.cabal[0], board.groups_of(1)[0]
    helper = board.groups_of(0)[0]
    agent = game.group_hand[1][0]  # a card back in a hand (a strike or a destroy sent it there)
    game.attack = Attack(0, attacker, target, AttackKind.DESTROY, use_global=False, from_hand=False, committed=True,
                         closed=True, support=[Contribution(0, helper, Side.ATTACK, 3, "A1"),
                                               Contribution(1, agent, Side.DEFENCE, 2, "D5")])
    attack = game.public_view().attack
    assert (attack.player, attack.attacker, attack.target, attack.attack_kind) == (0, attacker, _face(game, target), "destroy")
    assert (attack.committed, attack.closed) == (True, True)
    assert [(h.player, h.card, h.side, h.value, h.how) for h in attack.support] == [
        (0, _face(game, helper), "attack", 3, "A1"), (1, None, "defence", 2, "D5")]


def test_s4_the_table_what_is_waiting_and_who_played_it():
    game = new_game(A, B, F)
    assert game.public_view().active == -1  # before the first turn nobody is active
    game = at_main(A, B, F, names=("Ann", "Bo", "Cy"))
    board = game.board
    plots = sorted(game.plot_hand[0])
    groups = [_free(game, 2, "group"), _free(game, 1, "group")]
    for group in groups:
        board.open_area[group] = 0
    agendas = [c for c in range(len(game.defs)) if game.defs[c].plot_kind == "agenda" and game.owner[c] == 0][:2]
    for colour, agenda in zip(("crimson", "azure"), reversed(agendas), strict=False):
        board.agendas[colour] = agenda
    game.stack = [Entry(2, plots[1], -1, -1, None), Entry(0, plots[0], -1, -1, None)]
    game.claims = [Claim(2, "the basic goal")]
    game.barred = {"Zed", "Abe"}
    game.swap = (0, 11, 1, 12)
    game.called_off = {9, 4}
    game.shelter = (1, groups[0], 0)
    public = game.public_view()
    assert (public.active, public.order, public.names, public.decks) == (0, (0, 1, 2), ("Ann", "Bo", "Cy"), (A, B, F))
    assert public.open_area == tuple(_face(game, c) for c in sorted(groups))
    assert public.agendas == tuple(_face(game, c) for c in sorted(agendas))
    assert public.stack == (_face(game, plots[1]), _face(game, plots[0])) and public.stack_by == (2, 0)
    assert public.claims == ((2, "the basic goal"),) and public.barred == ("Abe", "Zed")
    assert public.swap == (0, 11, 1, 12) and public.called_off == (4, 9) and public.sheltering == groups[0]
    assert (public.players, public.is_over, public.card_set, public.round) == (3, False, "ps1", game.round)
    game.shelter = None
    assert game.public_view().sheltering == -1


def test_s4_the_last_roll_the_end_a_turn_ending_over_the_hand_limit_and_the_card_set_are_public():
    """§4: the dice once rolled, how the game ended, that the active player is cutting a plot hand
    down at the end of the turn (§13), and the card set the decks name are every seat's to see."""
    from grail_tui.games.strings.engine import EndTurn, Game, Setup
    from grail_tui.games.strings.engine.catalogue import card_set, decks
    from grail_tui.games.strings.engine.events import Ending, Outcome, Rolled
    from grail_tui.games.strings.engine.vocabulary import PLOT_HAND_LIMIT

    game = at_main(A, B)
    board = game.board
    assert (game.public_view().last_roll, game.public_view().ending_turn) == (None, False)
    game.last_roll = Rolled(board.cabal[0], board.cabal[1], AttackKind.CONTROL, 8, 5, (1, 2), True)
    assert game.public_view().last_roll == game.last_roll
    while len(game.plot_hand[0]) <= PLOT_HAND_LIMIT:
        game.plot_hand[0].append(game.plot_deck[0].pop())
    game.apply(EndTurn(0))
    assert game.prompt() == "bottom" and game.public_view().ending_turn
    game.finish(Outcome(Ending.SURVIVOR, (1,), "last survivor"))
    assert game.public_view().outcome == Outcome(Ending.SURVIVOR, (1,), "last survivor")
    shipped = decks()
    own = Game(Setup(seed=0, decks=(A, B), card_set="house", custom=(shipped[A], shipped[B])), cards=card_set())
    assert own.public_view().card_set == "house"
