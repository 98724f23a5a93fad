"""The game object's own questions and answers (engine/game.py): who is asked and whether in
secret, the limits an agenda sets, the dice, the words of a refusal, and what the end shows."""

from __future__ import annotations

from grail_tui.games.strings.engine import ChooseStart, Draw, EndTurn, GameEnded, Phase, Place
from grail_tui.games.strings.engine.cards import Effect
from grail_tui.games.strings.engine.vocabulary import PLOT_HAND_LIMIT

from ..helpers import A, B, F, at_main, choose_cabals, clear_hands, lift, new_game, pass_windows, reprint


def _agenda(game, colour: str, limit: str, value: int) -> int:
    """An agenda of the game's (found by its kind), reprinted to set ``limit`` to ``value``, put in play."""
    card = next(c for c in range(len(game.defs)) if game.defs[c].plot_kind == "agenda" and c not in game.board.agenda_by)
    lift(game, card)
    reprint(game, card, colour=colour, effects=(Effect("static", "", ({"op": "set_limit", "limit": limit, "value": value},)),))
    game.board.agendas[colour] = card
    game.board.agenda_by[card] = game.owner[card]
    return card


def test_s19_an_agenda_in_play_sets_the_plot_hand_limit_and_the_group_draws_each_its_own():
    game = at_main(A, B)
    assert (game.plot_limit(), game.group_draw_limit()) == (PLOT_HAND_LIMIT, 1)
    _agenda(game, "azure", "group_draws", 3)
    assert (game.plot_limit(), game.group_draw_limit()) == (PLOT_HAND_LIMIT, 3)
    _agenda(game, "amber", "plot_hand", PLOT_HAND_LIMIT + 2)
    hand_limit = PLOT_HAND_LIMIT + 2
    assert (game.plot_limit(), game.group_draw_limit()) == (hand_limit, 3)
    assert game.public_view().plot_limit == hand_limit  # the limit every seat reads


def test_s2_only_the_set_up_rounds_are_secret_and_they_name_everyone_in_them_answered_or_not():
    game = new_game(A, B, F)
    assert game.hidden() and game.public_view().to_act == (0, 1, 2)
    choose_cabals(game)
    assert game.phase is Phase.START and game.hidden()
    picked = next(c for c in game.group_deck[1] if game.why_illegal(ChooseStart(1, c)) is None)
    game.apply(ChooseStart(1, picked))
    assert game.to_act() == (0, 2)  # the game knows who has answered ...
    assert game.public_view().to_act == game.choosing() == (0, 1, 2)  # ... the table is not told (S-2)
    game.resolved[1] = True  # seat 1's start group stood: the next round asks the others only
    assert game.choosing() == (0, 2)
    main = at_main(A, B)
    assert not main.hidden() and main.choosing() == ()
    assert main.public_view().to_act == (0,)  # an open answer: the table sees whose it is


def test_s9_the_dice_are_two_six_sided_dice():
    game = new_game(A, B)
    rolls = [game.roll() for _ in range(300)]
    assert {first for first, _ in rolls} == set(range(1, 7))
    assert {second for _, second in rolls} == set(range(1, 7))


def test_a_refusal_is_told_in_its_words():
    game = new_game(A, B)
    assert game.why_illegal("knock") == "'knock' is not an action of Pulling Strings."
    assert game.why_illegal(EndTurn(0)) is not None and game.why_illegal(EndTurn(0)).endswith(".")


def test_the_end_shows_every_hand_and_deck_by_seat_each_deck_from_its_top():
    game = at_main(A, B, round_limit=1)
    for player in (0, 1):
        pass_windows(game)
        if player:
            game.apply(Draw(1, False, False))
            game.apply(Place(1, -1))
            pass_windows(game)
        clear_hands(game)
        game.plot_hand[player].append(game.plot_deck[player].pop())  # a card in hand, below any limit
        game.group_hand[player].append(game.group_deck[player].pop())
        game.apply(EndTurn(player))
        pass_windows(game)
    assert game.is_over and game.phase is Phase.OVER and game.to_act() == ()
    ended = game.history[-1]
    assert isinstance(ended, GameEnded) and ended.outcome == game.outcome
    for player in (0, 1):
        assert ended.hands[player] == tuple(game.defs[c].id for c in game.plot_hand[player] + game.group_hand[player])
        assert ended.decks[player] == tuple(game.defs[c].id for c in reversed(game.plot_deck[player] + game.group_deck[player]))
        groups = len(game.group_deck[player])  # each deck from its top: the group deck's, then the plot deck's
        assert ended.decks[player][0] == game.defs[game.group_deck[player][-1]].id
        assert ended.decks[player][groups] == game.defs[game.plot_deck[player][-1]].id
    public = game.public_view()
    assert (public.attack, public.swap, public.offer, public.sheltering, public.prompt) == (None, None, None, -1, "over")


def test_the_log_names_each_card_by_its_id_and_adds_no_number_or_words_it_was_not_given():
    """What the log shows of an event: the cards by their ids, and a number or detail only where
    the event has one (ending a turn has neither; a draw counts nothing; clearing the open area names the card)."""
    from grail_tui.games.strings.engine.events import Happened

    game = at_main(A, B)
    clear_hands(game)
    opened = game.group_deck[0].pop()
    game.board.open_area[opened] = 0
    events = game.apply(EndTurn(0))
    assert events[0] == Happened(0, "ended turn")
    cleared = next(e for e in events if isinstance(e, Happened) and e.what == "open area cleared")
    assert (cleared.cards, cleared.faces, cleared.number, cleared.detail) == ((opened,), (game.defs[opened].id,), 0, "")


def test_s1_two_to_six_players_each_deck_from_its_list_and_a_deck_the_card_set_lacks_refused_in_words():
    """§1: 2-6 players, refused otherwise in words; each deck starts as its list, the list's first
    card on top; a game played with a card set of its own knows only the decks brought with it."""
    import pytest

    from grail_tui.games.strings.engine import Game, Setup
    from grail_tui.games.strings.engine.catalogue import card_set, decks

    from ..helpers import C, D, E

    six = new_game(A, B, C, D, E, F)
    assert six.players == 6 and six.to_act() == (0, 1, 2, 3, 4, 5)
    with pytest.raises(ValueError, match=r"^Pulling Strings is for 2 to 6 players, not 7\.$"):
        new_game(A, B, C, D, E, F, A)
    shipped = decks()
    for player, deck in enumerate((A, B)):
        ids = [six.defs[c].id for c in reversed(six.plot_deck[player])] + [six.defs[c].id for c in reversed(six.group_deck[player])]
        assert ids == list(shipped[deck].plot) + list(shipped[deck].group)
    with pytest.raises(ValueError, match=r"^no deck 'low-note' in card set 'house'$"):
        Game(Setup(seed=0, decks=(A, B), card_set="house", custom=(shipped[A],)), cards=card_set())


def test_the_rounds_and_turns_are_counted_from_the_first_turn():
    """Before the first turn the table reads round 0 and nobody active; the first main phase is
    round 1 and the game's first turn (the count a finished game reports)."""
    game = new_game(A, B)
    assert (game.public_view().round, game.public_view().active, game.turns) == (0, -1, 0)
    main = at_main(A, B)
    assert (main.public_view().round, main.public_view().active, main.turns) == (1, 0, 1)


def test_the_log_begins_with_the_game_itself_saying_how_many_play():
    from grail_tui.games.strings.engine.events import Happened

    assert new_game(A, B, F).history == [Happened(-1, "began", number=3)]
