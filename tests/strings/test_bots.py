"""Pulling Strings' computer players: the heuristic one reads the odds of STRINGS.md appendix A,
beats the random one with seats rotating, never gives a rival cards, and decides from its seat's
view alone."""

from __future__ import annotations

from grail_tui import tournament
from grail_tui.games.kit.terms import BotLevel, SetupRequest
from grail_tui.games.strings.bots import HeuristicBot
from grail_tui.games.strings.bots.heuristic import chance
from grail_tui.games.strings.engine import Answer, Give, Offer, PlayPlot, Swap
from grail_tui.games.strings.kind import StringsKind

KIND = StringsKind()


def test_the_heuristic_reads_the_odds_of_appendix_a():
    # successes in 36 by margin: <=1 never, 11 and 12 always fail, so at most 33 in 36
    assert [round(chance(m) * 36) for m in range(-3, 14)] == \
        [0, 0, 0, 0, 0, 1, 3, 6, 10, 15, 21, 26, 30, 33, 33, 33, 33]


def test_the_heuristic_beats_the_random_player_with_seats_rotating():
    summary = tournament.run(["heuristic", "random"], 12, seed=3, game="strings")
    wins = {row["bot"]: row["wins"] for row in summary["per_entry"]}
    assert wins["heuristic"] >= 11, summary["per_entry"]


def test_the_heuristic_never_offers_or_gives_a_rival_anything():
    setup = KIND.make_setup(SetupRequest(players=3, seed=5, options={"turn_limit": 8}))
    state = KIND.new_state(setup)
    bots = [KIND.make_bot(BotLevel.HEURISTIC, seat) for seat in range(3)]
    could_give = 0
    while not state.is_over:
        seat = state.to_act()[0]
        view = state.view(seat)
        legal = KIND.legal_from_view(view, seat)
        could_give += any(isinstance(a, (Offer, Give, Swap)) for a in legal)
        action = bots[seat].decide(view, legal)
        assert action in legal and not isinstance(action, (Offer, Give, Swap))
        state.apply(action)
    assert could_give > 50  # it had the chance, often


def test_the_heuristic_refuses_a_swap_of_resources():
    from tests.strings.engine.test_swaps import _table

    game, convoy, tank = _table()
    game.apply(Swap(0, convoy, 1, tank))
    bot = KIND.make_bot(BotLevel.HEURISTIC, 1)
    view = game.view(1)
    assert bot.decide(view, KIND.legal_from_view(view, 1)) == Answer(1, False)


def test_the_heuristic_strikes_at_a_rivals_claim_instead_of_letting_it_stand():
    from grail_tui.games.strings.engine import Pass, PlayPlot
    from tests.strings.engine.test_victory import end_turn, grow
    from tests.strings.helpers import A, B, at_main, hand

    game = at_main(A, B)
    grow(game, 0, 12)
    end_turn(game)  # seat 0 meets the basic goal and claims it
    strike = hand(game, 1, "P24", owner=0)
    while game.to_act()[0] != 1:
        game.apply(Pass(game.to_act()[0]))
    view = game.view(1)
    assert view.public.claims and view.public.claims[0][0] == 0
    choice = KIND.make_bot(BotLevel.HEURISTIC, 1).decide(view, KIND.legal_from_view(view, 1))
    assert isinstance(choice, PlayPlot) and choice.card == strike
    assert game.board.controller[choice.target] == 0


# -- its own goals, and never a rival's -----------------------------------------------------------


def handed(game, seat: int, action) -> int:
    """Apply ``seat``'s ``action``: how many rivals it made able to claim a win they could not
    claim before, or made win so (the last one left, say). An attack settled is the doing of its
    attacker and of everyone who backed the attack (though the last pass of its window is what
    settles it); letting a standing claim win is not handing it (the claims test above is about
    that)."""
    from grail_tui.games.strings.engine import Side
    from grail_tui.games.strings.engine.rules import claims_of

    could = [bool(claims_of(game, q)) for q in range(game.players)]
    attack = game.attack
    game.apply(action)
    doers = {seat}
    if attack is not None and game.attack is not attack:
        doers = {attack.player} | {c.player for c in attack.support if c.side is Side.ATTACK}
    newly = set(game.outcome.winners) if game.outcome is not None else {q for q in game.live() if claims_of(game, q)}
    return sum(1 for q in newly if not could[q] and doers - {q})


class Generous:
    """A player that gives its resources away: to a Cabal that counts resources, that is a win."""

    def __init__(self, seed: int) -> None:
        self.fair = HeuristicBot(seed)

    def decide(self, view, legal):
        return next((a for a in legal if isinstance(a, Give)), None) or self.fair.decide(view, legal)


def test_the_heuristic_never_hands_a_rival_the_win():
    from grail_tui.games.strings.engine import Game, Setup
    from tests.strings.helpers import A, B, C, D, E, F

    for decks, seed in [((A, B), 1), ((C, D), 2), ((E, F), 3), ((B, C, D), 4), ((F, E, A), 5), ((A, C, E, F), 6)]:
        game = Game(Setup(seed=seed, decks=decks, round_limit=30))
        bots = [HeuristicBot(seed * 10 + p) for p in range(game.players)]
        while not game.is_over:
            seat = game.to_act()[0]
            view = game.view(seat)
            assert handed(game, seat, bots[seat].decide(view, view.legal)) == 0


def test_the_heuristic_keeps_the_resource_that_would_win_a_rival_its_special_goal():
    """The Velvet Ledger wins with 4 resources and (basic goal - 4) groups: its rival holds 3 and
    8, and seat 0 a resource it could give; a player that gives it hands over the game."""
    from grail_tui.games.strings.engine import Draw, Place
    from tests.strings.engine.test_victory import grow
    from tests.strings.helpers import A, B, choose_cabals, choose_starts, lift, new_game, pass_windows, uid

    def position():
        game = new_game(A, B)
        choose_cabals(game, "CB2", "CB1")  # seat 1 plays The Velvet Ledger
        choose_starts(game)
        game.apply(Draw(0, False, False))
        game.apply(Place(0, -1))
        pass_windows(game)
        game.finished_first = [True, True]
        grow(game, 1, 8)
        board = game.board
        for player, cards in ((0, ("R01",)), (1, ("R02", "R08", "R10"))):
            for card_id in cards:
                card = uid(game, card_id)
                lift(game, card)
                board.resources[player].append(card)
                board.links[card] = board.cabal[player]
                board.controller[card] = player
        return game

    game = position()
    view = game.view(0)
    assert any(isinstance(a, Give) and a.to == 1 for a in view.legal)
    assert handed(game, 0, Generous(0).decide(view, view.legal)) == 1  # the measure sees it
    game = position()
    view = game.view(0)
    assert handed(game, 0, HeuristicBot(0).decide(view, view.legal)) == 0


def main_phase_with_a_weak_rival_group_deep_down(cabal: str):
    """Seat 0 (Open Palm, Cabal ``cabal``) in its main phase, hands empty; seat 1 holds a
    power-0 group at depth 3 that seat 0's Cabal destroys 33 times in 36 (it is opposed to both
    of Open Palm's Cabals) and could hardly take."""
    from grail_tui.games.strings.engine import Draw, Place
    from tests.strings.helpers import (
        A,
        F,
        choose_cabals,
        choose_starts,
        clear_hands,
        new_game,
        pass_windows,
        seat,
        start_group,
    )

    game = new_game(F, A)
    choose_cabals(game, cabal)
    choose_starts(game)
    game.apply(Draw(0, False, False))
    game.apply(Place(0, -1))
    pass_windows(game)
    game.finished_first = [True, True]
    clear_hands(game)
    middle = seat(game, 1, "K02", under=start_group(game, 1), tokens=0)
    low = seat(game, 1, "K24", under=middle, tokens=0)
    return game, low


def test_a_cabal_whose_special_goal_forbids_destroying_does_not_destroy():
    from grail_tui.games.strings.engine import AttackKind, Declare

    game, low = main_phase_with_a_weak_rival_group_deep_down("CB5")  # a Cabal that may destroy does
    view = game.view(0)
    choice = HeuristicBot(0).decide(view, view.legal)
    assert isinstance(choice, Declare) and choice.kind is AttackKind.DESTROY and choice.target == low
    game, low = main_phase_with_a_weak_rival_group_deep_down("CB6")  # "no attack to destroy this game"
    view = game.view(0)
    choice = HeuristicBot(0).decide(view, view.legal)
    assert not (isinstance(choice, Declare) and choice.kind is AttackKind.DESTROY)
    assert not isinstance(choice, PlayPlot)  # nor a strike, which is an attack to destroy


def test_a_cabal_that_counts_places_places_a_place_before_a_stronger_group():
    from grail_tui.games.strings.engine import Draw, Place
    from tests.strings.helpers import A, C, choose_cabals, choose_starts, clear_hands, hand, new_game

    game = new_game(C, A)
    choose_cabals(game, "CB3")  # The Cartographers of Dusk: "You control 6 Places."
    choose_starts(game)
    clear_hands(game)
    place = hand(game, 0, "C4", owner=0)  # a Place: power 2, resistance 5, one arrow
    stronger = hand(game, 0, "K16", owner=0)  # an organization: more power, more arrows
    game.apply(Draw(0, False, False))
    view = game.view(0)
    assert {a.card for a in view.legal if isinstance(a, Place)} >= {place, stronger}
    choice = HeuristicBot(0).decide(view, view.legal)
    assert isinstance(choice, Place) and choice.card == place



def three_rivals_one_a_place_short(spent: bool = True):
    """Seat 0's main phase at 3 players (basic goal 12), Open Palm's Cabal (power 10, Pacifist and
    Progressive) in play. Seat 1 (Old Money, The Velvet Ledger: 4 resources and 8 groups) controls
    8 groups and no resource: 4 short of either goal. Seat 2 (Borderlines, The Cartographers of
    Dusk: 7 Places) controls 7 groups, 6 of them Places: one short. Each holds a Progressive group
    at depth 3 under a master of other alignments, that seat 0's Cabal takes more often than not
    (resistance 3 for seat 1's, 4 for seat 2's). With ``spent``, the rivals' other cards have spent
    their tokens (no support to foresee). Returns the game and those two groups by seat."""
    from tests.strings.engine.test_victory import grow
    from tests.strings.helpers import A, C, F, at_main, clear_hands, seat

    game = at_main(F, A, C)
    clear_hands(game)
    board = game.board
    top = seat(game, 2, "C3")  # Places all: Republic of Eastmarch, State and Traditional
    middle = seat(game, 2, "C4", under=top)  # Old Capital District, State and Mundane
    canal = seat(game, 2, "C5", under=middle)  # Canal City of Vesk, Market and Progressive, resistance 4
    fog = seat(game, 2, "C2", under=top)
    seat(game, 2, "C6", under=fog)
    seat(game, 2, "C7", under=fog)
    parking = seat(game, 1, "K01", owner=1)  # State and Mundane
    watch = seat(game, 1, "K02", under=parking, owner=1)  # Traditional
    influencers = seat(game, 1, "K10", under=watch, owner=1)  # Market and Progressive, resistance 3
    grow(game, 1, 8)
    assert board.count_groups(1) == 8 and board.count_groups(2) == 7
    assert board.depth(canal) == board.depth(influencers) == 3
    if spent:
        for card, who in list(board.controller.items()):
            if who in (1, 2) and card not in (influencers, canal):
                board.tokens.pop(card, None)
    return game, {1: influencers, 2: canal}


def test_the_heuristic_sees_the_rival_one_place_from_a_goal_as_the_leader():
    game, _targets = three_rivals_one_a_place_short()
    assert HeuristicBot(0).leader(game.view(0)) == 2


def test_the_heuristic_foresees_the_support_a_rival_can_still_give_the_defence():
    """A group whose rival's other cards still hold their tokens is a worse chance than the same
    group when they are spent: the heuristic counts what they could add to the defence (their
    global power, or power where related or of a shared alignment) and does not attack into it."""
    from grail_tui.games.strings.engine import AttackKind, Declare

    game, targets = three_rivals_one_a_place_short(spent=False)
    for card, who in list(game.board.controller.items()):
        if who == 1:  # seat 1's Cabal (global power 9) and groups hold their tokens
            game.board.tokens[card] = 1
    bot = HeuristicBot(0)
    cabal = game.board.cabal[0]
    attack = Declare(0, cabal, targets[1], AttackKind.CONTROL)
    backed = bot.odds(game.view(0), attack)
    for card, who in list(game.board.controller.items()):
        if who == 1 and card != targets[1]:
            game.board.tokens.pop(card, None)
    alone = bot.odds(game.view(0), attack)
    assert backed < alone and alone >= 0.55


def test_at_three_players_the_heuristic_takes_from_the_rival_nearest_a_goal():
    """At least as good a chance to take a group of the rival with the most groups: it takes the
    one of the rival a Place from winning."""
    from grail_tui.games.strings.engine import AttackKind, Declare

    game, targets = three_rivals_one_a_place_short()
    view = game.view(0)
    bot = HeuristicBot(0)
    cabal = game.board.cabal[0]
    takes = {a.target: bot.odds(view, a) for a in view.legal if isinstance(a, Declare)
             and a.kind is AttackKind.CONTROL and not a.use_global and a.attacker == cabal}
    assert takes[targets[1]] >= takes[targets[2]] >= 0.55  # the most groups' is no worse a chance
    choice = bot.decide(view, view.legal)
    assert isinstance(choice, Declare) and choice.kind is AttackKind.CONTROL
    assert game.board.controller[choice.target] == 2
