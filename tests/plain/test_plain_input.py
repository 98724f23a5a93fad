"""What a person types in plain mode that is not a plain choice: every answer is a line, and
nothing is sent that the person did not choose."""

from __future__ import annotations

from grail_tui.games import registry
from grail_tui.games.api import SetupRequest
from grail_tui.table.journal import JournalStore
from grail_tui.table.seats import SeatConfig
from grail_tui.table.settings import TableSettings
from grail_tui.table.store import StoredGame

from .helpers import Plain
from .test_plain_local import new_game


def test_bad_lines_get_a_line_each_and_questions_can_be_heard_again(tmp_path):
    plain = Plain("--local", "--seed", "7", "--bot-delay", "0", data=tmp_path)
    try:
        new_game(plain, "The Hunt for the Grail", {})
        text, labels = plain.question()
        assert "Opening: assign your influence in secret." in text and labels[0].startswith("Assign influence")
        plain.type("9")
        plain.until("Choose a number from 1 to 2.")
        plain.type("dance")
        plain.until("Unknown command 'dance'.")
        plain.type("1")
        plain.question()
        plain.type("A10 XY")  # no such initiate: the same words as the engine's
        plain.until("no initiate called 'XY'")
        assert plain.question()[1] == []  # asked again
        plain.type("AC A10")
        plain.until("Name the units before AC, for example: A10 B3 AC.")
        assert plain.question()[1] == []
        plain.type("back")
        text, labels = plain.question()  # the question again, nothing sent
        assert "Opening: assign your influence in secret." in text
        plain.type("?")
        again, labels_again = plain.question()
        assert labels_again == labels
        plain.type("sheet")
        plain.until("Your sheet (secret):")
        plain.until("Nothing assigned yet.")
        plain.type("board")
        plain.until("The board, field by field")
        plain.type("log")
        plain.until("The log, the last")
        plain.type("1")
        plain.question()
        plain.type("A10 AC")
        plain.until("You put A10 on Alberto Castellano.")
        plain.type("quit")
        plain.until("Your game is saved: Continue resumes it.")
        _, labels = plain.question()
        assert labels[1] == "Continue an unfinished game (1)"
        plain.type("quit")
        assert plain.finish() == 0
    finally:
        plain.close()
    assert "Traceback" not in plain.text


def test_a_hot_seat_game_is_refused_with_a_line(tmp_path, monkeypatch):
    monkeypatch.setenv("GRAIL_TUI_DATA", str(tmp_path))
    kind = registry.get("hunt")
    seats = [SeatConfig("Ann"), SeatConfig("Bea"), SeatConfig("Gregor", kind.bot_levels[0])]
    setup = kind.make_setup(SetupRequest(players=3, seed=1, names=("Ann", "Bea", "Gregor")))
    saves = tmp_path / "saves"
    saves.mkdir(mode=0o700)
    JournalStore(saves / "two-people.jsonl",
                 StoredGame("hunt", kind.setup_to_dict(setup), seats, TableSettings())).close()
    plain = Plain("--local", data=tmp_path)
    try:
        _, labels = plain.question()
        plain.type("2")  # Continue
        _, saves_listed = plain.question()
        assert saves_listed[0].startswith("two-people: The Hunt for the Grail, 3 players")
        plain.type("1")
        plain.until("Plain mode is one person at a terminal")
        _, labels = plain.question()
        assert labels[0] == "Start a new game"
        plain.type("3")
        assert plain.finish() == 0
    finally:
        plain.close()
    assert "Traceback" not in plain.text
