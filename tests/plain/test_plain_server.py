"""Whole games in plain mode on a real server: the lobby as lines, a game created and played to
its end by lines through a pseudo-terminal, every byte read free of escape sequences."""

from __future__ import annotations

import pytest

from tests.net.conftest import serve

from .helpers import Plain
from .test_plain_local import play_to_the_end

LOBBY_END = "quit leaves."


@pytest.fixture
def served(tmp_path):
    running = serve(tmp_path / "server")
    yield running
    running.stop()


def create(plain: Plain, game: str, typed: dict[str, str]) -> None:
    plain.until(LOBBY_END)
    plain.type("new")
    _, labels = plain.question()
    if not labels[1].endswith(game):
        plain.type(str(next(k for k, label in enumerate(labels, 1) if label.startswith("Game:"))))
        _, games = plain.question()
        plain.type(str(games.index(game) + 1))
        _, labels = plain.question()
    for start, value in typed.items():
        plain.type(str(next(k for k, label in enumerate(labels, 1) if label.startswith(start))))
        plain.question()
        plain.type(value)
        _, labels = plain.question()
        assert any(label.startswith(start) and label.endswith(f": {value}") for label in labels), labels
    plain.type("1")  # Start this game


@pytest.mark.parametrize("game, typed, answers, words", [
    ("The Hunt for the Grail", {"Turn limit": "4", "Seconds an objection round": "0"},
     {"Which units": "A10 AC A9 MA B9 FV"}, "Opening: assign your influence in secret."),
    ("Grail Succession", {}, {}, "Your turn. Your hand:"),
])
def test_a_whole_game_on_a_server_by_lines(served, tmp_path, game, typed, answers, words):
    plain = Plain("--socket", str(served.socket), "--bot-delay", "0", data=tmp_path / "player")
    try:
        create(plain, game, typed)
        text = play_to_the_end(plain, answers)
        assert f"{game}, game " in text  # the server's code is said
        assert words in text
        assert "Time left to answer: " in text  # the server's time limit, as on screen
        plain.until(LOBBY_END)  # back in the lobby, the finished game listed
        plain.type("quit")
        assert plain.finish() == 0
    finally:
        plain.close()
    assert "Traceback" not in plain.text
    served.assert_no_traceback()


async def test_watching_by_code_shows_no_sheet(served, tmp_path):
    """A spectator watches by the game's code: the news as lines, and no secret anywhere."""
    from tests.net.helpers import create as create_by_wire
    from tests.net.helpers import link

    host = await link(served, "Hostess")
    code = await create_by_wire(host, (None, "heuristic", "heuristic"), game="hunt", answer_timeout=3600)
    plain = Plain("--socket", str(served.socket), data=tmp_path / "watcher")
    try:
        plain.until(LOBBY_END)
        plain.type(f"watch {code.lower()}")
        plain.until(f"The Hunt for the Grail, game {code}. You are watching.")
        plain.until("Waiting for ")  # whom the game waits for, not a question
        plain.type("sheet")
        plain.until("You are watching: every sheet is secret until the end.")
        plain.type("1")
        plain.until("Nothing is asked of you now.")
        plain.type("quit")
        plain.until("Back in the lobby.")
        plain.type("quit")
        assert plain.finish() == 0
    finally:
        plain.close()
        await host.close()
    assert "Traceback" not in plain.text
