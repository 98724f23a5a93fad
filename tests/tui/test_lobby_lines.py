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


async def test_the_ascii_lobby_frames_its_list_in_plus_minus_and_bars():
    from grail_tui.app.app import GrailApp
    from grail_tui.app.screens.lobby import LobbyScreen

    from .test_snapshots import ListingSession, lobby_lists

    app = GrailApp(seed=1, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(LobbyScreen(ListingSession(lobby_lists()), app.g, "this SSH session"))
        await pilot.pause()
        box = app.screen.query_one("#games")
        assert box.has_focus
        edges = (box.styles.border_top, box.styles.border_bottom, box.styles.border_left, box.styles.border_right)
        assert all(edge[0] == "ascii" for edge in edges), edges
        line = next(line for line in describe_game_lines(app.screen) if "KQWX" in line)
        assert ">bo" in line  # whose move it is, in ASCII too


def describe_game_lines(lobby) -> list[str]:
    box = lobby.query_one("#games")
    return [str(box.get_option_at_index(k).prompt) for k in range(box.option_count)]
