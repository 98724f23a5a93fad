"""The lobby's line for a game: who sits where, as the reader sees it."""

from __future__ import annotations

from grail_tui.app.screens.lobby import describe_game
from grail_tui.net.protocol import GameSummary, SeatInfo


def line(*seats: SeatInfo) -> str:
    return describe_game(GameSummary("ABCD", "hunt", "The Hunt for the Grail", len(seats), "playing",
                                     "turn 3", seats, 0.0), "ann")


def test_your_own_seat_is_you_never_away_and_others_say_whether_they_are_there():
    text = line(SeatInfo("ann", present=False), SeatInfo("bo", present=False), SeatInfo("cy", present=True),
                SeatInfo(None, reserved="dee"), SeatInfo(None, bot="heuristic"))
    assert text.endswith("you, bo (away), cy, (for dee), bot:heuristic"), text
