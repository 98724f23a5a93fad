"""The shipped card files and deck lists pass `grail-tui cards check` as they stand, so an edit to
one of them (a balance change) is checked by the command that checks a player's own files."""

from __future__ import annotations

from importlib import resources

import pytest

from grail_tui.cli import run

PACKAGE = resources.files("grail_tui.games.strings")
FILES = sorted(str(item) for folder in ("cards/ps1", "decks/ps1")
               for item in PACKAGE.joinpath(folder).iterdir() if item.name.endswith(".toml"))


@pytest.mark.parametrize("path", FILES, ids=[p.rsplit("/", 2)[-2] + "/" + p.rsplit("/", 1)[-1] for p in FILES])
def test_every_shipped_card_file_and_deck_list_passes_cards_check(path, capsys):
    assert run(["cards", "check", path]) == 0
    out = capsys.readouterr().out
    assert "all valid" in out or "is legal" in out


def test_an_edited_shipped_card_file_is_checked_as_part_of_its_set(tmp_path, capsys):
    """A copy of a shipped file elsewhere joins the set beside it: its ids are the set's ids."""
    groups = next(p for p in FILES if p.endswith("cards/ps1/groups.toml"))
    copy = tmp_path / "groups.toml"
    copy.write_text(open(groups, encoding="utf-8").read())
    from grail_tui.cli.common import CommandError

    with pytest.raises(CommandError, match="is used by another card of the set"):
        run(["cards", "check", str(copy)])
