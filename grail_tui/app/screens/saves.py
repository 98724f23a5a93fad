"""Continue: every unfinished game, until it is finished or deleted on purpose.

Starting a new game never discards one: each game has its own save. This list
shows them all (the game, who plays, how far it got, when it was last played);
Enter continues one, d deletes one after asking.
"""

from __future__ import annotations

import time
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from grail_tui.app.keyline import KeyFooter
from grail_tui.games import registry
from grail_tui.table.journal import SavedGame, unfinished

from .prompts import ConfirmPrompt


def progress(save: SavedGame) -> str:
    """How far the game got ("turn 12", "opening"), from its own moves."""
    stored = save.stored
    if stored is None:
        return "damaged"
    try:
        kind = registry.get(stored.game)
        setup = kind.setup_from_dict(stored.setup)
        state = kind.replay(setup, [kind.action_from_dict(a) for a in stored.actions])
        return str(kind.progress(state.public_view()))
    except (ValueError, KeyError, TypeError):
        return "damaged"


def when(stamp: float) -> str:
    today = time.strftime("%Y-%m-%d")
    day = time.strftime("%Y-%m-%d", time.localtime(stamp))
    clock = time.strftime("%H:%M", time.localtime(stamp))
    return f"today {clock}" if day == today else f"{day} {clock}"


def describe(save: SavedGame) -> str:
    stored = save.stored
    if stored is None:  # kept and listed: Enter says why it cannot go on, d deletes it
        return f"Damaged save {save.path.name} · {save.damage} · last changed {when(save.saved_at)}"
    try:
        title = registry.get(stored.game).title
    except (ValueError, KeyError):
        title = stored.game
    names = ", ".join(s.name or "?" for s in stored.seats)
    return f"{title} · {len(stored.seats)} players: {names} · {progress(save)} · last played {when(save.saved_at)}"


class SavesScreen(Screen[Path | None]):
    """Dismissed with the save to continue, or None."""

    BINDINGS = [
        Binding("d", "delete", "Delete", tooltip="Delete the game under the cursor (asks first)"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.saves: list[SavedGame] = []

    def compose(self) -> ComposeResult:
        yield Static("Unfinished games · Enter continues · d deletes · Esc goes back", id="title")
        yield OptionList(id="saves")
        yield KeyFooter()

    def on_mount(self) -> None:
        self._list()
        self.query_one(OptionList).focus()

    def _list(self) -> None:
        self.saves = unfinished()
        box = self.query_one(OptionList)
        box.clear_options()
        for k, save in enumerate(self.saves):
            box.add_option(Option(describe(save), id=str(k)))
        if not self.saves:
            box.add_option(Option("No unfinished games: Esc goes back to start one.", disabled=True))
        box.highlighted = 0 if self.saves else None

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        if message.option.id is not None:
            self.dismiss(self.saves[int(message.option.id)].path)

    def action_delete(self) -> None:
        box = self.query_one(OptionList)
        if box.highlighted is None or not self.saves:
            return
        save = self.saves[box.highlighted]

        def answered(yes: bool | None) -> None:
            if yes:
                save.path.unlink(missing_ok=True)
                self.notify("The game was deleted.")
                self._list()

        self.app.push_screen(ConfirmPrompt(f"Delete this unfinished game?\n\n{describe(save)}",
                                           "y deletes it for good; n or Esc keeps it."), answered)

    def action_back(self) -> None:
        self.dismiss(None)
