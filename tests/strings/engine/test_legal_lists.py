"""S-3 and §14: the legal list offers every action the rules allow the seat the game waits for,
and nothing they refuse. Every action of every kind a seat could send (each card, target, seat,
side, arrow) is judged by the game's own refusals, and what passes is what the list offers: one
card of each name from a hand or deck (copies are the same choice); a plot's target, seat or side
only where the card asks for one; a resource placed without an arrow; no pointless attack (see
``pointless``). Buying a plot and
answering an offer are listed one way each (test_gifts.py has the answers)."""

from __future__ import annotations

from dataclasses import fields, replace
from itertools import combinations

import pytest

from grail_tui.games.strings.engine import (
    Action,
    Activate,
    Agent,
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
    Phase,
    Place,
    PlaceAgent,
    PlaceResource,
    PlayPlot,
    Reveal,
    Shelter,
    Side,
    Support,
    Swap,
)
from grail_tui.games.strings.engine.checks import names_on_table
from tests.strings.helpers import (
    A,
    B,
    C,
    D,
    E,
    Loaded,
    at_main,
    choose_cabals,
    choose_starts,
    clear_hands,
    hand,
    lift,
    new_game,
    pass_windows,
    reprint,
    seat,
    set_up,
    to_next_main,
    uid,
)

CARD_FIELDS = ("card", "target", "attacker", "group", "at", "resource", "holder", "payer", "plot", "mine", "theirs")


def everything(game: Game, p: int) -> list[Action]:
    """Every action ``p`` could send now, over every card, target, seat, side and arrow that could matter."""
    board = game.board
    seats = range(-1, game.players + 1)
    plots, groups = game.plot_hand[p], game.group_hand[p]
    mine = [c for c in board.arrows if board.controller.get(c) == p]
    on_table = list(board.arrows) + list(board.open_area)
    held = plots + groups
    out: list[Action] = [Pass(p), EndTurn(p), CallOff(p), Commit(p), Shelter(p), Place(p, -1)]
    out += [Draw(p, a, b) for a in (True, False) for b in (True, False)]
    out += [ChooseCabal(p, c) for c in game.plot_deck[p] + game.plot_deck[1 - p]]
    out += [ChooseStart(p, c) for c in game.group_deck[p] + game.group_deck[1 - p]]
    out += [Place(p, c, at, arrow) for c in groups + game.group_deck[p][:2] for at in [-1, *on_table]
            for arrow in range(-1, 7)]
    out += [Declare(p, a, t, k, g) for a in [*mine, *held] for t in [*on_table, *held, *game.group_deck[p][:2]]
            for k in AttackKind for g in (False, True)]
    out += [Commit(p, c) for c in plots] + [Shelter(p, c) for c in plots]
    out += [Support(p, c, s) for c in on_table for s in Side]
    out += [Agent(p, c, s) for c in groups + game.group_deck[p][:2] for s in Side]
    out += [PlayPlot(p, c, t, s, side) for c in plots + groups[:1] for t in [-1, *on_table, *plots]
            for s in seats for side in (None, *Side)]
    out += [DrawGroup(p, c) for c in on_table + board.resources[p]]
    out += [PlaceResource(p, c) for c in groups + game.group_deck[p][:2]]
    out += [Move(p, g, at, arrow) for g in on_table for at in on_table for arrow in range(-1, 7)]
    resources = [r for rs in board.resources for r in rs]
    out += [Link(p, r, h) for r in resources for h in on_table]
    out += [Give(p, r, to) for r in resources for to in seats]
    out += [Swap(p, m, to, t) for m in resources for to in seats for t in resources]
    out += [PlaceAgent(p, c) for c in held] + [Reveal(p, c) for c in held] + [Discard(p, c) for c in held]
    out += [Discard(p, c) for c in game.plot_deck[p][:1]]
    out += [Activate(p, c, s, deck) for c in [*on_table, *resources] for s in seats for deck in ("", "plot", "group")]
    out += [Offer(p, to, (c,), trade) for c in held for to in seats for trade in (False, True)]
    out += [Activate(p, c, s, deck) for c in board.cabal[p:p + 1] for s in seats for deck in ("", "plot", "group")]
    payers = [*on_table, *board.resources[p]]
    out += [Buy(p, (c,)) for c in payers] + [Buy(p, pair) for pair in combinations(payers, 2)]
    out += [Buy(p, (c, c)) for c in payers]
    if game.due is not None:
        out += [Bottom(p, cards) for n in range(len(plots) + 1) for cards in combinations(plots, n)]
    return out


def key(game: Game, action: Action) -> Action:
    """The action with each card of a hand or deck named by its id (copies are one choice)."""
    hidden = {c for zones in (game.plot_hand, game.group_hand, game.plot_deck, game.group_deck) for z in zones for c in z}
    changes = {}
    for item in fields(action):
        value = getattr(action, item.name)
        if item.name in CARD_FIELDS and isinstance(value, int) and value in hidden:
            changes[item.name] = game.defs[value].id
        elif item.name == "cards" and isinstance(value, tuple):
            changes[item.name] = tuple(game.defs[c].id if c in hidden else c for c in value)
    return replace(action, **changes) if changes else action  # type: ignore[arg-type]


def covers(listed: Action, allowed: Action) -> bool:
    """Does the listed action stand for the allowed one? A plot's target, seat and side, and a
    resource's place, left open in the listed action may be anything in the allowed one."""
    if type(listed) is not type(allowed):
        return False
    if isinstance(listed, PlayPlot) and isinstance(allowed, PlayPlot):
        return listed.card == allowed.card and listed.target in (-1, allowed.target) \
            and listed.seat in (-1, allowed.seat) and (allowed.side is None or listed.side in (None, allowed.side))
    if isinstance(listed, Place) and isinstance(allowed, Place) and listed.card != -1 and listed.at == -1:
        return listed.card == allowed.card
    return listed == allowed


def one_way(action: Action) -> bool:
    """Listed one way only: which cards pay for a plot or a group draw, which card a trade offers."""
    return isinstance(action, (Buy, DrawGroup)) or (isinstance(action, Offer) and action.trade)


def pointless(game: Game, action: Action) -> bool:
    """Allowed but left out of the list on purpose: an attack by a card without a token when no
    plot in hand could start it (it could only be called off), and one by global power, which is
    never more than power (HR-50)."""
    if not isinstance(action, Declare):
        return False
    starter = any(game.defs[c].has_op("start_attack") for c in game.plot_hand[action.player])
    return action.use_global or (not game.board.tokens.get(action.attacker, 0) and not starter)


def assert_the_list_is_the_rules(game: Game) -> None:
    for p in game.to_act():
        assert not any(pointless(game, a) for a in game.legal_actions(p))
        listed = [key(game, a) for a in game.legal_actions(p)]
        assert len(listed) == len(set(listed)), "an action is listed twice"
        allowed = {key(game, a) for a in everything(game, p) if game.why_illegal(a) is None and not pointless(game, a)}
        assert set(listed) <= allowed, f"listed but refused: {set(listed) - allowed}"
        missing = [a for a in allowed if not one_way(a) and not any(covers(item, a) for item in listed)]
        assert not missing, f"allowed but not listed: {missing[:5]}"
        for kind in (Buy, DrawGroup, Offer):  # a trade is offered with a group card
            if any(isinstance(a, kind) and one_way(a) and (kind is not Offer or game.group_hand[p]) for a in allowed):
                assert any(isinstance(a, kind) and one_way(a) for a in listed), f"no {kind.__name__} listed"


# -- positions -------------------------------------------------------------------------------------


def busy_main() -> Game:
    """Seat 0's main phase with a bit of everything: a structure two deep with tokens and without,
    resources of both seats, a group in the open area, plots of every kind and a Cabal card in
    hand, groups and a resource in the group hand, one a copy of a rival's group."""
    game = at_main(A, B)
    clear_hands(game)
    board = game.board
    top = seat(game, 0, "K04", tokens=2)
    seat(game, 0, "K07", under=top, tokens=0)
    seat(game, 1, "K09", owner=1)
    seat(game, 1, "K10", owner=1, tokens=0)
    for player, card_id in ((0, "R08"), (1, "R10")):
        resource = uid(game, card_id, player)
        game.group_deck[player].remove(resource)
        board.resources[player].append(resource)
        board.controller[resource] = player
        board.links[resource] = board.cabal[player]
    opened = uid(game, "K11", 0)
    game.group_deck[0].remove(opened)
    board.open_area[opened] = 0
    for card_id in ("P24", "P17", "P29", "P38", "P26", "P01", "P13", "P40", "P09", "CB2"):
        hand(game, 0, card_id, owner=0)
    for card_id in ("K05", "K06", "R01"):
        hand(game, 0, card_id, owner=0)
    hand(game, 0, "K09", owner=0)  # a copy of seat 1's group
    return game


def busy_main_later(offers: int) -> Game:
    """The busy main phase after ``offers`` offers this turn."""
    game = busy_main()
    game.offers_made[0] = offers
    return game


def shielded_main() -> Game:
    """Seat 0's main phase of a three-player game: seat 1 has not finished its first turn (its
    groups are shielded), seat 2 has; seat 0 holds a strike, a look and gifts for both."""
    game = at_main(A, B, A)
    clear_hands(game)
    game.finished_first[1] = False
    seat(game, 1, "K09", owner=1)
    seat(game, 2, "K10", owner=2)
    for card_id in ("P24", "P17", "K05"):
        hand(game, 0, card_id, owner=0)
    return game


def shield_down_for_us() -> Game:
    """Seat 1's shield is up, but seat 1 has attacked seat 0: seat 0 may target it (§18). Seat 0
    holds no plot that starts an attack, and one of its groups holds no token."""
    game = shielded_main()
    game.attacked.add((1, 0))
    seat(game, 0, "K06", tokens=0)
    return game


def late_tokens() -> Game:
    """Seat 0's main phase where its Cabal and start group hold no token and its one token came
    after seat 1's: a group without a token comes first, and a rival's token before its own."""
    game = at_main(A, B)
    clear_hands(game)
    board = game.board
    for card in [board.cabal[0], *board.groups_of(0)]:
        board.tokens.pop(card, None)
    board.tokens[board.groups_of(1)[0]] = 1
    seat(game, 0, "K04", tokens=1)
    return game


def eliminated_main() -> Game:
    """The three-player main phase after seat 2 has left the game (its structure with it)."""
    from grail_tui.games.strings.engine.flow import _eliminate

    game = shielded_main()
    game.finished_first[1] = True
    board = game.board
    for group in reversed(board.groups_of(2)):  # §17.1: it controls nothing any more
        board.detach(group)
        for place in (board.arrows, board.controller, board.tokens):
            place.pop(group, None)
    _eliminate(game, 2)
    return game


def in_support(asked: int, players: tuple[str, ...] = (A, B)) -> Game:
    game = at_main(*players)
    clear_hands(game)
    attacker = seat(game, 0, "K04", tokens=2)
    target = seat(game, 1, "K09", owner=1)
    seat(game, 1, "K10", owner=1)
    for p in range(game.players):
        hand(game, p, "K09", owner=p if p != 1 else 0)  # an agent for each (seat 1's cannot join)
    for card_id in ("P01", "P04", "P05", "P13", "P09"):
        hand(game, 0, card_id, owner=0)
    hand(game, 1, "P02", owner=1)
    hand(game, 1, "P16", owner=1)
    hand(game, 1, "P24")  # a strike: aimed at any group, the support window's or not
    game.apply(Declare(0, attacker, target, AttackKind.CONTROL))
    game.apply(Commit(0))
    for p in range(asked):
        game.apply(Pass(p))
    return game


def after_help() -> Game:
    """The support window after seat 0's group helped its attack: seat 1 holds a plot that
    cancels that help and one that costs another plot from its hand."""
    game = at_main(A, B)
    clear_hands(game)
    attacker = seat(game, 0, "K04", tokens=2)
    helper = seat(game, 0, "K06", tokens=1, global_power=2, power=2)
    target = seat(game, 1, "K09", owner=1)
    for card_id, owner in (("P16", 1), ("P12", 0), ("P02", 1)):
        hand(game, 1, card_id, owner=owner)
    game.apply(Declare(0, attacker, target, AttackKind.CONTROL))
    game.apply(Commit(0))
    game.apply(Support(0, helper, Side.ATTACK))
    assert game.to_act() == (1,)
    return game


def committing() -> Game:
    game = at_main(A, B)
    clear_hands(game)
    attacker = seat(game, 0, "K04", tokens=0)
    for card_id in ("P09", "P01", "P13"):
        hand(game, 0, card_id, owner=0)
    hand(game, 0, "P10", owner=1)
    game.apply(Declare(0, attacker, game.board.groups_of(1)[0], AttackKind.DESTROY))
    return game


def placing() -> Game:
    game = set_up(A, B)
    clear_hands(game)
    seat(game, 0, "K04")
    for card_id in ("K05", "K06", "R01", "R07"):
        hand(game, 0, card_id, owner=0)
    hand(game, 0, "K06", owner=1)  # a second copy: one choice
    game.apply(Draw(0, False, False))
    return game


def round_table() -> Game:
    game = at_main(A, C)
    clear_hands(game)
    game.apply(Reveal(0, hand(game, 0, "P26", owner=0)))
    for card_id in ("P14", "P15", "P24", "P32", "P01"):
        hand(game, 1, card_id, owner=1)
    return game


def wire() -> Game:
    """Seat 0 plays The Unblinking Wire, whose ability looks at a hand."""
    game = new_game(C, D)
    choose_cabals(game, "CB4")
    choose_starts(game)
    game.apply(Draw(0, False, False))
    game.apply(Place(0, -1))
    pass_windows(game)
    game.finished_first = [True, True]
    return game


def satellite() -> Game:
    """Seat 0 plays The Unblinking Wire with no token left for its look, and holds a Pirate
    Satellite on its Cabal, whose look at the top of any deck is free."""
    game = wire()
    board = game.board
    board.tokens.pop(board.cabal[0], None)
    resource = uid(game, "R04", 1)
    lift(game, resource)
    board.resources[0].append(resource)
    board.controller[resource] = 0
    board.links[resource] = board.cabal[0]
    return game


def bottom_due() -> Game:
    game = at_main(A, B)
    clear_hands(game)
    plots = [c for c in game.plot_deck[0] if game.defs[c].kind == "plot"]
    for card in plots[:game.plot_limit() + 2]:
        game.plot_deck[0].remove(card)
        game.plot_hand[0].append(card)
    game.apply(EndTurn(0))
    return game


def claiming() -> Game:
    """The claims window at the end of seat 0's turn: seat 0 claims with a goal card (Deep Roots),
    and seat 1, asked, holds a plot that cancels a claim made with a goal card."""
    game = at_main(C, E)
    clear_hands(game)
    board = game.board
    roots = hand(game, 0, "P39", owner=0)
    chain = board.groups_of(0)[0]
    for card_id in ("K09", "K10", "K11", "K12"):
        chain = seat(game, 0, card_id, under=chain if board.has_open_arrow(chain) else None, tokens=0)
        reprint(game, chain, arrows=1)
        board.arrows[chain] = [-1]
    for card, definition in enumerate(game.defs):  # Deep Roots asks for (basic goal - 2) groups besides the depth
        slot = next(iter(board.open_arrows(0)), None)
        if board.count_groups(0) >= game.basic_goal() - 2 or slot is None:
            break
        if definition.kind == "group" and card not in board.controller and definition.name not in names_on_table(game):
            lift(game, card)
            board.attach(card, slot[0], slot[1], 0)
    hand(game, 1, "P15", owner=1)
    game.apply(EndTurn(0))
    assert any(c.goal_card == roots for c in game.claims) and game.to_act() == (1,)
    return game


def countering() -> Game:
    """Seat 0's attack on seat 1's group failed on 11: seat 1 is asked whether it strikes back; it
    holds a Counterstrike (and a plot that cannot answer), and groups with a token and without."""
    game = at_main(A, B)
    clear_hands(game)
    attacker = seat(game, 0, "K04", alignments=())
    target = seat(game, 1, "K07", owner=1, alignments=())
    seat(game, 1, "K08", owner=1, alignments=())
    seat(game, 1, "K10", owner=1, tokens=0)
    game.apply(Declare(0, attacker, target, AttackKind.CONTROL))
    game.apply(Commit(0))
    game.rolls = Loaded(5, 6)
    pass_windows(game)
    assert game.prompt() == "counter"
    hand(game, 1, "P19", owner=1)
    hand(game, 1, "P02", owner=1)
    return game


def drawing() -> Game:
    """The start of seat 0's first turn: the draws."""
    return set_up(A, B)


def responding_in_an_attack() -> Game:
    """Three players: seat 0 played a plot for its attack in the support window; seat 2, asked in
    the response window, holds a copy of the target (an agent only the support window allows)."""
    game = in_support(0, (A, B, A))
    game.apply(PlayPlot(0, next(c for c in game.plot_hand[0] if game.defs[c].id == "P01"), side=Side.ATTACK))
    game.apply(Pass(1))
    assert game.prompt() == "response" and game.to_act() == (2,)
    return game


def sheltering() -> Game:
    """A strike of seat 0's destroys a group of seat 1's: seat 1 is asked whether it shelters it,
    holding a plot that can and one that cannot."""
    game = at_main(A, B)
    clear_hands(game)
    victim = seat(game, 1, "K09", owner=1, tokens=0)
    game.apply(PlayPlot(0, hand(game, 0, "P24", owner=0), victim))
    game.rolls = Loaded(1, 1)
    pass_windows(game)
    assert game.prompt() == "shelter"
    hand(game, 1, "P18")
    hand(game, 1, "P02", owner=1)
    return game


def starting_in_the_open() -> Game:
    """The open choice of start groups, after rounds of names chosen at once: a name barred in the
    secret rounds may be chosen again."""
    game = starting()
    game.barred.add(game.name(min(c for c in game.group_deck[0] if game.defs[c].kind == "group")))
    game.phase = Phase.OPEN_START
    assert game.prompt() == "open start"
    return game


def choosing() -> Game:
    return new_game(A, B)


def starting() -> Game:
    game = new_game(A, B)
    choose_cabals(game)
    return game


POSITIONS = [busy_main, committing, placing, round_table, wire, bottom_due, choosing, starting,
             lambda: in_support(0), lambda: in_support(1), lambda: in_support(2, (A, B, A)),
             lambda: busy_main_later(2), lambda: busy_main_later(3), shielded_main, shield_down_for_us,
             late_tokens, eliminated_main, satellite, after_help, claiming, countering, drawing,
             responding_in_an_attack, sheltering, starting_in_the_open]


@pytest.mark.parametrize("position", POSITIONS, ids=["main", "commit", "place", "round table", "look", "bottom",
                                                      "cabal", "start", "support: attacker", "support: defender",
                                                      "support: third", "two offers made", "three offers made",
                                                      "a shield up", "a shield down for us", "late tokens",
                                                      "a player out", "a free look at a deck", "after help",
                                                      "a claim with a goal card", "a failed attack",
                                                      "the draws", "a response in an attack", "a shelter",
                                                      "the open choice of start groups"])
def test_s3_the_legal_list_is_every_action_the_rules_allow_and_nothing_else(position):
    assert_the_list_is_the_rules(position())


def buys(game: Game) -> list[tuple[int, ...]]:
    return [a.payers for a in game.legal_actions(0) if isinstance(a, Buy)]


def test_s7_a_plot_is_offered_for_the_cabals_token_and_for_two_group_tokens():
    game = at_main(A, B)
    clear_hands(game)
    board = game.board
    for group in board.groups_of(0):
        board.tokens.pop(group, None)
    cabal = board.cabal[0]
    assert buys(game) == [(cabal,)]
    one = seat(game, 0, "K04", tokens=1)
    assert buys(game) == [(cabal,)]  # one group token is not enough
    board.tokens[one] = 2
    assert buys(game) == [(cabal,), (one, one)]  # a group holding two pays both
    other = seat(game, 0, "K06", tokens=1)
    assert buys(game) == [(cabal,), (one, other)]  # two groups pay one each
    board.tokens.pop(cabal)
    assert buys(game) == [(one, other)]
    for card in (one, other):
        board.tokens.pop(card)
    assert buys(game) == []


def test_s14_a_plot_aimed_at_a_group_that_cannot_be_played_now_hides_no_later_plot():
    """In the round-table window after seat 0 showed a card, seat 1 holds an operation aimed at a
    group (Overtime: its own main phase only) and a strike (Lightning Strike, any window): the
    strike is offered at every group, the operation at none."""
    game = at_main(A, B)
    clear_hands(game)
    game.apply(Reveal(0, hand(game, 0, "P01", owner=0)))
    overtime, strike = hand(game, 1, "P29", owner=0), hand(game, 1, "P25", owner=1)
    game.board.tokens[game.board.cabal[1]] = 1  # what Lightning Strike costs
    assert game.prompt() == "round table" and game.to_act() == (1,) and overtime < strike  # the list goes by card number
    plays = [a for a in game.legal_actions(1) if isinstance(a, PlayPlot)]
    everyone = [g for p in game.live() for g in game.board.groups_of(p)]
    assert plays == [PlayPlot(1, strike, g) for g in everyone]


def test_s7_the_group_draw_offered_pays_with_the_cabals_token_first():
    """The list offers one group draw, paid by the Cabal's token while it holds one: in seat 1's
    main phase, not by a group of seat 1's that holds a token and a lower card number (a group of
    seat 0's deck it controls)."""
    game = at_main(A, B)
    clear_hands(game)
    to_next_main(game)
    cabal = game.board.cabal[1]
    taken = seat(game, 1, "K04", owner=0, tokens=1)
    assert game.prompt() == "main" and game.board.tokens.get(cabal) and taken < cabal
    assert [a for a in game.legal_actions(1) if isinstance(a, DrawGroup)] == [DrawGroup(1, cabal)]
