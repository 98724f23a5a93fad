"""A new game on a server, from the lobby: the start screen's form, human seats open to others."""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from grail_tui.app.keyline import KeyFooter

from .start import NewGame, StartMenu


class NewGameScreen(Screen[bool]):
    """Setting up a game on a server: the same form, human seats open to others."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, settings: NewGame) -> None:
        super().__init__()
        self.settings = settings

    def compose(self) -> ComposeResult:
        yield Static(Text.assemble(("New game on the server", "bold"),
                                   "  ·  Enter creates it, Esc goes back"), id="title")
        yield StartMenu(self.settings, None, menu=("start",), remote=True, id="menu")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(StartMenu).focus()

    def on_start_menu_chosen(self, message: StartMenu.Chosen) -> None:
        message.stop()
        self.dismiss(True)

    def on_start_menu_rename(self, message: StartMenu.Rename) -> None:
        """Enter on an open seat: keep it for a named person (empty: for anyone)."""
        message.stop()
        from .prompts import TextPrompt

        seat = self.settings.seats[message.seat]
        if message.seat == 0 or seat.bot is not None:
            return

        def kept(name: str | None) -> None:
            if name is not None:
                self.settings.seats[message.seat] = replace(seat, reserved=name.strip()[:24] or None)
                self.query_one(StartMenu).refresh()

        self.app.push_screen(TextPrompt(f"Keep seat {message.seat + 1} for whom? (their name on this "
                                        "server; empty: anyone may take it)", seat.reserved or ""), kept)

    def action_cancel(self) -> None:
        self.dismiss(False)
