"""Grail Succession at 80x24: a header like the hunt's that fits, a tie said on its own line, the
last round's empty hand not promised a next round, and no p Play for an empty hand."""

from __future__ import annotations

from grail_tui.app.app import GrailApp
from grail_tui.app.keyline import KeyFooter
from grail_tui.app.table_screen import status_line as table_status
from grail_tui.games.succession import situation
from grail_tui.games.succession.engine import ROUNDS, Card, Suit
from grail_tui.games.succession.screens.game import SuccessionScreen
from grail_tui.games.succession.widgets.scoresheet import score_table

from . import scenarios

SIZE = (80, 24)


def status_line(view, viewer, *, hotseat, **platform):
    """The status line as the table screen writes it: the game's part, then the platform's."""
    where, what = situation.status(view, viewer, hotseat=hotseat)
    return table_status(where, what, names=view.name, viewer=viewer, hotseat=hotseat, **platform)


def last_round_empty_hand():
    """Ann to move in the last round, her hand played out, the row hers to take."""
    for n in range(30, 60):
        game = scenarios.played(n, seed=2)
        if game.round == ROUNDS and game.mover == 0 and not game.hands[0] and game.row and not game.took[0]:
            return game
    raise AssertionError("no such position with this seed")


async def test_an_empty_hand_in_the_last_round_offers_no_play_and_no_next_round():
    scenarios.save(last_round_empty_hand())
    app = GrailApp(bot_delay=30, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SuccessionScreen) and screen.is_asked()
        hand = str(screen.query_one("#hand").render())
        assert "next round" not in hand and "last round" in hand
        keys = str(screen.query_one(KeyFooter).content)
        assert "t Take" in keys and "Play" not in keys
        before = screen.public
        await pilot.press("p")
        await pilot.pause()
        assert screen.public is before and not screen.error  # nothing happened, nothing to explain


def test_the_header_reads_like_the_hunts_and_fits_80_columns():
    game = scenarios.played(3)
    view = game.public_view()
    mover = view.mover
    mine = status_line(view, mover, hotseat=False, remote=True, notice=None, code="KQWX")
    assert mine.startswith("Game KQWX · Round 1/4, turn ") and mine.endswith(" · Your turn")  # the row shows the deck
    watched = status_line(view, None, hotseat=False, remote=True, notice=None, code="KQWX", away=(1 - mover,),
                          open_seats=0)
    assert watched.endswith(" · watching · away: " + view.name(1 - mover)) and len(watched) < 80
    assert "Your turn" not in status_line(view, mover, hotseat=True, remote=False, notice=None)


def test_a_tied_faction_is_said_on_its_own_line_within_the_two_columns():
    five, six = Card(Suit.FACTION, 5), Card(Suit.FACTION, 6)
    taken = [[five, five, six], [five, five]]
    for final in (False, True):
        text = score_table(taken, lambda p: ("Ann", "Gregor")[p], plain=True, label=12, column=12,
                           final=final).plain
        lines = text.splitlines()
        assert any(line.startswith("5s, tied") for line in lines), text
        assert all(len(line) <= 12 + 2 * 12 for line in lines), text  # nothing in a third column
        assert not any(line.startswith("6s, tied") for line in lines)  # 1 against 0 is no tie


async def test_a_name_with_markup_in_it_is_shown_as_typed_in_the_status_line():
    """A player's name is text another player chose: the status line shows it as typed, never
    styled (nor a link) by markup in it."""
    from textual.widgets import Static

    from grail_tui.games.api import BotLevel
    from grail_tui.games.succession.engine import Game, Setup
    from grail_tui.table.seats import SeatConfig

    name = "[reverse]Greg[/reverse]"
    game = Game(Setup(seed=11, first_player=0, names=("Ann", name)))
    game.apply(game.legal_actions(0)[0])  # Ann moves: the status line names whose turn it is
    scenarios.save(game, [SeatConfig("Ann"), SeatConfig(name, BotLevel.RANDOM)])
    app = GrailApp(bot_delay=30, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shown = str(app.screen.query_one("#status", Static).render())
        assert f"{name}'s turn" in shown, shown
