"""SVG snapshots of the app's main screens (pytest-textual-snapshot).

Regenerate after an intended change with: pytest tests/tui/test_snapshots.py --snapshot-update
"""

from __future__ import annotations

import pytest

from grail_tui.app.app import GrailApp

from . import scenarios

SIZES = [(80, 24), (120, 40)]
STYLES = ["colour", "ascii"]

SCENES = {
    "start": (None, []),
    "in_progress": (scenarios.midgame, ["g"]),
    "bidding_war": (scenarios.bidding, []),
    "composing_assignment": (scenarios.midgame, ["s", "a", "left", "space", "left", "space", "2", "1"]),
    "end": (scenarios.finished, []),
    "choosing_a_proposal": (scenarios.midgame, ["p", "2"]),
    "standing_answers": (scenarios.bidding, ["w"]),
    "log_scrolled": (scenarios.midgame, ["pageup"]),
    "continue_list": (None, ["c"]),
}


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scene", list(SCENES))
def test_snapshot(snap_compare, scene, size, style):
    make, keys = SCENES[scene]
    if make is not None:
        scenarios.save(make())
    elif scene == "continue_list":
        import os
        import time

        from grail_tui.table.files import saves_dir

        scenarios.save(scenarios.midgame())
        played = time.mktime((2026, 1, 1, 12, 0, 0, 0, 0, -1))  # shown the same in every time zone
        os.utime(saves_dir() / scenarios.SAVE, (played, played))
    app = GrailApp(seed=42, bot_delay=0, player_name="Ann", ascii_only=style == "ascii",
                   resume=make is not None)
    assert snap_compare(app, press=keys, terminal_size=size)


# -- after the game: the story (from the end screen) and the record library (from the start screen)


@pytest.fixture
def utc(monkeypatch):
    """The library shows dates in local time: snapshots are taken in UTC."""
    import time

    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_story(snap_compare, size, style):
    from grail_tui.games.hunt.screens.end import EndScreen

    from ..hunt.test_story import delivery
    from .test_library import until
    from .test_story_screen import SEATS

    scenarios.save(delivery(), SEATS)
    app = GrailApp(seed=42, bot_delay=0, player_name="Anna", ascii_only=style == "ascii", resume=True)

    async def to_the_story(pilot):
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        await pilot.press("s")

    assert snap_compare(app, terminal_size=size, run_before=to_the_story)


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_library(snap_compare, size, style, utc):
    from .test_library import open_library, shelf_of_three

    shelf_of_three()
    app = GrailApp(seed=42, bot_delay=0, player_name="Ann", ascii_only=style == "ascii")

    async def to_the_library(pilot):
        await open_library(pilot, app)

    assert snap_compare(app, terminal_size=size, run_before=to_the_library)


@pytest.mark.parametrize("style", STYLES)
def test_snapshot_below_the_smallest_size(snap_compare, style):
    scenarios.save(scenarios.midgame())
    app = GrailApp(seed=42, bot_delay=0, player_name="Ann", ascii_only=style == "ascii", resume=True)
    assert snap_compare(app, terminal_size=(70, 20))


# -- a server's lobby, from a stand-in session that answers as a server would (no socket: the codes,
# names and title stay the same from run to run)


class ListingSession:
    """What the lobby asks of a session: who you are, and the lists of games."""

    def __init__(self, lists: dict[str, tuple]) -> None:
        self.user, self.guest, self.connected = "ann", False, True
        self.listeners: list = []
        self.lists = lists
        self._ref = 0

    def start(self) -> None:
        pass

    def follow_lobby(self, on: bool) -> None:
        pass  # the lists are all there is: nothing changes

    def ref(self) -> int:
        self._ref += 1
        return self._ref

    async def request(self, message):
        from grail_tui.net.protocol import Games

        return Games(message.ref, message.which, 0, self.lists.get(message.which, ()), False)


def lobby_lists() -> dict[str, tuple]:
    from grail_tui.net.protocol import GameSummary, SeatInfo

    def game(code, title, status, progress, *seats, to_move=()):
        return GameSummary(code, "hunt" if "Hunt" in title else "succession", title, len(seats), status,
                           progress, seats, 0.0, to_move=to_move)

    hunt, cards = "The Hunt for the Grail", "Grail Succession"
    return {
        "mine": (game("KQWX", hunt, "playing", "turn 12", SeatInfo("ann"), SeatInfo("bo", present=True),
                      SeatInfo(None, bot="heuristic"), to_move=(1,)),),
        "open": (game("RTZP", hunt, "open", "", SeatInfo("cy", present=True), SeatInfo(None),
                      SeatInfo(None, reserved="dee")),
                 game("MNBV", cards, "open", "", SeatInfo("[b]eve[/b]", present=True), SeatInfo(None))),
        "live": (game("HGFD", cards, "playing", "round 3", SeatInfo("fay", present=True),
                      SeatInfo("gus", present=False), to_move=(0,)),),
    }


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_lobby(snap_compare, size, style):
    from grail_tui.app.screens.lobby import LobbyScreen

    app = GrailApp(seed=42, bot_delay=0, player_name="Ann", ascii_only=style == "ascii")

    async def to_the_lobby(pilot):
        session = ListingSession(lobby_lists())
        await app.push_screen(LobbyScreen(session, app.g, "this SSH session"))  # type: ignore[arg-type]
        await pilot.pause()
        await pilot.pause()

    assert snap_compare(app, run_before=to_the_lobby, terminal_size=size)
