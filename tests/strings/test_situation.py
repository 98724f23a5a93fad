"""What Pulling Strings' screen says, apart from the widgets: every legal action in words that
tell it from every other, each in the list of one key, and the odds of appendix A."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

from grail_tui.games import registry
from grail_tui.games.api import SetupRequest
from grail_tui.games.kit.terms import BotLevel
from grail_tui.games.strings import situation
from grail_tui.games.strings.engine import Declare, EndTurn, Game, Give, Offer, Pass, Setup

from .helpers import A, B, C, D, E, F

KIND = registry.get("strings")


def test_the_odds_are_appendix_a():
    table = {1: 0, 2: 1, 3: 3, 4: 6, 5: 10, 6: 15, 7: 21, 8: 26, 9: 30, 10: 33, 15: 33, -3: 0}
    assert {margin: situation.chance(margin) for margin in table} == table


def test_every_legal_action_reads_apart_from_the_others_and_sits_under_one_key():
    for seed, decks in ((1, (A, B, C, D)), (2, (E, F, A, B, C, D)), (3, (B, D))):
        game = Game(Setup(seed=seed, decks=decks, round_limit=3))
        bots = [KIND.make_bot(BotLevel.HEURISTIC, seed + p) for p in range(len(decks))]
        while not game.is_over:
            player = game.to_act()[0]
            view = game.view(player)
            legal = game.legal_actions(player)
            prompt = view.public.prompt
            for menu in situation.Menu:
                words = Counter(situation.describe(a, view) for a in situation.choices(legal, menu, prompt))
                assert not [w for w, n in words.items() if n > 1], (prompt, menu)
            for action in legal:
                keys = [m for m in situation.Menu if situation.in_menu(action, m, prompt)]
                direct = isinstance(action, (Pass, EndTurn))
                assert len(keys) + direct >= 1, action  # every legal action has a key that offers it
                assert "a card" not in situation.describe(action, view), action  # every card named
            game.apply(bots[player].decide(view, legal))


def test_the_draw_list_keeps_its_order_and_names_no_card_whatever_card_is_under_the_cursor():
    # A draw names no card; its yes/no fields once counted as cards 0 and 1 (False == 0), so with
    # the cursor on the first two cards of the game (a Cabal) "both" sank to the end of the list
    # and the card pane under it showed that Cabal.
    game = Game(Setup(seed=1, decks=(A, B, C, D), round_limit=3))
    draws = game_until_draw(game)
    order = situation.choices(draws, situation.Menu.DECIDE, "draw")
    assert situation.describe(order[0], game.view(game.to_act()[0])) == "Draw a plot card and a group card"
    for cursor in (0, 1, 2):
        assert situation.choices(draws, situation.Menu.DECIDE, "draw", cursor) == order
    assert {situation.subject(a) for a in draws} == {-1}


def game_until_draw(game: Game) -> list:
    bots = [KIND.make_bot(BotLevel.HEURISTIC, p) for p in range(4)]
    while game.prompt() != "draw":
        player = game.to_act()[0]
        game.apply(bots[player].decide(game.view(player), game.legal_actions(player)))
    return [a for a in game.legal_actions(game.to_act()[0]) if type(a).__name__ == "Draw"]


def _as_played(action, cards) -> tuple:
    """An action with every card it names by its name: two copies of one card play alike."""
    named = []
    for field in dataclasses.fields(action):
        value = getattr(action, field.name)
        if field.name in CARD_FIELDS and type(value) is int and value >= 0:
            value = cards.name(value)
        elif field.name in CARD_FIELDS and isinstance(value, tuple):
            value = tuple(cards.name(v) for v in value)
        named.append(value)
    return (type(action).__name__, *named)


CARD_FIELDS = {"card", "resource", "target", "group", "attacker", "holder", "at", "payer", "plot", "mine",
               "theirs", "cards", "payers", "back", "bottom"}


def test_two_choices_that_read_the_same_are_copies_of_one_card_and_the_list_shows_one():
    """A resource in play and its namesake in the hand are given in different words; two copies
    of a card (two Safe Houses, two Bribed Officials) read the same, play the same, and the
    list of choices shows one of them."""
    seen: Counter[str] = Counter()
    # random play, reaching such choices: a gift and two copies to show by turn 9, two copies to
    # shelter with on turn 77 (read from there on only: reading every choice costs)
    for players, seed, start, wanted in ((4, 2, 0, {"Give", "Reveal"}), (5, 23, 77, {"Shelter"})):
        game = KIND.new_state(KIND.make_setup(SetupRequest(players=players, seed=seed)))
        rng = random.Random(seed)
        while not game.is_over and not wanted <= set(seen) and game.turns < 90:
            player = game.to_act()[0]
            legal = list(game.legal_actions(player))
            if game.turns < start:
                game.apply(legal[rng.randrange(len(legal))], checked=True)
                continue
            view = game.view(player)
            cards = situation.Cards(view)
            given = {cards.name(a.resource): situation.describe(a, view) for a in legal if isinstance(a, Give)}
            for offer in (a for a in legal if isinstance(a, Offer) and len(a.cards) == 1 and not a.trade):
                if cards.name(offer.cards[0]) in given:  # the same name in play and in the hand
                    seen["Give"] += 1
                    assert situation.describe(offer, view) != given[cards.name(offer.cards[0])]
                    assert "from your hand" in situation.describe(offer, view)
            alike: dict[str, list] = {}
            for action in legal:
                if not isinstance(action, Declare):
                    alike.setdefault(situation.describe(action, view), []).append(action)
            for words, actions in alike.items():
                if len(actions) > 1:
                    seen[type(actions[0]).__name__] += 1
                    assert len({_as_played(a, cards) for a in actions}) == 1, (words, actions)
                    for menu in situation.Menu:
                        listed = situation.choices(legal, menu, view.public.prompt, view=view)
                        assert sum(a in actions for a in listed) <= 1, (words, menu)
            game.apply(legal[rng.randrange(len(legal))], checked=True)
    assert seen["Reveal"] and seen["Shelter"] and seen["Give"], seen  # the positions hold such choices
