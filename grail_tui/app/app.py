"""The Textual app: start screen, games at this terminal, replays."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Iterable
from functools import partial
from pathlib import Path

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from grail_tui.games.hunt.engine import GameRecord
from grail_tui.games.hunt.screens.game import GameScreen, split_action
from grail_tui.net.remote import Session
from grail_tui.table.interface import GameTable
from grail_tui.table.local import LocalTable
from grail_tui.table.seats import SeatConfig
from grail_tui.table.storage import CURRENT, SaveError, read_save, saves_dir

from .glyphs import glyphs
from .screens.start import NewGame, StartMenu, StartScreen


class GrailApp(App[int]):
    CSS_PATH = "app.tcss"
    TITLE = "grail-tui"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", priority=True)]

    def __init__(
        self,
        *,
        ascii_only: bool = False,
        bot_delay: float = 0.5,
        seed: int | None = None,
        replay: GameRecord | None = None,
        resume: bool = False,
        player_name: str | None = None,
        server: tuple[str, ...] | None = None,
    ) -> None:
        super().__init__()
        self.g = glyphs(ascii_only)
        self.ascii_only = ascii_only
        self.bot_delay = bot_delay
        self.settings = NewGame(seed=seed if seed is not None else random.randrange(1_000_000))
        if player_name:
            self.settings.seats[0] = SeatConfig(player_name)
        self.replay_record = replay
        self.resume = resume
        self.crash: BaseException | None = None
        self.table: GameTable | None = None
        self.server = server  # ("unix", path) or ("tcp", host, port, name)
        self.session: Session | None = None
        if ascii_only:
            from .ascii_filter import AsciiFilter

            self._filters.append(AsciiFilter())

    # -- screens ---------------------------------------------------------------

    async def on_mount(self) -> None:
        if self.ascii_only:
            self.add_class("-ascii")
        if self.server is not None and await self._connect():
            return
        if self.replay_record is not None:
            from grail_tui.games.hunt.screens.replay import ReplayScreen

            self.push_screen(ReplayScreen(self.replay_record, self.g))
            return
        self.push_screen(StartScreen(self.settings, self.saved_description()))
        if self.resume:
            self.continue_game()
        elif os.environ.get("GRAIL_TUI_BENCH_PAINTED"):
            self.start_game()  # `grail-tui bench tui`: straight to the game screen

    async def _connect(self) -> bool:
        """Open the lobby of a server; False (with a notice) if none answers."""
        from grail_tui.net.client import Connection
        from grail_tui.net.protocol import ProtocolError
        from grail_tui.net.remote import Session

        from .screens.lobby import LobbyScreen

        target = self.server
        assert target is not None

        async def open_connection() -> Connection:
            if target[0] == "unix":
                return await Connection.open(unix=Path(target[1]))
            host, port, name = target[1], int(target[2]), target[3]
            conn = await Connection.open(tcp=(host, port), name=name, token=load_token(host, port))
            if conn.token:
                save_token(host, port, conn.token)
            return conn

        where = target[1] if target[0] == "unix" else f"{target[1]}:{target[2]}"
        try:
            conn = await open_connection()
        except (OSError, ConnectionError, ProtocolError) as exc:
            self.notify(f"No grail-tui server at {where} ({exc}); playing on this machine.",
                        severity="warning", timeout=8)
            return False
        self.session = Session(conn, open_connection)
        self.push_screen(LobbyScreen(self.session, self.g, where))
        return True

    def saved_description(self) -> str | None:
        try:
            record, seats = read_save(saves_dir() / CURRENT)
        except SaveError:
            return None
        humans = [s.name for s in seats if s.is_human]
        return f"{len(seats)} players, {len(record.actions)} actions, {', '.join(humans) or 'bots only'}"

    def on_start_menu_chosen(self, message: StartMenu.Chosen) -> None:
        item = message.item
        if item == "start":
            self.start_game()
        elif item == "continue":
            self.continue_game()
        elif item == "replay":
            self.ask_replay()
        elif item == "help":
            from .screens.help import HelpScreen

            self.push_screen(HelpScreen())
        elif item == "quit":
            self.exit(0)

    def _open(self, table: GameTable) -> None:
        if self.table is not None:
            self.table.close()
        self.table = table
        screen = GameScreen(table, self.g)
        self.push_screen(screen)
        marker = os.environ.get("GRAIL_TUI_BENCH_PAINTED")
        if marker:
            def painted() -> None:
                Path(marker).write_text(repr(time.time()))
                self.exit(0)

            screen.call_after_refresh(painted)

    def start_game(self) -> None:
        current = saves_dir() / CURRENT
        if current.exists():
            current.replace(current.with_name("previous.jsonl"))
        settings = self.settings
        self._open(LocalTable(settings.setup(), settings.seats, save_path=current,
                              bot_delay=self.bot_delay))

    def continue_game(self) -> None:
        path = saves_dir() / CURRENT
        try:
            record, seats = read_save(path)
            table = LocalTable(record.setup, seats, record=record, save_path=path,
                               bot_delay=self.bot_delay)
        except (SaveError, ValueError) as exc:
            self.notify(f"Cannot continue: {exc}", severity="error", timeout=8)
            return
        self._open(table)

    def ask_replay(self) -> None:
        from grail_tui.games.hunt.screens.replay import ReplayScreen
        from grail_tui.headless import CommandError, load_record

        from .screens.prompts import TextPrompt

        def chosen(path: str | None) -> None:
            if not path:
                return
            try:
                record = load_record(Path(path).expanduser())
            except CommandError as exc:
                self.notify(str(exc), severity="error", timeout=8)
                return
            self.push_screen(ReplayScreen(record, self.g))

        self.push_screen(TextPrompt("Replay which game record?", "", "path to a .json record"), chosen)

    def action_new_game(self) -> None:
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if self.session is not None:
            return  # back in the lobby
        start = self.screen
        if isinstance(start, StartScreen):
            start.saved = self.saved_description()
            start.query_one(StartMenu).saved = start.saved
            start.query_one(StartMenu).row = 0
            start.query_one(StartMenu).refresh()

    # -- the command palette lists what is possible now --------------------------

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        for binding in getattr(screen, "BINDINGS", []):
            if not isinstance(binding, Binding) or not binding.show:
                continue
            if screen.check_action(*split_action(binding.action)) is True:
                yield SystemCommand(binding.description, binding.tooltip or binding.description,
                                    partial(screen.call_later, screen.run_action, binding.action))

    # -- nothing but a plain sentence reaches the player on a crash -----------------

    def _print_error_renderables(self) -> None:
        if not self._exit_renderables:
            return
        self._exit_renderables.clear()
        error = self._exception
        self.crash = error or RuntimeError("unknown error")

    def on_unmount(self) -> None:
        if self.table is not None:
            self.table.close()


def _tokens_file() -> Path:
    from grail_tui.table.storage import data_dir, private_dir

    return private_dir(data_dir()) / "tokens.json"


def load_token(host: str, port: int) -> str | None:
    import json

    try:
        tokens = json.loads(_tokens_file().read_text())
    except (OSError, ValueError):
        return None
    token = tokens.get(f"{host}:{port}") if isinstance(tokens, dict) else None
    return token if isinstance(token, str) else None


def save_token(host: str, port: int, token: str) -> None:
    import json

    path = _tokens_file()
    try:
        tokens = json.loads(path.read_text())
    except (OSError, ValueError):
        tokens = {}
    tokens[f"{host}:{port}"] = token
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as out:
        json.dump(tokens, out)
