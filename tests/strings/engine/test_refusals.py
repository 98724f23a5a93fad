"""What a player reads when an action is refused: the exact words and the error class of the rule
it breaks, for every rule of checks.py; the refused action is not in the legal list and changes
nothing (no view, no event)."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from grail_tui.games.strings.engine import (
    CODEC,
    Action,
    Activate,
    Agent,
    Answer,
    AttackKind,
    Bottom,
    Buy,
    CallOff,
    ChooseCabal,
    ChooseStart,
    Commit,
    Declare,
    Discard,
    Draw,
    DrawGroup,
    EndTurn,
    Game,
    Give,
    Link,
    Move,
    Offer,
    Pass,
    Place,
    PlaceAgent,
    PlaceResource,
    PlayPlot,
    Reveal,
    Shelter,
    Side,
    Support,
    Swap,
    errors,
)
from grail_tui.games.strings.engine.events import Ending, Outcome
from tests.strings.helpers import (
    A,
    B,
    C,
    D,
    Loaded,
    at_main,
    choose_cabals,
    choose_starts,
    clear_hands,
    hand,
    new_game,
    pass_until,
    pass_windows,
    reprint,
    seat,
    set_up,
    uid,
)
from tests.strings.helpers import E as MASKS

CONTROL, DESTROY = AttackKind.CONTROL, AttackKind.DESTROY
E = errors


def snapshot(game: Game) -> str:
    views = [CODEC.jsonable(game.view(p)) for p in range(game.players)]
    return json.dumps([CODEC.jsonable(game.public_view()), views, len(game.history)], sort_keys=True)


def refused(game: Game, action: Action) -> tuple[type, str]:
    before = snapshot(game)
    if action.player in game.to_act():
        assert action not in game.legal_actions(action.player)
    assert game.why_illegal(action) is not None
    with pytest.raises(E.IllegalActionError) as info:
        game.apply(action)
    assert snapshot(game) == before, "a refused action changed the game"
    return type(info.value), str(info.value)


# -- positions ---------------------------------------------------------------------------------------


def main(*decks: str) -> Game:
    """Seat 0's main phase of the first turn, shields down, hands emptied into the decks."""
    game = at_main(*(decks or (A, B)))
    clear_hands(game)
    return game


def rival_group(game: Game) -> int:
    return game.board.groups_of(1)[0]


def own_group(game: Game) -> int:
    return game.board.groups_of(0)[0]


def declared(kind: AttackKind = DESTROY, tokens: int = 1, target: str | None = None,
             decks: tuple[str, ...] = (A, B)) -> tuple[Game, int]:
    """Seat 0 has declared an attack by a group of its own on seat 1's start group (or on a group
    ``target`` seated for seat 1)."""
    game = main(*decks)
    attacker = seat(game, 0, "K04", tokens=tokens)
    aim = rival_group(game) if target is None else seat(game, 1, target, owner=1)
    game.apply(Declare(0, attacker, aim, kind))
    return game, attacker


def supporting(target: str | None = None, decks: tuple[str, ...] = (A, B)) -> Game:
    """The support window of seat 0's committed attack on seat 1's start group (or ``target``);
    seat 1 is asked (with three decks: seat 2, seat 1 having passed)."""
    game, _attacker = declared(target=target, decks=decks)
    game.apply(Commit(0))
    for player in range(len(decks) - 1):
        game.apply(Pass(player))
    assert game.prompt() == "support" and game.to_act() == (len(decks) - 1,)
    return game


def over() -> Game:
    game = main()
    game.finish(Outcome(Ending.ROUND_LIMIT, (), "the round limit"))
    return game


def uid_of(game: Game, card_id: str) -> int:
    """The copy of ``card_id`` on the table."""
    return next(c for c in game.board.arrows if game.defs[c].id == card_id)


def plot(game: Game, card_id: str, player: int = 0) -> int:
    return hand(game, player, card_id, owner=player)


Case = Callable[[], tuple[Game, Action]]


def _(game: Game, action: Action) -> tuple[Game, Action]:
    return game, action


def _chosen_already() -> tuple[Game, Action]:
    game = new_game(A, B)
    cabal = min(c for c in game.plot_deck[0] if game.defs[c].kind == "cabal")
    game.apply(ChooseCabal(0, cabal))
    return game, ChooseCabal(0, cabal)


def _starting() -> Game:
    game = new_game(A, B)
    choose_cabals(game)
    return game


def _start_settled() -> tuple[Game, Action]:
    """Three players: seats 0 and 2 chose the same start group and choose again; seat 1's choice
    stands, and it chooses once more."""
    game = new_game(A, B, A)
    choose_cabals(game)
    for player in range(game.players):
        game.apply(ChooseStart(player, min(c for c in game.group_deck[player] if game.defs[c].kind == "group")))
    assert game.to_act() == (0, 2)
    return game, ChooseStart(1, next(c for c in game.group_deck[1] if game.defs[c].kind == "group"))


def _start_named_on_table() -> tuple[Game, Action]:
    game = _starting()
    seat(game, 1, "K05", owner=1)
    return game, ChooseStart(0, uid(game, "K05", 0))


def _start_barred() -> tuple[Game, Action]:
    game = _starting()
    card = uid(game, "K06", 0)
    game.barred.add(game.name(card))
    return game, ChooseStart(0, card)


def _placing() -> Game:
    game = set_up(A, B)
    clear_hands(game)
    game.apply(Draw(0, False, False))
    return game


def _place_off_structure() -> tuple[Game, Action]:
    game = _placing()
    return game, Place(0, hand(game, 0, "K04", 0), rival_group(game), 0)


def _place_on_no_arrow() -> tuple[Game, Action]:
    game = _placing()
    return game, Place(0, hand(game, 0, "K04", 0), game.board.cabal[0], 99)


def _bottom_due(goals: int = 0, over: int = 1) -> Game:
    """Seat 0 ends its turn holding ``over`` plot cards over the limit (and ``goals`` goal cards)."""
    game = main()
    kept = [c for c in game.plot_deck[0] if game.defs[c].kind == "plot" and game.defs[c].plot_kind != "goal"]
    goal_cards = [c for c in game.plot_deck[0] if game.defs[c].plot_kind == "goal"][:goals]
    for card in [*goal_cards, *kept][:game.plot_limit() + over]:
        game.plot_deck[0].remove(card)
        game.plot_hand[0].append(card)
    game.apply(EndTurn(0))
    assert game.prompt() == "bottom"
    return game


def _two_goals_kept() -> tuple[Game, Action]:
    game = _bottom_due(goals=2)
    other = next(c for c in game.plot_hand[0] if game.defs[c].plot_kind != "goal")
    return game, Bottom(0, (other,))


def _attack_open_area(owner: int, kind: AttackKind) -> tuple[Game, Action]:
    game = main()
    target = uid(game, "K06", 0)
    game.group_deck[0].remove(target)
    game.board.open_area[target] = owner
    return game, Declare(0, game.board.cabal[0], target, kind)


def _called_off() -> tuple[Game, Action]:
    game, attacker = declared()
    game.apply(CallOff(0))
    return game, Declare(0, attacker, rival_group(game), DESTROY)


def _commit_plot_not_at_commit() -> tuple[Game, Action]:
    game, _attacker = declared()
    return game, Commit(0, plot(game, "P01"))


def _commit_plot_without_token() -> tuple[Game, Action]:
    game, _attacker = declared(tokens=0)
    return game, Commit(0, hand(game, 0, "P10", owner=1))


def _support_with(card: Callable[[Game], int], side: object = Side.DEFENCE) -> Case:
    def case() -> tuple[Game, Action]:
        game = supporting()
        return game, Support(1, card(game), side)  # type: ignore[arg-type]
    return case


def _agent(card: Callable[[Game], int], side: object = Side.DEFENCE, player: int = 1) -> Case:
    """Seat 1 sends an agent into seat 0's attack on its K09 (a name both decks hold)."""
    def case() -> tuple[Game, Action]:
        game = supporting(target="K09")
        return game, Agent(player, card(game), side)  # type: ignore[arg-type]
    return case


def _copy_of_target_in_hand(game: Game) -> int:
    return hand(game, 1, "K09", owner=0)


def _copy_of(game: Game, player: int, target: int) -> int:
    """A group card put into ``player``'s hand and printed with the name of ``target``."""
    card = hand(game, player, "K06")
    reprint(game, card, name=game.name(target))
    return card


def _third_agent(side: Side, sides: dict[int, Side] | None = None, before: Side | None = None) -> Case:
    """Seat 2 of three, asked in seat 0's attack on seat 1's K09, sends an agent to ``side``; it
    joined ``sides`` already (forced), or sent an agent to ``before`` in its last turn to act."""
    def case() -> tuple[Game, Action]:
        game = supporting(target="K09", decks=(A, B, A))
        game.attack.sides.update(sides or {})  # type: ignore[union-attr]
        if before is not None:
            game.apply(Agent(2, _copy_of(game, 2, game.attack.target), before))  # type: ignore[union-attr]
            game.apply(Pass(0))
            game.apply(Pass(1))
        return game, Agent(2, _copy_of(game, 2, game.attack.target), side)  # type: ignore[union-attr]
    return case


def _agent_into_the_open_area() -> tuple[Game, Action]:
    """Seat 0 attacks a group it brought from its hand into the open area; seat 1 holds a copy."""
    game = main()
    target = hand(game, 0, "K09", owner=0)
    game.apply(Declare(0, seat(game, 0, "K04"), target, CONTROL))
    game.apply(Commit(0))
    game.apply(Pass(0))
    return game, Agent(1, _copy_of(game, 1, target), Side.DEFENCE)


def _move(group: Callable[[Game], int], at: Callable[[Game], int], arrow: int = 0) -> Case:
    def case() -> tuple[Game, Action]:
        game = main()
        return game, Move(0, group(game), at(game), arrow)
    return case


def _move_under_own_puppet() -> tuple[Game, Action]:
    game = main()
    top = seat(game, 0, "K04")
    below = seat(game, 0, "K06", under=top)
    return game, Move(0, top, below, 0)


def _move_without_token() -> tuple[Game, Action]:
    game = main()
    group = seat(game, 0, "K04", tokens=0)
    return game, Move(0, group, own_group(game), 0)


def _resource(game: Game, player: int, card_id: str, holder: int | None = None) -> int:
    """Put a resource of ``card_id`` into play for ``player``, linked to ``holder`` (the Cabal)."""
    card = uid(game, card_id, player)
    game.group_deck[player].remove(card)
    board = game.board
    board.resources[player].append(card)
    board.controller[card] = player
    board.links[card] = board.cabal[player] if holder is None else holder
    return card


def _link(make: Callable[[Game, int], Action]) -> Case:
    def case() -> tuple[Game, Action]:
        game = main()
        return game, make(game, _resource(game, 0, "R08"))
    return case


def _link_moved_twice() -> tuple[Game, Action]:
    game = main()
    resource = _resource(game, 0, "R08")
    game.moved_links.add(resource)
    return game, Link(0, resource, own_group(game))


def _link_to_a_group_with_a_resource() -> tuple[Game, Action]:
    game = main()
    _resource(game, 0, "R08", holder=own_group(game))
    return game, Link(0, _resource(game, 0, "R09"), own_group(game))


def _give(make: Callable[[Game, int], Action], used: bool = False) -> Case:
    def case() -> tuple[Game, Action]:
        game = main()
        resource = _resource(game, 0, "R08")
        if used:
            game.used_resources.add(resource)
        return game, make(game, resource)
    return case


def _swap(make: Callable[[Game, int, int], Action], offers: int = 0) -> Case:
    def case() -> tuple[Game, Action]:
        game = main()
        mine, theirs = _resource(game, 0, "R08"), _resource(game, 1, "R10")
        game.offers_made[0] = offers
        return game, make(game, mine, theirs)
    return case


def _resource_placed_already() -> tuple[Game, Action]:
    game = main()
    game.resource_placements = 1
    return game, PlaceResource(0, hand(game, 0, "R01", 0))


def _group_drawn_already() -> tuple[Game, Action]:
    game = main()
    game.group_draws = 1
    return game, DrawGroup(0, game.board.cabal[0])


def _wire(make: Callable[[Game, int], Action], players: tuple[str, ...] = (C, D), tokens: int = 1) -> Case:
    """Seat 0 plays The Unblinking Wire's Cabal (CB4), whose ability looks at a hand."""
    def case() -> tuple[Game, Action]:
        game = _wire_game(players)
        cabal = game.board.cabal[0]
        if tokens:
            game.board.tokens[cabal] = tokens
        else:
            game.board.tokens.pop(cabal, None)
        return game, make(game, cabal)
    return case


def _wire_game(players: tuple[str, ...]) -> Game:
    game = new_game(*players)
    choose_cabals(game, "CB4")
    choose_starts(game)
    game.apply(Draw(0, False, False))
    game.apply(Place(0, -1))
    pass_windows(game)
    game.finished_first = [True] * game.players
    return game


def _agent_place(card_id: str, players: tuple[str, ...] = (A, B), owner: int = 0, agents: int | None = None,
                 empty_deck: bool = False) -> Case:
    """Seat 0 places a Cabal card of ``owner``'s deck as an agent (holding one of ``agents``'s already)."""
    def case() -> tuple[Game, Action]:
        game = main(*players)
        card = hand(game, 0, card_id, owner=owner)
        if agents is not None:
            other = uid(game, card_id, agents)
            game.plot_deck[agents].remove(other)
            game.board.agents[0].append(other)
        if empty_deck:
            game.group_deck[0].clear()
        return game, PlaceAgent(0, card)
    return case


def _buy(payers: Callable[[Game], tuple[int, ...]], tokens: dict[str, int] | None = None,
         outside: bool = False, empty: bool = False) -> Case:
    def case() -> tuple[Game, Action]:
        game = main()
        if empty:
            game.plot_deck[0].clear()
        if outside:
            game.plot_hand[0].extend(c for c in list(game.plot_deck[0])[:game.plot_limit()])
            del game.plot_deck[0][:game.plot_limit()]
            game.apply(Offer(0, 1, (game.plot_hand[0][0],)))
            return game, Buy(1, payers(game))
        return game, Buy(0, payers(game))
    return case


def _two_groups(game: Game) -> tuple[int, int]:
    return seat(game, 0, "K04"), seat(game, 0, "K06")


def _play(card_id: str, owner: int = 0, decks: tuple[str, ...] = (A, B), **aim: object) -> Case:
    """Seat 0 plays a plot of ``card_id`` (of ``owner``'s deck) in its main phase; ``aim``: a
    ``target`` or ``seat`` (a function of the game) and ``side``."""
    def case() -> tuple[Game, Action]:
        game = main(*decks)
        card = hand(game, 0, card_id, owner=owner)
        made = {key: value(game) if callable(value) else value for key, value in aim.items()}
        return game, PlayPlot(0, card, **made)  # type: ignore[arg-type]
    return case


def _in_a_window(card_id: str, owner: int = 1) -> tuple[Game, Action]:
    """Seat 1, asked in the round-table window after seat 0 showed a card, plays ``card_id``."""
    game = main()
    game.apply(Reveal(0, plot(game, "P01")))
    return game, PlayPlot(1, hand(game, 1, card_id, owner=owner), own_group(game))


def _in_the_support_window(card_id: str, owner: int = 1) -> tuple[Game, Action]:
    game = supporting()
    return game, PlayPlot(1, hand(game, 1, card_id, owner=owner), side=Side.DEFENCE)


def _shielded(game: Game) -> int:
    game.finished_first[1] = False
    return rival_group(game)


def _holding_a_standing_plot(game: Game) -> int:
    group = own_group(game)
    standing = uid(game, "P35", 1)
    game.plot_deck[1].remove(standing)
    game.board.links[standing] = group
    game.board.controller[standing] = 0
    return group


def _offered(gift: bool = True, cards: int = 1) -> Game:
    """Seat 0 offers seat 1 a plot card (a gift, or a trade); seat 1 is asked."""
    game = main()
    game.apply(Offer(0, 1, tuple(plot(game, card) for card in ("P01", "P04")[:cards]), trade=not gift))
    assert game.prompt() == "offer"
    return game


def _answer(make: Callable[[Game], Action], gift: bool = True, before: Callable[[Game], object] | None = None) -> Case:
    def case() -> tuple[Game, Action]:
        game = _offered(gift)
        if before is not None:
            before(game)
        return game, make(game)
    return case


def _fill_hand(game: Game, player: int, goals: int = 0) -> None:
    """``player``'s plot hand at the limit (``goals`` of them goal cards)."""
    cards = [c for c in game.plot_deck[player] if game.defs[c].kind == "plot" and game.defs[c].plot_kind != "goal"]
    goal_cards = [c for c in game.plot_deck[player] if game.defs[c].plot_kind == "goal"][:goals]
    for card in [*goal_cards, *cards][:game.plot_limit()]:
        game.plot_deck[player].remove(card)
        game.plot_hand[player].append(card)


def _offered_in_a_window(trade: bool) -> Game:
    """In the round-table window after seat 0 showed a card, seat 1, its plot hand at the limit,
    offers seat 0, the active player, a plot card; seat 0 is asked."""
    game = main()
    game.apply(Reveal(0, plot(game, "P01")))
    _fill_hand(game, 1)
    game.apply(Offer(1, 0, (game.plot_hand[1][0],), trade=trade))
    assert game.prompt() == "offer" and game.to_act() == (0,)
    return game


def _responding_in_the_support_window() -> Game:
    """Seat 1, asked in the support window of seat 0's attack, played a plot for the defence:
    seat 0 is asked in the response window above it."""
    game = supporting()
    game.apply(PlayPlot(1, hand(game, 1, "P05"), side=Side.DEFENCE))
    assert game.prompt() == "response" and game.to_act() == (0,)
    return game


def _third_plays(card_id: str, side: Side, kind: AttackKind = DESTROY, sides: dict[int, Side] | None = None) -> Case:
    """Seat 2 of three, asked in seat 0's attack (to ``kind``) on seat 1's group, plays an attack
    plot for ``side``, having joined ``sides`` (forced)."""
    def case() -> tuple[Game, Action]:
        game = main(A, B, A)
        game.apply(Declare(0, seat(game, 0, "K04"), rival_group(game), kind))
        game.apply(Commit(0))
        game.apply(Pass(0))
        game.apply(Pass(1))
        game.attack.sides.update(sides or {})  # type: ignore[union-attr]
        return game, PlayPlot(2, hand(game, 2, card_id), side=side)
    return case


def _swap_proposed() -> Game:
    game = main()
    game.apply(Swap(0, _resource(game, 0, "R08"), 1, _resource(game, 1, "R10")))
    assert game.prompt() == "swap"
    return game


def _countering() -> Game:
    """Seat 0's group attacked seat 1's and failed on 11: seat 1 is asked whether it strikes back."""
    game = main(A, B)
    attacker = seat(game, 0, "K04", alignments=())
    target = seat(game, 1, "K07", owner=1, alignments=())
    seat(game, 1, "K08", owner=1, alignments=())
    seat(game, 1, "K10", owner=1, tokens=0)
    game.apply(Declare(0, attacker, target, CONTROL))
    game.apply(Commit(0))
    game.rolls = Loaded(5, 6)
    pass_until(game, lambda: game.prompt() == "counter")
    hand(game, 1, "P02", owner=1)
    return game


def _counter(make: Callable[[Game, int], Action]) -> Case:
    def case() -> tuple[Game, Action]:
        game = _countering()
        return game, make(game, hand(game, 1, "P19", owner=1))
    return case


def _counter_after_the_attacker_left() -> tuple[Game, Action]:
    game = _countering()
    enemy = game.counter[1]  # type: ignore[index]
    game.board.detach(enemy)
    del game.board.arrows[enemy]
    game.board.controller.pop(enemy)
    game.board.tokens.pop(enemy, None)
    game.group_hand[0].append(enemy)
    return game, PlayPlot(1, hand(game, 1, "P19", owner=1), game.board.groups_of(1)[0])


def _sheltering() -> Game:
    """A strike of seat 0's destroys a group of seat 1's: seat 1 is asked whether it shelters it."""
    game = main(A, B)
    victim = seat(game, 1, "K09", owner=1, tokens=0)
    game.apply(PlayPlot(0, plot(game, "P24"), victim))
    game.rolls = Loaded(1, 1)
    pass_until(game, lambda: game.prompt() == "shelter")
    hand(game, 1, "P02", owner=1)
    return game


def _reworded(game: Game, card: int, **changes: object) -> int:
    """``card`` printed with each of its effects changed as ``changes`` say (a card file's own card)."""
    from dataclasses import replace

    reprint(game, card, effects=tuple(replace(e, **changes) for e in game.defs[card].effects))
    return card


def _either_side_session() -> tuple[Game, Action]:
    """Emergency Session printed to help either side: its play names the plot it discards, so it
    can name no side."""
    game = supporting()
    session = _reworded(game, hand(game, 1, "P12"), do=({"op": "add", "side": "either", "value": 8},))
    return game, PlayPlot(1, session, hand(game, 1, "P02"))


def _answering(card_id: str, target: Callable[[Game], int], decks: tuple[str, ...] = (A, C)) -> Case:
    """Seat 0 plays ``card_id`` aimed at ``target``; seat 1, asked in the response window, answers
    with Plausible Deniability, which answers a strike aimed at a group of its own."""
    def case() -> tuple[Game, Action]:
        game = main(*decks)
        game.apply(PlayPlot(0, plot(game, card_id), target(game)))
        assert game.prompt() == "response"
        return game, PlayPlot(1, hand(game, 1, "P14"))
    return case


def _satellite(deck: str, empty: str = "") -> Case:
    """Seat 0 uses a Pirate Satellite on its Cabal to look at the top of seat 1's ``deck`` (its
    ``empty`` deck emptied first)."""
    def case() -> tuple[Game, Action]:
        game = main(A, D)
        card = uid(game, "R04")
        for zone in (game.group_deck, game.group_hand):
            for pile in zone:
                if card in pile:
                    pile.remove(card)
        board = game.board
        board.resources[0].append(card)
        board.controller[card] = 0
        board.links[card] = board.cabal[0]
        if empty:
            (game.plot_deck if empty == "plot" else game.group_deck)[1].clear()
        return game, Activate(0, card, 1, deck)
    return case


def _claim_cancelled(seat_: int) -> tuple[Game, Action]:
    from tests.strings.engine.test_legal_lists import claiming

    game = claiming()
    return game, PlayPlot(1, next(c for c in game.plot_hand[1] if game.defs[c].id == "P15"), seat=seat_)


def _cold_feet(target: Callable[[Game], int], respond: bool = False) -> Case:
    """Seat 0's group helped its attack; seat 1 (asked in the support window, or in a response
    window above it if ``respond``) plays Cold Feet naming ``target``."""
    def case() -> tuple[Game, Action]:
        game, attacker = declared(kind=CONTROL)
        helper = seat(game, 0, "K06", tokens=1, global_power=2, power=2)
        game.apply(Commit(0))
        game.apply(Support(0, helper, Side.ATTACK))
        if respond:
            game.apply(PlayPlot(1, hand(game, 1, "P05"), side=Side.DEFENCE))
            game.apply(Pass(0))  # seat 1 is asked again, in the response window
        feet = hand(game, 1, "P16")
        return game, PlayPlot(1, feet, target(game))
    return case


def _cold_feet_at_a_plot() -> tuple[Game, Action]:
    """Seat 1's defence plot has added to the defence (D6); seat 1 then names it with Cold Feet,
    which takes back only the help of cards and agents, never a plot's."""
    game = supporting()
    sealed = hand(game, 1, "P05")
    game.apply(PlayPlot(1, sealed, side=Side.DEFENCE))
    pass_until(game, lambda: game.prompt() == "support" and game.to_act() == (1,))
    assert any(c.card == sealed and c.how == "D6" for c in game.attack.support)  # type: ignore[union-attr]
    return game, PlayPlot(1, hand(game, 1, "P16"), sealed)


def _cold_feet_at_an_attack_plot() -> tuple[Game, Action]:
    """Seat 0's Bribed Official has added to its control attack (A5); seat 1 then names it with
    Cold Feet, which takes back only the help of cards and agents, never a plot's."""
    game, _attacker = declared(kind=CONTROL)
    game.apply(Commit(0))
    bribe = plot(game, "P01")
    game.apply(PlayPlot(0, bribe, side=Side.ATTACK))
    pass_until(game, lambda: game.prompt() == "support" and game.to_act() == (1,))
    assert any(c.card == bribe and c.how == "A5" for c in game.attack.support)  # type: ignore[union-attr]
    return game, PlayPlot(1, hand(game, 1, "P16"), bribe)


def _strike_for_a_rival_at_ones_own() -> tuple[Game, Action]:
    """Mass Resignation printed to strike only a rival's group (a card file's own card), aimed at
    seat 0's own group."""
    game = main()
    card = plot(game, "P24")
    reprint(game, card, target={"kind": "group", "controller": "opponent"})
    return game, PlayPlot(0, card, own_group(game))


CASES: list[tuple[str, Case, type, str]] = [
    # who may act, and well-formed actions
    ("over", lambda: _(over(), EndTurn(0)), E.GameOverError, "The game is over."),
    ("no seat", lambda: _(main(), EndTurn(5)), E.MalformedActionError, "There is no seat 5."),
    ("the seat after the last", lambda: _(main(), EndTurn(2)), E.MalformedActionError, "There is no seat 2."),
    ("seat not a number", lambda: _(main(), EndTurn(True)), E.MalformedActionError, "There is no seat True."),
    ("negative seat", lambda: _(main(), EndTurn(-1)), E.MalformedActionError, "There is no seat -1."),
    ("card not a number", lambda: _(main(), Discard(0, "x")), E.MalformedActionError,  # type: ignore[arg-type]
     "'card' should be a whole number."),
    ("chosen already", _chosen_already, E.NotYourTurnError, "You have made your choice for this round already."),
    ("not waiting", lambda: _(main(), EndTurn(1)), E.NotYourTurnError, "The game is not waiting for you now."),
    ("start settled", _start_settled, E.NotYourTurnError, "The game is not waiting for you now."),
    ("draw not yes or no", lambda: _(set_up(A, B), Draw(0, "yes", False)), E.MalformedActionError,  # type: ignore[arg-type]
     "Say whether you draw a plot card and a group card."),
    ("draw group not yes or no", lambda: _(set_up(A, B), Draw(0, False, "no")), E.MalformedActionError,  # type: ignore[arg-type]
     "Say whether you draw a plot card and a group card."),
    ("pass in main phase", lambda: _(main(), Pass(0)), E.WrongMomentError, "That is not a main-phase action."),
    # what the moment asks
    ("cabal first", lambda: _(new_game(A, B), Pass(0)), E.WrongMomentError, "Choose your Cabal first."),
    ("start first", lambda: _(_starting(), Pass(0)), E.WrongMomentError, "Choose your start group first."),
    ("draws first", lambda: _(set_up(A, B), Pass(0)), E.WrongMomentError, "Your turn begins with the draws."),
    ("placement next", lambda: _(_placing(), Pass(0)), E.WrongMomentError,
     "Free placement comes next: place a card or nothing."),
    ("commit first", lambda: _(declared()[0], Pass(0)), E.WrongMomentError,
     "Commit your declared attack or call it off first."),
    ("in a window", lambda: _(supporting(), EndTurn(1)), E.WrongMomentError,
     "In the support window you may pass, or act as the window allows."),
    ("bottom first", lambda: _(_bottom_due(), Pass(0)), E.WrongMomentError,
     "First put cards from your plot hand on the bottom of your plot deck."),
    ("answer the offer first", lambda: _(_offered(), Pass(1)), E.WrongMomentError, "Answer the offer made to you first."),
    ("answer the swap first", lambda: _(_swap_proposed(), Pass(1)), E.WrongMomentError,
     "Answer the swap of resources proposed to you first."),
    ("answer with nothing to answer", lambda: _(main(), Answer(0, True)), E.WrongMomentError,
     "Nobody has made you an offer or proposed a swap to answer."),
    # set-up
    ("no such card", lambda: _(new_game(A, B), ChooseCabal(0, 10_000)), E.MalformedActionError,
     "There is no card 10000 in this game."),
    ("negative card", lambda: _(new_game(A, B), ChooseCabal(0, -1)), E.MalformedActionError,
     "There is no card -1 in this game."),
    ("the card after the last", lambda: _(new_game(A, B), ChooseCabal(0, 90)), E.MalformedActionError,  # two decks of 45
     "There is no card 90 in this game."),
    ("rival's Cabal", lambda: (lambda g: _(g, ChooseCabal(0, min(c for c in g.plot_deck[1] if g.defs[c].kind == "cabal"))))(
        new_game(A, B)), E.NotYoursError, "Choose a Cabal card from your own plot deck."),
    ("not a Cabal", lambda: (lambda g: _(g, ChooseCabal(0, uid(g, "P01", 0))))(new_game(A, B)), E.SetupChoiceError,
     "Bribed Official is not a Cabal card."),
    ("rival's start", lambda: (lambda g: _(g, ChooseStart(0, uid(g, "K06", 1))))(_starting()), E.NotYoursError,
     "Choose a start group from your own group deck."),
    ("resource start", lambda: (lambda g: _(g, ChooseStart(0, uid(g, "R01", 0))))(_starting()), E.SetupChoiceError,
     "Offshore Trust is a resource: a start group must be a group."),
    ("start on the table", _start_named_on_table, E.UniquenessError, "Crossword Compilers' Guild is on the table already."),
    ("start barred", _start_barred, E.SetupChoiceError,
     "Amateur Radio League was chosen by two players at once and is barred until the open choice."),
    # the bottom of the plot deck
    ("bottom not a list", lambda: (lambda g: _(g, Bottom(0, [g.plot_hand[0][0]])))(_bottom_due()),  # type: ignore[arg-type]
     E.MalformedActionError, "Name the cards as a list of card numbers."),
    ("bottom twice", lambda: (lambda g: _(g, Bottom(0, (g.plot_hand[0][0],) * 2)))(_bottom_due()), E.NotYoursError,
     "Name different cards of your own plot hand."),
    ("bottom not held", lambda: (lambda g: _(g, Bottom(0, (g.plot_deck[0][0],))))(_bottom_due()), E.NotYoursError,
     "Name different cards of your own plot hand."),
    ("bottom too few", lambda: _(_bottom_due(), Bottom(0, ())), E.HandLimitError, "Put exactly 1 plot card on the bottom."),
    ("bottom too few of two", lambda: _(_bottom_due(over=2), Bottom(0, ())), E.HandLimitError,
     "Put exactly 2 plot cards on the bottom."),
    ("bottom too many", lambda: (lambda g: _(g, Bottom(0, tuple(g.plot_hand[0][:2]))))(_bottom_due()), E.HandLimitError,
     "Put exactly 1 plot card on the bottom."),
    ("two goals kept", _two_goals_kept, E.HandLimitError, "You may keep at most one goal card: put the others on the bottom."),
    # free placement
    ("place from elsewhere", lambda: (lambda g: _(g, Place(0, uid(g, "K04", 0), g.board.cabal[0], 0)))(_placing()),
     E.NotYoursError, "Place a card from your own group hand."),
    ("place off the structure", _place_off_structure, E.NoOpenArrowError, "Place it on a card of your own power structure."),
    ("place on no arrow", _place_on_no_arrow, E.NoOpenArrowError, "The Velvet Ledger has no open arrow 99."),
    ("place nothing somewhere", lambda: (lambda g: _(g, Place(0, -1, g.board.cabal[0], 0)))(_placing()),
     E.MalformedActionError, "Placing nothing names no place: leave the place out."),
    ("place a resource on an arrow", lambda: (lambda g: _(g, Place(0, hand(g, 0, "R01", 0), g.board.cabal[0], 0)))(
        _placing()), E.MalformedActionError, "A resource goes to your resource area: leave the place out."),
    ("place a resource on the table already", lambda: (lambda g: (_resource(g, 1, "R08"), _(g, Place(0, hand(g, 0, "R08", 0))))[1])(
        _placing()), E.UniquenessError, "Armored Convoy is on the table already: one copy at a time."),
    # declaring an attack
    ("attack kind", lambda: (lambda g: _(g, Declare(0, g.board.cabal[0], rival_group(g), "control")))(main()),  # type: ignore[arg-type]
     E.MalformedActionError, "An attack is to control or to destroy."),
    ("attack global", lambda: (lambda g: _(g, Declare(0, g.board.cabal[0], rival_group(g), DESTROY, 1)))(main()),  # type: ignore[arg-type]
     E.MalformedActionError, "An attack is to control or to destroy."),
    ("attack with a rival's", lambda: (lambda g: _(g, Declare(0, rival_group(g), own_group(g), DESTROY)))(main()),
     E.NotYoursError, "Attack with your Cabal or a group in your power structure."),
    ("attack with a card in hand", lambda: (lambda g: _(g, Declare(0, hand(g, 0, "K04", 0), rival_group(g), DESTROY)))(main()),
     E.NotYoursError, "Attack with your Cabal or a group in your power structure."),
    ("attack a Cabal", lambda: (lambda g: _(g, Declare(0, g.board.cabal[0], g.board.cabal[1], DESTROY)))(main()),
     E.AttackTargetError, "A Cabal can never be attacked."),
    ("control one's own", lambda: (lambda g: _(g, Declare(0, g.board.cabal[0], own_group(g), CONTROL)))(main()),
     E.AttackTargetError, "You control that group already: you may only attack it to destroy."),
    ("attack a resource", lambda: (lambda g: _(g, Declare(0, g.board.cabal[0], _resource(g, 1, "R10"), DESTROY)))(main()),
     E.AttackTargetError, "Only groups can be attacked."),
    ("attack a group in a deck", lambda: (lambda g: _(g, Declare(0, g.board.cabal[0], uid(g, "K06", 1), DESTROY)))(main()),
     E.AttackTargetError, "Attack a group on the table, or one from your own group hand."),
    ("destroy from hand", lambda: (lambda g: _(g, Declare(0, g.board.cabal[0], hand(g, 0, "K06", 0), DESTROY)))(main()),
     E.AttackTargetError, "A group from your hand can only be attacked to control."),
    ("open area of another", lambda: _attack_open_area(1, CONTROL), E.AttackTargetError,
     "Only the player who brought a group into the open area may attack it."),
    ("destroy in the open area", lambda: _attack_open_area(0, DESTROY), E.AttackTargetError,
     "A group in the open area can only be attacked to control."),
    ("attack itself", lambda: (lambda g: (lambda k: _(g, Declare(0, k, k, DESTROY)))(seat(g, 0, "K04")))(main()),
     E.AttackTargetError, "A card cannot attack itself."),
    ("called off", _called_off, E.OncePerTurnError,
     "You called off an attack by Regional Weather Service this turn: it declares no more attacks this turn."),
    # committing
    ("commit no token", lambda: _(declared(tokens=0)[0], Commit(0)), E.NoTokenError,
     "Regional Weather Service holds no token: commit with a plot that starts an attack, or call the attack off."),
    ("commit a card not held", lambda: (lambda g: _(g, Commit(0, uid(g, "P09", 0))))(declared()[0]), E.NotYoursError,
     "That card is not in your plot hand."),
    ("commit a plot of the window", _commit_plot_not_at_commit, E.PlotTimingError,
     "Bribed Official is not played as you commit an attack."),
    ("commit without token", _commit_plot_without_token, E.NoTokenError,
     "Regional Weather Service holds no token to commit with."),
    # supporting
    ("support side", _support_with(lambda g: g.board.cabal[1], side="defence"), E.MalformedActionError,
     "Support the attack or the defence."),
    ("support with another's", _support_with(lambda g: g.board.cabal[0]), E.NotYoursError,
     "Support with your Cabal or a group of your power structure."),
    ("support with a card in hand", _support_with(lambda g: hand(g, 1, "K06", 1)), E.NotYoursError,
     "Support with your Cabal or a group of your power structure."),
    ("support twice", _support_with(lambda g: (g.attack.used.add(g.board.cabal[1]), g.board.cabal[1])[1]),  # type: ignore[union-attr]
     E.SupportError, "The Hollow Choir has contributed to this attack already."),
    ("support without a token", _support_with(lambda g: seat(g, 1, "K06", tokens=0)), E.NoTokenError,
     "Amateur Radio League holds no token."),
    # agents
    ("agent side", _agent(_copy_of_target_in_hand, side="attack"), E.MalformedActionError,
     "Send the agent to the attack or the defence."),
    ("agent not in hand", _agent(lambda g: uid(g, "K06", 1)), E.NotYoursError, "An agent comes from your own group hand."),
    ("agent not a copy", _agent(lambda g: hand(g, 1, "K06", 1)), E.AgentError, "An agent must be a copy of {target}."),
    ("agent of one's own", _agent(_copy_of_target_in_hand), E.AgentError,
     "You cannot use a copy of a group in your own power structure as an agent."),
    ("agent in the open area", _agent_into_the_open_area, E.AgentError,
     "No agent may join an attack on a group in the open area."),
    ("agent for the other side", _third_agent(Side.ATTACK, sides={2: Side.DEFENCE}), E.SideLockError,
     "You are on the defence side of this attack and stay on it."),
    ("second agent for the defence", _third_agent(Side.DEFENCE, before=Side.DEFENCE), E.AgentError,
     "An agent has joined the defence of this attack already: one per side."),
    # moves
    ("move a rival's", _move(rival_group, lambda g: g.board.cabal[0], 1), E.NotYoursError,
     "Move a group of your own power structure."),
    ("move the Cabal", _move(lambda g: g.board.cabal[0], own_group), E.NotYoursError,
     "Move a group of your own power structure."),
    ("move under itself", _move_under_own_puppet, E.MoveError, "A group cannot move under itself or one of its own puppets."),
    ("move without a token", _move_without_token, E.NoTokenError,
     "Moving Regional Weather Service costs its own token, and it holds none."),
    # links, gifts and swaps of resources
    ("link another's", lambda: (lambda g: _(g, Link(0, _resource(g, 1, "R10"), g.board.cabal[0])))(main()),
     E.NotYoursError, "Move the link of a resource you control."),
    ("link twice a turn", _link_moved_twice, E.OncePerTurnError, "Each link moves at most once a turn."),
    ("link to a rival's", _link(lambda g, r: Link(0, r, rival_group(g))), E.LinkError,
     "Link it to your Cabal or a group of your power structure."),
    ("link where it is", _link(lambda g, r: Link(0, r, g.board.cabal[0])), E.LinkError, "It is linked there already."),
    ("link to a full holder", _link_to_a_group_with_a_resource, E.LinkError,
     "{own} holds a resource already: a group holds at most one."),
    ("give another's", lambda: (lambda g: _(g, Give(0, _resource(g, 1, "R10"), 1)))(main()), E.NotYoursError,
     "Give a resource you control."),
    ("give a used one", _give(lambda g, r: Give(0, r, 1), used=True), E.LinkError,
     "A resource used this turn cannot be given away."),
    ("give to oneself", _give(lambda g, r: Give(0, r, 0)), E.MalformedActionError, "Give it to another player in the game."),
    ("give to nobody", _give(lambda g, r: Give(0, r, 2)), E.MalformedActionError, "Give it to another player in the game."),
    ("give to a negative seat", _give(lambda g, r: Give(0, r, -1)), E.MalformedActionError,
     "Give it to another player in the game."),
    ("swap with oneself", _swap(lambda g, m, t: Swap(0, m, 0, t)), E.MalformedActionError,
     "Swap resources with another player in the game."),
    ("swap with nobody", _swap(lambda g, m, t: Swap(0, m, 2, t)), E.MalformedActionError,
     "Swap resources with another player in the game."),
    ("swap with a negative seat", _swap(lambda g, m, t: Swap(0, m, -1, t)), E.MalformedActionError,
     "Swap resources with another player in the game."),
    ("swap theirs for theirs", _swap(lambda g, m, t: Swap(0, t, 1, t)), E.NotYoursError,
     "Offer a resource you control in the swap."),
    ("swap for one of mine", _swap(lambda g, m, t: Swap(0, m, 1, m)), E.NotYoursError,
     "Ask for a resource Player 2 controls."),
    ("swap over the cap", _swap(lambda g, m, t: Swap(0, m, 1, t), offers=3), E.OncePerTurnError,
     "You have made 3 offers this turn: no more until the next."),
    # resources, draws, abilities, agents
    ("place a group as a resource", lambda: (lambda g: _(g, PlaceResource(0, hand(g, 0, "K04", 0))))(main()),
     E.NotYoursError, "Place a resource from your own group hand."),
    ("place a resource not held", lambda: (lambda g: _(g, PlaceResource(0, uid(g, "R01", 0))))(main()),
     E.NotYoursError, "Place a resource from your own group hand."),
    ("second resource", _resource_placed_already, E.OncePerTurnError, "You have placed your resource for this turn."),
    ("second group draw", _group_drawn_already, E.OncePerTurnError, "You have drawn your group card for a token this turn."),
    ("group draw paid by a rival", lambda: (lambda g: _(g, DrawGroup(0, rival_group(g))))(main()), E.NoTokenError,
     "Pay with a token on one of your own cards."),
    ("group draw paid by nothing", lambda: (lambda g: _(g, DrawGroup(0, seat(g, 0, "K04", tokens=0))))(main()),
     E.NoTokenError, "Pay with a token on one of your own cards."),
    ("ability of a rival's", _wire(lambda g, c: Activate(0, g.board.cabal[1], 1)), E.NotYoursError,
     "Use an ability of your own Cabal or of a resource you control."),
    ("ability of a group", _wire(lambda g, c: Activate(0, own_group(g), 1)), E.NotYoursError,
     "Use an ability of your own Cabal or of a resource you control."),
    ("no ability", lambda: (lambda g: _(g, Activate(0, g.board.cabal[0], 1)))(main()), E.PlotTimingError,
     "The Velvet Ledger has no ability to use here."),
    ("ability without a token", _wire(lambda g, c: Activate(0, c, 1), tokens=0), E.NoTokenError,
     "The Unblinking Wire holds no token."),
    ("look at nobody", _wire(lambda g, c: Activate(0, c, 2)), E.PlotTargetError, "Name a player in the game."),
    ("look at a negative seat", _wire(lambda g, c: Activate(0, c, -1)), E.PlotTargetError, "Name a player in the game."),
    ("look at oneself", _wire(lambda g, c: Activate(0, c, 0)), E.PlotTargetError, "Look at an opponent's cards."),
    ("ability on the shielded", _wire(lambda g, c: (g.finished_first.__setitem__(1, False), Activate(0, c, 1))[1]),
     E.ShieldError, "Player 2 has not finished their first turn yet."),
    ("look at no deck", _satellite(""), E.MalformedActionError, "Name the plot deck or the group deck."),
    ("look at an empty plot deck", _satellite("plot", empty="plot"), E.PlotTargetError, "That deck is empty."),
    ("look at an empty group deck", _satellite("group", empty="group"), E.PlotTargetError, "That deck is empty."),
    ("look at a deck", _wire(lambda g, c: Activate(0, c, 1, "plot")), E.MalformedActionError,
     "This ability looks at a hand, not a deck."),
    ("look at no plot card", _wire(lambda g, c: (clear_hands(g), Activate(0, c, 1))[1]), E.PlotTargetError,
     "Player 2 holds no plot card."),
    ("agent of a group", lambda: (lambda g: _(g, PlaceAgent(0, hand(g, 0, "K04", 0))))(main()), E.NotYoursError,
     "Place a Cabal card from your own plot hand."),
    ("agent not held", lambda: (lambda g: _(g, PlaceAgent(0, uid(g, "CB2", 0))))(main()), E.NotYoursError,
     "Place a Cabal card from your own plot hand."),
    ("agent of one's own Cabal", _agent_place("CB1", owner=1), E.AgentError, "A Cabal agent cannot name your own Cabal."),
    ("agent twice", _agent_place("CB2", players=(A, B, A), agents=2), E.AgentError, "You have a Cabal agent of The Hollow Choir already."),
    ("agent with an empty deck", _agent_place("CB2", empty_deck=True), E.CostError,
     "Placing a Cabal agent discards the top card of both your decks: one is empty."),
    # any time: discards, reveals, offers, buying plots
    ("discard not held", lambda: (lambda g: _(g, Discard(0, uid(g, "P01", 0))))(main()), E.NotYoursError,
     "Discard a card of your own hands."),
    ("reveal not held", lambda: (lambda g: _(g, Reveal(0, hand(g, 0, "K04", 0))))(main()), E.NotYoursError,
     "Reveal a card of your own plot hand."),
    ("reveal twice", lambda: (lambda g: (lambda c: (g.apply(Reveal(0, c)), g.apply(Pass(1)), _(g, Reveal(0, c)))[2])(
        plot(g, "P01")))(main()),
     E.WrongMomentError, "That card is shown already."),
    ("offer to oneself", lambda: (lambda g: _(g, Offer(0, 0, (plot(g, "P01"),))))(main()), E.MalformedActionError,
     "Offer cards to another player in the game."),
    ("offer to nobody", lambda: (lambda g: _(g, Offer(0, 2, (plot(g, "P01"),))))(main()), E.MalformedActionError,
     "Offer cards to another player in the game."),
    ("offer to a negative seat", lambda: (lambda g: _(g, Offer(0, -1, (plot(g, "P01"),))))(main()), E.MalformedActionError,
     "Offer cards to another player in the game."),
    ("offer gift or trade", lambda: (lambda g: _(g, Offer(0, 1, (plot(g, "P01"),), 2)))(main()),  # type: ignore[arg-type]
     E.MalformedActionError, "Say whether it is a gift or a trade."),
    ("offer not a list", lambda: (lambda g: _(g, Offer(0, 1, [plot(g, "P01")])))(main()),  # type: ignore[arg-type]
     E.MalformedActionError, "Name the cards you offer as a list of card numbers."),
    ("offer a card twice", lambda: (lambda g: _(g, Offer(0, 1, (plot(g, "P01"),) * 2)))(main()), E.NotYoursError,
     "Name different cards of your own hands as the cards you offer."),
    ("offer nothing", lambda: _(main(), Offer(0, 1, ())), E.MalformedActionError, "Offer at least one card."),
    ("offer over the cap", lambda: (lambda g: (g.offers_made.__setitem__(0, 3), _(g, Offer(0, 1, (plot(g, "P01"),))))[1])(
        main()), E.OncePerTurnError, "You have made 3 offers this turn: no more until the next."),
    ("buy with nothing", _buy(lambda g: ()), E.CostError, "A plot card costs one Cabal token or two group tokens."),
    ("buy with three", _buy(lambda g: (*_two_groups(g), g.board.cabal[0])), E.CostError,
     "A plot card costs one Cabal token or two group tokens."),
    ("buy not a list", _buy(lambda g: [g.board.cabal[0]]), E.MalformedActionError, "Name the cards that pay."),  # type: ignore[arg-type, return-value]
    ("buy with a rival's", _buy(lambda g: (rival_group(g),)), E.NoTokenError, "{rival} is not yours or holds no token."),
    ("buy with one group", _buy(lambda g: (_two_groups(g)[0],)), E.CostError,
     "A plot card costs one Cabal token or two group tokens."),
    ("buy with the Cabal and a group", _buy(lambda g: (g.board.cabal[0], _two_groups(g)[0])), E.CostError,
     "Two tokens buy a plot card only if both are group tokens."),
    ("buy with one token twice", _buy(lambda g: (_two_groups(g)[0],) * 2), E.NoTokenError,
     "Regional Weather Service holds only one token."),
    ("buy from an empty deck", _buy(lambda g: (g.board.cabal[0],), empty=True), E.CostError, "Your plot deck is empty."),
    # plots
    ("plot not held", lambda: (lambda g: _(g, PlayPlot(0, uid(g, "P01", 0))))(main()), E.NotYoursError,
     "That card is not in your plot hand."),
    ("a Cabal as a plot", _play("CB2"), E.PlotTimingError, "The Hollow Choir is not a plot: it is played as a Cabal agent."),
    ("operation in a window", lambda: _in_a_window("P31"), E.PlotTimingError, "Power Cut is played in your own main phase only."),
    ("standing plot in a window", lambda: _in_a_window("P38", owner=0), E.PlotTimingError,
     "Safe Deposit is played in your own main phase only."),
    ("agenda in a window", lambda: (lambda g: (g.apply(Reveal(0, plot(g, "P01"))), _(g, PlayPlot(1, hand(g, 1, "P45", 1))))[1])(
        main()), E.PlotTimingError,
     "Age of Outrage is played in your own main phase only."),
    ("goal card played", _play("P40"), E.PlotTimingError,
     "The Mandate is a goal card: it is revealed to claim victory at the end of a turn."),
    ("replacement played", _play("P18"), E.PlotTimingError,
     "Safe House is played when a group of yours is about to be destroyed."),
    ("counterstrike played", _play("P19", owner=1), E.PlotTimingError,
     "Counterstrike is played just after an attack on your group fails."),
    ("cancel of a plot", _play("P13"), E.PlotTimingError, "Not So Fast answers a plot as it is played."),
    ("cancel of a strike", _play("P14", owner=1, decks=(A, C)), E.PlotTimingError,
     "Plausible Deniability answers a strike aimed at a group you control."),
    ("cancel of a claim", _play("P15", owner=1, decks=(A, C), seat=1), E.PlotTimingError,
     "Hold the Presses answers a claim made with a goal card."),
    ("cancel of a strike answering a power cut", _answering("P31", rival_group, decks=(B, C)), E.PlotTimingError,
     "Plausible Deniability answers a strike aimed at a group you control."),
    ("cancel of a strike at another's group", _answering("P24", own_group), E.PlotTimingError,
     "Plausible Deniability answers a strike aimed at a group you control."),
    ("cancel of a claim not made with a goal card", lambda: _claim_cancelled(1), E.PlotTargetError,
     "Name a player who claims with a goal card."),
    ("cancel of a help not given", _cold_feet(own_group), E.PlotTargetError, "Name a card that has contributed to this attack."),
    ("cancel of a plot's help", _cold_feet_at_a_plot, E.PlotTargetError, "Name a card that has contributed to this attack."),
    ("cancel of an attack plot's help", _cold_feet_at_an_attack_plot, E.PlotTargetError,
     "Name a card that has contributed to this attack."),
    ("cancel of a help in a response window", _cold_feet(lambda g: g.attack.support[0].card, respond=True),  # type: ignore[union-attr]
     E.PlotTimingError, "Cold Feet is played in an attack's support window."),
    ("a mill of one's own deck", _play("P34", owner=1, decks=(A, B), seat=0), E.PlotTargetError,
     "Shred the Archives needs an opponent as its target."),
    ("cancel of support", _play("P16", owner=1), E.PlotTimingError, "Cold Feet is played in an attack's support window."),
    ("attack plot outside an attack", _play("P01", side=Side.ATTACK), E.PlotTimingError,
     "Bribed Official is played in the support window of an attack."),
    ("attack plot in a response window", lambda: (lambda g: _(g, PlayPlot(0, plot(g, "P01"), side=Side.ATTACK)))(
        _responding_in_the_support_window()), E.PlotTimingError, "Bribed Official is played in the support window of an attack."),
    ("attack plot for the other side", _third_plays("P01", Side.ATTACK, CONTROL, sides={2: Side.DEFENCE}), E.SideLockError,
     "You are on the defence side of this attack and stay on it."),
    ("attack plot that does nothing", _third_plays("P01", Side.ATTACK), E.PlotTargetError,
     "Bribed Official does nothing in this attack."),
    ("commit plot in the window", lambda: _in_the_support_window("P09", owner=0), E.PlotTimingError,
     "Backroom Deal is played as you commit an attack."),
    ("strike without the Cabal's token", _play("P25", owner=1, target=lambda g: (g.board.tokens.pop(g.board.cabal[0], None),
                                                                                rival_group(g))[1]),
     E.CostError, "Lightning Strike costs your Cabal's token, and it holds none."),
    ("a power cut off the table", _play("P31", owner=1, target=lambda g: uid(g, "K06", 1)), E.PlotTargetError,
     "Power Cut needs a group in a power structure as its target."),
    ("a look shown to oneself", _play("P20", owner=1, decks=(A, D), seat=0), E.PlotTargetError,
     "Last-Minute Leak needs an opponent as its target."),
    ("a plot aimed at no card given one", _play("P33", target=own_group), E.MalformedActionError,
     "Windfall is aimed at no card: leave the target out."),
    ("a plot naming no player given one", _play("P33", seat=1), E.MalformedActionError,
     "Windfall names no player: leave the player out."),
    ("a plot naming no side given one", _play("P33", side=Side.ATTACK), E.MalformedActionError,
     "Windfall does not let you choose a side: leave the side out."),
    ("a session for either side", _either_side_session, E.PlotTargetError, "Say which side Emergency Session helps."),
    ("a session paid by itself", lambda: (lambda g: (lambda c: _(g, PlayPlot(1, c, c)))(hand(g, 1, "P12")))(supporting()),
     E.CostError, "Emergency Session costs another plot card from your hand: name it."),
    ("strike a Cabal", _play("P24", target=lambda g: g.board.cabal[1]), E.PlotTargetError,
     "Mass Resignation needs a group in a power structure as its target."),
    ("strike a card in a deck", _play("P24", target=lambda g: uid(g, "K06", 1)), E.PlotTargetError,
     "Mass Resignation needs a group in a power structure as its target."),
    ("strike no card", _play("P24", target=lambda g: 10_000), E.PlotTargetError,
     "Mass Resignation needs a group in a power structure as its target."),
    ("strike a shielded group", _play("P24", target=_shielded), E.ShieldError,
     "Player 2 has not finished their first turn: their groups are shielded."),
    ("strike what the card may not", _play("P21", owner=1, target=lambda g: seat(g, 1, "K06", owner=1, subtype="place")),
     E.PlotTargetError, "Quiet Removal cannot strike Amateur Radio League."),
    ("strike one's own group with a strike for a rival's", _strike_for_a_rival_at_ones_own, E.PlotTargetError,
     "Mass Resignation cannot strike {own}."),
    ("strike the immune", _play("P24", decks=(A, MASKS), target=lambda g: seat(g, 1, "E8", owner=1)), E.PlotTargetError,
     "The Understudy cannot be the target of strikes."),
    ("standing plot on a rival's", _play("P38", target=rival_group), E.PlotTargetError,
     "Link Safe Deposit to a group you control."),
    ("second standing plot", _play("P38", target=_holding_a_standing_plot), E.LinkError,
     "{own} holds a standing plot already."),
    ("token taken from none", _play("P17", target=lambda g: seat(g, 1, "K06", owner=1, tokens=0)), E.PlotTargetError,
     "Amateur Radio League holds no token."),
    ("token for a rival", _play("P29", target=rival_group), E.PlotTargetError, "Put the token on a group you control."),
    ("token over the cap", _play("P29", target=lambda g: seat(g, 0, "K06", tokens=2)), E.PlotTargetError,
     "Amateur Radio League cannot hold another token."),
    ("return a rival's", _play("P32", owner=1, decks=(A, C), target=rival_group), E.PlotTargetError,
     "Return a group of yours that has no puppets."),
    ("return a master", _play("P32", owner=1, decks=(A, C), target=lambda g: (seat(g, 0, "K06", under=own_group(g)),
                                                                           own_group(g))[1]),
     E.PlotTargetError, "Return a group of yours that has no puppets."),
    ("look at oneself", _play("P30", owner=1, decks=(A, D), seat=0), E.PlotTargetError, "Wiretap needs an opponent as its target."),
    ("look at nobody with a plot", _play("P30", owner=1, decks=(A, D), seat=2), E.PlotTargetError,
     "Wiretap needs an opponent as its target."),
    ("look at the shielded", _play("P30", owner=1, decks=(A, D), seat=lambda g: (_shielded(g), 1)[1]), E.ShieldError,
     "Player 2 has not finished their first turn yet."),
    # answering offers and swaps
    ("accept not yes or no", _answer(lambda g: Answer(1, "yes")), E.MalformedActionError,  # type: ignore[arg-type]
     "Accept the offer or refuse it."),
    ("refuse giving back", _answer(lambda g: Answer(1, False, (hand(g, 1, "K06", 1),)), gift=False), E.MalformedActionError,
     "Refusing an offer gives nothing and puts nothing on the bottom."),
    ("refuse with a bottom", _answer(lambda g: Answer(1, False, (), (g.offer[2][0],))), E.MalformedActionError,  # type: ignore[index]
     "Refusing an offer gives nothing and puts nothing on the bottom."),
    ("bottom not a list", _answer(lambda g: Answer(1, True, (), [g.offer[2][0]])), E.MalformedActionError,  # type: ignore[arg-type, index]
     "Name the cards for the bottom as a list of card numbers."),
    ("back not a list", _answer(lambda g: Answer(1, True, [hand(g, 1, "K06", 1)]), gift=False), E.MalformedActionError,  # type: ignore[arg-type]
     "Name the cards you give back as a list of card numbers."),
    ("back not held", _answer(lambda g: Answer(1, True, (uid(g, "K06", 1),)), gift=False), E.NotYoursError,
     "Name different cards of your own hands as the cards you give back."),
    ("trade given nothing back", _answer(lambda g: Answer(1, True), gift=False), E.HandLimitError,
     "This is a trade: accept it by giving at least one card back."),
    ("gift given back", _answer(lambda g: Answer(1, True, (hand(g, 1, "K06", 1),))), E.HandLimitError,
     "This is a gift: nothing is given back."),
    ("bottom not held", _answer(lambda g: Answer(1, True, (), (uid(g, "P02", 1),))), E.NotYoursError,
     "Put on the bottom different plot cards you would hold."),
    ("bottom twice", _answer(lambda g: Answer(1, True, (), (g.offer[2][0],) * 2)), E.NotYoursError,  # type: ignore[index]
     "Put on the bottom different plot cards you would hold."),
    ("gift over the limit", _answer(lambda g: Answer(1, True), before=lambda g: _fill_hand(g, 1)), E.HandLimitError,
     "Refuse the offer or put cards on the bottom: outside your turn you may hold at most 5 plot cards."),
    ("gift of a second goal", _answer(lambda g: Answer(1, True), before=lambda g: (
        _fill_hand(g, 1, goals=1), g.plot_hand[1].pop(), reprint(g, g.offer[2][0], plot_kind="goal"))),  # type: ignore[index]
     E.HandLimitError, "Refuse the offer or put cards on the bottom: you may never hold two goal cards outside your turn."),
    ("bottom in one's own turn", lambda: (lambda g: _(g, Answer(0, True, (), (g.offer[2][0],))))(  # type: ignore[index]
        _offered_in_a_window(trade=False)), E.HandLimitError,
     "In your own turn you may hold more; you get down to the limit at its end."),
    ("trade leaving the giver over the limit", lambda: (lambda g: (_fill_hand(g, 0), _(g, Answer(0, True, tuple(g.plot_hand[0][1:3]))))[1])(
        _offered_in_a_window(trade=True)), E.HandLimitError,
     "That would leave Player 2 over a limit (outside your turn you may hold at most 5 plot cards): give fewer "
     "plot cards back."),
    ("swap answered not yes or no", lambda: _(_swap_proposed(), Answer(1, "yes")), E.MalformedActionError,  # type: ignore[arg-type]
     "Accept the swap or refuse it."),
    ("swap answered with cards", lambda: (lambda g: _(g, Answer(1, True, (hand(g, 1, "K06", 1),))))(_swap_proposed()),
     E.MalformedActionError, "A swap of resources is accepted or refused: nothing else changes hands."),
    ("swap answered with a bottom", lambda: (lambda g: _(g, Answer(1, False, (), (hand(g, 1, "P02", 1),))))(_swap_proposed()),
     E.MalformedActionError, "A swap of resources is accepted or refused: nothing else changes hands."),
    # answering a failed attack, and a destruction
    ("counter first", lambda: _(_countering(), EndTurn(1)), E.WrongMomentError,
     "Answer first: an attack on your group has failed."),
    ("counter not held", lambda: (lambda g: _(g, PlayPlot(1, uid(g, "P19", 1), g.board.groups_of(1)[0])))(_countering()),
     E.NotYoursError, "That card is not in your plot hand."),
    ("counter with another plot", lambda: (lambda g: _(g, PlayPlot(1, g.plot_hand[1][0], g.board.groups_of(1)[0])))(
        _countering()), E.PlotTimingError, "Smear Campaign does not answer a failed attack."),
    ("counter by a rival's group", _counter(lambda g, c: PlayPlot(1, c, g.board.groups_of(0)[0])), E.PlotTargetError,
     "Name one of your own groups to make the attack."),
    ("counter by the Cabal", _counter(lambda g, c: PlayPlot(1, c, g.board.cabal[1])), E.PlotTargetError,
     "Name one of your own groups to make the attack."),
    ("counter by a group in hand", _counter(lambda g, c: PlayPlot(1, c, hand(g, 1, "K11", 1))), E.PlotTargetError,
     "Name one of your own groups to make the attack."),
    ("counter by no token", _counter(lambda g, c: PlayPlot(1, c, uid_of(g, "K10"))), E.NoTokenError,
     "Influencer Collective holds no token."),
    ("counter names a player", _counter(lambda g, c: PlayPlot(1, c, g.board.groups_of(1)[0], seat=0)),
     E.MalformedActionError, "Counterstrike names no player: leave the player out."),
    ("counter after the attacker left", _counter_after_the_attacker_left, E.PlotTargetError,
     "The attacking group has left play."),
    ("shelter first", lambda: _(_sheltering(), EndTurn(1)), E.WrongMomentError,
     "Answer first: one of your groups is about to be destroyed."),
    ("shelter not held", lambda: (lambda g: _(g, Shelter(1, uid(g, "P18", 0))))(_sheltering()), E.NotYoursError,
     "That card is not in your plot hand."),
    ("shelter with a card that follows a destruction", lambda: (lambda g: _(g, Shelter(1, _reworded(
        g, g.plot_hand[1][0], when="after", event="group_to_destroyed_pile"))))(_sheltering()), E.PlotTimingError,
     "Smear Campaign cannot replace a destruction."),
    ("shelter with a card replacing something else", lambda: (lambda g: _(g, Shelter(1, _reworded(
        g, g.plot_hand[1][0], when="replace", event="group_to_hand"))))(_sheltering()), E.PlotTimingError,
     "Smear Campaign cannot replace a destruction."),
    ("shelter with another plot", lambda: (lambda g: _(g, Shelter(1, g.plot_hand[1][0])))(_sheltering()),
     E.PlotTimingError, "Smear Campaign cannot replace a destruction."),
]


@pytest.mark.parametrize(("case", "error", "words"), [pytest.param(c, e, w, id=i) for i, c, e, w in CASES])
def test_a_refused_action_says_why_in_the_players_words_and_changes_nothing(case, error, words):
    game, action = case()
    names = {"target": game.name(game.attack.target) if game.attack else "", "own": game.name(own_group(game)) if
             game.board.cabal[0] >= 0 and game.board.groups_of(0) else "",
             "rival": game.name(rival_group(game)) if game.board.cabal[1] >= 0 and game.board.groups_of(1) else ""}
    assert refused(game, action) == (error, words.format(**names))
