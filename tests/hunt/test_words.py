"""The log speaks to its reader: "you" for their own seat, names for everyone else."""

from __future__ import annotations

from grail_tui.games.hunt.engine import (
    Assign,
    Concede,
    Field,
    Game,
    Initiate,
    Match,
    Object,
    Pass,
    Proposal,
    Propose,
    Setup,
    Unit,
    visible_to,
)
from grail_tui.games.hunt.words import LogBook

AC = Initiate.AC
NAMES = ("Ann", "Gregor", "Inga")


def contest() -> Game:
    """Gregor proposes AC to Tortosa; Ann objects 3, Gregor raises to 5; Ann objects 8,
    Gregor matches 8; nobody objects; it carries. Then Ann proposes and concedes."""
    game = Game(Setup(players=3, seed=1, first_player=1, names=NAMES))
    game.apply(Assign(0, ((Unit.parse("A10"), AC),)))
    game.apply(Assign(1, ((Unit.parse("A9"), AC),)))
    game.apply(Assign(2, ()))
    game.apply(Propose(1, Proposal(AC, Field.TORTOSA)))
    game.apply(Object(0, 3))
    game.apply(Pass(2))
    game.apply(Match(1, 5))
    game.apply(Object(0, 8))
    game.apply(Pass(2))
    game.apply(Match(1, 8))
    game.apply(Pass(0))
    game.apply(Pass(2))
    game.apply(Propose(2, Proposal(AC, Field.AKKON)))
    game.apply(Object(0, 9))
    game.apply(Pass(1))
    game.apply(Concede(2))
    return game


def log_of(game: Game, seat: int | None) -> list[str]:
    book = LogBook(NAMES, seat)
    book.feed([e for e in game.history if visible_to(e, seat)])
    return book.lines


def test_the_reader_is_you_in_every_line_about_them():
    lines = log_of(contest(), 0)
    text = "\n".join(lines)
    assert "Ann" not in text  # never by name to herself
    assert "You made an opening assignment." in lines
    assert "Round 1: you object with 3 on Alberto Castellano; Inga passes." in lines
    assert "== Turn 1: Gregor" in lines
    assert "Round 1: Ann objects with 9 on Alberto Castellano; you pass." in log_of(contest(), 1)
    assert "== Turn 2: your turn" in log_of(contest(), 2)


def test_a_raise_says_raises_and_a_match_says_matches():
    lines = log_of(contest(), None)
    assert "Gregor raises to 5." in lines
    assert "Gregor matches 8." in lines
    assert not any("matches with" in line for line in lines)


def test_the_mover_reads_their_own_reveal_and_concession_as_you():
    gregor = log_of(contest(), 1)
    assert "You raise to 5." in gregor and "You match 8." in gregor
    assert "You propose: Alberto Castellano steps to Tortosa." in gregor
    inga = log_of(contest(), 2)
    assert "You concede; the proposal is rejected." in inga
    assert "Gregor concedes; the proposal is rejected." not in inga


def test_a_spectator_reads_everyone_by_name():
    text = "\n".join(log_of(contest(), None))
    assert "You" not in text and "you" not in text.replace("your", "")
    assert "Ann made an opening assignment." in text


def test_the_winner_reads_you_win():
    from grail_tui.games.hunt.words import Voice, namer, outcome_words
    from tests.tui.scenarios import finished

    outcome = finished().outcome
    assert outcome is not None and outcome.winner == 0
    names = namer(("Ann", "Gregor", "Inga"))
    assert outcome_words(outcome, Voice(names, 0)).endswith("you win with 9 influence on the bearer.")
    assert outcome_words(outcome, Voice(names, 1)).endswith("Ann wins with 9 influence on the bearer.")


def test_the_bidding_war_pane_says_you_match_to_the_mover():
    from grail_tui.games.hunt.widgets.panes import ContestPane

    game = contest()
    shown = {}
    for seat in (1, 0):
        pane = ContestPane()
        pane.update = lambda text: None  # the words, without an app to draw them
        partial = Game(Setup(players=3, seed=1, first_player=1, names=NAMES))
        for action in game.actions[:10]:  # up to Gregor's match of 8, the proposal still open
            partial.apply(action)
        pane.show(partial.view(seat).public, None, me=seat)
        shown[seat] = pane._text.plain
    assert "You raise to 5" in shown[1] and "You match 8" in shown[1]
    assert "Gregor raises to 5" in shown[0] and "Gregor matches 8" in shown[0]
