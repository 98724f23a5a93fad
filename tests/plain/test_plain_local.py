"""Whole games in plain mode at this terminal: a real process on a pseudo-terminal, by lines."""

from __future__ import annotations

import re

from .helpers import OVER, Plain, pick


def new_game(plain: Plain, game: str, settings: dict[str, str]) -> None:
    """From the start menu: a new game of ``game`` with ``settings`` (label start -> typed value)."""
    _, labels = plain.question()
    assert labels[0] == "Start a new game"
    plain.type("1")
    text, labels = plain.question()
    if not labels[1].endswith(game):
        plain.type(str(pick(labels, "Game:")))
        _, games = plain.question()
        plain.type(str(pick(games, game)))
        text, labels = plain.question()
    for label, value in settings.items():
        plain.type(str(pick(labels, label)))
        plain.question()  # the value asked for
        plain.type(value)
        text, labels = plain.question()
        assert f"{label}: {value}" in labels
    plain.type(str(pick(labels, "Start this game")))


def play_to_the_end(plain: Plain, answer_typed: dict[str, str]) -> str:
    """Answer every question until the game is over; the whole text of the game."""
    start = plain.seen
    refused = 0
    while True:
        text, labels = plain.question(timeout=60)
        if text.endswith(OVER):
            return plain.text[start:]
        if not labels:  # a typed answer asked for
            reply = next(value for asked, value in answer_typed.items() if asked in text)
            plain.type(reply)
            continue
        if "Refused:" in text:
            refused += 1
            assert "Traceback" not in text
        if "Opening: assign" in text:
            preferred: tuple[str, ...] = ("Assign influence",)
        elif refused:
            preferred = ("Concede", "Assign nothing", "Pass")
        else:
            preferred = ("Match", "Pass", "Propose with", "Play", "Take")
        plain.type(str(pick(labels, *preferred)))


def test_a_whole_hunt_by_lines(tmp_path):
    plain = Plain("--local", "--seed", "7", "--bot-delay", "0", data=tmp_path)
    try:
        new_game(plain, "The Hunt for the Grail", {"Turn limit": "3"})
        text = play_to_the_end(plain, {"Which units": "A10 AC A9 MA B9 FV"})
        # what changed was said as lines, in the game's own words, the reader as "you"
        assert "Opening: assign your influence in secret." in text
        assert "You propose: " in text and "\nRound 1: " in text
        assert "Your turn: propose an action with an initiate, or assign influence." in text
        _, labels = plain.question()
        assert labels[0] == "Start a new game"  # back at the start menu
        plain.type("3")  # Quit
        assert plain.finish() == 0
    finally:
        plain.close()
    assert "Traceback" not in plain.text


def test_a_whole_succession_by_lines(tmp_path):
    plain = Plain("--local", "--seed", "5", "--bot-delay", "0", data=tmp_path)
    try:
        new_game(plain, "Grail Succession", {})
        text = play_to_the_end(plain, {})
        assert "Your turn. Your hand:" in text
        _, labels = plain.question()
        assert labels[0] == "Start a new game"
        plain.type("3")
        assert plain.finish() == 0
    finally:
        plain.close()
    assert "Traceback" not in plain.text


def test_a_whole_pulling_strings_by_lines(tmp_path):
    plain = Plain("--local", "--seed", "7", "--bot-delay", "0", data=tmp_path)
    try:
        new_game(plain, "Pulling Strings", {"Round limit": "2"})
        start = plain.seen
        while True:
            text, labels = plain.question(timeout=60)
            if text.endswith(OVER):
                break
            assert "Traceback" not in text and "Refused:" not in text
            plain.type(str(pick(labels, "Pass", "End your turn", "Cabal:", "Start with", "Draw a plot card and",
                                "Place nothing", "Commit", "Let it go", "Refuse")))
        text = plain.text[start:]
        assert "Choose your Cabal, in secret.\n" in text and "Enter lists" not in text  # no screen keys
        assert "Your main phase.\n" in text and "Support window." in text
        _, labels = plain.question()
        assert labels[0] == "Start a new game"
        plain.type("3")
        assert plain.finish() == 0
    finally:
        plain.close()
    assert "Traceback" not in plain.text


def test_a_whole_pebbles_by_lines(tmp_path):
    """The tests' toy game, installed beside grail-tui, played by lines as the real games are:
    its own words for the pile and its choices, the platform's for the rest."""
    from ..pebbles import environment

    plain = Plain("--local", "--seed", "3", "--bot-delay", "0", data=tmp_path, env=environment())
    try:
        new_game(plain, "Pebbles", {})
        text = play_to_the_end(plain, {})
        assert "Bid no pebble, in secret" in text and "Take one pebble" in text
        assert "pebbles left · " in text  # the status line: the game's part, then the platform's
        # the bonus said is the player's own, every time: one value, never a rival's
        assert len(set(re.findall(r"secret bonus is (\d)", text))) == 1, text
        assert text.count("Your secret bonus is") == 1, text  # the log tells one bonus, its reader's
        _, labels = plain.question()
        assert labels[0] == "Start a new game"
        plain.type("3")
        assert plain.finish() == 0
    finally:
        plain.close()
    assert "Traceback" not in plain.text


def test_only_games_with_screens_are_offered_and_the_list_says_which_are_not(tmp_path, monkeypatch):
    """Plain mode offers the games a terminal can play, as the start screen does; a game whose
    screens are missing (Pebbles here, its ui taken away) is named as bots-only, never started
    into a crash."""
    import shutil

    from ..games.conftest import PLUGINS
    from ..pebbles import environment

    plugins = tmp_path / "plugins"
    shutil.copytree(PLUGINS, plugins, ignore=shutil.ignore_patterns("__pycache__"))
    (plugins / "toy_game" / "ui.py").unlink()
    env = {**environment(), "PYTHONPATH": str(plugins)}
    plain = Plain("--local", "--seed", "3", "--bot-delay", "0", data=tmp_path / "data", env=env)
    try:
        _, labels = plain.question()
        plain.type("1")
        _, labels = plain.question()
        plain.type(str(pick(labels, "Game:")))
        text, games = plain.question()
        assert "Pebbles" not in games and "The Hunt for the Grail" in games
        assert "Pebbles" in text and "no screens, bots only" in text
    finally:
        plain.close()
    assert "Traceback" not in plain.text and "went wrong" not in plain.text
