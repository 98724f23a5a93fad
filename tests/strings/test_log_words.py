"""The log's words for the turn order: players by name, never cards."""

from __future__ import annotations

from grail_tui.games.kit.words import namer
from grail_tui.games.strings.engine import Happened, card_set
from grail_tui.games.strings.words import LogBook, describe_event

from .tui import scenarios


def test_the_turn_order_names_the_players_in_the_order_they_play():
    game = scenarios.played_until(lambda g: g.round >= 1)
    names = list(scenarios.NAMES)
    book = LogBook(names)
    book.feed([e for e in game.history if e.player < 0])  # the game's own lines: every seat reads them
    order = [line for line in book.lines if "turn order" in line.lower()]
    assert order == [f"Turn order: {', '.join(names[p] for p in game.order)}."], order
    assert game.order[0] == 1  # the scenario's first player: Gregor, then round the table


def _said(what: str, player: int = 2, cards=(), number: int = 0, detail: str = "") -> list[str]:
    faces = tuple(card_set().cards[c].id for c in cards)  # ids stand for themselves here
    return describe_event(Happened(player, what, (), faces, number, detail), namer(list(scenarios.NAMES)))


def test_a_cancelled_plot_is_named_as_its_players_not_as_if_they_cancelled_it():
    manuel = scenarios.NAMES[2]
    plot = next(c for c in card_set().cards.values() if c.kind == "plot")
    line = _said("cancelled", cards=[plot.id])
    assert line == [f"{manuel}'s {plot.name} is cancelled."], line


def test_the_end_of_a_turn_and_a_claim_read_as_sentences():
    manuel = scenarios.NAMES[2]
    assert _said("ended turn") == [f"{manuel} ended their turn."]
    assert _said("put on the bottom", number=0) == []  # nothing happened: no line
    assert _said("put on the bottom", number=2) == [f"{manuel} put 2 plot cards on the bottom of their plot deck."]
    assert _said("claims", detail="the special goal") == [f"{manuel} claims victory: the special goal."]
    goal = next(c for c in card_set().cards.values() if c.kind == "plot" and c.plot_kind == "goal")
    assert _said("claims", cards=[goal.id], detail=goal.name) == [
        f"{manuel} claims victory with the goal card {goal.name}."]
