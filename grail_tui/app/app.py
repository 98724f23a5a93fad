"""The Textual app: the shell around every game (start, continue, replay, lobby, help).

The app asks the game's kind for its screens; it knows no game's pieces.
"""

from __future__ import annotations

import io
import os
import random
import shlex
import time
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import Any

from rich.console import Console
from textual import events
from textual.actions import parse
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.filter import Monochrome, NoColor
from textual.geometry import Offset
from textual.screen import Screen
from textual.theme import Theme

from grail_tui.games import registry
from grail_tui.games.api import LESSON, GameKind, LessonStep, RecordData
from grail_tui.games.kit.lesson import is_lesson
from grail_tui.table.client import LocalClient, TableClient
from grail_tui.table.journal import JournalStore, SavedGame, SaveError, new_save_path, read_save, unfinished
from grail_tui.table.seats import SeatConfig
from grail_tui.table.store import StoredGame
from grail_tui.table.table import Table
from grail_tui.table.thinking import Thinker
from grail_tui.table.timekeeping import SYSTEM_CLOCK, Clock

from . import textual_patches
from .cursor import CursorFollower
from .glyphs import glyphs
from .keyorder import KeyOrder
from .screens.size import SizeNotice, too_small
from .screens.start import NewGame, StartMenu, StartScreen, lesson_kind, login_name

QUIT_KEYS = ("ctrl+q", "ctrl+c")  # Ctrl+C says how to quit (Textual's help_quit)


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
        replay: RecordData | None = None,
        replay_game: str = registry.DEFAULT,
        replay_note: str | None = None,
        resume: bool = False,
        player_name: str | None = None,
        server: Any = None,
        open_code: tuple[str, str] | None = None,
        show_cursor: bool = False,
    ) -> None:
        # parsed CSS is kept for every app this process runs (an SSH zygote's forks), and a screen
        # is laid out again only for a new size
        textual_patches.install()
        super().__init__()
        # A failure inside the app is reported in a plain sentence (see launch.py), never as a
        # traceback on the player's terminal: Textual prints its errors to this console.
        self.error_console = Console(file=io.StringIO(), markup=False, highlight=False)
        self.g = glyphs(ascii_only)
        self.ascii_only = ascii_only
        self.bot_delay = bot_delay
        self.settings = NewGame(seed=seed if seed is not None else random.randrange(1_000_000))
        if player_name:
            self.settings.seats[0] = SeatConfig(player_name)
        self.replay_record = replay
        self.replay_game = replay_game
        self.replay_note = replay_note  # what is wrong where a damaged record stops
        self.resume = resume
        self.client: TableClient | None = None
        self.thinker = Thinker(processes=1)
        self.clock: Clock = SYSTEM_CLOCK  # the time of the tables played here (tests set a fake one)
        self.server = server  # where to find a server (net.remote.Target), if any
        self.session: Any = None
        self.exit_message: str | None = None  # said on the terminal after the app has gone
        self.open_code = open_code  # ("join" | "watch", CODE): straight from the lobby into a game
        if self.no_color:
            # NO_COLOR (no-color.org) means no colour at all: Textual's Monochrome still sends every
            # colour, as greys. Cursors and marks stand out by reverse and bold instead (app.tcss).
            self._filters = [NoColor() if isinstance(f, Monochrome) else f for f in self._filters]
        self.key_order = KeyOrder(self, super().on_event)
        self.cursor = CursorFollower(self, visible=show_cursor)  # on the focused item, for braille
        if ascii_only:
            from .ascii_filter import AsciiFilter

            self._filters.append(AsciiFilter())

    @property
    def cursor_position(self) -> Offset:
        """Where Textual puts the terminal's cursor as it sends a frame: on the focused item
        (cursor.py), for braille displays; else where a widget last put it."""
        placed = self.cursor.where() if "cursor" in self.__dict__ else None
        return placed if placed is not None else self._cursor_at

    @cursor_position.setter
    def cursor_position(self, offset: Offset) -> None:
        self._cursor_at = offset

    @property
    def _lobby_first(self) -> bool:
        return self.server is not None and self.server.named

    def get_default_screen(self) -> Screen[Any]:
        """With a server chosen on purpose (an SSH session's, --socket) the lobby is the first
        screen, and it connects by itself: the first frame drawn is the lobby's, not an empty
        screen's while the connection opens (fifty people arriving at once share the processor)."""
        if self._lobby_first:
            from .screens.lobby import LobbyScreen

            return LobbyScreen(None, self.g, self.server.where, target=self.server)
        return super().get_default_screen()

    @property
    def failure(self) -> str:
        """What went wrong inside the app, if it stopped on an error (its traceback as text)."""
        out = self.error_console.file
        return out.getvalue() if isinstance(out, io.StringIO) else ""

    # -- screens ---------------------------------------------------------------

    def get_css_variables(self) -> dict[str, str]:
        """Textual's, with the theme's colour system worked out once per process (textual_patches)."""
        theme = self.current_theme
        variables = {**textual_patches.color_system(theme), **theme.variables}
        combined = {**self.get_theme_variable_defaults(), **variables}
        self.theme_variables = combined
        return combined

    @property
    def current_theme(self) -> Theme:
        """Textual's answer, kept while the theme's name and object stay the same: Textual looks
        the theme up, copying its table of themes twice, for every line it draws."""
        name = self.theme
        kept: tuple[str, Theme] | None = self.__dict__.get("_kept_theme")
        if kept is not None and kept[0] == name and self._registered_themes.get(kept[1].name) is kept[1]:
            return kept[1]
        theme: Theme = App.current_theme.fget(self)  # type: ignore[attr-defined]
        self.__dict__["_kept_theme"] = (name, theme)
        return theme

    async def on_mount(self) -> None:
        self.cursor.started()
        if self.ascii_only:
            self.add_class("-ascii")
        self.screen_change_signal.subscribe(self, self._fit_screen)
        if self._lobby_first:
            return  # the lobby is the first screen (see get_default_screen) and connects by itself
        if self.server is not None and await self._connect():
            return
        if self.replay_record is not None:
            self.push_screen(registry.get(self.replay_game).ui().replay_screen(
                self.replay_record, self.g, note=self.replay_note))
            return
        self.push_screen(StartScreen(self.settings, self.saved_description(), self.lessons_kept()))
        if self.resume:
            self.continue_game()
        elif os.environ.get("GRAIL_TUI_BENCH_PAINTED"):
            self.start_game()  # `grail-tui bench tui`: straight to the game screen

    async def on_event(self, event: events.Event) -> None:
        if self._behind_notice(event):  # first: a held key must not act behind the notice either
            event.stop()
            return
        if isinstance(event, events.Key) and not event.is_forwarded:
            await self.key_order.arrived(event)  # in the order typed: see keyorder.py
            return
        await super().on_event(event)

    # -- below the smallest supported terminal: a notice, not a cut-off screen --------

    def on_resize(self, event: events.Resize) -> None:
        self._fit_screen(self.screen, event.size.width, event.size.height)

    def _behind_notice(self, event: events.Event) -> bool:
        """Below the smallest terminal only Ctrl+Q acts: a key must not start, play or send
        anything the player cannot see (the notice hides the screen the key would act on)."""
        return (isinstance(event, (events.Key, events.Paste)) and not event.is_forwarded
                and self.has_class("-too-small") and getattr(event, "key", "") not in QUIT_KEYS)

    def _fit_screen(self, screen: Screen[Any], width: int = 0, height: int = 0) -> None:
        if not width:
            width, height = self.size
        small = too_small(width, height)
        self.set_class(small, "-too-small")
        notices = screen.query_children(SizeNotice)
        notice = notices.first() if notices else None
        if small and notice is None:
            notice = SizeNotice()
            screen.mount(notice)
        if notice is not None:
            notice.show_size(width, height)

    async def _connect(self) -> bool:
        """Open the lobby of a server; False (with a notice) if none answers."""
        from .connect import connect_lobby

        return await connect_lobby(self)

    def saved_games(self) -> list[SavedGame]:
        return unfinished()

    def saved_description(self) -> str | None:
        saves = self.saved_games()
        if not saves:
            return None
        readable = [save for save in saves if save.stored is not None]
        others = len(saves) - 1
        more = f" (+{others} more game{'s' if others > 1 else ''})" if others else ""
        if not readable:
            return f"a damaged save{more}: Continue says what is wrong"
        stored = readable[0].stored
        assert stored is not None
        humans = [s.name or "?" for s in stored.seats if s.is_human]
        return (f"{len(stored.seats)} players, {len(stored.actions)} actions, "
                f"{', '.join(humans) or 'bots only'}{more}")

    def on_start_menu_chosen(self, message: StartMenu.Chosen) -> None:
        item = message.item
        if item == "start":
            self.start_game()
        elif item == "continue":
            self.choose_saved_game()
        elif item == "library":
            self.open_library()
        elif item == "replay":
            self.ask_replay()
        elif item == "learn":
            self.learn()
        elif item == "help":
            from .screens.help import HelpScreen

            self.push_screen(HelpScreen(self.settings.kind))
        elif item == "quit":
            self.exit(0)

    def open_game(self, client: TableClient) -> None:
        if self.client is not None:
            self.client.close()
        self.client = client
        screen = client.kind.ui().game_screen(client, self.g)
        table = getattr(client, "table", None)
        plan = client.kind.lesson() if table is not None and is_lesson(table.seats) else None
        if plan is not None:
            from .lesson import LessonRunner

            screen.lesson = LessonRunner(plan)
        self.push_screen(screen)
        marker = os.environ.get("GRAIL_TUI_BENCH_PAINTED")
        if marker:
            def painted() -> None:
                Path(marker).write_text(repr(time.time()))
                self.exit(0)

            screen.call_after_refresh(painted)

    def saved_lesson(self, kind: GameKind) -> Path | None:
        """The unfinished lesson of ``kind`` kept in the saves folder, if any (the newest)."""
        for save in self.saved_games():
            stored = save.stored
            if stored is not None and stored.game == kind.name and is_lesson(stored.seats):
                return save.path
        return None

    def lessons_kept(self) -> frozenset[str]:
        """The games whose unfinished lesson is kept (Learn to play resumes it)."""
        return frozenset(stored.game for save in self.saved_games()
                         if (stored := save.stored) is not None and is_lesson(stored.seats))

    def learn(self) -> None:
        """Learn to play: the lesson where it was left, else a new one. It is a local game
        against scripted players, kept like any other, and rated nowhere (only a server rates)."""
        kind = lesson_kind(self.settings)
        plan = kind.lesson() if kind is not None else None
        if kind is None or plan is None:
            self.notify(f"{self.settings.kind.title} has no guided first game yet: choose another game "
                        "in the Game row for one.", severity="warning", markup=False)
            return
        saved = self.saved_lesson(kind)
        if saved is not None:
            self.continue_game(saved)
            return
        name = self.settings.seats[0].name or login_name()
        lesson = plan.table(name)
        seats = [SeatConfig(seat_name, LESSON if scripted else None)
                 for seat_name, scripted in zip(lesson.names, lesson.scripted, strict=True)]
        stored = StoredGame(kind.name, kind.setup_to_dict(lesson.setup), seats, self._table_settings())
        store = JournalStore(new_save_path(), stored)
        table = Table(kind, lesson.setup, seats, store, settings=stored.settings, thinker=self.thinker,
                      clock=self.clock)
        self.open_game(self._local(table))

    def _local(self, table: Table) -> LocalClient:
        return LocalClient(table, [k for k, s in enumerate(table.seats) if s.is_human])

    def start_game(self) -> None:
        settings = self.settings
        kind = settings.kind
        try:
            setup = settings.setup()
        except ValueError as exc:
            self.notify(str(exc), severity="error", timeout=8, markup=False)
            return
        stored = StoredGame(kind.name, kind.setup_to_dict(setup), list(settings.seats),
                            self._table_settings())
        store = JournalStore(new_save_path(), stored)
        table = Table(kind, setup, settings.seats, store, settings=stored.settings, thinker=self.thinker,
                      clock=self.clock)
        self.open_game(self._local(table))

    def _table_settings(self) -> Any:
        from grail_tui.table.settings import TableSettings

        return TableSettings(bot_delay=self.bot_delay)

    def continue_game(self, path: Path | None = None) -> None:
        saves = self.saved_games()
        readable = [save for save in saves if save.stored is not None]
        target = path
        if target is None and saves:
            target = (readable or saves)[0].path  # a damaged one only to say what is wrong
        if target is None:
            self.notify("There is no unfinished game to continue.", severity="warning")
            return
        try:
            stored = read_save(target)
            kind = registry.get(stored.game)
            settings = self._table_settings()
            store = JournalStore(target)
            try:
                table = Table.restore(kind, stored, store, thinker=self.thinker, settings=settings,
                                      clock=self.clock)
            except BaseException:
                store.close()
                raise
        except (SaveError, ValueError) as exc:
            self.notify(f"Cannot continue: {exc}", severity="error", timeout=8, markup=False)
            return
        except OSError as exc:
            self.notify(f"Cannot continue: the save cannot be written ({exc.strerror or exc})",
                        severity="error", timeout=8, markup=False)
            return
        self.open_game(self._local(table))
        if store.mended:  # told once: the journal is whole again from now on
            self.notify(store.mended, title="Save recovered", severity="warning", timeout=15,
                        markup=False)

    def open_library(self) -> None:
        from .screens.library import LibraryScreen
        from .shelves import LocalShelf

        self.push_screen(LibraryScreen(LocalShelf(), self.g))

    def choose_saved_game(self) -> None:
        """Every unfinished game, to continue one (or delete one, asked first)."""
        from .screens.saves import SavesScreen

        def chosen(path: Path | None) -> None:
            if path is not None:
                self.continue_game(path)
            else:
                self._refresh_start()

        self.push_screen(SavesScreen(), chosen)

    # -- what a table screen asks of the shell (table_screen.Shell) ---------------------------

    def hand_over(self, name: str, reason: str, then: Callable[[], None]) -> None:
        from .screens.prompts import PrivacyScreen

        self.push_screen(PrivacyScreen(name, reason), lambda _: then())

    def ask_to_say(self, then: Callable[[str], None]) -> None:
        from .screens.prompts import TextPrompt

        def said(text: str | None) -> None:
            if text and text.strip():
                then(text.strip()[:500])

        self.push_screen(TextPrompt("Say to the table (everyone in this game reads it)"), said)

    def ask_yes_no(self, question: str, hint: str, then: Callable[[bool], None]) -> None:
        from .screens.prompts import ConfirmPrompt

        self.push_screen(ConfirmPrompt(question, hint), lambda yes: then(bool(yes)))

    def show_help(self, kind: GameKind | None = None, at_table: bool = False) -> None:
        from .screens.help import HelpScreen

        self.push_screen(HelpScreen(kind, at_table=at_table))

    def explain(self, step: LessonStep, last: bool) -> None:
        from .screens.lesson import LessonNotice

        self.push_screen(LessonNotice(step, last))

    def leave_game(self) -> None:
        self.action_new_game()

    def ask_replay(self) -> None:
        """The finished games' records to choose from (or any file, by its path)."""
        from .screens.prompts import TextPrompt
        from .screens.records import OTHER, RecordsScreen

        def replay(path: Path) -> None:
            from grail_tui.games.api import RecordError

            try:
                kind, record, note = registry.read_record_for_replay(path)
            except RecordError as exc:
                self.notify(str(exc), severity="error", timeout=8, markup=False)
                return
            self.push_screen(kind.ui().replay_screen(record, self.g, note=note))

        def typed(path: str | None) -> None:
            if path:
                replay(Path(path).expanduser())

        def chosen(choice: Path | str | None) -> None:
            if choice == OTHER:
                self.push_screen(TextPrompt("Replay which game record?", "", "path to a .json record"), typed)
            elif isinstance(choice, Path):
                replay(choice)

        self.push_screen(RecordsScreen(), chosen)

    def action_new_game(self) -> None:
        home = 1 if self._lobby_first else 2  # the lobby, or the start menu over the empty screen
        while len(self.screen_stack) > home:
            self.pop_screen()
        if self.session is not None:
            return  # back in the lobby
        self.settings.seed = random.randrange(1_000_000)
        self._refresh_start()

    def _refresh_start(self) -> None:
        """The start menu says again which unfinished games there are."""
        start = self.screen
        if isinstance(start, StartScreen):
            start.saved = self.saved_description()
            menu = start.query_one(StartMenu)
            menu.saved = start.saved
            menu.lessons_kept = start.lessons_kept = self.lessons_kept()
            menu.row = 0
            menu.refresh()

    # -- the command palette lists what is possible now --------------------------

    @property
    def over_ssh(self) -> bool:
        """Running for an SSH session: this process's files are the server's, not the player's."""
        return self.server is not None and self.server.fd is not None

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            if self.over_ssh and command.title == "Screenshot":
                continue  # it would write files on the server's disk, as the server's account
            yield command
        for binding in getattr(screen, "BINDINGS", []):
            if not isinstance(binding, Binding) or not binding.show:
                continue
            _, name, params = parse(binding.action)
            if screen.check_action(name, params) is True:
                yield SystemCommand(binding.description, binding.tooltip or binding.description,
                                    partial(screen.call_later, screen.run_action, binding.action))

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        if self.over_ssh:
            self.notify("Screenshots are not saved over SSH: use your terminal's own.", markup=False)
            return
        super().action_screenshot(filename, path)

    def deliver_screenshot(self, *args: Any, **kwargs: Any) -> str | None:
        if self.over_ssh:
            self.notify("Screenshots are not saved over SSH: use your terminal's own.", markup=False)
            return None
        return super().deliver_screenshot(*args, **kwargs)

    # -- leaving -------------------------------------------------------------------

    async def action_quit(self) -> None:
        """Ctrl+Q quits at once; from an unfinished game it says, after the app has gone, that
        the game is kept and how to go back to it."""
        note = self._game_left()
        if note:
            self.exit_message = note
        self.exit()

    def _game_left(self) -> str | None:
        from .table_screen import TableScreen

        table = next((s for s in reversed(self.screen_stack) if isinstance(s, TableScreen)), None)
        if table is None:
            return None
        client = table.client
        latest = client.latest(None)
        if latest is None or latest.over or not client.seats:
            return None  # over, or only watched: nothing to go back to
        if not client.remote and table.lesson is not None:
            return "Your lesson is kept where it stands: Learn to play (t on the start screen) goes on from there."
        if not client.remote:
            return ("Your game is saved after its last action: `grail-tui --continue` resumes it "
                    "(or Continue on the start screen).")
        if self.over_ssh:
            return f"Your seat in game {client.code} stays yours: the lobby opens it again when you come back."
        socket = f" --socket {shlex.quote(str(self.server.path))}" if self.server.named else ""
        return (f"Your seat in game {client.code} stays yours: `grail-tui{socket} join {client.code}` "
                "takes it again.")

    def on_unmount(self) -> None:
        if self.client is not None:
            self.client.close()
        self.thinker.close()
