"""What each view holds, field by field, and which events each seat and a spectator see."""

from __future__ import annotations

from grail_tui.games.succession.engine import (
    PLAYERS,
    Game,
    GameEnded,
    GameStarted,
    HandDealt,
    Passed,
    Play,
    Played,
    PlayerView,
    PublicView,
    RoundBegan,
    Setup,
    Took,
    decode,
    jsonable,
    visible_to,
)

from ..helpers import cards, position


def test_the_public_view_holds_the_position_and_nothing_secret():
    setup = Setup(seed=2, first_player=1, names=("Ann", "Bo"), plus=(1, 2, 3, 4, 5, 6, 7), minus=(2,) * 9)
    game = position(setup=setup, round_=3, turn=5, starter=0, row="5 6 7 8 G 8 8",
                    taken=("+7 6 5", "G 7"), hands=("5 6 8", "+1 -2"), took=(True, False))
    view = game.public_view()
    assert view == PublicView(
        names=("Ann", "Bo"), plus=(1, 2, 3, 4, 5, 6, 7), minus=(2,) * 9, first_player=1, round=3, turn=5,
        starter=0, mover=1, to_act=(1,), row=tuple(cards("5 6 7 8 G 8 8")),
        taken=(tuple(cards("5 6 +7")), tuple(cards("7 G"))), hand_sizes=(3, 2), deck_size=len(game.deck),
        took=(True, False), turns_left=(3, 4), outcome=None, aside=None, hands=None, deck=None)
    assert view.players == PLAYERS == 2 and not view.is_over
    assert view.window() == tuple(cards("7 8 G 8 8"))
    assert view.name(0) == "Ann" and view.name(1) == "Bo"


def test_each_seat_sees_its_own_hand_and_whether_it_is_asked():
    game = position(turn=1, starter=0, hands=("8 5 6", "+1 -2 7"), row="5")
    for seat, hand, asked in ((0, "5 6 8", False), (1, "-2 +1 7", True)):
        view = game.view(seat)
        assert view == PlayerView(seat, game.public_view(), tuple(sorted(cards(hand))), asked)
        assert view.hand == tuple(sorted(cards(hand))) and view.waiting is asked


def test_unnamed_seats_are_called_player_one_and_two():
    view = Game(Setup(seed=1)).public_view()
    assert (view.name(0), view.name(1)) == ("Player 1", "Player 2")
    assert (Setup().name(0), Setup().name(1)) == ("Player 1", "Player 2")
    assert Setup(names=("Ann", "Bo")).name(1) == "Bo" and Setup().players == 2


def test_a_short_row_is_its_own_window():
    view = position(row="5 G").public_view()
    assert view.window() == tuple(cards("5 G"))
    assert position(row="").public_view().window() == ()


def test_turns_left_count_down_for_each_seat_through_a_round():
    for first in (0, 1):
        game = Game(Setup(seed=3, first_player=first))
        seen = []
        for round_ in (1, 2):
            while game.round == round_:
                view = game.public_view()
                seen.append((view.starter, view.turns_left))
                assert view.turns_left == (game.turns_left(0), game.turns_left(1))
                legal = game.legal_actions(game.mover)
                game.apply(next((a for a in legal if isinstance(a, Play)), legal[0]))
        for starter in (first, 1 - first):
            counts = [left for s, left in seen if s == starter]
            mine = [6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0]
            yours = [6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1]
            expected = [(m, y) if starter == 0 else (y, m) for m, y in zip(mine, yours, strict=True)]
            assert counts == expected


def test_views_put_themselves_into_json_and_back():
    game = position(row="5 +2", hands=("G 8", "6"), names=("Ann", "Bo"))
    public, mine = game.public_view(), game.view(0)
    assert public.to_dict() == jsonable(public) and public.to_dict()["kind"] == "PublicView"
    assert public.to_dict()["row"] == ["5", "+2"] and public.to_dict()["names"] == ["Ann", "Bo"]
    assert mine.to_dict() == jsonable(mine) and mine.to_dict()["hand"] == ["8", "G"]
    assert decode(PlayerView, mine.to_dict()) == mine and decode(PublicView, public.to_dict()) == public


def test_a_dealt_hand_is_its_holders_and_every_other_event_is_everyones():
    game = position(turn=10, starter=0, row="5 6", hands=("7", ""), took=(True, True),
                    deck="5 5 5 6 6 6 6 6 7 7")
    events = game.apply(Play(0, cards("7")[0])) + game.apply(game.legal_actions(1)[0])
    assert [type(e) for e in events] == [Played, Passed, RoundBegan, HandDealt, HandDealt]
    assert events[1] == Passed(1) and events[2] == RoundBegan(2, 1, len(game.deck))
    assert events[3] == HandDealt(1, 2, tuple(cards("5 5 5 6 6")))  # the new first player first
    assert events[4] == HandDealt(0, 2, tuple(cards("6 6 6 7 7")))
    for seat, seen in ((0, [0, 1, 2, 4]), (1, [0, 1, 2, 3]), (None, [0, 1, 2])):
        assert [i for i, e in enumerate(events) if visible_to(e, seat)] == seen
    public = [GameStarted(0, (1,), (1,), ()), Took(0, ()), GameEnded(None, (), (), ())]  # type: ignore[arg-type]
    assert all(visible_to(e, seat) for e in public for seat in (0, 1, None))
    assert [e.audience for e in events] == [None, None, None, 1, 0]
