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


def test_a_plot_deck_short_of_its_owners_cards_takes_anothers_above_the_bottom_it_knows():
    """A plot card given and put under the taker's plot deck (a gift's bottom): a deck short of its
    owner's own unseen cards is dealt another player's, never in place of a card this seat knows."""
    import dataclasses

    game, seat = crowded_table()
    view = game.view(seat)
    seats = list(view.public.seats)
    hidden = seats[1].plot_hand - len(seats[1].revealed)
    seats[0] = dataclasses.replace(seats[0], plot_deck=seats[0].plot_deck - 1)
    seats[1] = dataclasses.replace(seats[1], plot_deck=seats[1].plot_deck + hidden + 1, plot_hand=len(seats[1].revealed))
    world = KIND.sample(dataclasses.replace(view, public=dataclasses.replace(view.public, seats=tuple(seats))),
                        random.Random(0))
    assert len(world.plot_deck[1]) == seats[1].plot_deck
    assert [world.owner[c] for c in world.plot_deck[1]].count(0) == 1
    assert world.plot_deck[seat][:1] == game.plot_deck[seat][:1] and len(world.plot_deck[0]) == seats[0].plot_deck
