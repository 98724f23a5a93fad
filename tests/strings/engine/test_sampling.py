"""The worlds the strong bot deals (engine/sampling.py, the kind's ``sample``): a game rebuilt
from one seat's view agrees with that view in every public count and face and in the seat's own
hands, and deals into the hidden places only cards the seat cannot see, a deck only its owner's
cards of its back, with dice of its own."""

from __future__ import annotations

import json
import random

import pytest

from grail_tui.games.strings.bots import HeuristicBot
from grail_tui.games.strings.engine import CODEC, Activate, Draw, Game, Place, PlayerView, Setup, can_sample
from grail_tui.games.strings.kind import StringsKind
from tests.strings.helpers import A, B, C, D, E, F

KIND = StringsKind()


def hidden_places(game: Game, seat: int) -> dict[str, list[int]]:
    """Where ``seat`` cannot look: every rival's unrevealed hand cards and every deck but the
    bottom ``seat`` put under its own plot deck."""
    places: dict[str, list[int]] = {}
    for p in range(game.players):
        known = min(game.bottom_known[p], len(game.plot_deck[p])) if p == seat else 0
        places[f"plot deck {p}"] = game.plot_deck[p][known:]
        places[f"group deck {p}"] = list(game.group_deck[p])
        if p != seat:
            places[f"plot hand {p}"] = [c for c in game.plot_hand[p] if c not in game.revealed]
            places[f"group hand {p}"] = list(game.group_hand[p])
    return places


def quiet_positions(decks: tuple[str, ...], seed: int, every: int = 3):
    """Main-phase positions of a game of heuristic players, with the seat to act."""
    game = Game(Setup(seed=seed, decks=decks))
    bots = [HeuristicBot(seed + p) for p in range(game.players)]
    found = 0
    while not game.is_over:
        seat = game.to_act()[0]
        view = game.view(seat)
        if can_sample(view):
            found += 1
            if found % every == 0:
                yield game, seat, view
        game.apply(bots[seat].decide(view, view.legal))


def without_legal(view: PlayerView) -> str:
    # the legal list names token payers in the order the table keeps them, not what a seat sees;
    # a dealt world has no history of looks (it deals what the last look showed into that hand)
    data = CODEC.jsonable(view)
    data.pop("legal", None)
    data.pop("seen", None)
    return json.dumps(data, sort_keys=True)


@pytest.mark.sweep
@pytest.mark.parametrize(("decks", "seed"), [((A, B), 11), ((C, D, E), 12), ((F, E, B, A), 13)])
def test_a_dealt_world_agrees_with_the_view_and_deals_only_what_the_seat_cannot_see(decks, seed):
    checked = differed = 0
    for game, seat, view in quiet_positions(decks, seed):
        truth = hidden_places(game, seat)
        unseen = sorted(c for cards in truth.values() for c in cards)
        hands_dealt = set()
        for k in range(3):
            world = KIND.sample(view, random.Random(k))
            # the seat sees exactly what it saw: every public count and face, its own hands
            assert without_legal(world.view(seat)) == without_legal(view)
            dealt = hidden_places(world, seat)
            # the same places, each as full as the view counts it
            assert {p: len(c) for p, c in dealt.items()} == {p: len(c) for p, c in truth.items()}
            if not any(view.public.seats[p].eliminated for p in range(game.players)):
                # nothing the seat can see is dealt, and nothing unseen is lost
                assert sorted(c for cards in dealt.values() for c in cards) == unseen
            for p in range(world.players):
                for deck, back in ((world.plot_deck[p], "plot"), (world.group_deck[p], "group")):
                    assert all(world.owner[c] == p and world.defs[c].back == back for c in deck)
            hands_dealt.add(tuple(tuple(sorted(c)) for name, c in dealt.items() if "hand" in name))
            # the dice are the world's own, not the real game's
            assert world.setup.seed != game.setup.seed
        checked += 1
        differed += len(hands_dealt) > 1
    assert checked >= 5
    assert differed >= checked // 2  # the rivals' hands are dealt, not copied


def test_only_the_quiet_main_phase_is_dealt():
    game = Game(Setup(seed=4, decks=(A, B)))
    view = game.view(0)  # choosing a Cabal
    with pytest.raises(ValueError, match="quiet main phase"):
        KIND.sample(view, random.Random(0))
    with pytest.raises(ValueError, match="seat's view"):
        KIND.sample(game.public_view(), random.Random(0))


def crowded_table() -> tuple[Game, int]:
    """Seat 0's quiet main phase (it plays The Unblinking Wire) with something in every public and
    private place the view carries: structures two deep with and without tokens, a resource and a
    Cabal agent and an agenda in play, a group in the open area, discard and destroyed piles, a
    card seat 1 revealed, a card seat 0 put on the bottom of its own deck, and a look at seat 1's
    plot hand."""
    from tests.strings.helpers import C, D, choose_cabals, choose_starts, hand, pass_windows, seat, uid

    game = Game(Setup(seed=21, decks=(C, D), first_player=0))
    choose_cabals(game, "CB4")
    choose_starts(game)
    game.apply(Draw(0, False, False))
    game.apply(Place(0, -1))
    pass_windows(game)
    game.finished_first = [True, True]
    board = game.board
    top = seat(game, 0, "K13", tokens=2, owner=0)
    seat(game, 0, "K14", under=top, tokens=0, owner=0)
    seat(game, 1, "K15", owner=1)
    resource = uid(game, "R10", 1)
    game.group_deck[1].remove(resource)
    board.resources[1].append(resource)
    board.controller[resource] = 1
    board.links[resource] = board.cabal[1]
    agent = uid(game, "CB3", 1)
    game.plot_deck[1].remove(agent)
    board.agents[1].append(agent)
    board.controller[agent] = 1
    agenda = uid(game, "P46", 0)
    game.plot_deck[0].remove(agenda)
    board.agendas[game.defs[agenda].colour] = agenda
    board.agenda_by[agenda] = 0
    opened = uid(game, "K16", 0)
    game.group_deck[0].remove(opened)
    board.open_area[opened] = 0
    for player, zone in ((0, game.discard), (1, game.destroyed)):
        card = game.group_deck[player].pop()
        zone[player].append(card)
    shown = hand(game, 1, "P01", owner=1)
    game.revealed.add(shown)
    hand(game, 1, "P03", owner=1)
    game.plot_deck[0].insert(0, game.plot_deck[0].pop())
    game.bottom_known[0] = 1
    game.apply(Activate(0, board.cabal[0], 1))  # a look at seat 1's plot hand
    pass_windows(game)
    return game, 0


def test_a_dealt_world_of_a_crowded_table_agrees_with_the_view_it_was_dealt_from():
    game, seat = crowded_table()
    view = game.view(seat)
    assert can_sample(view) and view.seen
    truth = hidden_places(game, seat)
    unseen = sorted(c for cards in truth.values() for c in cards)
    hands = set()
    for k in range(4):
        world = KIND.sample(view, random.Random(k))
        assert without_legal(world.view(seat)) == without_legal(view)
        dealt = hidden_places(world, seat)
        assert {p: len(c) for p, c in dealt.items()} == {p: len(c) for p, c in truth.items()}
        assert sorted(c for cards in dealt.values() for c in cards) == unseen
        for p in range(world.players):
            for deck, back in ((world.plot_deck[p], "plot"), (world.group_deck[p], "group")):
                assert all(world.owner[c] == p and world.defs[c].back == back for c in deck)
        # what the look showed is where the look saw it, unless it has moved since
        looked = dict(view.seen)[1]
        assert {f.uid for f in looked} <= set(world.plot_hand[1])
        assert world.plot_deck[seat][:1] == game.plot_deck[seat][:1]  # the bottom card it put there
        assert world.setup.seed != game.setup.seed and world.round == game.round and world.active == game.active
        hands.add(tuple(sorted(world.group_hand[1])))
    assert len(hands) > 1  # the rival's group hand is dealt, not copied


def test_a_hand_short_of_its_owners_cards_is_dealt_anothers_and_a_view_counting_too_many_is_refused():
    """A rival's hand may hold cards it was given (§12.2): dealt from another player's unseen cards
    once its own run out; a view that counts more hidden cards than the game has is refused in words."""
    import dataclasses

    game, seat = crowded_table()
    view = game.view(seat)
    seats = list(view.public.seats)
    seats[0] = dataclasses.replace(seats[0], group_deck=seats[0].group_deck - 1)  # one of seat 0's cards ...
    seats[1] = dataclasses.replace(seats[1], group_hand=seats[1].group_hand + 1)  # ... given to seat 1
    given = dataclasses.replace(view, public=dataclasses.replace(view.public, seats=tuple(seats)))
    world = KIND.sample(given, random.Random(0))
    assert len(world.group_hand[1]) == seats[1].group_hand
    assert [world.owner[c] for c in world.group_hand[1]].count(0) == 1
    decks = list(view.public.seats)  # a group deck holds only its owner's cards: one more than those is too many
    decks[0] = dataclasses.replace(decks[0], group_deck=decks[0].group_deck - 1)
    decks[1] = dataclasses.replace(decks[1], group_deck=decks[1].group_deck + decks[1].group_hand + 1, group_hand=0)
    with pytest.raises(ValueError, match="^the view counts more hidden cards than there are$"):
        KIND.sample(dataclasses.replace(view, public=dataclasses.replace(view.public, seats=tuple(decks))), random.Random(0))
    seats[1] = dataclasses.replace(seats[1], group_hand=seats[1].group_hand + 99)
    too_many = dataclasses.replace(view, public=dataclasses.replace(view.public, seats=tuple(seats)))
    with pytest.raises(ValueError, match="^the view counts more hidden cards than there are$"):
        KIND.sample(too_many, random.Random(0))


def _gift_under_seat_1s_plot_deck():
    """The crowded table as its seat sees it once seat 0 has given seat 1 a plot card that went
    under seat 1's plot deck (its unseen hand there too): the game, the seat, its view and its seats."""
    import dataclasses

    game, seat = crowded_table()
    view = game.view(seat)
    seats = list(view.public.seats)
    hidden = seats[1].plot_hand - len(seats[1].revealed)
    seats[0] = dataclasses.replace(seats[0], plot_deck=seats[0].plot_deck - 1)
    seats[1] = dataclasses.replace(seats[1], plot_deck=seats[1].plot_deck + hidden + 1, plot_hand=len(seats[1].revealed))
    return game, seat, dataclasses.replace(view, public=dataclasses.replace(view.public, seats=tuple(seats))), seats


def test_a_plot_deck_short_of_its_owners_cards_takes_anothers_above_the_bottom_it_knows():
    """A plot card given and put under the taker's plot deck (a gift's bottom): a deck short of its
    owner's own unseen cards is dealt another player's, never in place of a card this seat knows."""
    game, seat, given, seats = _gift_under_seat_1s_plot_deck()
    world = KIND.sample(given, random.Random(0))
    assert len(world.plot_deck[1]) == seats[1].plot_deck
    assert [world.owner[c] for c in world.plot_deck[1]].count(0) == 1
    assert world.plot_deck[seat][:1] == game.plot_deck[seat][:1] and len(world.plot_deck[0]) == seats[0].plot_deck


def _looked(view: PlayerView, *looks: tuple[int, list[int]]) -> PlayerView:
    """``view`` with its seat's last looks at hands set to ``looks``: (seat looked at, the cards shown)."""
    import dataclasses

    from grail_tui.games.strings.engine.view import Face

    defs = {face.uid: face.card for seat in view.public.seats for face in seat.discard + seat.destroyed}
    seen = tuple((p, tuple(Face(c, defs.get(c, "")) for c in cards)) for p, cards in looks)
    return dataclasses.replace(view, seen=seen)


def _hidden_plots_to_deck(game: Game, player: int) -> None:
    """``player``'s unrevealed plot cards go back into their plot deck: a hand of groups and shown plots only."""
    kept = [c for c in game.plot_hand[player] if c in game.revealed]
    game.plot_deck[player].extend(c for c in game.plot_hand[player] if c not in game.revealed)
    game.plot_hand[player][:] = kept


def test_a_look_at_a_group_hand_deals_that_hand_what_the_look_showed_and_no_more():
    """A rival's group hand that a look showed in full (a plot's look at the group hand, §4) is
    dealt exactly those groups in every world, however many plot cards that rival hides (none here)."""
    game, seat = crowded_table()
    _hidden_plots_to_deck(game, 1)
    shown = list(game.group_hand[1])
    view = _looked(game.view(seat), (1, shown))
    for k in range(3):
        world = KIND.sample(view, random.Random(k))
        assert sorted(world.group_hand[1]) == sorted(shown)
        assert sorted(world.plot_hand[1]) == sorted(game.plot_hand[1])  # the shown plot, nothing dealt


def test_a_looked_at_card_since_played_is_skipped_and_the_rest_of_the_look_still_dealt():
    """The first card the look showed is on the discard pile now: the others are still where the
    look saw them, and the hand is no fuller than the view counts."""
    game, seat = crowded_table()
    played = game.group_hand[1].pop()
    game.discard[1].append(played)
    shown = list(game.group_hand[1])
    view = _looked(game.view(seat), (1, [played, *shown]))
    for k in range(3):
        world = KIND.sample(view, random.Random(k))
        assert sorted(world.group_hand[1]) == sorted(shown) and played in world.discard[1]


def test_a_look_at_a_player_now_out_deals_them_nothing_and_a_look_at_the_next_still_holds():
    """Three players, seat 1 out of the game (its cards gone): seat 2's hand and decks are dealt as
    the view counts them, with what the look at seat 2 showed, after a look at seat 1's old hand."""
    from tests.strings.helpers import at_main

    game = at_main(A, B, C)
    old = list(game.group_hand[1])
    for zones in (game.plot_hand, game.group_hand, game.plot_deck, game.group_deck):
        zones[1].clear()
    game.eliminated[1] = True
    shown = list(game.group_hand[2])
    view = _looked(game.view(0), (1, old), (2, shown))
    assert can_sample(view)
    for k in range(3):
        world = KIND.sample(view, random.Random(k))
        assert sorted(world.group_hand[2]) == sorted(shown)
        assert [len(world.plot_deck[2]), len(world.group_deck[2]), len(world.plot_hand[2])] == \
            [len(game.plot_deck[2]), len(game.group_deck[2]), len(game.plot_hand[2])]
        assert not (world.plot_hand[1] or world.group_hand[1] or world.plot_deck[1] or world.group_deck[1])


def test_a_card_given_into_a_plot_deck_may_lie_anywhere_above_the_known_bottom():
    """The given card's place in the taker's deck is unknown to this seat: dealt worlds put it at
    different depths, not always on top."""
    game, seat, given, seats = _gift_under_seat_1s_plot_deck()
    depths = set()
    for k in range(8):
        deck = KIND.sample(given, random.Random(k)).plot_deck[1]
        depths.add(next(i for i, c in enumerate(deck) if game.owner[c] == 0))
    assert len(depths) > 1


def _table(game: Game) -> tuple[object, ...]:
    """Everything on the table: where each card in play is, who controls it, its tokens and links."""
    board = game.board
    return (board.cabal, board.arrows, board.master, board.controller, board.tokens, board.links,
            [sorted(cards) for cards in board.resources], [sorted(cards) for cards in board.agents],
            board.open_area, board.agendas, board.agenda_by)


def test_a_dealt_world_sets_out_the_table_the_roll_and_the_options_as_they_are():
    """A world plays on from the very table the seat sees: every card in play where it is, with its
    controller, tokens and links (a resource with a token on the Cabal numbered 0, an agent, an
    agenda and who played it, a group in the open area), the last roll, the names, the round limit
    and the goal; and each world rolls dice of its own."""
    from grail_tui.games.strings.engine.events import Rolled
    from grail_tui.games.strings.engine.vocabulary import AttackKind
    from tests.strings.helpers import at_main, uid

    game = at_main(C, D, names=("Ann", "Bo"), round_limit=7, goal=9)
    board = game.board
    assert board.cabal[0] == 0  # a link to card number 0
    resource = uid(game, "R03", 0)
    game.group_deck[0].remove(resource)
    board.resources[0].append(resource)
    board.controller[resource] = 0
    board.links[resource] = 0
    board.tokens[resource] = 1
    crowded, _seat = crowded_table()
    game.last_roll = Rolled(board.cabal[1], board.cabal[0], AttackKind.CONTROL, 7, 4, (2, 3), True)
    seeds = set()
    for first, which in ((0, game), (3, crowded)):
        view = which.view(0)
        for k in range(first, first + 3):
            world = KIND.sample(view, random.Random(k))
            assert _table(world) == _table(which)
            assert (world.last_roll, world.setup.names, world.setup.round_limit, world.basic_goal()) == \
                (which.last_roll, which.setup.names, which.setup.round_limit, which.basic_goal())
            seeds.add(world.setup.seed)
    assert len(seeds) == 6


def test_a_dealt_world_keeps_an_eliminated_players_cabal_out_of_play_and_counts_its_turns_on():
    """Seat 1 out of the game (§17): its Cabal stays theirs and out of every deck and hand; and a
    world counts the turns on from its round, so a search sees its turn end."""
    from grail_tui.games.strings.engine import EndTurn
    from grail_tui.games.strings.engine.flow import _check_eliminations, _remove_group
    from tests.strings.helpers import at_main, clear_hands, pass_windows, start_group

    game = at_main(A, B, C)
    _remove_group(game, start_group(game, 1), to_hand=False, destroyer=0)
    _check_eliminations(game)
    assert game.eliminated == [False, True, False]
    view = game.view(0)
    world = KIND.sample(view, random.Random(0))
    assert _table(world) == _table(game)
    assert world.turns == game.round == 1
    clear_hands(world)
    world.apply(EndTurn(0))
    pass_windows(world)
    assert world.turns == 2 and world.active == 2


def test_a_plot_hand_short_of_its_owners_cards_is_dealt_anothers():
    """A rival's plot hand may hold a plot card it was given (§12.2): once its owner's own unseen
    plot cards run out, it is dealt another player's."""
    import dataclasses

    game, seat = crowded_table()
    view = game.view(seat)
    seats = list(view.public.seats)
    seats[0] = dataclasses.replace(seats[0], plot_deck=seats[0].plot_deck - 1)  # one of seat 0's plot cards ...
    seats[1] = dataclasses.replace(seats[1], plot_hand=seats[1].plot_hand + seats[1].plot_deck + 1, plot_deck=0)
    world = KIND.sample(dataclasses.replace(view, public=dataclasses.replace(view.public, seats=tuple(seats))),
                        random.Random(0))
    assert len(world.plot_hand[1]) == seats[1].plot_hand  # ... given to seat 1
    assert [world.owner[c] for c in world.plot_hand[1]].count(0) == 1
