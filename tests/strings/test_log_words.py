"""The log's words for the turn order: players by name, never cards."""

from __future__ import annotations

from grail_tui.games.strings.words import LogBook

from .tui import scenarios


def test_the_turn_order_names_the_players_in_the_order_they_play():
    game = scenarios.played_until(lambda g: g.round >= 1)
    names = list(scenarios.NAMES)
    book = LogBook(names)
    book.feed([e for e in game.history if e.player < 0])  # the game's own lines: every seat reads them
    order = [line for line in book.lines if "turn order" in line.lower()]
    assert order == [f"Turn order: {', '.join(names[p] for p in game.order)}."], order
    assert game.order[0] == 1  # the scenario's first player: Gregor, then round the table
